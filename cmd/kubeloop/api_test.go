package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/apiserver"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// newTestAPI serves a fresh cluster's API with token (or none) on
// loopback, as `kubeloop serve --api` does, with the clock stopped.
func newTestAPI(t *testing.T, token string) (*apiHost, *httptest.Server) {
	t.Helper()
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	h := newAPIHost(c, "http://test", token, 5*time.Second)
	srv := httptest.NewServer(withDeadlines(h, defaultLimits))
	t.Cleanup(func() { h.shutdown(); srv.Close() })
	return h, srv
}

func do(t *testing.T, method, url, token string, body io.Reader) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	require.NoError(t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestWithATokenEveryRequestMustCarryIt(t *testing.T) {
	_, srv := newTestAPI(t, "s3cret")
	for _, token := range []string{"", "wrong", "s3cretX"} {
		resp, body := do(t, "GET", srv.URL+"/api", token, nil)
		assert.Equal(t, 401, resp.StatusCode, "token %q", token)
		// What a real API server answers.
		assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Unauthorized","reason":"Unauthorized","code":401}`, body)
	}
	resp, _ := do(t, "GET", srv.URL+"/kubeloop/v1/clock", "s3cret", nil)
	assert.Equal(t, 200, resp.StatusCode)
	resp, _ = do(t, "GET", srv.URL+"/kubeloop/v1/clock", "", nil)
	assert.Equal(t, 401, resp.StatusCode, "the control endpoints take the token too")
}

func TestABodyOverThreeMebibytesIs413(t *testing.T) {
	h, srv := newTestAPI(t, "")
	served := 0
	h.serve = func(r *apiserver.Request) *apiserver.Response {
		served++
		return &apiserver.Response{Code: 201, Body: []byte(r.Method)}
	}
	resp, body := do(t, "POST", srv.URL+"/api/v1/namespaces/default/configmaps", "", strings.NewReader(strings.Repeat("x", maxRequestBody+1)))
	assert.Equal(t, 413, resp.StatusCode)
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Request entity too large: limit is 3145728","reason":"RequestEntityTooLarge","code":413}`, body)
	// Without a Content-Length the limit holds as the body is read.
	req, _ := http.NewRequest("POST", srv.URL+"/api/v1/namespaces/default/configmaps", io.MultiReader(strings.NewReader(strings.Repeat("x", maxRequestBody)), strings.NewReader("y")))
	req.ContentLength = -1
	resp2, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp2.Body.Close()
	assert.Equal(t, 413, resp2.StatusCode)
	assert.Zero(t, served)

	resp, _ = do(t, "POST", srv.URL+"/api/v1/namespaces/default/configmaps", "", strings.NewReader(strings.Repeat("x", maxRequestBody)))
	assert.Equal(t, 201, resp.StatusCode, "3 MiB itself is taken")
}

func clockOf(t *testing.T, body string) clockState {
	t.Helper()
	var st clockState
	require.NoError(t, json.Unmarshal([]byte(body), &st), body)
	return st
}

func TestTheControlEndpointsAdvanceAndSettleTheClock(t *testing.T) {
	_, srv := newTestAPI(t, "")
	_, body := do(t, "GET", srv.URL+"/kubeloop/v1/clock", "", nil)
	start, err := time.Parse(time.RFC3339Nano, clockOf(t, body).Now)
	require.NoError(t, err)

	resp, body := do(t, "POST", srv.URL+"/kubeloop/v1/advance?duration=90s", "", nil)
	require.Equal(t, 200, resp.StatusCode, body)
	now, _ := time.Parse(time.RFC3339Nano, clockOf(t, body).Now)
	assert.Equal(t, 90*time.Second, now.Sub(start))

	resp, body = do(t, "POST", srv.URL+"/kubeloop/v1/settle?max=5m", "", nil)
	require.Equal(t, 200, resp.StatusCode, body)
	st := clockOf(t, body)
	require.NotNil(t, st.Settled)
	assert.True(t, *st.Settled)

	for _, bad := range []string{"advance", "advance?duration=-1s", "advance?duration=x", "advance?duration=25h", "settle?max=0s"} {
		resp, _ = do(t, "POST", srv.URL+"/kubeloop/v1/"+bad, "", nil)
		assert.Equal(t, 400, resp.StatusCode, bad)
	}
	resp, _ = do(t, "GET", srv.URL+"/kubeloop/v1/advance?duration=1s", "", nil)
	assert.Equal(t, 405, resp.StatusCode)
	resp, _ = do(t, "POST", srv.URL+"/kubeloop/v1/nothing", "", nil)
	assert.Equal(t, 404, resp.StatusCode)
}

// countingStream yields one line per poll, up to n, then ends.
type countingStream struct {
	polls, n int
	closed   bool
}

func (s *countingStream) Poll() ([][]byte, bool) {
	s.polls++
	return [][]byte{[]byte(`{"type":"ADDED","n":` + itoa(s.polls) + "}\n")}, s.polls >= s.n
}
func (s *countingStream) Close() { s.closed = true }

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestAStreamIsPolledAfterEachAdvanceAndFlushedAsItGoes(t *testing.T) {
	h, srv := newTestAPI(t, "")
	st := &countingStream{n: 3}
	h.serve = func(r *apiserver.Request) *apiserver.Response {
		return &apiserver.Response{Code: 200, Header: map[string]string{"Content-Type": "application/json"}, Stream: st}
	}
	resp, err := http.Get(srv.URL + "/api/v1/pods?watch=1")
	require.NoError(t, err)
	defer resp.Body.Close()
	lines := bufio.NewReader(resp.Body)
	first, err := lines.ReadString('\n')
	require.NoError(t, err)
	assert.Equal(t, `{"type":"ADDED","n":1}`+"\n", first, "polled at once, before any advance")
	h.advance(time.Second)
	second, _ := lines.ReadString('\n')
	assert.Equal(t, `{"type":"ADDED","n":2}`+"\n", second, "flushed after the advance")
	h.advance(time.Second)
	third, _ := lines.ReadString('\n')
	assert.Equal(t, `{"type":"ADDED","n":3}`+"\n", third)
	_, err = lines.ReadString('\n')
	assert.Equal(t, io.EOF, err, "the response ends with the stream")
	h.mu.Lock()
	assert.True(t, st.closed)
	h.mu.Unlock()
}

func TestAStreamIsClosedWhenItsClientGoesAway(t *testing.T) {
	h, srv := newTestAPI(t, "")
	st := &countingStream{n: 1 << 30}
	h.serve = func(r *apiserver.Request) *apiserver.Response {
		return &apiserver.Response{Code: 200, Stream: st}
	}
	resp, err := http.Get(srv.URL + "/api/v1/pods?watch=1")
	require.NoError(t, err)
	bufio.NewReader(resp.Body).ReadString('\n')
	resp.Body.Close()
	require.Eventually(t, func() bool {
		h.advance(time.Millisecond) // a poll notices the broken connection, or the request's context does
		h.mu.Lock()
		defer h.mu.Unlock()
		return st.closed
	}, 5*time.Second, 10*time.Millisecond)
}

// echoSession answers each input with its data on stdout, and ends on "q".
type echoSession struct {
	out    [][]byte
	done   bool
	closed bool
}

func (s *echoSession) Poll() ([][]byte, bool) { o := s.out; s.out = nil; return o, s.done }
func (s *echoSession) Close()                 { s.closed = true }
func (s *echoSession) Input(msg []byte) {
	if string(msg[1:]) == "q" {
		s.out = append(s.out, []byte("\x03{\"metadata\":{},\"status\":\"Success\"}"))
		s.done = true
		return
	}
	s.out = append(s.out, append([]byte{1}, msg[1:]...))
}

func TestAnExecSessionRunsOverAWebSocket(t *testing.T) {
	h, srv := newTestAPI(t, "")
	sess := &echoSession{out: [][]byte{[]byte("\x01ready")}}
	h.serve = func(r *apiserver.Request) *apiserver.Response {
		return &apiserver.Response{Code: 101, Header: map[string]string{"Sec-WebSocket-Protocol": "v5.channel.k8s.io"}, Stream: sess}
	}
	c, resp := dialWebSocket(t, srv.URL, "/api/v1/namespaces/default/pods/web/exec?command=sh", map[string]string{"Sec-WebSocket-Protocol": "v5.channel.k8s.io"})
	require.Equal(t, 101, resp.StatusCode)
	assert.Equal(t, "v5.channel.k8s.io", resp.Header.Get("Sec-WebSocket-Protocol"))
	op, msg := c.read(t)
	assert.Equal(t, byte(opBinary), op)
	assert.Equal(t, "\x01ready", string(msg))
	c.send(t, clientFrame(true, opBinary, []byte("\x00hi")))
	_, msg = c.read(t)
	assert.Equal(t, "\x01hi", string(msg))
	c.send(t, clientFrame(true, opBinary, []byte("\x00q")))
	_, msg = c.read(t)
	assert.Equal(t, "\x03{\"metadata\":{},\"status\":\"Success\"}", string(msg))
	op, msg = c.read(t)
	assert.Equal(t, byte(opClose), op)
	assert.Equal(t, []byte{0x03, 0xE8}, msg, "a normal close, 1000")
	require.Eventually(t, func() bool { h.mu.Lock(); defer h.mu.Unlock(); return sess.closed }, 5*time.Second, 10*time.Millisecond)
}

func TestAKubeconfigReachesTheAPI(t *testing.T) {
	file := filepath.Join(t.TempDir(), "kubeconfig")
	require.NoError(t, writeKubeconfig(file, "http://127.0.0.1:6443", "abc", []byte("PEM")))
	info, err := os.Stat(file)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "it holds the token")
	b, _ := os.ReadFile(file)
	assert.Contains(t, string(b), "    server: http://127.0.0.1:6443\n")
	assert.Contains(t, string(b), "    token: abc\n")
	assert.Contains(t, string(b), "    certificate-authority-data: UEVN\n")
	assert.Contains(t, string(b), "current-context: kubeloop\n")
	assert.Contains(t, string(b), "    namespace: default\n")
	assert.Contains(t, kubeconfig("http://x", "", nil), "  user: {}\n")
}

