package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/site"
)

// startServe runs `kubeloop serve`'s server on fsys within lim, on a free
// port of 127.0.0.1, and returns its address and its connection limiter.
func startServe(t *testing.T, fsys fstest.MapFS, lim serveLimits) (string, *connLimiter) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := newServer(site.Handler(fsys, true), lim)
	limited := limitConns(ln, lim)
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Serve(limited)
	}()
	t.Cleanup(func() {
		srv.Close()
		<-done
	})
	return ln.Addr().String(), limited.(*connLimiter)
}

// waitClosed waits until the server has closed every connection from ip
// (it notices a client's close when its next read ends).
func waitClosed(t *testing.T, l *connLimiter, ip string) {
	t.Helper()
	require.Eventually(t, func() bool { return l.openFrom(ip) == 0 }, 5*time.Second, time.Millisecond,
		"the server still holds %d connections from %s", l.openFrom(ip), ip)
}

// testLimits are defaultLimits with timeouts short enough for a test.
func testLimits() serveLimits {
	lim := defaultLimits
	lim.ReadHeader, lim.Idle, lim.WriteStall = 300*time.Millisecond, 300*time.Millisecond, 300*time.Millisecond
	return lim
}

// dialFrom connects to addr from the loopback address from (127.0.0.x:
// Linux routes all of 127/8 to this machine), as another client would.
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// request sends a GET for target on c, kept alive unless closing, and
// reads the answer.
func request(c net.Conn, br *bufio.Reader, target string, closing bool) (*http.Response, string, error) {
	conn := "keep-alive"
	if closing {
		conn = "close"
	}
	if _, err := fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: localhost\r\nConnection: %s\r\n\r\n", target, conn); err != nil {
		return nil, "", err
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp, string(body), err
}

// closedWithin reports whether the server closes c (a read ends in EOF or
// a reset) within d, draining whatever it had sent before.
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

var smallSite = fstest.MapFS{
	"index.html": {Data: []byte("<!doctype html>page")},
	"app.js":     {Data: []byte("// app")},
}

// Kept-alive connections nobody uses are closed after Idle.
func TestServeClosesIdleConnections(t *testing.T) {
	addr, _ := startServe(t, smallSite, testLimits())
	const conns = 50
	var idle []net.Conn
	for range conns {
		c := dialFrom(t, "127.0.0.1", addr)
		resp, _, err := request(c, bufio.NewReader(c), "/app.js", false)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		idle = append(idle, c)
	}
	start := time.Now()
	deadline := start.Add(5 * time.Second)
	for i, c := range idle {
		require.True(t, closedWithin(c, time.Until(deadline)), "idle connection %d still open after 5 s", i)
	}
	assert.Less(t, time.Since(start), 3*time.Second, "closed after the 300 ms idle timeout")
}

// A client that asks for a big file and stops reading is cut off once its
// buffers are full and a write has waited WriteStall; one that reads
// slowly but steadily gets the whole file, however long that takes.
func TestServeCutsOffAClientThatStopsReading(t *testing.T) {
	big := make([]byte, 64<<20) // more than loopback's socket buffers hold
	fsys := fstest.MapFS{"index.html": {Data: []byte("page")}, "kubeloop.wasm": {Data: big}}
	lim := testLimits()
	lim.WriteStall = time.Second
	addr, _ := startServe(t, fsys, lim)

	stuck := dialFrom(t, "127.0.0.1", addr)
	_, err := fmt.Fprintf(stuck, "GET /kubeloop.wasm HTTP/1.1\r\nHost: localhost\r\n\r\n")
	require.NoError(t, err)
	time.Sleep(4 * lim.WriteStall) // never reading
	n, _ := io.Copy(io.Discard, io.LimitReader(stuck, int64(len(big))))
	assert.Less(t, n, int64(len(big)), "the server stopped sending to a client that stopped reading")
	assert.True(t, closedWithin(stuck, time.Second))

	// A slow client's window is small (its receive buffer here), so the
	// server's writes wait on what it reads, as over a slow Wi-Fi.
	slow := dialFrom(t, "127.0.0.1", addr)
	require.NoError(t, slow.(*net.TCPConn).SetReadBuffer(32<<10))
	const want = 2 << 20
	_, err = fmt.Fprintf(slow, "GET /kubeloop.wasm HTTP/1.1\r\nHost: localhost\r\nRange: bytes=0-%d\r\n\r\n", want-1)
	require.NoError(t, err)
	start := time.Now()
	resp, err := http.ReadResponse(bufio.NewReader(slow), nil)
	require.NoError(t, err)
	got := 0
	buf := make([]byte, 16<<10)
	for {
		n, err := resp.Body.Read(buf)
		got += n
		if err != nil {
			break
		}
		time.Sleep(10 * time.Millisecond) // at most 1.6 MB/s
	}
	assert.Equal(t, want, got, "a slow reader gets the whole answer")
	assert.Greater(t, time.Since(start), lim.WriteStall, "longer than a write may stall: no deadline for the whole answer")
}

