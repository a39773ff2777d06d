package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/site"
)

// netlifyHeaders reads the [[headers]] blocks of netlify.toml: path → header → value.
// It understands only the shape that file uses (for = "...", then key = "value" lines).
func netlifyHeaders(t *testing.T) map[string]map[string]string {
	t.Helper()
	f, err := os.Open("../../netlify.toml")
	require.NoError(t, err)
	defer f.Close()
	out := map[string]map[string]string{}
	var current string
	inHeaders := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case line == "[[headers]]":
			inHeaders, current = true, ""
		case strings.HasPrefix(line, "["):
			if line != "[headers.values]" {
				inHeaders = false
			}
		case inHeaders:
			key, value, ok := strings.Cut(line, "=")
			require.True(t, ok, "netlify.toml: %q", line)
			key, value = strings.TrimSpace(key), strings.Trim(strings.TrimSpace(value), `"`)
			if key == "for" {
				current = value
				out[current] = map[string]string{}
			} else {
				out[current][key] = value
			}
		}
	}
	require.NoError(t, sc.Err())
	return out
}

func TestServeSendsNetlifyHeaders(t *testing.T) {
	want := netlifyHeaders(t)
	require.NotEmpty(t, want["/*"], "netlify.toml has headers for /*")
	assert.Equal(t, want["/*"], site.SecurityHeaders, "kubeloop serve and netlify.toml send the same headers")
	assert.Equal(t, "application/wasm", want["/*.wasm"]["Content-Type"])

	srv := httptest.NewServer(site.Handler(site.Dist(), site.Built()))
	defer srv.Close()
	for _, p := range []string{"/", "/kubeloop.wasm"} {
		resp, err := http.Get(srv.URL + p)
		require.NoError(t, err)
		resp.Body.Close()
		for k, v := range want["/*"] {
			assert.Equal(t, v, resp.Header.Get(k), "%s %s", p, k)
		}
	}
}

func TestServeWasmMIMEType(t *testing.T) {
	srv := httptest.NewServer(site.Handler(site.Dist(), site.Built()))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/kubeloop.wasm")
	require.NoError(t, err)
	resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		t.Skip("site not built into this test binary (run make site)")
	}
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
}

func TestUnknownCommand(t *testing.T) {
	var out, errOut strings.Builder
	assert.Equal(t, 2, run([]string{"frobnicate"}, nil, &out, &errOut))
	assert.Contains(t, errOut.String(), `unknown command "frobnicate"`)
}

// testSite stands in for the embedded dist/ (which only `make site` fills).
var testSite = fstest.MapFS{
	"index.html":    {Data: []byte("<!doctype html>index")},
	"app.js":        {Data: []byte("// app")},
	"kubeloop.wasm": {Data: []byte("\x00asm")},
	"kubeloop.html": {Data: []byte("<!doctype html>single file")},
	"lessons/a.txt": {Data: []byte("lesson a")},
}

// Every header netlify.toml sets, for every path it names, is what kubeloop
// serve sends for that path.
func TestServeSendsNetlifyHeadersForEveryPath(t *testing.T) {
	want := netlifyHeaders(t)
	srv := httptest.NewServer(site.Handler(testSite, true))
	defer srv.Close()
	probe := map[string]string{"/*": "/app.js", "/*.wasm": "/kubeloop.wasm"}
	for pattern, headers := range want {
		p, ok := probe[pattern]
		if !ok {
			require.NotContains(t, pattern, "*", "add a probe path for netlify.toml's %s", pattern)
			p = pattern
		}
		resp, err := http.Get(srv.URL + p)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, p)
		for k, v := range headers {
			assert.Equal(t, v, resp.Header.Get(k), "netlify.toml [[headers]] for %s: %s on %s", pattern, k, p)
		}
		for k, v := range want["/*"] {
			assert.Equal(t, v, resp.Header.Get(k), "%s on %s", k, p)
		}
	}
	assert.Contains(t, want, "/kubeloop.html", "netlify.toml makes the single-file page a download")
}

// kubeloop serve listens on loopback unless told otherwise.
func TestServeBindsLoopbackByDefault(t *testing.T) {
	host, _, err := net.SplitHostPort(defaultAddr)
	require.NoError(t, err)
	ip := net.ParseIP(host)
	require.NotNil(t, ip, "the default address is an IP, not a name that could resolve elsewhere")
	assert.True(t, ip.IsLoopback(), "default address %s", defaultAddr)
	var out, errOut strings.Builder
	assert.Equal(t, 2, run([]string{"serve", "-h"}, nil, &out, &errOut))
	assert.Contains(t, errOut.String(), `(default "127.0.0.1:8080")`)
}

