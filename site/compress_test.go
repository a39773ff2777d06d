package site

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testSite = fstest.MapFS{
	"index.html":    {Data: []byte("<!doctype html><title>kubeloop</title>")},
	"kubeloop.wasm": {Data: bytes.Repeat([]byte("\x00asm wasm bytes "), 4096)},
	"kubeloop.html": {Data: []byte("<!doctype html><p>single file</p>")},
	"favicon.png":   {Data: []byte("\x89PNG not text")},
}

// get requests target from remote (an address, "" for httptest's
// 192.0.2.1) with the given Accept-Encoding.
func get(t *testing.T, h http.Handler, target, remote, accept string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	if remote != "" {
		r.RemoteAddr = remote
	}
	if accept != "" {
		r.Header.Set("Accept-Encoding", accept)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	out, err := io.ReadAll(zr)
	require.NoError(t, err)
	return out
}

// Over the network the wasm goes out gzip'd, as the same bytes, with its
// type and a tag of its own; the identity answer says it varies.
func TestServeGzipsForTheNetwork(t *testing.T) {
	h := Handler(testSite, true)
	plain := get(t, h, "/kubeloop.wasm", "", "")
	require.Equal(t, http.StatusOK, plain.Code)
	assert.Empty(t, plain.Header().Get("Content-Encoding"))
	assert.Equal(t, "Accept-Encoding", plain.Header().Get("Vary"))

	w := get(t, h, "/kubeloop.wasm", "", "gzip, deflate, br")
	require.Equal(t, http.StatusOK, w.Code)
	assert.Equal(t, "gzip", w.Header().Get("Content-Encoding"))
	assert.Equal(t, "application/wasm", w.Header().Get("Content-Type"))
	assert.Equal(t, "Accept-Encoding", w.Header().Get("Vary"))
	assert.Equal(t, testSite["kubeloop.wasm"].Data, gunzip(t, w.Body.Bytes()))
	assert.Less(t, w.Body.Len(), len(testSite["kubeloop.wasm"].Data)/10)
	assert.NotEmpty(t, w.Header().Get("Etag"))
	assert.NotEqual(t, plain.Header().Get("Etag"), w.Header().Get("Etag"))
	for k, v := range SecurityHeaders {
		assert.Equal(t, v, w.Header().Get(k), k)
	}

	page := get(t, h, "/", "", "gzip")
	assert.Equal(t, "gzip", page.Header().Get("Content-Encoding"))
	assert.Equal(t, "text/html; charset=utf-8", page.Header().Get("Content-Type"))
	assert.Equal(t, testSite["index.html"].Data, gunzip(t, page.Body.Bytes()))

	again := get(t, h, "/kubeloop.wasm", "", "gzip", "If-None-Match", w.Header().Get("Etag"))
	assert.Equal(t, http.StatusNotModified, again.Code, "the gzip'd tag revalidates")
}

// This machine, a client that does not take gzip, a download and an image
// get the file as it is.
func TestServeSendsIdentity(t *testing.T) {
	h := Handler(testSite, true)
	for _, tc := range []struct{ target, remote, accept string }{
		{"/kubeloop.wasm", "127.0.0.1:50000", "gzip"},
		{"/kubeloop.wasm", "[::1]:50000", "gzip"},
		{"/kubeloop.wasm", "", "identity"},
		{"/kubeloop.wasm", "", "gzip;q=0, br"},
		{"/kubeloop.html", "", "gzip"},
		{"/favicon.png", "", "gzip"},
		{"/index.html", "", "gzip"}, // redirected to / by the file server
	} {
		w := get(t, h, tc.target, tc.remote, tc.accept)
		assert.Empty(t, w.Header().Get("Content-Encoding"), "%+v", tc)
		if w.Code == http.StatusOK {
			assert.Equal(t, testSite[tc.target[1:]].Data, w.Body.Bytes(), "%+v", tc)
		}
	}
	assert.Equal(t, http.StatusNotFound, get(t, h, "/missing.js", "", "gzip").Code)
}

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"gzip":                 true,
		"gzip, deflate, br":    true,
		"br;q=1.0, GZIP;q=0.5": true,
		"*":                    true,
		"gzip;q=0":             false,
		"gzip; q=0.000":        false,
		"gzip;q=0.001":         true,
		"br, deflate":          false,
		"":                     false,
		"x-gzip":               false,
	} {
		assert.Equal(t, want, acceptsGzip(header), "%q", header)
	}
}

