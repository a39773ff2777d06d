// Package transcript runs a script of kubectl and sim commands against a
// simulated cluster and returns what a terminal would have shown. The same
// scripts are scenario tests (compare the output with a golden file) and
// lessons (show it to a learner).
//
// Script syntax, one command per line:
//
//	# a comment              echoed as is
//	(blank line)             echoed
//	kubectl ARGS...          run; echoed as "$ kubectl ARGS...", then stdout, then stderr
//	k ARGS...                the same: k is kubectl's alias, echoed as written
//	kubectl apply -f - <<EOF heredoc: the lines up to the delimiter are stdin
//	sim advance 30s          move simulated time forward (Go durations, 1m30s)
//	sim settle [MAX]         run until quiescent, at most MAX (default 10m)
//
// `kubectl exec -it POD -- sh` and `kubectl run -it … sh` open a shell:
// the lines that follow, up to and including `exit`, are typed into it and
// echoed after its prompt ("/ # hostname").
//
// A line ending in a backslash continues on the next line. A failing
// command is output, not an error: Run's error is only for a malformed
// script (an unterminated heredoc).
//
// `kubectl get … -w` prints its table and keeps watching while the sim
// commands that follow it run: under each one's echo come the rows for the
// changes it caused, as a second terminal would show them. Time then moves
// a second at a time, so each row's AGE is what kubectl would have printed
// when the change happened. Any other line (a command, a comment, a blank
// line) ends the watch, as Ctrl+C would — except a command run beside it.
//
// A line that starts with "& " runs in a second terminal, beside the watch,
// which stays open:
//
//	kubectl get pods -w -l app=nginx
//	& kubectl delete pod web-0 web-1
//	sim settle
//
// Every line the second terminal shows is marked "& ": its echo ("& $
// kubectl delete pod web-0 web-1"), then its output. Under them come the
// watch's rows for what the command changed — also while it waited (delete
// --wait, rollout status), each at the instant it happened — and the sim
// lines that follow go on printing rows as before. Without a watch open, a
// "& " line is an ordinary command, marked all the same. A second terminal
// keeps no watch or shell of its own: one it opens is closed at once.
//
// # Time between commands
//
// A real cluster keeps working while a person types: after `kubectl delete
// deployment fg --cascade=foreground --wait=false`, the next `kubectl get
// deploy fg` a person types is already NotFound. By default no time passes
// between a transcript's commands — only sim lines and commands that wait
// move the clock — so goldens and lessons show each command's immediate
// effect and do not depend on typing speed. Options.Pace models the person:
// before each top-level kubectl command (not a sim line, a shell line or a
// "& " command run beside a watch) the cluster runs for Pace of simulated
// time, with any open watch closed first, as the person pressed Ctrl+C
// before typing. It is off by default; a comparison with a real cluster
// (the parity run) turns it on, at a typist's pace of about a second.
package transcript

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/kubectl"
)

// Sim is what a transcript drives (core/cluster implements it).
type Sim interface {
	kubectl.Env
	Advance(d time.Duration)
	// Settle advances until quiescent (nothing queued, no timer due but
	// housekeeping) or max; it reports whether it settled and the simulated
	// time it took.
	Settle(max time.Duration) (settled bool, took time.Duration)
}

// DefaultSettle is how long `sim settle` waits without an argument.
const DefaultSettle = 10 * time.Minute

// MaxAdvance bounds the simulated time one `sim advance D` or `sim settle
// MAX` may cover. Time is simulated task by task — every heartbeat, every
// lease renewal — so a year asked for by mistake (or by a hostile link)
// would hold a browser tab for hours; a day takes seconds. Advance again
// to go further.
const MaxAdvance = 24 * time.Hour

// CheckAdvance refuses a duration beyond MaxAdvance, naming the limit.
func CheckAdvance(d time.Duration) error {
	if d > MaxAdvance {
		return fmt.Errorf("%s is more than kubeloop simulates in one command: at most %s; run it again to go further", d, MaxAdvance)
	}
	return nil
}

// Options change how a transcript runs.
type Options struct {
	// Pace is the simulated time that passes before each top-level
	// kubectl command, as a person types it (see "Time between commands");
	// 0, the default, lets none pass.
	Pace time.Duration
}

