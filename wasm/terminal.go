//go:build js && wasm

package main

import (
	"strings"
	"time"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/session"
	"github.com/kubeloop/kubeloop/core/terminal"
	"github.com/kubeloop/kubeloop/core/transcript"
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

// shellOpener is the hook for interactive `kubectl exec -it POD -- sh`:
// when the cluster can run a shell in a pod, it is set to open one, and
// the terminal then sends each line to it (prompt and output are the
// shell's) until it exits. nil: exec goes to kubectl like any command.
var shellOpener func(a *app, namespace, pod, container string) (shellSession, error)

// shellSession is one interactive shell in a pod.
type shellSession interface {
	Prompt() string
	// Run runs one line; exit reports that the shell ended.
	Run(line string) (output string, exit bool)
}

func (a *app) buildTerminal(u *ui) {
	if s, ok := a.load(keyHistory); ok {
		apijson.Unmarshal([]byte(s), &u.history)
	}
	u.historyPos = len(u.history)
	u.termWelcome = a.termBlock("# "+a.tr("term.welcome"), "term-note")
	a.termAppend(u.termWelcome)
	// Passive: a line typed while work is paused waits for it (queued.go).
	a.listenPassive(a.byID("term-form"), "submit", func(ev event) {
		ev.PreventDefault()
		line := strings.TrimSpace(u.termInput.Value())
		u.termInput.SetValue("")
		if line == "" {
			return
		}
		a.remember(line)
		a.submitCommand(line)
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
// what it would be).
func (a *app) runTerminal(line string) {
	defer a.recordLine(line)() // session.go
	u := a.ui
	if u.shell != nil {
		a.termAppend(a.el("div", "term-cmd term-shell", u.shell.Prompt()+" "+line))
		out, exit := u.shell.Run(line)
		if out != "" {
			a.termText(out, "term-stdout")
		}
		if exit {
			u.shell = nil
		}
		a.updatePrompt()
		a.drawAfterAct()
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
		a.pollWatch()
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
	fields := strings.Fields(l.Kubectl)
	if ns, pod, container, ok := execInteractive(fields); ok && shellOpener != nil {
		sh, err := shellOpener(a, ns, pod, container)
		if err != nil {
			a.termText(err.Error(), "term-err")
			return
		}
		u.shell = sh
		a.termNote(a.tr("term.shell"))
		a.updatePrompt()
		return
	}
	stdin, tooBig := a.editorStdin()
	if tooBig != nil && session.ReadsStdin(l.Kubectl) {
		a.termText("error: "+tooBig.Error(), "term-err")
		return
	}
	a.loadKubectlHelp() // again, if it failed
	res := a.cluster.Kubectl(l.Kubectl, stdin)
	a.termOutput(res, "")
	if res.Watch != nil {
		u.watch = res.Watch
		a.updatePrompt()
	}
	a.drawAfterAct()
}

// termOutput prints a command's output, both streams in the order they
// were written; class marks every line (a command run beside a watch).
// kubectl's note that it cut its output (Result.Cut, at the end of its
// stderr) is printed as the page's, in the learner's language.
func (a *app) termOutput(res kubectl.Result, class string) {
	for _, chunk := range res.Output {
		cls := "term-stdout"
		if chunk.Stderr {
			cls = "term-err"
		}
		if class != "" {
			cls += " " + class
		}
		text, cut, stopped := chunk.Text, false, false
		if res.Cut && chunk.Stderr {
			text, cut = strings.CutSuffix(text, kubectl.CutNote())
		}
		if w := res.StoppedWaiting; w != nil && chunk.Stderr {
			text, stopped = strings.CutSuffix(text, kubectl.StoppedWaitingNote(*w))
		}
		if text != "" {
			a.termText(text, cls)
		}
		if cut {
			size := sizeText(kubectl.MaxOutputBytes)
			a.termNote(a.tr("term.kubectlcut", size, size))
		}
		if stopped {
			a.termNote(a.stoppedWaitingNote(*res.StoppedWaiting))
		}
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

// execInteractive recognises `kubectl exec -it POD [-c C] [-n NS] -- sh|bash`.
func execInteractive(f []string) (namespace, pod, container string, ok bool) {
	namespace = "default"
	if len(f) < 3 || f[1] != "exec" {
		return "", "", "", false
	}
	interactive := false
	for i := 2; i < len(f); i++ {
		switch w := f[i]; {
		case w == "--":
			rest := f[i+1:]
			ok = interactive && pod != "" && len(rest) == 1 && (rest[0] == "sh" || rest[0] == "bash" || rest[0] == "/bin/sh")
			return namespace, pod, container, ok
		case w == "-it" || w == "-ti" || w == "-i" || w == "-t" || w == "--stdin" || w == "--tty":
			interactive = true
		case w == "-c" || w == "--container":
			if i+1 < len(f) {
				container = f[i+1]
				i++
			}
		case w == "-n" || w == "--namespace":
			if i+1 < len(f) {
				namespace = f[i+1]
				i++
			}
		case strings.HasPrefix(w, "--namespace="):
			namespace = strings.TrimPrefix(w, "--namespace=")
		case !strings.HasPrefix(w, "-") && pod == "":
			pod = strings.TrimPrefix(w, "pod/")
		}
	}
	return "", "", "", false
}

// pollWatch prints the rows of an open `get -w` for what changed.
func (a *app) pollWatch() {
	u := a.ui
	if u == nil || u.watch == nil {
		return
	}
	if rows := u.watch.Poll(); rows != "" {
		a.termText(rows, "term-stdout")
	}
}

// stopWatch ends an open watch; interrupted prints ^C as the terminal does.
func (a *app) stopWatch(interrupted bool) {
	u := a.ui
	if u.watch == nil {
		return
	}
	a.pollWatch()
	u.watch.Stop()
	u.watch = nil
	if interrupted {
		a.termText("^C", "term-note term-ctrlc")
	}
	a.updatePrompt()
}

// interrupt is Ctrl+C: it stops a watch or a settle, or clears the line.
func (a *app) interrupt() {
	u := a.ui
	switch {
	case u.watch != nil:
		a.stopWatch(true)
	case a.settling.active:
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
	case u.shell != nil:
		u.prompt.SetTextContent(u.shell.Prompt())
		u.termInput.SetAttribute("placeholder", "exit")
	case u.watch != nil:
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
		a.termText(a.tr("term.simhelp", strings.Join(a.simCommands(), ", ")), "term-note")
		return
	}
	switch args[0] {
	case "advance":
		if len(args) != 2 {
			a.termText(a.tr("term.simhelp", strings.Join(a.simCommands(), ", ")), "term-err")
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
		a.advanceWatching(d)
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
		out, err := a.cluster.Sim(args)
		if out != "" {
			a.termText(out, "term-stdout")
		}
		if err != nil {
			a.termText("error: "+err.Error(), "term-err")
		}
		a.render(false)
	}
}

// advanceWatching advances time; with a watch open it stops at each
// scheduled instant and polls there, so each row's AGE is right.
func (a *app) advanceWatching(d time.Duration) {
	w := a.ui.watch
	if w == nil {
		a.cluster.Advance(d)
		return
	}
	clk := a.cluster.Clock()
	target := clk.Now().Add(d)
	for {
		next, ok := clk.Next()
		if !ok || next.After(target) {
			a.cluster.Advance(target.Sub(clk.Now()))
			a.pollWatch()
			return
		}
		a.cluster.Advance(next.Sub(clk.Now()))
		a.pollWatch()
	}
}

// termCommand echoes a command line.
func (a *app) termCommand(line string) {
	a.termAppend(a.el("div", "term-cmd", line))
}

// termText prints output; trailing newlines are dropped (each block is a
// line). Of a very long output only the last maxOutputLines lines and
// maxOutputBytes bytes are kept, after a note that says what was cut.
func (a *app) termText(text, class string) {
	text, cutLines := lastLines(strings.TrimRight(text, "\n"), maxOutputLines)
	text, cutBytes := lastBytes(text, maxOutputBytes)
	switch {
	case cutBytes > 0:
		a.termNote(a.tr("term.cutbytes", sizeText(cutBytes), sizeText(maxOutputBytes), maxOutputLines))
	case cutLines > 0:
		a.termNote(a.tr("term.cut", cutLines, maxOutputLines))
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