// rawGet sends target as the request line's path, byte for byte (an
// http.Client would clean or escape it), and returns the status and body.
func rawGet(t *testing.T, addr, target string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	_, err = io.WriteString(conn, "GET "+target+" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body)
}

// Only the embedded files are served: no path climbs out of them, however
// it is spelled, and no directory is listed.
func TestServeServesOnlyEmbeddedFiles(t *testing.T) {
	srv := httptest.NewServer(site.Handler(testSite, true))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	served := map[string]bool{}
	for _, f := range testSite {
		served[string(f.Data)] = true
	}
	for _, target := range []string{
		"/../go.mod", "/../../../../etc/passwd", "/%2e%2e/go.mod", "/%2e%2e%2fgo.mod", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
		"/..%2f..%2fetc%2fpasswd", "/..%5c..%5cgo.mod", "/..\\..\\go.mod", "//etc/passwd", "/lessons/../../go.mod",
		"/lessons/%2e%2e/%2e%2e/go.mod", "/%252e%252e/go.mod", "/.%2e/go.mod", "/index.html%00", "/lessons/", "/lessons",
		"/cmd/kubeloop/serve.go", "/serve.go", "/.git/config", "/app.js/..", "/./index.html",
	} {
		code, body := rawGet(t, addr, target)
		if code == http.StatusOK {
			assert.True(t, served[body], "%s served %q, which is not an embedded file", target, body)
		}
		assert.NotContains(t, body, "module github.com/kubeloop", target)
		assert.NotContains(t, body, "root:", target)
		assert.NotContains(t, body, "lesson a", "%s lists or serves a directory", target)
		assert.Less(t, code, 500, target)
	}
	code, body := rawGet(t, addr, "/lessons/a.txt")
	assert.Equal(t, http.StatusOK, code)
	assert.Equal(t, "lesson a", body)

	req, err := http.NewRequest(http.MethodPost, srv.URL+"/index.html", strings.NewReader("x"))
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
}

// TestServeRevalidatesWithETag: a file the browser already has is not sent
// again (304), which also lets it reuse the wasm it compiled last time; a
// changed file gets a new tag. (A browser on the network revalidates; one
// on this machine is told to store nothing: site's TestCacheControl.)
func TestServeRevalidatesWithETag(t *testing.T) {
	fsys := fstest.MapFS{
		"index.html":    {Data: []byte("<p>page</p>")},
		"kubeloop.wasm": {Data: []byte("\x00asm one")},
	}
	srv := httptest.NewServer(site.Handler(fsys, true))
	defer srv.Close()
	get := func(p, tag string) *http.Response {
		req, err := http.NewRequest(http.MethodGet, srv.URL+p, nil)
		require.NoError(t, err)
		if tag != "" {
			req.Header.Set("If-None-Match", tag)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp
	}
	first := get("/kubeloop.wasm", "")
	assert.Equal(t, http.StatusOK, first.StatusCode)
	tag := first.Header.Get("Etag")
	require.NotEmpty(t, tag)
	// This client is on the same machine: nothing is stored (site.Handler).
	// A tag is still answered, for a browser on the network.
	assert.Equal(t, "no-store", first.Header.Get("Cache-Control"), "never stored on this machine")
	again := get("/kubeloop.wasm", tag)
	assert.Equal(t, http.StatusNotModified, again.StatusCode)
	page := get("/", "")
	assert.NotEmpty(t, page.Header.Get("Etag"), "the page at / has the tag of index.html")
	assert.NotEqual(t, tag, page.Header.Get("Etag"))
	assert.Equal(t, http.StatusNotModified, get("/", page.Header.Get("Etag")).StatusCode)

	fsys["kubeloop.wasm"] = &fstest.MapFile{Data: []byte("\x00asm two")}
	rebuilt := httptest.NewServer(site.Handler(fsys, true))
	defer rebuilt.Close()
	req, err := http.NewRequest(http.MethodGet, rebuilt.URL+"/kubeloop.wasm", nil)
	require.NoError(t, err)
	req.Header.Set("If-None-Match", tag)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode, "a rebuilt wasm is sent again")
}

// The policy forbids plugins, a <base>, sending forms, and framing by
// another site (X-Frame-Options for browsers before frame-ancestors), in
// netlify.toml and kubeloop serve alike; error answers are not stored.
func TestServeForbidsFramingAndForms(t *testing.T) {
	want := netlifyHeaders(t)["/*"]
	for _, directive := range []string{"object-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'self'"} {
		assert.Contains(t, strings.Split(want["Content-Security-Policy"], "; "), directive, "netlify.toml")
		assert.Contains(t, strings.Split(site.SecurityHeaders["Content-Security-Policy"], "; "), directive, "kubeloop serve")
	}
	assert.Equal(t, "SAMEORIGIN", want["X-Frame-Options"])

	addr, _ := startServe(t, testSite, defaultLimits)
	for p, code := range map[string]int{"/": http.StatusOK, "/missing.js": http.StatusNotFound} {
		resp, err := http.Get("http://" + addr + p)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, code, resp.StatusCode, p)
		for k, v := range want {
			assert.Equal(t, v, resp.Header.Get(k), "%s %s", p, k)
		}
	}
	resp, err := http.Get("http://" + addr + "/missing.js")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"), "a 404")
}
