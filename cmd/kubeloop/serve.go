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
	addr := fs.String("addr", defaultAddr, "address to listen on (loopback by default: the page is for this machine)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if !site.Built() {
		fmt.Fprintln(stderr, "kubeloop: the site is not built into this binary; run \"make serve\" (or \"make site\" before go build)")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "kubeloop:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: site.Handler(site.Dist(), site.Built()), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	fmt.Fprintf(stdout, "kubeloop: serving http://%s/ (Ctrl+C to stop)\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "kubeloop:", err)
		return 1
	}
	return 0
}

// defaultAddr is loopback only: serving the page to the network is a
// choice made with -addr.
const defaultAddr = "127.0.0.1:8080"
