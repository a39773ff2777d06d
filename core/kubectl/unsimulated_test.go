package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A real kubectl command this terminal does not run says so and why; a
// word kubectl does not know is still an unknown command.
func TestUnsimulatedCommands(t *testing.T) {
	e := newEnv(t)
	for verb := range unsimulated {
		assert.Nil(t, commands[verb], "%s is both run and listed as not simulated", verb)
		r := e.run("kubectl " + verb + " web-1")
		assert.Equal(t, 1, r.ExitCode, verb)
		assert.Regexp(t, `^error: "kubectl `+verb+`" is not simulated here: .+\n$`, r.Stderr)
	}
	r := e.run("kubectl attach web-1")
	assert.Contains(t, r.Stderr, "kubectl logs POD", "a command that works here")
	r = e.run("kubectl frob")
	assert.Equal(t, "Error: unknown command \"frob\" for \"kubectl\"\n", r.Stderr)
}
