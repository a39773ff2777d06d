//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"
)

// courseManifest is the Deployment the course starts from; the editor
// shows it until the learner has written something of their own.
const courseManifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.7.9
        ports:
        - containerPort: 80
`

// autoApplyDelay is how long typing must pause before auto-apply applies.
const autoApplyDelayMS = 800

// Geometry of the editor, as app.css sets it (--editor-line, padding).
const (
	editorLinePx = 21
	editorPadPx  = 10
)

func (a *app) buildEditor(u *ui) {
	text, ok := a.load(keyYAML)
	if !ok {
		text = courseManifest
	}
	u.yaml.SetValue(text)
	if v, ok := a.load(keyAutoApply); ok {
		u.autoApply.SetChecked(v == "1")
	}
	if a.isMac() {
		a.byID("apply-kbd").SetTextContent("⌘ Enter")
	} else {
		a.byID("apply-kbd").SetTextContent("Ctrl + Enter")
	}
	u.autoTimer = a.newTimer("auto-apply", func() { a.applyEditor() })
	a.drawGutter()

	a.listen(a.byID("apply"), "click", func(event) { a.applyEditor() })
	a.listen(u.yaml, "input", func(event) { a.editorChanged() })
	a.listen(u.yaml, "scroll", func(event) { a.syncEditorScroll() })
	a.listen(u.yaml, "keydown", func(k event) {
		switch {
		case k.Key() == "Enter" && (k.CtrlKey() || k.MetaKey()):
			k.PreventDefault()
			a.applyEditor()
		case k.Key() == "Tab" && !k.ShiftKey() && !k.CtrlKey() && !k.AltKey() && !k.MetaKey():
			// YAML forbids tabs for indentation: Tab indents with two spaces.
			k.PreventDefault()
			safeCall(u.yaml, "setRangeText", "  ", u.yaml.SelectionStart(), u.yaml.SelectionEnd(), "end")
			a.editorChanged()
		}
	})
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
}

// editorChanged runs on every edit: the text is saved at once (it is never
// lost), and auto-apply waits for a pause in typing.
func (a *app) editorChanged() {
	u := a.ui
	a.store(keyYAML, u.yaml.Value())
	a.drawGutter()
	if u.autoApply.Checked() {
		u.autoTimer.start(autoApplyDelayMS)
	}
}

// applyEditor applies the editor's YAML and shows the outcome under it.
func (a *app) applyEditor() {
	u := a.ui
	u.autoTimer.stop()
	text := u.yaml.Value()
	a.store(keyYAML, text)
	lines, errs := a.apply(text)
	u.applied = true
	u.lastErrors = errs
	u.lastApplyLines = lines
	u.lastApplyOK = len(errs) == 0
	u.errorLines = map[int]string{}
	for _, e := range errs {
		if e.Line > 0 {
			if _, dup := u.errorLines[e.Line]; !dup {
				u.errorLines[e.Line] = e.Message
			}
		}
	}
	a.drawApplyResult()
	a.drawGutter()
	a.render(false)
}

// apply applies text to the cluster: all or nothing.
func (a *app) apply(text string) (lines []string, errs []lineError) {
	lines, err := a.cluster.Apply(text)
	if err != nil {
		return nil, applyErrors(text, err)
	}
	return lines, nil
}

// drawApplyResult lists the errors with their lines (click one to go
// there), or the lines kubectl would print for a successful apply.
func (a *app) drawApplyResult() {
	u := a.ui
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
			row := a.el("div", "msg msg-err", a.el("span", "msg-line", label), a.el("span", "msg-text", e.Message))
			row.SetAttribute("data-line", strconv.Itoa(e.Line))
			if e.Line > 0 {
				a.listen(row, "click", func(event) { a.gotoLine(e.Line, e.Column) })
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

// drawGutter numbers the lines and marks the ones with errors, and lays
// the error bands behind the text.
func (a *app) drawGutter() {
	u := a.ui
	n := strings.Count(u.yaml.Value(), "\n") + 1
	for len(u.gutterRows) < n {
		row := a.el("div", "", strconv.Itoa(len(u.gutterRows)+1))
		u.gutter.AppendChild(row)
		u.gutterRows = append(u.gutterRows, row)
	}
	for len(u.gutterRows) > n {
		u.gutterRows[len(u.gutterRows)-1].Remove()
		u.gutterRows = u.gutterRows[:len(u.gutterRows)-1]
	}
	// Touch only the rows whose mark changes.
	for line := range u.gutterMarked {
		if _, still := u.errorLines[line]; !still && line <= len(u.gutterRows) {
			row := u.gutterRows[line-1]
			setClass(row, "err", false)
			row.RemoveAttribute("title")
		}
	}
	u.gutterMarked = map[int]bool{}
	for line, msg := range u.errorLines {
		if line <= len(u.gutterRows) {
			row := u.gutterRows[line-1]
			setClass(row, "err", true)
			row.SetAttribute("title", msg)
			u.gutterMarked[line] = true
		}
	}
	clearNode(u.bandsInner)
	for line := range u.errorLines {
		band := a.el("div", "band")
		band.Style().SetProperty("top", strconv.Itoa(editorPadPx+(line-1)*editorLinePx)+"px", "")
		u.bandsInner.AppendChild(band)
	}
	a.syncEditorScroll()
}

// syncEditorScroll keeps the gutter and the bands aligned with the text.
func (a *app) syncEditorScroll() {
	u := a.ui
	top := jsFloat(prop(u.yaml, "scrollTop"), 0)
	left := jsFloat(prop(u.yaml, "scrollLeft"), 0)
	setProp(u.gutter, "scrollTop", top)
	u.bandsInner.Style().SetProperty("transform",
		"translate("+strconv.Itoa(-int(left))+"px,"+strconv.Itoa(-int(top))+"px)", "")
}

// gotoLine puts the cursor at line:column (1-based) and scrolls there.
func (a *app) gotoLine(line, column int) {
	u := a.ui
	text := u.yaml.Value()
	off := 0 // in UTF-16 code units, as the textarea counts
	rest := text
	for l := 1; l < line; l++ {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		off += utf16Len(rest[:i+1])
		rest = rest[i+1:]
	}
	lineText, _, _ := strings.Cut(rest, "\n")
	end := off + utf16Len(lineText)
	start := off
	if column > 1 {
		start = min(off+column-1, end)
	}
	u.yaml.Focus()
	u.yaml.SetSelectionRange(start, end, "forward")
	want := float64(editorPadPx + (line-1)*editorLinePx)
	height := jsFloat(prop(u.yaml, "clientHeight"), 0)
	top := jsFloat(prop(u.yaml, "scrollTop"), 0)
	if want < top || want > top+height-2*editorLinePx {
		setProp(u.yaml, "scrollTop", max(0, want-height/3))
	}
	a.syncEditorScroll()
}

func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

// safeCall calls a method on an element through safejs; a JS exception
// (a browser without the method) is ignored.
func safeCall(e dom.Node, method string, args ...any) {
	safejs.Safe(e.Underlying()).Call(method, args...)
}