// Run runs script against sim and returns the terminal output, ending in a
// newline. It never panics.
func Run(sim Sim, script string) (output string, err error) {
	return RunWith(sim, script, Options{})
}

// RunWith is Run with options. A Pace beyond MaxAdvance is an error.
func RunWith(sim Sim, script string, opts Options) (output string, err error) {
	if err := opts.check(); err != nil {
		return "", err
	}
	r := &runner{sim: sim, opts: opts}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(&r.out, "error: internal error in kubeloop's transcript runner (please report it): %v\n", p)
			output = r.out.String()
		}
	}()
	defer r.closeWatch()
	return r.run(scriptLines(script))
}

// check refuses a Pace that is negative or beyond MaxAdvance.
func (o Options) check() error {
	if o.Pace < 0 {
		return fmt.Errorf("pace %s is negative", o.Pace)
	}
	return CheckAdvance(o.Pace)
}

// scriptLines splits a script into lines. A CRLF ends a line as LF does,
// and the script's final newline ends its last line rather than starting
// an empty one.
func scriptLines(script string) []string {
	lines := strings.Split(strings.ReplaceAll(script, "\r\n", "\n"), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	return lines
}

// runner is a transcript as it runs: the terminal output so far and the
// watch left open in it.
type runner struct {
	sim   Sim
	opts  Options
	out   strings.Builder
	watch *kubectl.Watch // an open `get -w`, until the next non-sim line
}

// run runs the script's lines in order and returns the terminal output.
func (r *runner) run(lines []string) (string, error) {
	for i := 0; i < len(lines); {
		if isCommentOrBlank(lines[i]) {
			r.closeWatch()
			r.out.WriteString(lines[i] + "\n")
			i++
			continue
		}
		c, next, err := readCommand(lines, i)
		if err != nil {
			return r.out.String(), err
		}
		if c.beside {
			r.runBeside(c)
			i = next
			continue
		}
		i = r.runTyped(c, lines, next)
	}
	return r.out.String(), nil
}

// isCommentOrBlank reports a line echoed as is: blank or a # comment.
func isCommentOrBlank(line string) bool {
	trimmed := strings.TrimSpace(line)
	return trimmed == "" || strings.HasPrefix(trimmed, "#")
}

// closeWatch ends the open watch, if any, as Ctrl+C would.
func (r *runner) closeWatch() {
	r.watch.Stop()
	r.watch = nil
}

// command is one command of a script: the lines that echo it, the command
// line they run as, the here-document that is its stdin, and whether it
// runs beside the watch.
type command struct {
	echo   []string
	line   string
	stdin  string
	beside bool
}

// prompted is the command's echo after the prompt.
func (c command) prompted() string {
	return "$ " + strings.Join(c.echo, "\n") + "\n"
}

// readCommand reads the command that starts at lines[i]: its "& " mark,
// the lines a trailing backslash continues it on (echoed as written, run
// joined), and the here-document it opens. It returns the command and the
// index of the line after it; an unterminated here-document is an error.
func readCommand(lines []string, i int) (command, int, error) {
	line := lines[i]
	c := command{beside: isBeside(line)}
	if c.beside {
		line = strings.TrimPrefix(strings.TrimLeft(line, " \t"), BesideMark)
	}
	c.echo = []string{line}
	for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
		i++
		c.echo = append(c.echo, lines[i])
		line = strings.TrimSuffix(line, "\\") + " " + lines[i]
	}
	line, delim, stripTabs, hasHeredoc := cutHeredoc(line)
	c.line = strings.TrimSpace(line)
	if !hasHeredoc {
		return c, i + 1, nil
	}
	stdin, end := readHeredoc(lines, i+1, delim, stripTabs)
	if end < 0 {
		return c, 0, fmt.Errorf("line %d: here-document delimited by %q is not terminated", i+1, delim)
	}
	c.echo = append(c.echo, lines[i+1:end+1]...)
	c.stdin = stdin
	return c, end + 1, nil
}

