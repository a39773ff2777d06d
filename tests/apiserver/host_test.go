//go:build !js

package apiserver

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// binary is the kubeloop built for these tests (TestMain).
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kubeloop-apiserver")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "kubeloop")
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	build := exec.Command(gobin, "build", "-o", binary, "github.com/kubeloop/kubeloop/cmd/kubeloop")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building kubeloop:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// host is one `kubeloop serve --api` process.
type host struct {
	cmd        *exec.Cmd
	url        string
	kubeconfig string
	exited     chan error
}

// serve starts kubeloop serve --api on a free loopback port, with the
// extra flags given, and waits until it serves. The test ends it with
// SIGINT and checks that it stops cleanly.
func serve(t *testing.T, flags ...string) *host {
	t.Helper()
	h := &host{kubeconfig: filepath.Join(t.TempDir(), "kubeconfig"), exited: make(chan error, 1)}
	args := append([]string{"serve", "--addr", "", "--api", "127.0.0.1:0", "--kubeconfig", h.kubeconfig}, flags...)
	h.cmd = exec.Command(binary, args...)
	stdout, err := h.cmd.StdoutPipe()
	require.NoError(t, err)
	h.cmd.Stderr = os.Stderr
	require.NoError(t, h.cmd.Start())
	go func() { h.exited <- h.cmd.Wait() }()
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if rest, ok := strings.CutPrefix(lines.Text(), "kubeloop: serving the Kubernetes API at "); ok {
			h.url, _, _ = strings.Cut(rest, ",")
			break
		}
	}
	require.NotEmpty(t, h.url, "kubeloop serve --api said where it serves")
	go io.Copy(io.Discard, stdout)
	t.Cleanup(func() { h.stop(t) })
	return h
}

// stop interrupts the server as Ctrl+C does; it must exit 0 within a few
// seconds, open watches and all.
func (h *host) stop(t *testing.T) {
	if h.cmd.ProcessState != nil {
		return
	}
	h.cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-h.exited:
		assert.NoError(t, err, "kubeloop serve exits 0 on SIGINT")
	case <-time.After(10 * time.Second):
		h.cmd.Process.Kill()
		t.Error("kubeloop serve did not stop within 10s of SIGINT")
	}
}

// kubectlPath is the real kubectl, or the test is skipped — unless
// KUBELOOP_REQUIRE_KUBECTL=1 (CI) makes a missing kubectl a failure.
func kubectlPath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("kubectl")
	if err != nil {
		if os.Getenv("KUBELOOP_REQUIRE_KUBECTL") == "1" {
			t.Fatalf("KUBELOOP_REQUIRE_KUBECTL=1 but kubectl is not on PATH: %v", err)
		}
		t.Skipf("the real kubectl is not on PATH (%v); set KUBELOOP_REQUIRE_KUBECTL=1 to make this a failure", err)
	}
	return p
}

// kubectl runs the real kubectl against the host, with its kubeconfig,
// and returns its combined output.
func (h *host) kubectl(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return h.kubectlWith(t, h.kubeconfig, args...)
}

func (h *host) kubectlWith(t *testing.T, kubeconfig string, args ...string) (string, error) {
	t.Helper()
	return h.run(t, kubeconfig, "", args...)
}

// kubectlStdin runs kubectl with stdin.
func (h *host) kubectlStdin(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	return h.run(t, h.kubeconfig, stdin, args...)
}

func (h *host) run(t *testing.T, kubeconfig, stdin string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, kubectlPath(t), args...)
	cmd.Env = append(os.Environ(), "KUBECONFIG="+kubeconfig, "HOME="+t.TempDir())
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// post sends a request to the host's control endpoints or API, with the
// kubeconfig's token when it has one.
func (h *host) post(t *testing.T, path string) *http.Response {
	t.Helper()
	resp, err := http.Post(h.url+path, "", nil)
	require.NoError(t, err)
	resp.Body.Close()
	return resp
}
