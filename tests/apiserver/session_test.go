//go:build !js

package apiserver

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// requireResources fails at once, saying why, when the API serves no
// resources yet.
func requireResources(t *testing.T, h *host) {
	t.Helper()
	resp, err := http.Get(h.url + "/api/v1/namespaces")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode, "GET /api/v1/namespaces: the API's resources (issue 35's CRUD part) are not served")
}

func TestARawWatchStreamsUntilItsTimeoutInSimulatedTime(t *testing.T) {
	kubectlPath(t)
	h := serve(t, "--speed", "0")
	requireResources(t, h)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, kubectlPath(t), "get", "--raw", "/api/v1/namespaces?watch=1&timeoutSeconds=30")
	cmd.Env = append(os.Environ(), "KUBECONFIG="+h.kubeconfig, "HOME="+t.TempDir())
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	lines := bufio.NewScanner(stdout)
	var names []string
	for len(names) < 4 && lines.Scan() {
		var ev struct {
			Type   string `json:"type"`
			Object struct {
				Kind     string `json:"kind"`
				Metadata struct{ Name string }
			} `json:"object"`
		}
		require.NoError(t, json.Unmarshal(lines.Bytes(), &ev), lines.Text())
		assert.Equal(t, "ADDED", ev.Type)
		assert.Equal(t, "Namespace", ev.Object.Kind)
		names = append(names, ev.Object.Metadata.Name)
	}
	assert.Equal(t, []string{"default", "kube-node-lease", "kube-public", "kube-system"}, names)
	// The watch ends after 30 simulated seconds, however long that takes
	// in wall time.
	require.Equal(t, 200, h.post(t, "/kubeloop/v1/advance?duration=29s").StatusCode)
	done := make(chan error, 1)
	go func() { io.Copy(io.Discard, stdout); done <- cmd.Wait() }()
	select {
	case <-done:
		t.Fatal("the watch ended before its timeout")
	case <-time.After(300 * time.Millisecond):
	}
	require.Equal(t, 200, h.post(t, "/kubeloop/v1/advance?duration=1s").StatusCode)
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("the watch went on past its timeout")
	}
}

// lockedBuffer collects a background command's output.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestALearnersSessionWithTheRealKubectl(t *testing.T) {
	kubectlPath(t)
	h := serve(t, "--speed", "30")
	requireResources(t, h)

	// kubectl get pods -w, from before the deployment exists.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	watch := exec.CommandContext(ctx, kubectlPath(t), "get", "pods", "-w")
	watch.Env = append(os.Environ(), "KUBECONFIG="+h.kubeconfig, "HOME="+t.TempDir())
	var watched lockedBuffer
	watch.Stdout, watch.Stderr = &watched, &watched
	require.NoError(t, watch.Start())
	defer watch.Wait()
	time.Sleep(500 * time.Millisecond) // the watch is open before the pods exist

	out, err := h.kubectl(t, "create", "deployment", "web", "--image=nginx:1.27", "--replicas=2")
	require.NoError(t, err, out)
	assert.Equal(t, "deployment.apps/web created\n", out)

	out, err = h.kubectl(t, "rollout", "status", "deployment/web", "--timeout=60s")
	require.NoError(t, err, out)
	assert.Contains(t, out, `deployment "web" successfully rolled out`)

	require.Eventually(t, func() bool { return strings.Count(watched.String(), "Running") >= 2 }, 20*time.Second, 100*time.Millisecond,
		"kubectl get pods -w saw both pods run:\n%s", watched.String())
	cancel()
	seen := watched.String()
	assert.True(t, strings.HasPrefix(seen, "NAME "), "the watch prints its header first:\n%s", seen)
	assert.Regexp(t, `web-[a-z0-9]+-[a-z0-9]{5} +0/1 +(Pending|ContainerCreating)`, seen, "pods arrive before they run")

	out, err = h.kubectl(t, "get", "pods", "-l", "app=web", "-o", "jsonpath={.items[0].metadata.name}")
	require.NoError(t, err, out)
	pod := out
	out, err = h.kubectl(t, "exec", pod, "--", "ls", "/")
	require.NoError(t, err, out)
	assert.Contains(t, strings.Fields(out), "etc")
	assert.Contains(t, strings.Fields(out), "usr")

	out, err = h.kubectlStdin(t, "hello\nworld\n", "exec", "-i", pod, "--", "cat")
	require.NoError(t, err, out)
	assert.Equal(t, "hello\nworld\n", out, "stdin reaches the command, and its end ends it")

	out, err = h.kubectlStdin(t, "cd /etc\npwd\nexit 4\n", "exec", "-i", pod, "--", "sh")
	require.Error(t, err)
	assert.Equal(t, "/etc\ncommand terminated with exit code 4\n", out, "a shell reads its lines as they come")

	out, err = h.kubectl(t, "exec", pod, "--", "sh", "-c", "exit 3")
	require.Error(t, err)
	assert.Equal(t, "command terminated with exit code 3\n", out)
	var exitErr *exec.ExitError
	require.ErrorAs(t, err, &exitErr)
	assert.Equal(t, 3, exitErr.ExitCode(), "kubectl exits with the command's code")

	out, err = h.kubectl(t, "delete", "deployment", "web")
	require.NoError(t, err, out)
	assert.Equal(t, "deployment.apps \"web\" deleted\n", out)
}
