package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os/signal"
	"path"
	"strings"
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

// defaultAddr is loopback only: serving the page to the network is a
// choice made with -addr.
const defaultAddr = "127.0.0.1:8080"

// pathHeaders are netlify.toml's headers for single paths, beyond
// site.SecurityHeaders (which it sets for every path).
var pathHeaders = map[string]map[string]string{
	// The single-file page is for disk: its inline scripts break the CSP.
	"/kubeloop.html": {"Content-Disposition": "attachment; filename=kubeloop.html"},
}

// siteHandler serves the embedded site with the deployed site's headers.
func siteHandler() http.Handler { return siteHandlerFS(site.Dist(), site.Built()) }

// siteHandlerFS serves the files of fsys and nothing else: GET and HEAD
// only, no directory listings, no path outside fsys (fs.FS refuses "..").
func siteHandlerFS(fsys fs.FS, built bool) http.Handler {
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for k, v := range site.SecurityHeaders {
			h.Set(k, v)
		}
		// A local server is for development and lectures: always revalidate, so
		// a rebuilt wasm is never shadowed by a cached one.
		h.Set("Cache-Control", "no-cache")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if !built {
			h.Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, "kubeloop: the site is not built into this binary. Run \"make serve\" in the repository.")
			return
		}
		p := r.URL.Path
		if !strings.HasPrefix(p, "/") || strings.Contains(p, "\\") || strings.ContainsRune(p, 0) {
			http.NotFound(w, r)
			return
		}
		clean := path.Clean(p)
		if name := strings.TrimPrefix(clean, "/"); name != "" {
			if !fs.ValidPath(name) {
				http.NotFound(w, r)
				return
			}
			if st, err := fs.Stat(fsys, name); err == nil && st.IsDir() {
				if _, err := fs.Stat(fsys, name+"/index.html"); err != nil {
					http.NotFound(w, r) // no directory listings
					return
				}
			}
		}
		for k, v := range pathHeaders[clean] {
			h.Set(k, v)
		}
		if path.Ext(p) == ".wasm" {
			h.Set("Content-Type", "application/wasm")
		}
		files.ServeHTTP(w, r)
	})
}
