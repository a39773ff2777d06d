//go:build js && wasm

package main

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"
)

// The kubectl terminal: one input line with history, and the output of
// each command as the real kubectl prints it. "sim advance D", "sim settle"
// and "sim step" move simulated time, as in transcripts; "clear" clears.
// `kubectl apply -f -` reads the editor's text as its stdin.

const (
	maxTermBlocks = 300 // commands kept in the output
	maxHistory    = 100
)

func (a *app) buildTerminal(u *ui) {
	if s, ok := a.load(keyHistory); ok {
		json.Unmarshal([]byte(s), &u.history)
	}
	u.historyPos = len(u.history)
	a.termNote(a.tr("term.welcome"))
	a.listen(a.byID("term-form"), "submit", func(ev event) {
		ev.PreventDefault()
		line := strings.TrimSpace(u.termInput.Value())
		u.termInput.SetValue("")
		if line == "" {
			return
		}
		a.remember(line)
		a.runTerminal(line)
	})
	a.listen(u.termInput, "keydown", func(ev event) {
		switch ev.Key() {
		case "ArrowUp":
			if u.historyPos > 0 {
				u.historyPos--
				u.termInput.SetValue(u.history[u.historyPos])
			}
			ev.PreventDefault()
		case "ArrowDown":
			if u.historyPos < len(u.history) {
				u.historyPos++
			}
			if u.historyPos < len(u.history) {
				u.termInput.SetValue(u.history[u.historyPos])
			} else {
				u.termInput.SetValue("")
			}
			ev.PreventDefault()
		}
	})
	// A click anywhere in the output focuses the input, as in a terminal,
	// unless the learner is selecting text to copy.
	a.listen(u.termOut, "mouseup", func(event) {
		if sel, err := a.global.Call("getSelection"); err == nil {
			if s, err := sel.Call("toString"); err == nil && jsString(s) != "" {
				return
			}
		}
		u.termInput.Focus()
	})
}

// remember adds a command to the history (no repeats in a row).
func (a *app) remember(line string) {
	u := a.ui
	if n := len(u.history); n == 0 || u.history[n-1] != line {
		u.history = append(u.history, line)
		if len(u.history) > maxHistory {
			u.history = u.history[len(u.history)-maxHistory:]
		}
		if b, err := json.Marshal(u.history); err == nil {
			a.store(keyHistory, string(b))
		}
	}
	u.historyPos = len(u.history)
}

// runTerminal runs one line typed in the terminal.
func (a *app) runTerminal(line string) {
	u := a.ui
	fields := strings.Fields(line)
	switch {
	case line == "clear":
		clearNode(u.termOut)
		u.termBlocks = 0
		return
	case fields[0] == "sim":
		a.termCommand(line)
		a.runSim(fields[1:])
		return
	case fields[0] != "kubectl":
		line = "kubectl " + line // "get pods" means kubectl get pods
	}
	a.termCommand(line)
	res := a.cluster.Kubectl(line, u.yaml.Value())
	if res.Stdout != "" {
		a.termText(res.Stdout, "term-stdout")
	}
	if res.Stderr != "" {
		a.termText(res.Stderr, "term-err")
	}
	a.render(false)
}

// runSim runs "sim advance D", "sim settle [MAX]", "sim step".
func (a *app) runSim(args []string) {
	if len(args) == 0 {
		a.termText(a.tr("term.simhelp"), "term-note")
		return
	}
	switch args[0] {
	case "advance":
		if len(args) != 2 {
			a.termText(a.tr("term.simhelp"), "term-err")
			return
		}
		d, err := time.ParseDuration(args[1])
		if err != nil || d < 0 {
			a.termText(a.tr("term.badtime", args[1]), "term-err")
			return
		}
		a.cluster.Advance(d)
		a.termText(a.tr("sim.advanced", formatElapsed(d)), "term-note")
		a.render(false)
	case "settle":
		var max time.Duration
		if len(args) == 2 {
			d, err := time.ParseDuration(args[1])
			if err != nil || d <= 0 {
				a.termText(a.tr("term.badtime", args[1]), "term-err")
				return
			}
			max = d
		}
		a.settle(max, false)
	case "step":
		a.step()
	default:
		a.termText(a.tr("term.simhelp"), "term-err")
	}
}

// termCommand echoes a command line.
func (a *app) termCommand(line string) {
	a.termAppend(a.el("div", "term-cmd", line))
}

// termText prints output; trailing newlines are dropped (each block is a line).
func (a *app) termText(text, class string) {
	a.termAppend(a.el("div", class, strings.TrimRight(text, "\n")))
}

// termNote prints a remark from the page (not kubectl's output).
func (a *app) termNote(text string) {
	if a.ui == nil {
		return
	}
	a.termText("# "+text, "term-note")
}

func (a *app) termAppend(e dom.HTMLElement) {
	u := a.ui
	u.termOut.AppendChild(e)
	u.termBlocks++
	for u.termBlocks > maxTermBlocks*2 {
		if first, err := safejs.Safe(u.termOut.Underlying()).Get("firstChild"); err == nil && !first.IsNull() {
			safejs.Safe(u.termOut.Underlying()).Call("removeChild", first)
		}
		u.termBlocks--
	}
	setProp(u.termOut, "scrollTop", jsFloat(prop(u.termOut, "scrollHeight"), 0))
}