func TestOnlyLoopbackGoesWithoutAToken(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:6443": true, "localhost:6443": true, "[::1]:6443": true, "127.0.0.2:1": true,
		":6443": false, "0.0.0.0:6443": false, "192.168.1.10:6443": false, "[::]:6443": false, "example.com:6443": false, "nonsense": false,
	} {
		assert.Equal(t, want, isLoopback(addr), addr)
	}
}

func TestServeAPIFlagsThatCannotWork(t *testing.T) {
	for _, args := range [][]string{
		{"--addr", "", "--api", "127.0.0.1:0"}, // no kubeconfig
		{"--addr", ""},                         // nothing to serve
		{"--addr", "", "--kubeconfig", "x"},    // kubeconfig without --api
		{"--addr", "", "--api", "127.0.0.1:0", "--kubeconfig", "x", "--speed", "-1"}, // a clock running back
	} {
		var out, errOut strings.Builder
		assert.Equal(t, 2, serveCmd(args, &out, &errOut), "%q", args)
		assert.NotEmpty(t, errOut.String(), "%q says why", args)
	}
}

// panickyStream panics when polled.
type panickyStream struct{}

func (panickyStream) Poll() ([][]byte, bool) { panic("poll") }
func (panickyStream) Close()                 {}

func TestAPanickingStreamDoesNotLeaveTheClusterHeld(t *testing.T) {
	h, srv := newTestAPI(t, "")
	h.serve = func(r *apiserver.Request) *apiserver.Response {
		return &apiserver.Response{Code: 200, Stream: panickyStream{}}
	}
	if resp, err := http.Get(srv.URL + "/api/v1/pods?watch=1"); err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	done := make(chan struct{})
	go func() { h.advance(time.Second); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the cluster is still held after the stream's panic")
	}
}