// readHeredoc reads the here-document whose body starts at lines[start]
// and returns it as stdin, each line ending in a newline (none for an
// empty body) and with its leading tabs stripped for <<-, and the index of
// the line holding delim. Without that line end is -1.
func readHeredoc(lines []string, start int, delim string, stripTabs bool) (stdin string, end int) {
	var b strings.Builder
	for j := start; j < len(lines); j++ {
		l := lines[j]
		if stripTabs {
			l = strings.TrimLeft(l, "\t")
		}
		if l == delim {
			return b.String(), j
		}
		b.WriteString(l + "\n")
	}
	return "", -1
}

// runBeside runs a "& " command in the second terminal: its echo and
// output marked as that terminal's, then the watch's rows for what it
// changed.
func (r *runner) runBeside(c command) {
	res, rows := Beside(r.sim, c.line, c.stdin, r.watch)
	r.out.WriteString(markBeside(c.prompted() + res.Interleaved()))
	r.out.WriteString(rows)
}

// runTyped runs a command in the first terminal and prints its echo and
// output. The watch it opens replaces the open one; a sim command keeps
// it. A shell it opens reads the lines from next on. It returns the index
// of the first line left for the script.
func (r *runner) runTyped(c command, lines []string, next int) int {
	r.pauseToType(c.line)
	r.out.WriteString(c.prompted())
	text, w, session := runCommand(r.sim, c.line, c.stdin, r.watch)
	if w != r.watch {
		r.watch.Stop()
		r.watch = w
	}
	r.out.WriteString(text)
	if session != nil {
		return runSession(session, lines, next, &r.out)
	}
	return next
}

// pauseToType lets Options.Pace of simulated time pass before a kubectl
// command, as the person types it; the person ends an open watch first.
func (r *runner) pauseToType(cmd string) {
	if r.opts.Pace > 0 && isKubectl(cmd) {
		r.closeWatch()
		r.sim.Advance(r.opts.Pace)
	}
}

// isKubectl reports whether cmd runs kubectl (or its alias k).
func isKubectl(cmd string) bool {
	words := strings.Fields(cmd)
	return len(words) > 0 && (words[0] == "kubectl" || words[0] == kubectl.Alias)
}

// runSession feeds the lines from start to an interactive shell, each
// echoed after the shell's prompt, until the shell exits (or the script
// ends, as Ctrl+D would). It returns the index of the first line after.
func runSession(s *kubectl.Session, lines []string, start int, out *strings.Builder) int {
	for i := start; i < len(lines); i++ {
		out.WriteString(s.Prompt() + lines[i] + "\n")
		text, done := s.Line(lines[i])
		out.WriteString(terminated(text))
		if done {
			return i + 1
		}
	}
	out.WriteString(terminated(s.Close()))
	return len(lines)
}

// runCommand runs one command line and returns its output, stdout and
// stderr in the order written and ending in a newline, and the watch open
// after it: a sim command keeps watch open (and prints its rows), a
// `get -w` opens a new one, anything else closes it.
func runCommand(sim Sim, cmd, stdin string, watch *kubectl.Watch) (string, *kubectl.Watch, *kubectl.Session) {
	words := strings.Fields(cmd)
	if len(words) == 0 {
		return "", nil, nil
	}
	switch words[0] {
	case "kubectl", kubectl.Alias:
		r := kubectl.Run(sim, cmd, stdin)
		return r.Interleaved(), r.Watch, r.Session
	case "sim":
		return runSim(sim, words[1:], watch), watch, nil
	}
	return fmt.Sprintf("error: unknown command %q\n", words[0]), nil, nil
}

// advance moves time by d. With a watch open it stops at every instant
// something is scheduled and polls there, so each row is printed (and its
// AGE computed) when its change happened, as on a real terminal.
func advance(sim Sim, d time.Duration, watch *kubectl.Watch) string {
	if watch == nil {
		sim.Advance(d)
		return ""
	}
	clk := sim.Store().Clock()
	target := clk.Now().Add(d)
	var rows strings.Builder
	for {
		next, ok := clk.Next()
		if !ok || next.After(target) {
			sim.Advance(target.Sub(clk.Now()))
			rows.WriteString(watch.Poll())
			return rows.String()
		}
		sim.Advance(next.Sub(clk.Now()))
		rows.WriteString(watch.Poll())
	}
}

