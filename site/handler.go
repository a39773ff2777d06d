package site

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// pathHeaders are netlify.toml's headers for single paths, beyond
// SecurityHeaders (which it sets for every path).
var pathHeaders = map[string]map[string]string{
	// The single-file page is for disk: its inline scripts break the CSP.
	"/kubeloop.html": {"Content-Disposition": "attachment; filename=kubeloop.html"},
}

// Handler serves the files of fsys (the built site) with the deployed
// site's headers, as `kubeloop serve` does and the browser tests measure:
// GET and HEAD only, no directory listings, no path outside fsys (fs.FS
// refuses ".."). built false answers every request with how to build it.
func Handler(fsys fs.FS, built bool) http.Handler {
	return handler(fsys, built, newGzipped(fsys))
}

// handler is Handler with the gzip cache given, for tests to look into.
func handler(fsys fs.FS, built bool, gz *gzipped) http.Handler {
	files := http.FileServerFS(fsys)
	tags := entityTags(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w = errorsNotStored{w}
		h := w.Header()
		for k, v := range SecurityHeaders {
			h.Set(k, v)
		}
		// A local server is for development and lectures: a rebuilt wasm must
		// never be shadowed by a cached one. Over the network (a lecture
		// hall's Wi-Fi) every file is revalidated: the ETag makes that cheap
		// (304 Not Modified), and it is what lets a browser reuse the wasm it
		// compiled on its previous visit. On this machine the bytes are
		// free and storing them is not: the browser writing the wasm to its
		// cache during the first load delays the first render, so nothing
		// sent over loopback is stored.
		local := fromLoopback(r)
		if local {
			h.Set("Cache-Control", "no-store")
		} else {
			h.Set("Cache-Control", "no-cache")
		}
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
		name := strings.TrimPrefix(clean, "/")
		if name == "" || strings.HasSuffix(clean, "/") {
			name = path.Join(name, "index.html")
		}
		// (/index.html is the file server's to redirect to /.)
		if !strings.HasSuffix(clean, "/index.html") && gz.serveGzip(w, r, name, tags[name], local) {
			return
		}
		if tag, ok := tags[name]; ok {
			h.Set("Etag", tag) // http.FileServer answers If-None-Match from it
		}
		files.ServeHTTP(w, r)
	})
}

// entityTags is a strong ETag per file of fsys, from its content: the
// embedded files have no modification time, so without it every visit
// downloads everything again.
func entityTags(fsys fs.FS) map[string]string {
	tags := map[string]string{}
	fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil
		}
		sum := sha256.Sum256(b)
		tags[name] = `"` + hex.EncodeToString(sum[:12]) + `"`
		return nil
	})
	return tags
}

// errorsNotStored marks every error answer (404 and the like) no-store: an
// error has no tag to revalidate, and a file missing now may exist after the
// next build. It has to be set as the status is written, because
// http.FileServer deletes Cache-Control from the errors it serves.
type errorsNotStored struct{ http.ResponseWriter }

func (w errorsNotStored) WriteHeader(code int) {
	if code >= http.StatusBadRequest {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w errorsNotStored) Unwrap() http.ResponseWriter { return w.ResponseWriter }
