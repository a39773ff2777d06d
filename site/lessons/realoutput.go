package lessons

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/transcript"
)

// Printed is one kubectl command of a step and what kubectl printed for it
// — what the same command prints on a real cluster in the same state.
type Printed struct {
	// Command is the line as typed; a heredoc's body is in Stdin.
	Command string
	Stdin   string
	Output  string
}

// Printed runs the lesson on sim, a fresh cluster at the lessons' seed —
// setup, then each step's commands in order, as its test does — and
// returns per step its kubectl commands with their output. `sim` lines
// have no real-cluster counterpart and are left out; what a watch prints
// while they pass time is added to the watch's command, as a terminal
// running `kubectl get … -w` on a real cluster would show it.
//
// The page shows this rather than what the learner's own run printed: it
// is there for every step (also those not reached yet, and challenges'
// solutions), the same on every machine (the seed), and it is what the
// lesson's test checked.
func (le *Lesson) Printed(sim transcript.Sim) ([][]Printed, error) {
	if _, err := transcript.Run(sim, le.SetupScript); err != nil {
		return nil, err
	}
	out := make([][]Printed, len(le.Steps))
	for i := range le.Steps {
		s := &le.Steps[i]
		cmds, script := s.Commands, s.Script
		if watchesAnApply(cmds) {
			cmds = pageOrder(cmds)
			script = ""
			for _, c := range cmds {
				script += c.Script
			}
		}
		text, err := transcript.Run(sim, script)
		if err != nil {
			return nil, err
		}
		out[i] = learnersOrder(splitPrinted(text, cmds))
	}
	return out, nil
}

// A lesson offers a watch before the YAML whose effect it watches. On the
// page the YAML is applied from the editor, and the watch in the terminal
// goes on printing; in a transcript the apply line would end the watch. So
// that the watch's command shows the rows it prints on the page, Printed
// runs such a step with each apply just before its watch (no time passes
// between them, so the watch starts on the same cluster, and the step ends
// in the same state as in its test), then lists the two in the order the
// learner runs them.

// watchesAnApply reports a watch followed directly by a YAML apply.
func watchesAnApply(cmds []Command) bool {
	for i := 0; i+1 < len(cmds); i++ {
		if isWatch(cmds[i].Line) && cmds[i+1].IsApplyYAML() {
			return true
		}
	}
	return false
}

// pageOrder puts each apply that follows a watch before the watch.
func pageOrder(cmds []Command) []Command {
	out := append([]Command(nil), cmds...)
	for i := 0; i+1 < len(out); i++ {
		if isWatch(out[i].Line) && out[i+1].IsApplyYAML() {
			out[i], out[i+1] = out[i+1], out[i]
			i++
		}
	}
	return out
}

// learnersOrder undoes pageOrder on the printed commands.
func learnersOrder(ps []Printed) []Printed {
	for i := 0; i+1 < len(ps); i++ {
		if ps[i].Stdin != "" && isWatch(ps[i+1].Command) {
			ps[i], ps[i+1] = ps[i+1], ps[i]
			i++
		}
	}
	return ps
}

// splitPrinted cuts a step's transcript output at its "$ " lines, one per
// command in order, dropping comments and heredoc bodies.
func splitPrinted(text string, cmds []Command) []Printed {
	var out []Printed
	var cur *Printed // the kubectl command whose output is being read
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	next := 0
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.HasPrefix(line, "$ "):
			if cur != nil {
				out = append(out, *cur)
			}
			cur = nil
			var c Command
			if next < len(cmds) {
				c = cmds[next]
				next++
			}
			if j := strings.Index(line, "<<"); j >= 0 {
				delim := strings.Trim(strings.TrimSpace(strings.TrimPrefix(line[j+2:], "-")), `'"`)
				for i+1 < len(lines) && lines[i+1] != delim {
					i++
				}
				i++ // the delimiter
			}
			if c.IsSim() {
				// Its output (a running watch's rows) goes to the watch.
				if n := len(out); n > 0 && isWatch(out[n-1].Command) {
					p := out[n-1]
					out, cur = out[:n-1], &p
				}
				continue
			}
			cur = &Printed{Command: c.Line, Stdin: c.Stdin}
		case strings.HasPrefix(line, "# ") || line == "#":
		case cur != nil:
			cur.Output += line + "\n"
		}
	}
	if cur != nil {
		out = append(out, *cur)
	}
	return out
}

// isWatch reports a kubectl line that keeps watching: -w or --watch.
func isWatch(line string) bool {
	for _, f := range strings.Fields(line) {
		if f == "-w" || f == "--watch" || f == "--watch=true" || f == "-w=true" {
			return true
		}
	}
	return false
}
