package cluster

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// grep and the other text filters run in the page's terminal, after a
// kubectl, and inside a pod's shell alike: one shell runs all three.
func TestGrepRunsInTheTerminalAndInPods(t *testing.T) {
	c := New(Options{Seed: 1, Controllers: allControllers})
	_, err := c.Apply(`apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.9.1
---
apiVersion: v1
kind: Pod
metadata:
  name: box
spec:
  containers:
  - name: box
    image: busybox:1.28.4
    command: ["sleep", "3600"]
`)
	require.NoError(t, err)
	c.Settle(0)
	for _, tc := range []struct{ line, stdout string }{
		{"kubectl get pods | grep web | wc -l", "1\n"},
		{"kubectl exec web -- sh -c 'env | grep HOSTNAME'", "HOSTNAME=web\n"},
		{"kubectl exec box -- sh -c 'env | grep HOSTNAME'", "HOSTNAME=box\n"},
		{"kubectl exec box -- grep box /etc/hostname", "box\n"},
		{"kubectl exec web -- sh -c 'env | grep -c HOSTNAME' | wc -l", "1\n"},
	} {
		r := c.Kubectl(tc.line, "")
		assert.Equal(t, tc.stdout, r.Stdout, tc.line)
		assert.Equal(t, "", r.Stderr, tc.line)
		assert.Equal(t, 0, r.ExitCode, tc.line)
	}

	for _, pod := range []string{"web", "box"} {
		r := c.Kubectl("kubectl exec -it "+pod+" -- sh", "")
		require.NotNil(t, r.Session, pod)
		out, done := r.Session.Line("env | grep HOSTNAME | head -1")
		assert.Equal(t, "HOSTNAME="+pod+"\n", out, pod)
		assert.False(t, done)
		out, _ = r.Session.Line("hostname | wc -c")
		assert.Equal(t, "4\n", out, pod)
		_, done = r.Session.Line("exit")
		assert.True(t, done)
	}
}
