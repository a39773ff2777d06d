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
	// Beside: run in a second terminal while the watch before it went on
	// printing (a "& " line).
	Beside bool
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
// command in order, dropping comments and heredoc bodies. A command run
// beside a watch ("& $ …") gets its own "& " lines; the unmarked rows
// under it are the watch's, as are those under the sim lines.
func splitPrinted(text string, cmds []Command) []Printed {
	var out []Printed
	cur, watch, beside := -1, -1, -1 // in out: whose output is being read, the open watch, the last "& " command
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	next := 0
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		marked := strings.HasPrefix(line, transcript.BesideMark)
		switch {
		case strings.HasPrefix(line, "$ ") || marked && strings.HasPrefix(line, transcript.BesideMark+"$ "):
			var c Command
			if next < len(cmds) {
				c = cmds[next]
				next++
			}
			if j := strings.Index(line, "<<"); j >= 0 {
				delim := strings.Trim(strings.TrimSpace(strings.TrimPrefix(line[j+2:], "-")), `'"`)
				if marked {
					delim = transcript.BesideMark + delim
				}
				for i+1 < len(lines) && lines[i+1] != delim {
					i++
				}
				i++ // the delimiter
			}
			if c.IsSim() {
				cur = watch // its output is a running watch's rows
				continue
			}
			out = append(out, Printed{Command: c.Line, Stdin: c.Stdin, Beside: marked})
			switch {
			case marked:
				beside, cur = len(out)-1, watch
			case isWatch(c.Line):
				watch, cur = len(out)-1, len(out)-1
			default:
				watch, cur = -1, len(out)-1
			}
		case marked:
			if beside >= 0 {
				out[beside].Output += strings.TrimPrefix(line, transcript.BesideMark) + "\n"
			}
		case strings.HasPrefix(line, "# ") || line == "#":
		case cur >= 0:
			out[cur].Output += line + "\n"
		}
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
