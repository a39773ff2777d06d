package kubectl

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestOutputKeepsStreamsAndTheirOrder: each stream keeps its own text, and
// the log keeps both in the order written, runs of one stream merged.
func TestOutputKeepsStreamsAndTheirOrder(t *testing.T) {
	c := &invocation{}
	c.out.log, c.err.log, c.err.stderr = &c.log, &c.log, true
	c.out.WriteString("node/node-2 cordoned\n")
	fmt.Fprintf(&c.out, "evicting pod %s\n", "default/a")
	c.err.WriteString("error when evicting pods/\"a\" (will retry after 5s)\n")
	c.out.WriteString("pod/a evicted\n")
	c.out.WriteString("") // nothing, and no empty chunk

	assert.Equal(t, "node/node-2 cordoned\nevicting pod default/a\npod/a evicted\n", c.out.String())
	assert.Equal(t, "error when evicting pods/\"a\" (will retry after 5s)\n", c.err.String())
	assert.Equal(t, []Chunk{
		{Text: "node/node-2 cordoned\nevicting pod default/a\n"},
		{Stderr: true, Text: "error when evicting pods/\"a\" (will retry after 5s)\n"},
		{Text: "pod/a evicted\n"},
	}, chunks(c.log))

	r := Result{Output: chunks(c.log)}
	assert.Equal(t, "node/node-2 cordoned\nevicting pod default/a\nerror when evicting pods/\"a\" (will retry after 5s)\npod/a evicted\n", r.Interleaved())
	assert.Equal(t, "error: x\n", Result{Output: []Chunk{{Stderr: true, Text: "error: x"}}}.Interleaved(), "ends in a newline")
	assert.Equal(t, "", Result{}.Interleaved())
}

// TestRunResultHasBothStreamsInOrder: a command that writes both streams
// returns them apart and together.
func TestRunResultHasBothStreamsInOrder(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl get pods nosuch")
	assert.Equal(t, 1, r.ExitCode)
	assert.Equal(t, r.Stderr, r.Interleaved())
	r = e.run("kubectl get ns default")
	assert.Equal(t, r.Stdout, r.Interleaved())
}
