//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"

	"github.com/kubeloop/kubeloop/core/examples"
	"github.com/kubeloop/kubeloop/core/yaml"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// courseManifest is the Deployment the course starts from; the editor
// shows it until the learner has written something of their own.
const courseManifest = examples.NginxDeployment

// autoApplyDelayMS is how long typing must pause before auto-apply applies;
// docListDelayMS how long before the list of objects is redrawn.
const (
	autoApplyDelayMS = 800
	docListDelayMS   = 150
)

// editor is the CodeMirror editor of dist/editor.js (site/editor), driven
// through its small bridge: Go owns the text's fate (saving, applying, the
// errors shown); the bundle only edits and tells Go that the text changed
// or that the learner asked to apply.
type editor struct {
	a *app
	h safejs.Value // the handle kubeloopEditor.create returned
}

func (e editor) call(method string, args ...any) safejs.Value {
	v, err := e.h.Call(method, args...)
	if err != nil {
		panic("editor." + method + ": " + err.Error())
	}
	return v
}

// Text is the editor's text.
func (e editor) Text() string { return jsString(e.call("getText")) }

// SetText replaces the text (the learner can undo it with Ctrl+Z).
func (e editor) SetText(s string) { e.call("setText", s) }

// SetErrors underlines each error at its line and column.
func (e editor) SetErrors(errs []lineError) {
	if errs == nil {
		errs = []lineError{}
	}
	e.call("setErrors", e.a.toJS(errs))
}

func (e editor) GotoLine(line, column int) { e.call("gotoLine", line, column) }
func (e editor) SetReadOnly(on bool)       { e.call("setReadOnly", on) }
func (e editor) SetLabel(s string)         { e.call("setLabel", s) }

// editorLabel names the editor for a screen reader: its pane's whole
// title, the tail a narrow head leaves out included.
func (a *app) editorLabel() string {
	return a.tr("editor.title") + a.tr("editor.title.tail")
}

func (a *app) buildEditor(u *ui) {
	text, ok := a.load(keyYAML)
	if !ok {
		text = courseManifest
	}
	bridge, err := a.global.Get("kubeloopEditor")
	if err != nil || bridge.Type() != safejs.TypeObject {
		panic("editor.js did not load (window.kubeloopEditor is missing)")
	}
	opts, _ := safejs.ValueOf(map[string]any{"text": text, "ariaLabel": a.editorLabel()})
	opts.Set("onChange", a.funcOf("editor change", func(string) any { return nil }, func(safejs.Value, []safejs.Value) any {
		a.editorChanged()
		return nil
	}).Value())
	opts.Set("onApply", a.funcOf("editor apply", func(string) any { return nil }, func(safejs.Value, []safejs.Value) any {
		a.applyEditor()
		return nil
	}).Value())
	h, err := bridge.Call("create", u.editorHost.Underlying(), opts)
	if err != nil {
		panic("creating the editor: " + err.Error())
	}
	u.editor = editor{a: a, h: h}

	if v, ok := a.load(keyAutoApply); ok {
		u.autoApply.SetChecked(v == "1")
	}
	if a.isMac() {
		a.byID("apply-kbd").SetTextContent("⌘ Enter")
	} else {
		a.byID("apply-kbd").SetTextContent("Ctrl + Enter")
	}
	u.autoTimer = a.newTimer("auto-apply", func() { a.applyEditor() })
	u.docTimer = a.newTimer("object list", func() { a.drawDocList() })
	a.drawDocList()

	a.listen(a.byID("apply"), "click", func(event) { a.applyEditor() })
	a.listen(u.autoApply, "change", func(event) {
		on := u.autoApply.Checked()
		if on {
			a.store(keyAutoApply, "1")
			a.applyEditor()
		} else {
			a.store(keyAutoApply, "0")
			u.autoTimer.stop()
		}
	})
	a.listen(a.byID("export"), "click", func(event) { a.exportManifests() })
}

// editorChanged runs on every edit: the text is saved at once (it is never
// lost), and auto-apply waits for a pause in typing.
func (a *app) editorChanged() {
	u := a.ui
	if n, over := u.editor.over(); over {
		a.keepable(n) // too big to keep: warns once
	} else {
		a.saveYAML(u.editor.Text())
	}
	u.docTimer.start(docListDelayMS)
	if u.autoApply.Checked() && !a.replay.on {
		u.autoTimer.start(autoApplyDelayMS)
	}
}

// saveYAML keeps the editor text, unless it is too big for the storage
// (then the learner is told once; the text stays in the editor).
func (a *app) saveYAML(text string) {
	if a.keepable(len(text)) {
		a.store(keyYAML, text)
	}
}

// keepable reports whether a text of n bytes fits the storage, and tells
// the learner once when one does not.
func (a *app) keepable(n int) bool {
	if n <= maxStoredYAML {
		return true
	}
	if !a.ui.warnedBig {
		a.ui.warnedBig = true
		a.notify("storage.toobig", maxStoredYAML>>10)
	}
	return false
}

