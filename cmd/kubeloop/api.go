package main

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/kubeloop/kubeloop/core/apiserver"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// maxRequestBody is the largest request body the API takes: upstream's
// kube-apiserver limit (3 MiB), so what it refuses is refused here too.
const maxRequestBody = 3 << 20

// apiHost serves the Kubernetes API of one simulated cluster over HTTP:
// it decodes each request for the pure handler (core/apiserver), holds the
// cluster while the handler runs, and keeps the responses that go on
// (watches, exec sessions) flowing as the simulated clock advances.
//
// The cluster is not safe for concurrent use: mu is held for every call on
// it — Serve, a stream's Poll or Input, an advance of the clock.
type apiHost struct {
	mu sync.Mutex
	c  *cluster.Cluster
	// serve answers one request: the apiserver's Serve (a test may put a
	// handler of its own here).
	serve func(*apiserver.Request) *apiserver.Response

	// token, when set, is the bearer token every request must carry.
	token string
	// stall is how long one write to a client may wait (see serveLimits).
	stall time.Duration

	// tick is closed after each advance of the clock and replaced, so
	// that every stream waiting on it polls (tickMu guards the swap).
	tickMu sync.Mutex
	tick   chan struct{}
	// quit is closed when the server shuts down: streams end.
	quit     chan struct{}
	quitOnce sync.Once
}

func newAPIHost(c *cluster.Cluster, serverURL, token string, stall time.Duration) *apiHost {
	return &apiHost{
		c: c, serve: apiserver.New(c, apiserver.Options{ServerAddress: serverURL}).Serve,
		token: token, stall: stall,
		tick: make(chan struct{}), quit: make(chan struct{}),
	}
}

// nextTick is the channel the next advance closes. A stream takes it
// before it polls, so that an advance between its poll and its wait is not
// missed.
func (h *apiHost) nextTick() <-chan struct{} {
	h.tickMu.Lock()
	defer h.tickMu.Unlock()
	return h.tick
}

// ticked wakes every stream to poll.
func (h *apiHost) ticked() {
	h.tickMu.Lock()
	defer h.tickMu.Unlock()
	close(h.tick)
	h.tick = make(chan struct{})
}

// shutdown ends every stream (http.Server.Shutdown waits for handlers,
// and a watch's handler would otherwise wait for its client for ever).
func (h *apiHost) shutdown() { h.quitOnce.Do(func() { close(h.quit) }) }

// locked runs fn holding the cluster. The unlock is deferred: a panic in
// fn (net/http recovers a handler's) must not leave the cluster held.
func (h *apiHost) locked(fn func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	fn()
}

// advance moves the simulated clock by d and wakes the streams.
func (h *apiHost) advance(d time.Duration) {
	h.locked(func() { h.c.Advance(d) })
	h.ticked()
}

// follow makes the simulated clock follow the wall clock at speed (2: two
// simulated seconds a second) until done is closed: on each tick it
// advances by the wall time passed since the last advance, times speed.
// This goroutine is the only thing that moves time but the control
// endpoints; the core itself reads no wall clock.
func (h *apiHost) follow(speed float64, done <-chan struct{}) {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	last := time.Now()
	for {
		select {
		case <-done:
			return
		case now := <-t.C:
			h.advance(time.Duration(float64(now.Sub(last)) * speed))
			last = now
		}
	}
}

func (h *apiHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.authorized(r) {
		writeStatus(w, http.StatusUnauthorized, "Unauthorized", "Unauthorized")
		return
	}
	if strings.HasPrefix(r.URL.Path, controlPrefix) {
		h.control(w, r)
		return
	}
	body, err := readBody(w, r)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			writeStatus(w, http.StatusRequestEntityTooLarge, "RequestEntityTooLarge", "Request entity too large: limit is 3145728")
			return
		}
		writeStatus(w, http.StatusBadRequest, "BadRequest", "the request body could not be read: "+err.Error())
		return
	}
	req := &apiserver.Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header, Body: body}
	var resp *apiserver.Response
	h.locked(func() { resp = h.serve(req) })
	if in, ok := resp.Stream.(apiserver.InputStream); ok && resp.Code == http.StatusSwitchingProtocols {
		h.session(w, r, resp, in)
		return
	}
	for k, v := range resp.Header {
		w.Header().Set(k, v)
	}
	if resp.Stream != nil {
		w.Header().Set("Cache-Control", "no-cache, private")
	}
	w.WriteHeader(resp.Code)
	w.Write(resp.Body)
	if resp.Stream != nil {
		h.stream(w, r, resp.Stream)
	}
	// A write may have changed what a watch sees: let streams poll now
	// rather than at the next tick.
	if r.Method != http.MethodGet {
		h.ticked()
	}
}

// authorized checks the bearer token, when the host requires one.
func (h *apiHost) authorized(r *http.Request) bool {
	if h.token == "" {
		return true
	}
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(h.token)) == 1
}

// readBody reads a request's body, up to maxRequestBody.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if r.ContentLength > maxRequestBody {
		return nil, &http.MaxBytesError{Limit: maxRequestBody}
	}
	return io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBody))
}

// stream writes a response that goes on (a watch): what its Stream has
// after each advance, flushed, until it ends, the client goes away or the
// server shuts down.
func (h *apiHost) stream(w http.ResponseWriter, r *http.Request, st apiserver.Stream) {
	defer h.locked(st.Close)
	rc := http.NewResponseController(w)
	for {
		tick := h.nextTick()
		var frames [][]byte
		var done bool
		h.locked(func() { frames, done = st.Poll() })
		for _, f := range frames {
			if _, err := w.Write(f); err != nil {
				return
			}
		}
		if rc.Flush() != nil || done {
			return
		}
		select {
		case <-tick:
		case <-r.Context().Done():
			return
		case <-h.quit:
			return
		}
	}
}

// writeStatus writes a failure as a metav1.Status, as the API server does.
func writeStatus(w http.ResponseWriter, code int, reason, message string) {
	b, _ := json.Marshal(apiStatus{Kind: "Status", APIVersion: "v1", Status: "Failure", Message: message, Reason: reason, Code: code})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(b)
}

// apiStatus is a metav1.Status with its fields in upstream's order.
type apiStatus struct {
	Kind       string   `json:"kind"`
	APIVersion string   `json:"apiVersion"`
	Metadata   struct{} `json:"metadata"`
	Status     string   `json:"status"`
	Message    string   `json:"message"`
	Reason     string   `json:"reason"`
	Code       int      `json:"code"`
}
