package kubectl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRefusesCommandLinesOver64KiB(t *testing.T) {
	e := newEnv(t)
	rev := e.st.Revision()
	line := "kubectl label ns default " + strings.Repeat("a=b ", 20000)
	r := Run(e, line, "")
	assert.Equal(t, 1, r.ExitCode)
	assert.Equal(t, "error: the command line is 78.1 KiB; kubeloop's terminal accepts at most 64 KiB per command (put long input in a manifest and use -f -)\n", r.Stderr)
	assert.Empty(t, r.Stdout)
	assert.Equal(t, rev, e.st.Revision(), "nothing changed")

	r = Run(e, "kubectl get ns default "+strings.Repeat(" ", MaxCommandLine-len("kubectl get ns default ")), "")
	assert.Equal(t, 0, r.ExitCode, "exactly 64 KiB runs: %s", r.Stderr)
}