// One address holds at most ConnsPerIP connections; the next is answered
// 503 at once. A browser at a time, each opening six connections, is
// served 200 times over.
func TestServeCapsConnectionsPerAddress(t *testing.T) {
	lim := testLimits()
	lim.ConnsPerIP, lim.Conns = 8, 64
	addr, limiter := startServe(t, smallSite, lim)
	var held []net.Conn
	for range lim.ConnsPerIP {
		c := dialFrom(t, "127.0.0.1", addr)
		resp, _, err := request(c, bufio.NewReader(c), "/", false)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		held = append(held, c)
	}
	over := dialFrom(t, "127.0.0.1", addr)
	resp, body, err := request(over, bufio.NewReader(over), "/", false)
	require.NoError(t, err)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Contains(t, body, "too many connections from your address")
	assert.Equal(t, "5", resp.Header.Get("Retry-After"))

	other := dialFrom(t, "127.0.0.2", addr)
	resp, _, err = request(other, bufio.NewReader(other), "/", true)
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "another address is served meanwhile")
	for _, c := range held {
		c.Close()
	}

	for browser := range 200 {
		waitClosed(t, limiter, "127.0.0.1") // the browser before has gone
		var wg sync.WaitGroup
		codes := make([]int, 6)
		for i := range codes {
			wg.Go(func() {
				c := dialFrom(t, "127.0.0.1", addr)
				defer c.Close()
				resp, _, err := request(c, bufio.NewReader(c), []string{"/", "/app.js"}[i%2], true)
				if err == nil {
					codes[i] = resp.StatusCode
				}
			})
		}
		wg.Wait()
		require.Equal(t, []int{200, 200, 200, 200, 200, 200}, codes, "browser %d", browser)
	}
}

// With the default limits, a class of 200 browsers behind one address,
// each holding HTTP/1.1's six connections, is served at once; the cap
// refuses only past that, with room to spare.
func TestServeDefaultLimitsServeAClassBehindOneAddress(t *testing.T) {
	addr, _ := startServe(t, smallSite, defaultLimits)
	const class = 200 * 6
	conns := make([]net.Conn, class)
	codes := make([]int, class)
	var wg sync.WaitGroup
	for i := range conns {
		conns[i] = dialFrom(t, "127.0.0.1", addr)
		wg.Go(func() {
			resp, _, err := request(conns[i], bufio.NewReader(conns[i]), "/", false)
			if err == nil {
				codes[i] = resp.StatusCode
			}
		})
	}
	wg.Wait()
	served := 0
	for _, code := range codes {
		if code == http.StatusOK {
			served++
		}
	}
	assert.Equal(t, class, served, "every connection of the class is served while all are open")

	for range defaultLimits.ConnsPerIP - class {
		dialFrom(t, "127.0.0.1", addr)
	}
	over := dialFrom(t, "127.0.0.1", addr)
	resp, _, err := request(over, bufio.NewReader(over), "/", false)
	require.NoError(t, err)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "connection %d from one address", defaultLimits.ConnsPerIP+1)
}

// All clients together hold at most Conns: the next connection waits,
// unanswered, until one closes — then it is served.
func TestServeCapsAllConnections(t *testing.T) {
	lim := testLimits()
	lim.Idle = time.Minute // the held connections stay until closed
	lim.ConnsPerIP, lim.Conns = 3, 4
	addr, _ := startServe(t, smallSite, lim)
	var held []net.Conn
	for _, from := range []string{"127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.3"} {
		c := dialFrom(t, from, addr)
		resp, _, err := request(c, bufio.NewReader(c), "/", false)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		held = append(held, c)
	}
	waiting := dialFrom(t, "127.0.0.4", addr)
	_, err := fmt.Fprintf(waiting, "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
	require.NoError(t, err)
	waiting.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	_, err = waiting.Read(make([]byte, 1))
	var ne net.Error
	require.True(t, errors.As(err, &ne) && ne.Timeout(), "a fifth connection is not answered while four are open: %v", err)

	held[0].Close()
	waiting.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(waiting), nil)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode, "served once a place is free")
}

// Headers past MaxHeaderBytes are refused, and a request body that never
// arrives does not hold the connection.
func TestServeBoundsRequests(t *testing.T) {
	addr, _ := startServe(t, smallSite, testLimits())
	c := dialFrom(t, "127.0.0.1", addr)
	_, err := fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: localhost\r\nCookie: %s\r\n\r\n", strings.Repeat("a", 64<<10))
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusRequestHeaderFieldsTooLarge, resp.StatusCode)

	c = dialFrom(t, "127.0.0.1", addr)
	_, err = fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\nonly this")
	require.NoError(t, err)
	start := time.Now()
	assert.True(t, closedWithin(c, 5*time.Second), "a body that never arrives is not waited for")
	assert.Less(t, time.Since(start), 3*time.Second)
}
