//go:build js && wasm

package main

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/terminal"
)

// Tab completion in the terminal: what completes is core/terminal's
// (commands, kubectl's verbs, flags, -n namespaces, -o formats, types and
// names, sim's subcommands); here, the input line and the listing.

// maxListed bounds the candidates a second Tab prints: a cluster's
// thousand pods are a list nobody reads, as bash's "Display all 1000
// possibilities?" knows.
const maxListed = 100

// simCommands lists what `sim …` understands on this page's cluster.
func (a *app) simCommands() []string { return cluster.SimCommands() }

// completer completes against the page's cluster.
func (a *app) completer() terminal.Completer {
	return terminal.Completer{Store: a.cluster.Store(), Sim: a.simCommands()}
}

// complete is Tab in the terminal.
func (a *app) complete() {
	u := a.ui
	line := u.termInput.Value()
	cands, word := a.completer().Complete(line)
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

// objectNames are the names of kind's objects in namespace (every
// namespace's for a kind that has none).
func (a *app) objectNames(kind *api.Kind, namespace string) []string {
	if kind == nil {
		return nil
	}
	if !kind.Namespaced {
		namespace = ""
	}
	var out []string
	for _, o := range a.cluster.Store().List(kind, namespace) {
		out = append(out, o.GetObjectMeta().Name)
	}
	return out
}
