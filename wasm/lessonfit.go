//go:build js && wasm

package main

import (
	"math"
	"strconv"

	"github.com/hack-pad/safejs"
)

// While a lesson runs, its pane is as tall as the open step needs — goal,
// way on, explanation, commands and checks without scrolling — up to what
// leaves the editor ten lines of YAML, and never less than a lesson
// pane's usual share. Once the learner drags the splitter, their share
// wins (layoutSizes.Left); a double click on it gives the fit back.

// lessonEditorLines is the YAML the editor keeps in view beside a running
// lesson.
const lessonEditorLines = 10.15

// lessonMinShare is the least of the column a running lesson gets, so
// that the pane does not shrink to a sliver on a short step.
const lessonMinShare = 0.3

// fitLesson sets the lesson pane's height in the left column when the
// fit applies, and reports whether it did (otherwise the share or the
// stylesheet's default is in force).
func (a *app) fitLesson() bool {
	l := &a.layout
	col := l.cols[0]
	if l.sizes.Left != 0 || !a.lessons.running || a.ui == nil || !a.paneShown("lesson") || !a.paneShown("editor") ||
		a.folded("lesson") {
		return false
	}
	h := a.lessonFitHeight()
	if h <= 0 {
		return false
	}
	setStyleVar(col, "--split", strconv.Itoa(int(math.Round(h)))+"px")
	return true
}

// lessonFitHeight is the height in CSS pixels the running lesson's pane
// gets now, or 0 when nothing can be measured (the panes are not laid out).
func (a *app) lessonFitHeight() float64 {
	l := &a.layout
	colH := rect(l.cols[0]).h
	pane, body := l.panes["lesson"], a.ui.lessonBody
	found := a.queryAll(body, ".lesson-step.current")
	if colH <= 0 || len(found) == 0 {
		return 0
	}
	// The pane's head and borders, the body's padding, the step, and the
	// few pixels scrollOpenStepIntoView leaves above it.
	chrome := rect(pane).h - jsFloat(prop(body, "clientHeight"), 0)
	need := chrome + 8 + rect(found[0]).h + 10 + 6
	limit := colH - 8 - a.editorRoom(lessonEditorLines)
	return math.Max(colH*lessonMinShare, math.Min(need, limit))
}

// editorRoom is the height the editor's pane needs to show lines of YAML:
// its head, its bars and result as they are now, and the lines at the
// editor's line height.
func (a *app) editorRoom(lines float64) float64 {
	pane := a.layout.panes["editor"]
	chrome := rect(pane).h - rect(a.ui.editorHost).h
	return chrome + lines*a.editorLineHeight() + 10
}

// editorLineHeight is the height of a line of YAML in the editor, read
// from CodeMirror's first line inside its shadow root.
func (a *app) editorLineHeight() float64 {
	const fallback = 20
	root, err := safejs.Safe(a.ui.editorHost.Underlying()).Get("shadowRoot")
	if err != nil || root.IsNull() || root.IsUndefined() {
		return fallback
	}
	line, err := root.Call("querySelector", ".cm-line")
	if err != nil || line.IsNull() {
		return fallback
	}
	h := jsFloat(prop2(line, "offsetHeight"), fallback)
	if h < 10 {
		return fallback
	}
	return h
}
