package transcript

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/kubectl"
)

// BesideMark starts a script line that runs in a second terminal, beside an
// open watch (the package doc), and every line that terminal shows.
const BesideMark = "& "

// isBeside reports a script line marked to run beside the watch.
func isBeside(line string) bool {
	return strings.HasPrefix(strings.TrimLeft(line, " \t"), BesideMark)
}

// Beside runs a kubectl line as a second terminal would while watch, open
// in the first, goes on: it returns the command's result and the watch's
// rows for what changed while it ran, polled between the simulation's
// tasks whenever the command waits, so each row's AGE is the one kubectl
// prints at that instant. The page runs a button's command so while a
// watch is open; with watch nil it is the command alone. A watch or shell
// the command itself opens is closed at once (what it printed is in the
// result's output): the second terminal returns to its prompt.
func Beside(sim kubectl.Env, line, stdin string, watch *kubectl.Watch) (r kubectl.Result, rows string) {
	var b strings.Builder
	poll := func() { b.WriteString(watch.Poll()) }
	r = kubectl.RunObserved(sim, line, stdin, poll)
	if r.Watch != nil {
		if more := r.Watch.Poll(); more != "" {
			r.Output = append(r.Output, kubectl.Chunk{Text: more})
		}
		r.Watch.Stop()
		r.Watch = nil
	}
	if r.Session != nil {
		if more := r.Session.Close(); more != "" {
			r.Output = append(r.Output, kubectl.Chunk{Text: terminated(more)})
		}
		r.Session = nil
	}
	poll()
	return r, b.String()
}

// markBeside marks each line of text as the second terminal's.
func markBeside(text string) string {
	if text == "" {
		return ""
	}
	lines := strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(BesideMark + strings.TrimSuffix(l, "\n") + "\n")
	}
	return b.String()
}
