package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/site/data"
)

// apiFlags are `kubeloop serve`'s flags for the Kubernetes API.
type apiFlags struct {
	addr       string
	kubeconfig string
	speed      float64
	seed       uint64
	token      string
	startAt    string
}

func (f *apiFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.addr, "api", "", "also serve the Kubernetes API on this address (e.g. 127.0.0.1:6443), for the real kubectl, client-go and every tool built on them")
	fs.StringVar(&f.kubeconfig, "kubeconfig", "", "with --api: write a kubeconfig for the API to this file (KUBECONFIG=FILE kubectl get pods)")
	fs.Float64Var(&f.speed, "speed", 1, "with --api: simulated seconds per wall-clock second (0 stops the clock: only POST /kubeloop/v1/advance and /settle move it)")
	fs.Uint64Var(&f.seed, "seed", 1, "with --api: seed of the simulation (same seed and same requests, same history)")
	fs.StringVar(&f.startAt, "start", "now", "with --api: when the simulated clock starts, as RFC 3339 (2026-01-01T00:00:00Z) or \"now\" (the wall clock's time, so that ages real clients compute read right)")
	fs.StringVar(&f.token, "token", "", "with --api: the bearer token clients must send (generated when --api is not loopback; none on loopback by default)")
}

// check refuses flags that cannot work together.
func (f *apiFlags) check() error {
	switch {
	case f.addr == "" && (f.kubeconfig != "" || f.token != ""):
		return errors.New("--kubeconfig and --token go with --api ADDR")
	case f.addr != "" && f.kubeconfig == "":
		return errors.New("--api needs --kubeconfig FILE, to write how clients reach it")
	case f.speed < 0 || f.speed > 1000:
		return errors.New("--speed must be between 0 (a stopped clock) and 1000")
	}
	if _, err := f.startTime(); err != nil {
		return err
	}
	return nil
}

// startTime is the instant --start names, to the second.
func (f *apiFlags) startTime() (time.Time, error) {
	if f.startAt == "now" {
		return time.Now().UTC().Truncate(time.Second), nil
	}
	t, err := time.Parse(time.RFC3339, f.startAt)
	if err != nil {
		return time.Time{}, fmt.Errorf("--start %q: want RFC 3339 (2026-01-01T00:00:00Z) or \"now\"", f.startAt)
	}
	return t.UTC().Truncate(time.Second), nil
}

// start listens on the API's address, starts the simulated cluster and the
// clock that follows the wall clock, and writes the kubeconfig. Bound
// anywhere but loopback, the API requires a bearer token (generated unless
// --token gives one) and serves HTTPS (tls.go); both go in the kubeconfig.
func (f *apiFlags) start(ctx context.Context, stdout io.Writer) (*http.Server, net.Listener, error) {
	token := f.token
	if token == "" && !isLoopback(f.addr) {
		var err error
		if token, err = newToken(); err != nil {
			return nil, nil, err
		}
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return nil, nil, err
	}
	scheme, caPEM := "http", []byte(nil)
	if token != "" {
		var cert tls.Certificate
		if cert, caPEM, err = selfSignedCert(ln.Addr()); err != nil {
			ln.Close()
			return nil, nil, err
		}
		scheme = "https"
		ln = tls.NewListener(ln, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12, NextProtos: []string{"http/1.1"}})
	}
	url := clientURL(scheme, ln.Addr())
	if err := writeKubeconfig(f.kubeconfig, url, token, caPEM); err != nil {
		ln.Close()
		return nil, nil, err
	}
	start, _ := f.startTime() // check has refused a bad one
	c := cluster.New(cluster.Options{Seed: f.seed, Controllers: controllers.All(), Start: start,
		FieldDocs: data.MustExplainDocs("en"), KubectlHelp: data.MustKubectlHelp()})
	c.Settle(0)
	h := newAPIHost(c, url, token, defaultLimits.WriteStall)
	srv := newAPIServer(h, defaultLimits)
	srv.RegisterOnShutdown(h.shutdown)
	if f.speed > 0 {
		go h.follow(f.speed, ctx.Done())
	}
	auth := "no token (loopback)"
	if token != "" {
		auth = "over TLS with a bearer token (both in the kubeconfig)"
	}
	fmt.Fprintf(stdout, "kubeloop: serving the Kubernetes API at %s, %s; KUBECONFIG=%s kubectl get pods\n", url, auth, f.kubeconfig)
	return srv, limitConns(ln, defaultLimits), nil
}

// newAPIServer serves the API within lim. Its connections stay open as
// long as a watch does; a client that stops reading is still cut off
// after WriteStall (withDeadlines).
func newAPIServer(h http.Handler, lim serveLimits) *http.Server {
	return &http.Server{
		Handler:           withDeadlines(h, lim),
		ReadHeaderTimeout: lim.ReadHeader,
		IdleTimeout:       lim.Idle,
		MaxHeaderBytes:    lim.MaxHeaderBytes,
	}
}
