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
	"path"
	"syscall"
	"time"

	"github.com/kubeloop/kubeloop/site"
)

func serveCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
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
	srv := &http.Server{Handler: siteHandler(), ReadHeaderTimeout: 10 * time.Second}
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

// siteHandler serves the embedded site with the deployed site's headers.
func siteHandler() http.Handler {
	files := http.FileServerFS(site.Dist())
	built := site.Built()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for k, v := range site.SecurityHeaders {
			h.Set(k, v)
		}
		// A local server is for development and lectures: always revalidate, so
		// a rebuilt wasm is never shadowed by a cached one.
		h.Set("Cache-Control", "no-cache")
		if !built {
			h.Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, "kubeloop: the site is not built into this binary. Run \"make serve\" in the repository.")
			return
		}
		if path.Ext(r.URL.Path) == ".wasm" {
			h.Set("Content-Type", "application/wasm")
		}
		files.ServeHTTP(w, r)
	})
}