// setEditorText replaces the editor's text on the page's behalf (a lesson,
// a share link) and saves it.
func (a *app) setEditorText(text string) {
	a.ui.editor.SetText(text)
	a.saveYAML(text)
	a.drawDocList()
}

// applyEditor applies the editor's YAML and shows the outcome under it.
func (a *app) applyEditor() { a.applyEditorThen(nil) }

// applyEditorThen is applyEditor, running then (if not nil) once the
// outcome is shown.
func (a *app) applyEditorThen(then func()) {
	u := a.ui
	u.autoTimer.stop()
	if a.replay.on {
		a.notify("replay.readonly")
		return
	}
	show := func(lines []string, errs []lineError) {
		u.applied = true
		u.lastErrors = errs
		u.lastApplyLines = lines
		u.lastApplyOK = len(errs) == 0
		u.editor.SetErrors(errs)
		a.drawApplyResult()
		a.drawDocList()
		if then != nil {
			then()
		}
	}
	if n, over := u.editor.over(); over {
		show(nil, applyErrors("", yaml.SizeError(n))) // the text stays in the editor
		return
	}
	text := u.editor.Text()
	a.saveYAML(text)
	a.apply(text, show)
}

// apply applies text to the cluster, all or nothing, and records it;
// then gets the lines kubectl would print, or the errors.
func (a *app) apply(text string, then func(lines []string, errs []lineError)) {
	a.ask(engine.Request{Op: "apply", Text: text, Record: true}, func(rep engine.Reply) {
		errs := rep.Errors
		if rep.Error != "" {
			errs = append(errs, lineError{Message: rep.Error})
		}
		if len(errs) > 0 {
			then(nil, errs)
			return
		}
		then(rep.Lines, nil)
	})
}

// drawApplyResult lists the errors with their lines (click one to go
// there), or the lines kubectl would print for a successful apply.
func (a *app) drawApplyResult() {
	u := a.ui
	// The result takes room from the editor: a running lesson's pane
	// gives it back (lessonfit.go).
	defer a.fitLesson()
	clearNode(u.applyResult)
	if !u.applied {
		return
	}
	if !u.lastApplyOK {
		for _, e := range u.lastErrors {
			e := e
			label := a.tr("editor.noline")
			if e.Line > 0 {
				label = a.tr("editor.line", e.Line)
			}
			row := a.el("button", "msg msg-err", a.el("span", "msg-line", label), a.el("span", "msg-text", e.Message))
			row.SetAttribute("type", "button")
			row.SetAttribute("data-line", strconv.Itoa(e.Line))
			if e.Line > 0 {
				a.listen(row, "click", func(event) { u.editor.GotoLine(e.Line, e.Column) })
			}
			u.applyResult.AppendChild(row)
		}
		u.applyResult.AppendChild(a.el("div", "msg msg-note", a.tr("editor.unchanged")))
		return
	}
	for _, l := range u.lastApplyLines {
		u.applyResult.AppendChild(a.el("div", "msg msg-ok", l))
	}
	u.applyResult.AppendChild(a.el("div", "msg msg-note", a.tr("editor.applied")))
}

// drawDocList lists the objects in the editor — kind and name of each
// document — as buttons that move the cursor to the document.
func (a *app) drawDocList() {
	u := a.ui
	if _, over := u.editor.over(); over {
		u.docSig = ""
		clearNode(u.docList) // too large to apply: no object to go to
		return
	}
	docs := splitDocs(u.editor.Text())
	var sig strings.Builder
	type item struct {
		kind, name string
		line       int
	}
	var items []item
	for _, d := range docs {
		vals := pathValues(d.lines)
		if vals["kind"] == "" && vals["metadata.name"] == "" {
			continue // comments, blank documents
		}
		first := 0
		for i, l := range d.lines {
			if s := strings.TrimSpace(l); s != "" && !strings.HasPrefix(s, "#") {
				first = i
				break
			}
		}
		it := item{kind: vals["kind"], name: vals["metadata.name"], line: d.first + first + 1}
		items = append(items, it)
		sig.WriteString(it.kind + "/" + it.name + "@" + strconv.Itoa(it.line) + ";")
	}
	key := sig.String() + "|" + a.lang
	if key == u.docSig {
		return
	}
	u.docSig = key
	clearNode(u.docList)
	if len(items) == 0 {
		return
	}
	u.docList.AppendChild(a.el("span", "doc-label", a.tr("editor.docs")))
	for _, it := range items {
		it := it
		kind, name := it.kind, it.name
		if kind == "" {
			kind = "?"
		}
		if name == "" {
			name = a.tr("editor.noname")
		}
		b := a.el("button", "doc", a.el("span", "doc-kind", kind), a.el("span", "doc-name", name))
		b.SetAttribute("type", "button")
		b.SetAttribute("title", a.tr("editor.goto", it.line))
		b.SetAttribute("data-line", strconv.Itoa(it.line))
		a.listen(b, "click", func(event) { u.editor.GotoLine(it.line, 1) })
		u.docList.AppendChild(b)
	}
}
