//go:build js && wasm

package main

import (
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/session"
	"github.com/kubeloop/kubeloop/core/terminal"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// A command beside the watch. On a real machine a learner who wants to see
// a change happen starts `kubectl get pods -w` in one terminal window and
// makes the change in a second. The page has one terminal, so the rule is:
//
//   - what the learner TYPES goes to this terminal, which a running watch
//     holds: the watch ends first (as a shell needs Ctrl+C), as today;
//   - what a page BUTTON sends — a pod card's delete, a node's menu, the
//     Faults menu, a lesson's command marked to run beside the watch ("& "
//     in its file) — runs in a second terminal while a watch is open: its
//     echo and output are printed indented under the label "another
//     terminal", and the watch goes on printing the rows for what follows,
//     including those while the command waits (delete --wait).
//
// core/transcript's Beside is the same run; lessons' transcripts write it
// "& kubectl …" and test it so.

// besideWatch reports whether a button's line would run beside an open
// watch: a kubectl line while a watch, not a shell, holds the terminal.
// (sim lines let a watch go on anyway.)
func (a *app) besideWatch(line string) bool {
	u := a.ui
	return u != nil && u.watch && u.shell == "" && !a.replay.on &&
		terminal.Parse(line).Kind == terminal.Kubectl
}

// runBeside runs a kubectl line in the "second terminal" (besideWatch).
func (a *app) runBeside(line string) {
	l := terminal.Parse(line)
	echo := a.el("div", "term-cmd term-beside", line)
	echo.SetAttribute("data-label", a.tr("term.beside"))
	echo.SetAttribute("title", a.tr("term.beside.title"))
	a.termAppend(echo)
	stdin, tooBig := a.editorStdin()
	if tooBig != nil && session.ReadsStdin(l.Kubectl) {
		a.termText("error: "+tooBig.Error(), "term-err term-beside")
		return
	}
	// Recorded: the cluster changes as for a typed line.
	a.ask(engine.Request{Op: "beside", Line: l.Kubectl, Stdin: stdin, Record: true}, func(rep engine.Reply) {
		a.termOutput(rep, "term-beside")
		a.termRows(rep.Text, rep.TextCut)
	})
}

// offerBeside is a lesson's command marked to run beside the watch: while
// a watch is open a click runs it there at once (Enter in the terminal
// would end the watch); with none open it goes to the input line, as
// every offered command does, and runs as typed.
func (a *app) offerBeside(line string) dom.HTMLElement {
	b := a.el("button", "offer offer-beside", a.el("span", "offer-label", a.tr("lesson.beside")), a.el("code", "offer-cmd", line))
	b.SetAttribute("type", "button")
	b.SetAttribute("title", a.tr("term.beside.title"))
	a.listen(b, "click", func(event) {
		if !a.besideWatch(line) {
			a.typeCommand(line)
			return
		}
		a.remember(line)
		a.learnerRuns(line, "") // lessons.go: the step sees the command ran
		a.runBeside(line)
	})
	return b
}