// settle runs until quiescent or limit has passed. With a watch open it
// settles up to each scheduled instant in turn — the same tasks in the
// same order as one Settle — polling the watch after each.
func settle(sim Sim, limit time.Duration, watch *kubectl.Watch) (bool, string) {
	if watch == nil {
		settled, _ := sim.Settle(limit)
		return settled, ""
	}
	clk := sim.Store().Clock()
	deadline := clk.Now().Add(limit)
	var rows strings.Builder
	for {
		step := deadline.Sub(clk.Now())
		if next, ok := clk.Next(); ok && next.Before(deadline) {
			step = max(next.Sub(clk.Now()), time.Nanosecond)
		}
		if step <= 0 {
			return false, rows.String()
		}
		settled, _ := sim.Settle(step)
		rows.WriteString(watch.Poll())
		if settled {
			return true, rows.String()
		}
		if !clk.Now().Before(deadline) {
			return false, rows.String()
		}
	}
}

func runSim(sim Sim, args []string, watch *kubectl.Watch) string {
	if len(args) == 0 {
		return "error: sim needs a subcommand: advance DURATION or settle [MAX]\n"
	}
	switch args[0] {
	case "advance":
		if len(args) != 2 {
			return "error: usage: sim advance DURATION (e.g. 30s, 1m30s)\n"
		}
		d, err := time.ParseDuration(args[1])
		if err != nil || d < 0 {
			return fmt.Sprintf("error: invalid duration %q (use e.g. 30s, 1m30s)\n", args[1])
		}
		if err := CheckAdvance(d); err != nil {
			return "error: sim advance " + err.Error() + "\n"
		}
		return advance(sim, d, watch)
	case "settle":
		max := DefaultSettle
		if len(args) > 2 {
			return "error: usage: sim settle [MAX]\n"
		}
		if len(args) == 2 {
			d, err := time.ParseDuration(args[1])
			if err != nil || d <= 0 {
				return fmt.Sprintf("error: invalid duration %q (use e.g. 30s, 1m30s)\n", args[1])
			}
			if err := CheckAdvance(d); err != nil {
				return "error: sim settle " + err.Error() + "\n"
			}
			max = d
		}
		settled, rows := settle(sim, max, watch)
		if !settled {
			return rows + fmt.Sprintf("sim: not settled after %s: still busy (back-offs or retries pending)\n", max)
		}
		return rows
	}
	if ext, ok := sim.(Extended); ok {
		out, err := ext.Sim(args)
		if watch != nil {
			out += watch.Poll()
		}
		if err != nil {
			out += "error: " + err.Error() + "\n"
		}
		return out
	}
	return fmt.Sprintf("error: unknown command \"sim %s\"\n", args[0])
}

// Extended is a Sim with more sandbox commands than advance and settle
// (`sim node add …`, `sim controller-manager kill …`); core/cluster is one.
type Extended interface {
	Sim
	// Sim runs `sim ARGS…` and returns its output; an unknown subcommand
	// is an error that says what exists.
	Sim(args []string) (string, error)
}

// cutHeredoc finds an unquoted "<<WORD" (or "<< WORD", "<<'WORD'",
// "<<-WORD") in a command line and returns the line without it.
func cutHeredoc(line string) (cmd, delim string, stripTabs, ok bool) {
	var quote rune
	for i, c := range line {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '<' && strings.HasPrefix(line[i:], "<<"):
			rest := line[i+2:]
			if strings.HasPrefix(rest, "-") {
				stripTabs, rest = true, rest[1:]
			}
			rest = strings.TrimLeft(rest, " \t")
			word := rest
			after := ""
			if j := strings.IndexAny(rest, " \t"); j >= 0 {
				word, after = rest[:j], rest[j:]
			}
			word = strings.Trim(word, `'"`)
			if word == "" {
				return line, "", false, false
			}
			return strings.TrimRight(line[:i], " \t") + after, word, stripTabs, true
		}
	}
	return line, "", false, false
}

func terminated(s string) string {
	if s != "" && !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
}
