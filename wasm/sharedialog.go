//go:build js && wasm

package main

import (
	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"
)

// The share dialog: the link, a copy button and the link's QR code, for a
// teacher to put on the projector; or, for a session too long for a link,
// why, and the session as a file (kubeloop-session.txt).

// showShareDialog opens the dialog for url, or for problem when there is
// no link.
func (a *app) showShareDialog(url, problem string) {
	if old := a.findByID("share-dialog"); old != nil {
		safejs.Safe(old.Underlying()).Call("remove")
	}
	d := a.el("dialog", "share-dialog")
	d.SetAttribute("id", "share-dialog")
	d.SetAttribute("aria-labelledby", "share-dialog-title")
	title := a.el("h2", "", a.tr("share.dialog.title"))
	title.SetAttribute("id", "share-dialog-title")
	d.AppendChild(title)
	buttons := a.el("div", "share-buttons")
	if url != "" {
		d.AppendChild(a.el("p", "share-what", a.tr("share.dialog.what")))
		input := a.el("input", "share-url")
		input.SetAttribute("readonly", "")
		input.SetAttribute("value", url)
		input.SetAttribute("aria-label", a.tr("share.dialog.link"))
		a.listen(input, "focus", func(event) { safejs.Safe(input.Underlying()).Call("select") })
		copyBtn := a.button("btn btn-primary share-copy", a.tr("share.dialog.copy"))
		a.listen(copyBtn, "click", func(event) {
			if cp, err := a.editorBridge("copy", url); err == nil {
				a.promise(cp, "copy", func(v safejs.Value, _ string) {
					if ok, _ := v.Truthy(); ok {
						copyBtn.SetTextContent(a.tr("share.dialog.copied"))
					}
				})
			}
		})
		d.AppendChild(a.el("div", "share-link", input, copyBtn))
		if svg, err := a.editorBridge("qr", url); err == nil && !svg.IsNull() && !svg.IsUndefined() {
			box := a.el("div", "share-qr")
			box.SetAttribute("role", "img")
			box.SetAttribute("aria-label", a.tr("share.dialog.qr"))
			safejs.Safe(box.Underlying()).Call("appendChild", svg)
			d.AppendChild(box)
		} else {
			d.AppendChild(a.el("p", "share-note", a.tr("share.dialog.noqr")))
		}
	} else {
		d.AppendChild(a.el("p", "share-problem", problem))
		d.AppendChild(a.el("p", "share-note", a.tr("share.dialog.file")))
		dl := a.button("btn btn-primary share-download", a.tr("share.dialog.download"))
		a.listen(dl, "click", func(event) { a.downloadSession() })
		buttons.AppendChild(dl)
	}
	closeBtn := a.button("btn share-close", a.tr("share.dialog.close"))
	a.listen(closeBtn, "click", func(event) { safejs.Safe(d.Underlying()).Call("close") })
	buttons.AppendChild(closeBtn)
	d.AppendChild(buttons)
	a.listen(d, "close", func(event) { safejs.Safe(d.Underlying()).Call("remove") })
	a.body().AppendChild(d)
	safejs.Safe(d.Underlying()).Call("showModal")
}

// button is a <button type="button"> with a class and a label.
func (a *app) button(class, label string) dom.HTMLElement {
	b := a.el("button", class, label)
	b.SetAttribute("type", "button")
	return b
}
