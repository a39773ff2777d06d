package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"github.com/kubeloop/kubeloop/site"
)

func serveCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", defaultAddr, "address to serve the page on (loopback by default: the page is for this machine); \"\" serves no page")
	var api apiFlags
	api.register(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *addr == "" && api.addr == "" {
		fmt.Fprintln(stderr, "kubeloop serve: nothing to serve: give -addr for the page, --api for the Kubernetes API, or both")
		return 2
	}
	if err := api.check(); err != nil {
		fmt.Fprintln(stderr, "kubeloop serve:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	var servers []*http.Server
	var listeners []net.Listener
	if *addr != "" {
		if !site.Built() {
			fmt.Fprintln(stderr, "kubeloop: the site is not built into this binary; run \"make serve\" (or \"make site\" before go build)")
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			fmt.Fprintln(stderr, "kubeloop:", err)
			return 1
		}
		servers = append(servers, newServer(site.Handler(site.Dist(), site.Built()), defaultLimits))
		listeners = append(listeners, limitConns(ln, defaultLimits))
		fmt.Fprintf(stdout, "kubeloop: serving http://%s/ (Ctrl+C to stop)\n", ln.Addr())
	}
	if api.addr != "" {
		srv, ln, err := api.start(ctx, stdout)
		if err != nil {
			fmt.Fprintln(stderr, "kubeloop:", err)
			for _, l := range listeners {
				l.Close()
			}
			return 1
		}
		servers = append(servers, srv)
		listeners = append(listeners, ln)
	}
	return serveAll(ctx, servers, listeners, stderr)
}

// serveAll serves each server on its listener until ctx ends (SIGINT or
// SIGTERM), then shuts them all down; it returns the exit status.
func serveAll(ctx context.Context, servers []*http.Server, listeners []net.Listener, stderr io.Writer) int {
	errs := make(chan error, len(servers))
	for i, srv := range servers {
		go func() { errs <- srv.Serve(listeners[i]) }()
	}
	status := 0
	select {
	case <-ctx.Done():
	case err := <-errs:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(stderr, "kubeloop:", err)
			status = 1
		}
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for _, srv := range servers {
		srv.Shutdown(shutdown)
	}
	return status
}

// defaultAddr is loopback only: serving the page to the network is a
// choice made with -addr.
const defaultAddr = "127.0.0.1:8080"

// serveLimits bound what one client can hold of the server: a lecturer
// serves the page to a hall with -addr, and there any client may be slow,
// stuck or hostile. Each limit is far above what a browser loading the page
// needs.
type serveLimits struct {
	// ReadHeader is how long a client may take to send a request's headers.
	ReadHeader time.Duration
	// Idle is how long a kept-alive connection may wait for its next
	// request. The page asks for its files in one burst when it opens and
	// nothing after (the simulation runs in the browser), so a connection
	// idle this long is not coming back soon.
	Idle time.Duration
	// WriteStall is how long one write of at most writeChunk bytes may wait
	// for the client to take it: a client that stops reading is cut off
	// after this long, while a slow one is served however long its download
	// takes (see deadlineWriter).
	WriteStall time.Duration
	// MaxHeaderBytes bounds a request's headers (and its path with them).
	MaxHeaderBytes int
	// ConnsPerIP is how many connections one address may hold at once,
	// Conns how many all clients together may (see limitConns).
	ConnsPerIP, Conns int
}

// defaultLimits are `kubeloop serve`'s.
//
// A browser opens at most six connections to one host, and a whole class
// may reach the server from one address (a hall's Wi-Fi behind one NAT):
// 200 browsers opening the page at the same moment hold 1,200. So one
// address may hold 1,500, and all together 3,000: a NAT'd class fits with
// room for as many again, while one address can hold at most half the
// server, and every connection it holds is cut by the timeouts above once
// it stops making progress.
//
// WriteStall: a class sharing a slow Wi-Fi may each get a few kilobytes a
// second, and a lost packet stalls TCP for seconds while it retransmits
// (1, 2, 4, 8 s…): a deadline per 32 KB written, rather than one for the
// whole answer, lets a slow but living client fetch the wasm however long
// it takes, and still frees a dead client's connection soon.
var defaultLimits = serveLimits{
	ReadHeader:     10 * time.Second,
	Idle:           30 * time.Second,
	WriteStall:     30 * time.Second,
	MaxHeaderBytes: 16 << 10, // a browser's request is a few hundred bytes; cookies of other local servers on localhost add a few KB
	ConnsPerIP:     1500,
	Conns:          3000,
}

// newServer serves h within lim (the connection caps are limitConns').
func newServer(h http.Handler, lim serveLimits) *http.Server {
	// No ReadTimeout: it would stay set while the response is written, and
	// a read deadline passing then cancels the request. A request's body,
	// the only other thing read, has its own deadline (withDeadlines).
	return &http.Server{
		Handler:           withDeadlines(h, lim),
		ReadHeaderTimeout: lim.ReadHeader,
		IdleTimeout:       lim.Idle,
		MaxHeaderBytes:    lim.MaxHeaderBytes,
	}
}
