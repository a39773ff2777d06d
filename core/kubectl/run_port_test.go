package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// kubectl run --port sets the container's port; a port that is not a
// decimal 32-bit number is refused and nothing is created.
func TestRunPort(t *testing.T) {
	e := newEnv(t)
	r := e.run("kubectl run web --image=nginx --port=8080")
	assert.Equal(t, "pod/web created\n", r.Stdout)
	assert.Contains(t, e.run("kubectl get pod web -o yaml").Stdout, "    ports:\n    - containerPort: 8080\n      protocol: TCP\n")

	for _, bad := range []string{"http", "0x50", "99999999999"} {
		r = e.run("kubectl run bad --image=nginx --port=" + bad)
		assert.Equal(t, "error: invalid port \""+bad+"\"\n", r.Stderr, bad)
		assert.Contains(t, e.run("kubectl get pod bad").Stderr, "NotFound", bad)
	}
}