// Browsers on the network revalidate every file (no-cache, with an ETag);
// one on this machine stores nothing: there the bytes cost nothing and
// caching the wasm made the first render slower.
func TestCacheControl(t *testing.T) {
	h := Handler(testSite, true)
	for _, name := range []string{"/", "/kubeloop.wasm"} {
		lan := get(t, h, name, "", "gzip")
		assert.Equal(t, "no-cache", lan.Header().Get("Cache-Control"), name)
		assert.NotEmpty(t, lan.Header().Get("Etag"), name)
		for _, local := range []string{"127.0.0.1:50000", "[::1]:50000"} {
			assert.Equal(t, "no-store", get(t, h, name, local, "gzip").Header().Get("Cache-Control"), name+" from "+local)
		}
	}
}

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// A client asking for names the site does not have — 200 distinct ones,
// each long — leaves the gzip cache as it was: nothing is added for them,
// and the heap does not keep them.
func TestGzipCacheIgnoresMissingNames(t *testing.T) {
	fsys := fstest.MapFS{
		"index.html":    {Data: []byte("<!doctype html>")},
		"app.js":        {Data: []byte("// app")},
		"kubeloop.wasm": {Data: []byte("\x00asm")},
		"favicon.png":   {Data: []byte("\x89PNG")},
		"kubeloop.html": {Data: []byte("<!doctype html>single file")},
		"lessons/a.css": {Data: []byte("p {}")},
	}
	gz := newGzipped(fsys)
	assert.ElementsMatch(t, []string{"index.html", "app.js", "kubeloop.wasm", "lessons/a.css"}, slices.Collect(maps.Keys(gz.files)),
		"the site's files worth compressing, and only those")
	h := handler(fsys, true, gz)

	const names, nameBytes = 200, 64 << 10 // 37.5 MiB of names in all
	before := heapInUse()
	for i := range names {
		for _, ext := range []string{".js", ".css", ".wasm"} {
			name := fmt.Sprintf("/missing-%d-%s%s", i, strings.Repeat("x", nameBytes), ext)
			assert.Equal(t, http.StatusNotFound, get(t, h, name, "", "gzip").Code)
		}
	}
	grown := int64(heapInUse()) - int64(before)
	assert.Equal(t, 4, len(gz.files), "requests for missing names add nothing to the cache")
	assert.Less(t, grown, int64(8<<20), "the heap grew by %d bytes after %d requests for missing names", grown, 3*names)

	assert.Equal(t, "gzip", get(t, h, "/app.js", "", "gzip").Header().Get("Content-Encoding"), "an existing file is still gzip'd")
	assert.Equal(t, 4, len(gz.files))
}

// An error answer is never stored, from this machine or the network: the
// file server drops the Cache-Control set before it, and a file missing now
// may be there after the next build.
func TestErrorsAreNotStored(t *testing.T) {
	h := Handler(fstest.MapFS{"index.html": {Data: []byte("page")}, "lessons/a.txt": {Data: []byte("a")}}, true)
	for _, target := range []string{"/missing.js", "/kubeloop.wasm", "/lessons/", "/lessons/b.txt", "/%2e%2e/go.mod"} {
		for _, remote := range []string{"", "127.0.0.1:50000"} {
			w := get(t, h, target, remote, "gzip")
			assert.Equal(t, http.StatusNotFound, w.Code, "%s from %q", target, remote)
			assert.Equal(t, "no-store", w.Header().Get("Cache-Control"), "%s from %q", target, remote)
			assert.Empty(t, w.Header().Get("Etag"), target)
		}
	}
	r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader("x"))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	assert.Equal(t, http.StatusMethodNotAllowed, w.Code)
	assert.Equal(t, "no-store", w.Header().Get("Cache-Control"))
	assert.Equal(t, "no-cache", get(t, h, "/", "", "gzip").Header().Get("Cache-Control"), "a file found is revalidated, as before")
}
