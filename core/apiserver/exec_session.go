package apiserver

import (
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/shell"
)

// maxExecStdin bounds what a command's stdin gathers before it runs: the
// API server's own request limit.
const maxExecStdin = 3 << 20

// execSession is one exec (or attach) on the remote-command protocol. A
// command runs when its input is complete: at once without stdin, at the
// client's end of stdin otherwise (v5 says so with [255, 0]; v4 cannot, so
// there a command runs at once with no input). An interactive shell (sh
// with stdin) runs each line as it is typed, with a terminal's echo and
// prompt when tty is set.
type execSession struct {
	s         *Server
	namespace string
	pod       string
	opts      execOptions
	v5        bool

	shell *shell.Session // an interactive shell, or nil
	line  []byte         // the line being typed (a shell)
	esc   int            // where in a terminal escape sequence the input is (exec_terminal.go)
	cr    bool           // the last byte typed was \r
	stdin []byte         // what a command reads, until the end of stdin

	pending [][]byte
	done    bool
}

func (s *Server) newExecSession(namespace, pod string, opts execOptions, proto string) *execSession {
	x := &execSession{s: s, namespace: namespace, pod: pod, opts: opts, v5: proto == protocolV5}
	switch {
	case opts.stdin && !opts.attach && shell.Interactive(opts.command):
		sh, errText := s.c.Shell(namespace, pod, opts.container)
		if sh == nil {
			x.fail(strings.TrimSuffix(strings.TrimPrefix(errText, "error: "), "\n"))
			break
		}
		x.shell = sh
		x.prompt()
	case opts.stdin && x.v5:
		// Wait for the end of stdin.
	default:
		x.run("")
	}
	return x
}

// Input takes one message from the client.
func (x *execSession) Input(msg []byte) {
	if x.done || len(msg) == 0 {
		return
	}
	switch msg[0] {
	case chanStdin:
		if x.opts.stdin {
			x.typed(msg[1:])
		}
	case chanClose:
		if len(msg) > 1 && msg[1] == chanStdin && x.opts.stdin {
			x.endOfInput()
		}
	}
}

// Poll returns the messages ready since the last call.
func (x *execSession) Poll() ([][]byte, bool) {
	out := x.pending
	x.pending = nil
	return out, x.done
}

// Close ends the session (the client went away): the shell ends with it.
func (x *execSession) Close() { x.done, x.shell, x.pending = true, nil, nil }

// typed takes stdin's bytes.
func (x *execSession) typed(b []byte) {
	switch {
	case x.shell != nil && x.opts.tty:
		x.terminal(b)
	case x.shell != nil:
		x.line = append(x.line, b...)
		for !x.done {
			i := strings.IndexByte(string(x.line), '\n')
			if i < 0 {
				break
			}
			line := string(x.line[:i])
			x.line = x.line[i+1:]
			x.runLine(line)
		}
	default:
		x.stdin = append(x.stdin, b[:min(len(b), maxExecStdin-len(x.stdin))]...)
	}
}

// endOfInput is the client's end of stdin: a command runs now, a shell
// runs what is left of its input and exits as sh does at end of file.
func (x *execSession) endOfInput() {
	if x.shell == nil {
		x.run(string(x.stdin))
		return
	}
	if len(x.line) > 0 {
		line := string(x.line)
		x.line = nil
		x.runLine(line)
	}
	if !x.done {
		x.finish(x.shell.Status())
	}
}

// run runs the command (or the container's own, for attach) with stdin
// and ends the session with its exit status.
func (x *execSession) run(stdin string) {
	var stdout, stderr string
	var code int
	if x.opts.attach {
		stdout, stderr, code = x.s.c.Attach(x.namespace, x.pod, x.opts.container, stdin)
	} else {
		stdout, stderr, code = x.s.c.Exec(x.namespace, x.pod, x.opts.container, x.opts.command, stdin)
	}
	// The cluster words the runtime's refusal as kubectl prints it; the
	// API server sends it as an InternalError Status, which kubectl prints
	// after "error: ".
	if msg, ok := strings.CutPrefix(stderr, "error: Internal error occurred: "); ok && code == 1 && stdout == "" {
		x.fail("Internal error occurred: " + strings.TrimSuffix(msg, "\n"))
		return
	}
	x.output(stdout, stderr)
	x.finish(code)
}

// runLine runs one line typed at the shell.
func (x *execSession) runLine(line string) {
	r, exited := x.shell.Line(line)
	x.output(r.Stdout, r.Stderr)
	if exited {
		x.finish(x.shell.Status())
		return
	}
	x.prompt()
}

// prompt shows the shell's prompt on a terminal (sh shows none when its
// input is no terminal).
func (x *execSession) prompt() {
	if x.opts.tty {
		x.send(chanStdout, x.shell.Prompt())
	}
}

// output sends what a command printed: on a terminal, both streams on
// stdout with its line ends as a terminal makes them (\r\n).
func (x *execSession) output(stdout, stderr string) {
	if x.opts.tty {
		x.send(chanStdout, strings.ReplaceAll(stdout+stderr, "\n", "\r\n"))
		return
	}
	if x.opts.stdout {
		x.send(chanStdout, stdout)
	}
	if x.opts.stderr {
		x.send(chanStderr, stderr)
	}
}

// send queues data on a channel; nothing is sent for no data.
func (x *execSession) send(ch byte, data string) {
	if data == "" {
		return
	}
	msg := make([]byte, 0, len(data)+1)
	msg = append(msg, ch)
	x.pending = append(x.pending, append(msg, data...))
}

// execStatus is the Status on the error channel: metav1.Status with no
// type, as the kubelet writes it.
type execStatus struct {
	Metadata struct{}         `json:"metadata"`
	Status   string           `json:"status"`
	Message  string           `json:"message,omitempty"`
	Reason   string           `json:"reason,omitempty"`
	Details  *execStatusCause `json:"details,omitempty"`
	Code     int              `json:"code,omitempty"`
}

type execStatusCause struct {
	Causes []StatusCause `json:"causes"`
}

// finish ends the session with the command's exit status: Success, or the
// NonZeroExitCode Failure whose ExitCode cause kubectl exits with.
func (x *execSession) finish(code int) {
	st := execStatus{Status: "Success"}
	if code != 0 {
		n := strconv.Itoa(code)
		st = execStatus{Status: "Failure", Reason: "NonZeroExitCode",
			Message: "command terminated with non-zero exit code: error executing command [" + strings.Join(x.opts.command, " ") + "], exit code " + n,
			Details: &execStatusCause{Causes: []StatusCause{{Type: "ExitCode", Message: n}}}}
	}
	x.end(st)
}

// fail ends the session with a failure that is no exit status.
func (x *execSession) fail(message string) {
	x.end(execStatus{Status: "Failure", Reason: "InternalError", Message: message, Code: 500})
}

func (x *execSession) end(st execStatus) {
	x.send(chanError, string(mustMarshal(st)))
	x.done, x.shell = true, nil
}
