//go:build js && wasm

package main

import "github.com/hack-pad/safejs"

// A command typed while a task is paused half-way (pause.go) waits for it
// in a queue instead of running it to its end at once. At 10,000 pods a
// ReplicaSet's reconcile paused mid-way has many frames of work left: run
// at once, as every other entry point that acts does, it froze the page
// between Enter and the output. Queued, the next frames finish the task
// as they would have anyway, and the command runs in the first frame that
// finds no work paused — before any new task. So the cluster sees the same
// operations in the same order as if the command had finished the task
// itself: the history does not depend on which way it went.
//
// The command shows at once, dimmed, where it was typed; when it runs, the
// dimmed line goes and the command prints as any other, with its output.

// queuedCommand is a line waiting for paused work to end.
type queuedCommand struct {
	line string
	echo safejs.Value // the dimmed line shown meanwhile
}

// submitCommand runs a line from the terminal's input, or queues it.
func (a *app) submitCommand(line string) {
	u := a.ui
	if !a.loop.parked && len(u.queued) == 0 {
		a.runTerminal(line)
		return
	}
	echo := a.el("div", "term-cmd term-queued", line)
	echo.SetAttribute("title", a.tr("term.queued"))
	a.termAppend(echo)
	u.queued = append(u.queued, queuedCommand{line: line, echo: safejs.Safe(echo.Underlying())})
}

// runQueued runs the queued commands, in order, once no work is paused.
// Every entry point that acts calls it after finishing paused work
// (funcOf), so a queued command also runs before whatever comes after it.
func (a *app) runQueued() {
	u := a.ui
	for u != nil && len(u.queued) > 0 && !a.loop.parked {
		q := u.queued[0]
		u.queued = u.queued[1:]
		if parent, err := q.echo.Get("parentNode"); err == nil && !parent.IsNull() {
			parent.Call("removeChild", q.echo)
			u.termBlocks--
		}
		a.runTerminal(q.line)
	}
}
