package kubectl

import (
	"io"

	"github.com/kubeloop/kubeloop/core/shell"
)

// A learner's shell habit is `kubectl get pods | grep web`: the terminal's
// line is a pipeline of core/shell's Terminal, whose commands are the text
// filters and kubectl, added here. Only stdout is piped; kubectl's errors
// still show. A line that is kubectl alone runs as the invocation itself,
// its two streams straight to the terminal: so they keep their order, and
// a watch or an interactive shell it opens stays open.

// terminal is the page terminal's shell with kubectl among its commands.
// Each kubectl of a pipeline is an invocation of its own against the same
// cluster; cut is set when one's output passed its limit.
func (c *invocation) terminal(cut *bool) shell.Terminal {
	kubectl := func(args []string, stdin string, stdout, stderr io.Writer) int {
		p := newInvocation(c.env, stdin, c.observe)
		p.run(args)
		if p.watch != nil || p.session != nil {
			p.watch.Stop()
			p.watch, p.session = nil, nil
			p.out = output{}
			p.fail("a watch (-w) or an interactive shell cannot be piped in this terminal")
		}
		_, _ = io.WriteString(stdout, p.out.String())
		_, _ = io.WriteString(stderr, p.err.String())
		*cut = *cut || p.out.cut || p.err.cut
		if c.stopped == nil {
			c.stopped = p.stopped
		}
		return p.code
	}
	return shell.Terminal{Commands: map[string]shell.CommandFunc{"kubectl": kubectl}}
}

// pipe runs a pipeline of several commands: what its last command printed
// is the invocation's stdout, every command's stderr its stderr, and the
// last command's code its code.
func (c *invocation) pipe(sh shell.Terminal, pipeline [][]string, cut *bool) {
	r := sh.Run(pipeline, c.stdin)
	c.err.WriteString(r.Stderr)
	c.out.WriteString(r.Stdout)
	c.out.cut = c.out.cut || *cut // a kubectl's own output was cut
	c.code = r.Code
}
