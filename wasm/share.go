//go:build js && wasm

package main

import (
	"strings"

	"github.com/hack-pad/safejs"

	"github.com/kubeloop/kubeloop/site/sharelink"
)

// Share links: the editor's YAML and the seed, in the URL fragment
// (site/sharelink says the format). Opening one starts a cluster with that
// seed, puts the YAML in the editor and applies it, so a teacher's link
// reproduces the cluster. The learner's own text is not lost: it stays in
// the editor's undo history, and the saved copy is kept aside first.

// promise calls fn's JS Promise and runs done with its value or error
// message, inside the guard. Go never blocks on it.
func (a *app) promise(p safejs.Value, name string, done func(v safejs.Value, errMsg string)) {
	var ok, fail safejs.Func
	release := func() { ok.Release(); fail.Release() }
	ok = a.funcOf(name, func(string) any { return nil }, func(_ safejs.Value, args []safejs.Value) any {
		defer release()
		v := safejs.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		done(v, "")
		return nil
	})
	fail = a.funcOf(name, func(string) any { return nil }, func(_ safejs.Value, args []safejs.Value) any {
		defer release()
		msg := "failed"
		if len(args) > 0 {
			if m, err := args[0].Get("message"); err == nil && jsString(m) != "" {
				msg = jsString(m)
			} else {
				msg = jsString(args[0])
			}
		}
		done(safejs.Undefined(), msg)
		return nil
	})
	if _, err := p.Call("then", ok.Value(), fail.Value()); err != nil {
		release()
		done(safejs.Undefined(), err.Error())
	}
}

func (a *app) editorBridge(method string, args ...any) (safejs.Value, error) {
	bridge, err := a.global.Get("kubeloopEditor")
	if err != nil {
		return safejs.Undefined(), err
	}
	return bridge.Call(method, args...)
}

// share builds the link for the editor's text and the seed, puts it in
// the address bar and on the clipboard, and says how long it is.
func (a *app) share() {
	text := a.ui.editor.Text()
	payload, err := sharelink.Encode(a.seed, text)
	if err != nil {
		a.showNotice(err.Error())
		return
	}
	p, err := a.editorBridge("deflate", payload)
	if err != nil {
		a.notify("share.failed", err.Error())
		return
	}
	a.promise(p, "share", func(v safejs.Value, errMsg string) {
		if errMsg != "" {
			a.notify("share.failed", errMsg)
			return
		}
		frag := sharelink.Prefix + jsString(v)
		if len(frag) > sharelink.MaxFragment {
			a.notify("share.toolong", len(frag)>>10, sharelink.MaxFragment>>10)
			return
		}
		loc, _ := a.global.Get("location")
		href := jsString(prop2(loc, "href"))
		if i := strings.IndexByte(href, '#'); i >= 0 {
			href = href[:i]
		}
		url := href + frag
		if hist, err := a.global.Get("history"); err == nil {
			hist.Call("replaceState", safejs.Null(), "", frag)
		}
		a.ui.lastShare = url
		a.notify("share.done", len(frag), len(text))
		if cp, err := a.editorBridge("copy", url); err == nil {
			a.promise(cp, "copy", func(v safejs.Value, _ string) {
				if b, _ := v.Truthy(); b {
					a.notify("share.copied", len(frag), len(text))
				}
			})
		}
	})
}

// openShareLink reads a #share= fragment, if there is one; done runs when
// it has been applied or refused (immediately when there is none).
func (a *app) openShareLink(done func()) {
	loc, _ := a.global.Get("location")
	frag := jsString(prop2(loc, "hash"))
	if !strings.HasPrefix(frag, sharelink.Prefix) {
		done()
		return
	}
	fail := func(msg string) {
		a.notify("share.bad", msg)
		done()
	}
	data, err := sharelink.CheckFragment(frag)
	if err != nil {
		fail(err.Error())
		return
	}
	p, err := a.editorBridge("inflate", data, sharelink.MaxText)
	if err != nil {
		fail(err.Error())
		return
	}
	a.promise(p, "open share link", func(v safejs.Value, errMsg string) {
		if errMsg != "" {
			fail(errMsg)
			return
		}
		payload, err := sharelink.Decode(jsString(v))
		if err != nil {
			fail(err.Error())
			return
		}
		// Keep the learner's own saved text before the link's replaces it.
		if old, ok := a.load(keyYAML); ok && old != payload.YAML && old != courseManifest {
			a.setAside(keyYAML, old)
		}
		a.setSeed(payload.Seed)
		a.reset(payload.Seed)
		a.setEditorText(payload.YAML)
		a.applyEditor()
		a.notify("share.opened", payload.Seed)
		done()
	})
}
