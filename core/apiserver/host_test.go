package apiserver

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/stretchr/testify/require"
)

// testHost serves a Server over HTTP on loopback for the real kubectl, as
// cmd/kubeloop does, with what a test needs: the cluster, and kubectl.
type testHost struct {
	mu      sync.Mutex // held for every call on the cluster
	c       *cluster.Cluster
	s       *Server
	http    *httptest.Server
	kubecfg string
}

// newTestHost starts a cluster, serves it, and writes a kubeconfig. Time
// passes only when the test (or a stream's poll, below) advances it.
func newTestHost(t *testing.T) *testHost {
	t.Helper()
	return newTestHostWith(t, cluster.Options{Seed: 1, Controllers: controllers.All()})
}

// newTestHostWith is newTestHost over a cluster made with opts.
func newTestHostWith(t *testing.T, opts cluster.Options) *testHost {
	t.Helper()
	c := cluster.New(opts)
	c.Start()
	c.Settle(time.Minute)
	h := &testHost{c: c}
	h.http = httptest.NewServer(http.HandlerFunc(h.serveHTTP))
	t.Cleanup(h.http.Close)
	h.s = New(c, Options{ServerAddress: h.http.URL})
	h.kubecfg = filepath.Join(t.TempDir(), "kubeconfig")
	cfg := "apiVersion: v1\nkind: Config\nclusters:\n- name: kubeloop\n  cluster:\n    server: " + h.http.URL +
		"\ncontexts:\n- name: kubeloop\n  context:\n    cluster: kubeloop\n    user: kubeloop\n    namespace: default\ncurrent-context: kubeloop\nusers:\n- name: kubeloop\n  user: {}\n"
	require.NoError(t, os.WriteFile(h.kubecfg, []byte(cfg), 0o600))
	return h
}

func (h *testHost) serveHTTP(w http.ResponseWriter, hr *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(hr.Body, 3<<20))
	req := &Request{Method: hr.Method, Path: hr.URL.Path, Query: hr.URL.Query(), Header: hr.Header, Body: body}
	h.mu.Lock()
	resp := h.s.Serve(req)
	h.mu.Unlock()
	for k, v := range resp.Header {
		w.Header().Set(k, v)
	}
	w.WriteHeader(resp.Code)
	w.Write(resp.Body)
	if resp.Stream == nil {
		return
	}
	flusher, _ := w.(http.Flusher)
	defer func() { h.mu.Lock(); resp.Stream.Close(); h.mu.Unlock() }()
	for {
		if flusher != nil {
			flusher.Flush()
		}
		// A stream's client waits on the simulation: each poll lets a
		// little simulated time pass, as the wall clock would.
		h.mu.Lock()
		h.c.Advance(100 * time.Millisecond)
		frames, done := resp.Stream.Poll()
		h.mu.Unlock()
		for _, f := range frames {
			if _, err := w.Write(f); err != nil {
				return
			}
		}
		if done {
			return
		}
		select {
		case <-hr.Context().Done():
			return
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// kubectl runs the real kubectl against the host and returns its combined
// output. Without kubectl on PATH the test is skipped, unless
// KUBELOOP_REQUIRE_KUBECTL=1 (CI) makes that a failure.
func (h *testHost) kubectl(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	if _, err := exec.LookPath("kubectl"); err != nil {
		if os.Getenv("KUBELOOP_REQUIRE_KUBECTL") == "1" {
			t.Fatal("kubectl is not on PATH")
		}
		t.Skip("kubectl is not on PATH")
	}
	cmd := exec.Command("kubectl", args...)
	cmd.Env = append(os.Environ(), "KUBECONFIG="+h.kubecfg, "HOME="+t.TempDir())
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// advance lets simulated time pass on the served cluster.
func (h *testHost) advance(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.c.Advance(d)
}

func TestTheRealKubectlReachesTheHost(t *testing.T) {
	h := newTestHost(t)
	out, err := h.kubectl(t, "", "get", "--raw", "/nothing-here")
	require.Error(t, err)
	require.Contains(t, out, "the server could not find the requested resource")
}
