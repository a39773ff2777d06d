//go:build js && wasm

package main

import (
	"strings"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// Tab completion in the terminal: what completes is core/terminal's
// (commands, kubectl's verbs, flags, -n namespaces, -o formats, types and
// names, sim's subcommands); here, the input line and the listing.

// maxListed bounds the candidates a second Tab prints: a cluster's
// thousand pods are a list nobody reads, as bash's "Display all 1000
// possibilities?" knows.
const maxListed = 100

// complete is Tab in the terminal. The names complete against the
// cluster, in the worker: the answer applies if the line is still as it
// was when Tab was pressed.
func (a *app) complete() {
	u := a.ui
	line := u.termInput.Value()
	a.ask(engine.Request{Op: "complete", Line: line}, func(rep engine.Reply) {
		if u.termInput.Value() == line {
			a.completeWith(line, rep.Names, rep.Word)
		}
	})
}

// completeWith completes line with the candidates for its last word.
func (a *app) completeWith(line string, cands []string, word string) {
	u := a.ui
	completed, list := u.tab.Press(line, cands, word)
	if completed != line {
		u.termInput.SetValue(completed)
	}
	if list == nil {
		return
	}
	a.termCommand(line)
	more := len(list) - maxListed
	if more > 0 {
		list = list[:maxListed]
	}
	a.termText(strings.Join(list, "  "), "term-note term-cands")
	if more > 0 {
		a.termNote(a.tr("term.more", more))
	}
}
