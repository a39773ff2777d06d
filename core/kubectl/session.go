package kubectl

import "github.com/kubeloop/kubeloop/core/shell"

// Sheller opens interactive shells in containers (core/cluster is one).
type Sheller interface {
	// Shell starts a shell in a container; errText is kubectl's error
	// when it cannot.
	Shell(namespace, pod, container string) (s *shell.Session, errText string)
}

// Session is an interactive shell left open by `kubectl exec -it POD --
// sh` or `kubectl run -it … -- sh`: the terminal shows Prompt, sends each
// typed line to Line, and stops when Line reports done (the user typed
// `exit`) or calls Close (Ctrl+D). What kubectl prints once the shell has
// ended (`pod "x" deleted` after --rm) comes back from the last call.
type Session struct {
	sh    *shell.Session
	after func() string // run once when the shell ends
	ended bool
}

// Prompt is the shell's prompt ("/ # " for busybox).
func (s *Session) Prompt() string { return s.sh.Prompt() }

// Line runs one typed line and returns what the terminal shows for it.
func (s *Session) Line(line string) (output string, done bool) {
	if s.ended {
		return "", true
	}
	r, exited := s.sh.Line(line)
	out := r.Stdout + r.Stderr // one terminal shows both
	if exited {
		out += s.Close()
		return out, true
	}
	return out, false
}

// Close ends the shell (end of input) and returns kubectl's last words.
func (s *Session) Close() string {
	if s.ended {
		return ""
	}
	s.ended = true
	if s.after != nil {
		return s.after()
	}
	return ""
}
