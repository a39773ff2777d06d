//go:build js && wasm

package main

import (
	"strings"
	"time"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/session"
	"github.com/kubeloop/kubeloop/core/terminal"
	"github.com/kubeloop/kubeloop/core/transcript"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// The kubectl terminal: one input line with history and tab completion, and
// the output of each command as the real kubectl prints it.
//
//   - `kubectl get … -w` keeps printing a row per change while time runs,
//     until Ctrl+C or the next command that is not `sim …` (as in a
//     transcript: a sim command is time passing, so the watch goes on).
//   - `sim advance D`, `sim settle [MAX]`, `sim step` move time on the
//     page's clock; every other `sim …` (faults: nodes, the leader) goes to
//     the cluster.
//   - `kubectl apply -f -` reads the editor's text as its stdin.
//   - `k` is kubectl's alias, as in every course's shell; the echo shows
//     the line as typed.
//   - `clear` clears; `help` lists the commands; any other command gets
//     bash's "command not found", never a kubectl prefix (core/terminal).

const (
	maxTermBlocks = 300 // commands kept in the output
	maxHistory    = 100
)

func (a *app) buildTerminal(u *ui) {
	if s, ok := a.load(keyHistory); ok {
		apijson.Unmarshal([]byte(s), &u.history)
	}
	u.historyPos = len(u.history)
	u.termWelcome = a.termBlock("# "+a.tr("term.welcome"), "term-note")
	a.termAppend(u.termWelcome)
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
		switch {
		case ev.Key() == "ArrowUp":
			if u.historyPos > 0 {
				u.historyPos--
				u.termInput.SetValue(u.history[u.historyPos])
			}
			ev.PreventDefault()
		case ev.Key() == "ArrowDown":
			if u.historyPos < len(u.history) {
				u.historyPos++
			}
			if u.historyPos < len(u.history) {
				u.termInput.SetValue(u.history[u.historyPos])
			} else {
				u.termInput.SetValue("")
			}
			ev.PreventDefault()
		case ev.Key() == "Tab" && !ev.ShiftKey() && !ev.CtrlKey() && !ev.AltKey() && !ev.MetaKey():
			if u.termInput.Value() != "" {
				ev.PreventDefault()
				a.complete()
			}
		case (ev.Key() == "c" || ev.Key() == "C") && ev.CtrlKey() && !ev.ShiftKey():
			// Ctrl+C copies a selection, else interrupts, as in a terminal.
			if start, end := u.termInput.SelectionStart(), u.termInput.SelectionEnd(); start == end {
				ev.PreventDefault()
				a.interrupt()
			}
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
		if b, err := apijson.Marshal(u.history); err == nil {
			a.store(keyHistory, string(b))
		}
	}
	u.historyPos = len(u.history)
}

// runTerminal runs one line typed in the terminal (or sent by a button:
// the page's fault buttons type their command here, so the learner sees
// what it would be). The cluster's answer comes later (the worker's): the
// line echoes at once, the output when it comes; lines typed meanwhile
// are answered in their order.
func (a *app) runTerminal(line string) {
	u := a.ui
	if u.shell != "" {
		a.termAppend(a.el("div", "term-cmd term-shell", u.shell+" "+line))
		a.ask(engine.Request{Op: "shell", Line: line, Record: !a.replay.on}, func(rep engine.Reply) {
			a.termOutput(rep, "")
			u.shell = rep.Prompt
			a.updatePrompt()
		})
		return
	}
	l := terminal.Parse(line)
	if l.Kind == terminal.Empty {
		return
	}
	if a.replay.on && l.Kind != terminal.Clear {
		a.termCommand(line)
		a.termText(a.tr("replay.readonly"), "term-err")
		return
	}
	switch l.Kind {
	case terminal.Clear:
		clearNode(u.termOut)
		u.termBlocks, u.termBytes = 0, 0
		return
	case terminal.Comment:
		a.termCommand(line) // bash reads a comment and does nothing
		return
	case terminal.Sim:
		a.termCommand(line)
		a.runSim(l.Args)
		return
	case terminal.Help:
		a.termCommand(line)
		a.termHelp()
		return
	case terminal.NotFound:
		a.stopWatch(false) // any other command ends a watch, as in a transcript
		a.termCommand(line)
		a.termText(terminal.NotFoundMessage(l.Name), "term-err")
		a.termNote(a.tr("term.commands"))
		if s := terminal.Suggestion(line); s != "" {
			a.termNote(a.tr("term.didyoumean", s))
		}
		return
	}
	a.stopWatch(false)  // any other command ends a watch, as in a transcript
	a.termCommand(line) // as typed: k stays k
	stdin, tooBig := a.editorStdin()
	if interactiveShell(l.Kubectl) {
		stdin, tooBig = "", nil // the learner types to the shell; the editor is not its input
	}
	if tooBig != nil && session.ReadsStdin(l.Kubectl) {
		a.termText("error: "+tooBig.Error(), "term-err")
		return
	}
	a.loadKubectlHelp() // again, if it failed
	a.ask(engine.Request{Op: "kubectl", Line: l.Kubectl, Stdin: stdin, Record: true}, func(rep engine.Reply) {
		a.termOutput(rep, "")
		if rep.Prompt != "" {
			u.shell = rep.Prompt
			a.termNote(a.tr("term.shell"))
		}
		u.watch = rep.Watching
		a.updatePrompt()
	})
}

// termOutput prints a command's output (the worker's reply), both streams
// in the order they were written; class marks every line (a command run beside a watch).
// kubectl's note that it cut its output (Result.Cut, at the end of its
// stderr) is printed as the page's, in the learner's language.
func (a *app) termOutput(res engine.Reply, class string) {
	for i, chunk := range res.Output {
		cls := "term-stdout"
		if chunk.Stderr {
			cls = "term-err"
		}
		if class != "" {
			cls += " " + class
		}
		// The worker dropped the output's trailing newlines (engine.Keep),
		// and the notes' with them.
		text, cut, stopped := chunk.Text, false, false
		if res.Cut && chunk.Stderr {
			text, cut = strings.CutSuffix(text, strings.TrimRight(kubectl.CutNote(), "\n"))
		}
		if w := res.StoppedWaiting; w != nil && chunk.Stderr {
			text, stopped = strings.CutSuffix(text, strings.TrimRight(kubectl.StoppedWaitingNote(*w), "\n"))
		}
		var kept engine.Cut
		if i < len(res.Cuts) {
			kept = res.Cuts[i]
		}
		if text = strings.TrimRight(text, "\n"); text != "" {
			a.termKept(text, cls, kept)
		}
		if cut {
			size := sizeText(kubectl.MaxOutputBytes)
			a.termNote(a.tr("term.kubectlcut", size, size))
		}
		if stopped {
			a.termNote(a.stoppedWaitingNote(*res.StoppedWaiting))
		}
	}
	if res.Error != "" {
		a.termText("error: "+res.Error, "term-err "+class)
	}
}

// termRows prints the rows a watch printed, as the worker cut them.
func (a *app) termRows(rows string, cut engine.Cut) {
	if rows != "" {
		a.termKept(rows, "term-stdout", cut)
	}
}

// stoppedWaitingNote is the page's words for kubectl's StoppedWaitingNote.
func (a *app) stoppedWaitingNote(w kubectl.StoppedWait) string {
	if w.After == 0 {
		return a.tr("term.stoppedwaiting.quiet")
	}
	return a.tr("term.stoppedwaiting.busy", w.After.String())
}

// termHelp is `help`: the commands this terminal has, and its keys.
func (a *app) termHelp() {
	for _, key := range []string{"term.help.kubectl", "term.help.sim", "term.help.clear", "term.help.keys"} {
		a.termText(a.tr(key), "term-note")
	}
}

// interactiveShell recognises a line that opens a shell for the learner to
// type to: `kubectl exec -it POD -- sh` (or run -it … -- sh, bash,
// /bin/sh).
func interactiveShell(line string) bool {
	f := strings.Fields(line)
	if len(f) < 2 || f[1] != "exec" && f[1] != "run" {
		return false
	}
	interactive := false
	for i, w := range f {
		switch w {
		case "-it", "-ti", "-i", "--stdin":
			interactive = true
		case "--":
			rest := f[i+1:]
			return interactive && len(rest) == 1 && (rest[0] == "sh" || rest[0] == "bash" || rest[0] == "/bin/sh")
		}
	}
	return false
}

// stopWatch ends an open watch; interrupted prints ^C as the terminal
// does. Its last rows come with the worker's answer.
func (a *app) stopWatch(interrupted bool) {
	u := a.ui
	if !u.watch {
		return
	}
	u.watch = false
	a.ask(engine.Request{Op: "stopWatch"}, func(rep engine.Reply) {
		a.termRows(rep.Text, rep.TextCut)
		if interrupted {
			a.termText("^C", "term-note term-ctrlc")
		}
	})
	a.updatePrompt()
}

// interrupt is Ctrl+C: it stops a watch or a settle, or clears the line.
func (a *app) interrupt() {
	u := a.ui
	switch {
	case u.watch:
		a.stopWatch(true)
	case a.settling:
		a.cancelSettle()
		a.termText("^C", "term-note term-ctrlc")
	case u.termInput.Value() != "":
		a.termCommand(u.termInput.Value() + "^C")
		u.termInput.SetValue("")
	}
}

// updatePrompt shows whether a watch or a shell holds the terminal.
func (a *app) updatePrompt() {
	u := a.ui
	switch {
	case u.shell != "":
		u.prompt.SetTextContent(u.shell)
		u.termInput.SetAttribute("placeholder", "exit")
	case u.watch:
		u.prompt.SetTextContent("$")
		u.termInput.SetAttribute("placeholder", a.tr("term.watching")+a.tr("term.watching.beside"))
		setClass(u.termForm, "watching", true)
		return
	default:
		u.prompt.SetTextContent("$")
		u.termInput.SetAttribute("placeholder", "kubectl get pods")
	}
	setClass(u.termForm, "watching", false)
}

// runSim runs `sim advance D`, `sim settle [MAX]` and `sim step` on the
// page's clock, and every other sim command in the cluster.
func (a *app) runSim(args []string) {
	if len(args) == 0 {
		a.termText(a.tr("term.simhelp", strings.Join(cluster.SimCommands(), ", ")), "term-note")
		return
	}
	switch args[0] {
	case "advance":
		if len(args) != 2 {
			a.termText(a.tr("term.simhelp", strings.Join(cluster.SimCommands(), ", ")), "term-err")
			return
		}
		d, err := time.ParseDuration(args[1])
		if err != nil || d < 0 {
			a.termText(a.tr("term.badtime", args[1]), "term-err")
			return
		}
		if err := transcript.CheckAdvance(d); err != nil {
			a.termText("error: sim advance "+err.Error(), "term-err")
			return
		}
		a.ask(engine.Request{Op: "advance", Seconds: d.Seconds()}, func(engine.Reply) {
			a.termText(a.tr("sim.advanced", formatElapsed(d)), "term-note")
		})
	case "settle":
		var max time.Duration
		if len(args) == 2 {
			d, err := time.ParseDuration(args[1])
			if err != nil || d <= 0 {
				a.termText(a.tr("term.badtime", args[1]), "term-err")
				return
			}
			if err := transcript.CheckAdvance(d); err != nil {
				a.termText("error: sim settle "+err.Error(), "term-err")
				return
			}
			max = d
		}
		a.settle(max, false)
	case "step":
		a.step()
	default:
		a.ask(engine.Request{Op: "sim", Args: args, Record: true}, func(rep engine.Reply) {
			a.termOutput(rep, "")
		})
	}
}

// termCommand echoes a command line.
func (a *app) termCommand(line string) {
	a.termAppend(a.el("div", "term-cmd", line))
}

// termText prints output; trailing newlines are dropped (each block is a
// line). Of a very long output only the last engine.MaxOutputLines lines
// and engine.MaxOutputBytes bytes are kept, after a note that says what
// was cut.
func (a *app) termText(text, class string) {
	text, cut := engine.Keep(text)
	a.termKept(text, class, cut)
}

// termKept prints an output already cut to what the terminal keeps (the
// worker cuts a command's output before it crosses), after a note that
// says what was cut.
func (a *app) termKept(text, class string, cut engine.Cut) {
	switch {
	case cut.Bytes > 0:
		a.termNote(a.tr("term.cutbytes", sizeText(cut.Bytes), sizeText(engine.MaxOutputBytes), engine.MaxOutputLines))
	case cut.Lines > 0:
		a.termNote(a.tr("term.cut", cut.Lines, engine.MaxOutputLines))
	}
	a.termAppendSized(a.termBlock(text, class), len(text))
}

// termBlock is one output's element: a long output's lines go in parts,
// each laid out only when scrolled into view (outputParts); one with a
// line cut into parts wraps its lines.
func (a *app) termBlock(text, class string) dom.HTMLElement {
	parts, wrapped := outputParts(text)
	if len(parts) == 1 {
		return a.el("div", class, text)
	}
	if wrapped {
		class += " term-wrap"
	}
	children := make([]any, len(parts))
	for i, p := range parts {
		c := "term-part"
		if i == len(parts)-1 {
			c = "" // the end, on screen: laid out at once
		}
		children[i] = a.el("div", c, p)
	}
	return a.el("div", class, children...)
}

// termNote prints a remark from the page (not kubectl's output).
func (a *app) termNote(text string) {
	if a.ui == nil {
		return
	}
	a.termText("# "+text, "term-note")
}

// termBytesProp is the property on an output's element that holds its
// size, for termAppendSized to take it off the total when it goes.
const termBytesProp = "kubeloopBytes"

// termAppend adds a block to the terminal: a command's echo, a prompt.
func (a *app) termAppend(e dom.HTMLElement) { a.termAppendSized(e, 0) }

// termAppendSized adds a block of size bytes of output. The terminal keeps
// maxTermBlocks*2 blocks and maxTermBytes bytes of output, dropping the
// oldest first, and always the newest block.
func (a *app) termAppendSized(e dom.HTMLElement, size int) {
	u := a.ui
	if size > 0 {
		safejs.Safe(e.Underlying()).Set(termBytesProp, size)
	}
	u.termOut.AppendChild(e)
	u.termBlocks++
	u.termBytes += size
	out := safejs.Safe(u.termOut.Underlying())
	for u.termBlocks > 1 && (u.termBlocks > maxTermBlocks*2 || u.termBytes > maxTermBytes) {
		first, err := out.Get("firstChild")
		if err != nil || first.IsNull() {
			break
		}
		if n, err := first.Get(termBytesProp); err == nil && n.Type() == safejs.TypeNumber {
			size, _ := n.Int()
			u.termBytes -= size
		}
		out.Call("removeChild", first)
		u.termBlocks--
	}
	setProp(u.termOut, "scrollTop", jsFloat(prop(u.termOut, "scrollHeight"), 0))
}

// typeCommand puts a command in the terminal's input line and focuses it,
// for the learner to read and press Enter (lessons offer commands so).
func (a *app) typeCommand(line string) {
	a.ui.termInput.SetValue(line)
	a.ui.termInput.Focus()
}

// runVisible runs a command as if typed: the page's buttons use it, so the
// terminal always shows the command a button stands for. While a watch is
// open a kubectl line runs beside it (beside.go).
func (a *app) runVisible(line string) {
	a.remember(line)
	if a.besideWatch(line) {
		a.runBeside(line)
		return
	}
	a.runTerminal(line)
}
