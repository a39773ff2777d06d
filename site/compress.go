package site

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// A lecturer serves the page to a hall (kubeloop serve -addr 0.0.0.0:8080):
// there every student downloads it over one shared Wi-Fi, and
// kubeloop.wasm is several times smaller gzip'd than as built. So text
// files and the wasm go out gzip'd to a browser that accepts it — but not
// to this machine: over loopback bytes cost nothing and decompressing them
// delays the first drawing, so the page keeps its local speed.

// compressedTypes are the file extensions worth compressing: text and
// wasm (images are compressed already; the single-file page is a download).
var compressedTypes = map[string]bool{
	".wasm": true, ".js": true, ".css": true, ".html": true, ".svg": true, ".json": true, ".txt": true,
}

// gzipped holds the compressed bytes of each file of the site worth
// compressing, made once on first demand. Its set of files is fixed when it
// is made: a request for a name the site does not have adds nothing, so no
// client can grow it.
type gzipped struct {
	fsys  fs.FS
	files map[string]*gzipFile // read-only after newGzipped
}

type gzipFile struct {
	once sync.Once
	data []byte // nil when the file cannot be read
}

// newGzipped lists the files of fsys worth compressing; none is compressed
// yet (a server on loopback, the default, never sends gzip).
func newGzipped(fsys fs.FS) *gzipped {
	g := &gzipped{fsys: fsys, files: map[string]*gzipFile{}}
	fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && compressedTypes[path.Ext(name)] && pathHeaders["/"+name] == nil {
			g.files[name] = &gzipFile{}
		}
		return nil
	})
	return g
}

// get returns name's gzip'd bytes, compressing it on the first call; nil
// when the site has no such file.
func (g *gzipped) get(name string) []byte {
	f := g.files[name]
	if f == nil {
		return nil
	}
	f.once.Do(func() {
		raw, err := fs.ReadFile(g.fsys, name)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression) // best: 1% smaller, 3× slower
		w.Write(raw)
		w.Close()
		f.data = bytes.Clone(buf.Bytes()) // not the buffer's spare capacity
	})
	return f.data
}

// serveGzip answers r with name gzip'd, when that is worth it and the
// client takes it; it reports whether it did. tag is the file's ETag;
// local says the client is on this machine (fromLoopback).
func (g *gzipped) serveGzip(w http.ResponseWriter, r *http.Request, name, tag string, local bool) bool {
	ext := path.Ext(name)
	if !compressedTypes[ext] || pathHeaders["/"+name] != nil {
		return false
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) || local {
		return false
	}
	data := g.get(name)
	if data == nil {
		return false // not there: the file server says so
	}
	h := w.Header()
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", mime.TypeByExtension(ext))
	}
	h.Set("Content-Encoding", "gzip")
	if tag != "" {
		// Another representation, another tag (RFC 9110 8.8.3).
		h.Set("Etag", strings.TrimSuffix(tag, `"`)+`-gzip"`)
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
	return true
}

// acceptsGzip reads an Accept-Encoding header: gzip (or *) listed without
// q=0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		if q == "q=0" || strings.HasPrefix(q, "q=0.") && strings.Trim(q[len("q=0."):], "0") == "" {
			return false
		}
		return true
	}
	return false
}

// fromLoopback is whether the request comes from this machine.
func fromLoopback(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
