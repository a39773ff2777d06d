package apiserver

// These run the real kubectl against the served cluster: tables, scale,
// logs and drain (whose cordon is a PATCH).

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pageKubectl runs a line with the page's kubectl on the host's cluster.
func (h *testHost) pageKubectl(t *testing.T, line, stdin string) string {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	res := h.c.Kubectl("kubectl "+line, stdin)
	require.Equal(t, 0, res.ExitCode, "%s: %s", line, res.Stderr)
	return res.Stdout
}

// settle lets the served cluster settle.
func (h *testHost) settle() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.c.Settle(2 * time.Minute)
}

// The real kubectl, printing the server's Tables, prints what the page's
// kubectl prints for the same cluster at the same simulated time.
func TestRealKubectlGetPrintsWhatThePagePrints(t *testing.T) {
	h := newTestHost(t)
	h.pageKubectl(t, "create deployment web --image=nginx:1.27 --replicas=2", "")
	h.settle()
	for _, line := range []string{
		"get pods",
		"get pods -o wide",
		"get pods -A",
		"get deploy -o wide",
		"get rs",
		"get nodes",
		"get nodes -o wide",
		"get events",
		"get all",
		"get ns",
		"get svc",
		"get pods --show-labels",
		"get deploy -L app",
		"get pods --sort-by=.metadata.name",
		"get rs,deploy -o wide",
		"get cm",
		"get sa",
		"get lease -n kube-node-lease",
	} {
		out, err := h.kubectl(t, "", strings.Fields(line)...)
		require.NoError(t, err, "%s: %s", line, out)
		assert.Equal(t, h.pageKubectl(t, line, ""), out, line)
	}
	out, err := h.kubectl(t, "", "get", "pods")
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(out, "Running"), out)
}

func TestRealKubectlScale(t *testing.T) {
	h := newTestHost(t)
	h.pageKubectl(t, "create deployment web --image=nginx:1.27 --replicas=2", "")
	h.settle()
	out, err := h.kubectl(t, "", "scale", "deployment/web", "--replicas=3")
	require.NoError(t, err, out)
	assert.Equal(t, "deployment.apps/web scaled\n", out)
	h.settle()
	out, err = h.kubectl(t, "", "get", "deploy", "web", "--no-headers")
	require.NoError(t, err, out)
	assert.Contains(t, out, "3/3")
	out, err = h.kubectl(t, "", "get", "--raw", "/apis/apps/v1/namespaces/default/deployments/web/scale")
	require.NoError(t, err, out)
	assert.Contains(t, out, `"spec":{"replicas":3}`)
}

func TestRealKubectlLogs(t *testing.T) {
	h := newTestHost(t)
	h.pageKubectl(t, "apply -f -", printerPod)
	h.settle()
	out, err := h.kubectl(t, "", "logs", "printer")
	require.NoError(t, err, out)
	assert.Equal(t, "one\ntwo\nthree\n", out)
	out, err = h.kubectl(t, "", "logs", "printer", "--tail=1")
	require.NoError(t, err, out)
	assert.Equal(t, "three\n", out)
	out, err = h.kubectl(t, "", "get", "--raw", "/api/v1/namespaces/default/pods/printer/log?tailLines=2")
	require.NoError(t, err, out)
	assert.Equal(t, "two\nthree\n", out)
	out, err = h.kubectl(t, "", "logs", "printer", "-c", "x")
	require.Error(t, err)
	// kubectl checks the container itself, as against a real server.
	assert.Equal(t, "error: container x is not valid for pod printer\n", out)
}

// kubectl drain evicts through the disruption budget, retrying on 429
// while the simulated clock runs (a drain waits for its pods to go).
func TestRealKubectlDrain(t *testing.T) {
	h := newTestHost(t)
	h.pageKubectl(t, "create deployment web --image=nginx:1.27 --replicas=3", "")
	h.pageKubectl(t, "apply -f -", pdbManifest)
	h.settle()
	node := strings.Fields(h.pageKubectl(t, "get pods -o wide --no-headers", ""))[6]
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go func() {
		for ctx.Err() == nil {
			h.advance(time.Second)
			time.Sleep(20 * time.Millisecond)
		}
	}()
	out, err := h.kubectl(t, "", "drain", node, "--ignore-daemonsets", "--timeout=120s")
	stop()
	require.NoError(t, err, out)
	assert.Contains(t, out, "node/"+node+" cordoned")
	assert.Contains(t, out, "node/"+node+" drained")
	h.settle()
	assert.NotContains(t, h.pageKubectl(t, "get pods -o wide", ""), " "+node+" ")
}
