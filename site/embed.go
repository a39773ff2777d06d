// Package site holds the static assets of the kubeloop page (static/) and
// embeds the built site (dist/, written by `make site`) for the native
// kubeloop binary, so that `kubeloop serve` needs nothing else at run time.
//
// The page itself is index.html + app.css + app.js (a small loader, and
// the script of the cluster's worker, which downloads and compiles the
// wasm) + build.js (the
// DOM builder wasm/html.go writes for) + cells.js (a big cluster's pods
// drawn on canvases, wasm/cellcanvas.go) +
// editor.js (CodeMirror 6, bundled by esbuild from editor/ and node_modules;
// UI only — the Go program owns all state) + kubeloop.wasm (package wasm) +
// wasm_exec.js (copied from the Go that built the wasm; never committed).
// Lessons are in lessons/ (package lessons, embedded into the wasm).
package site

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// SecurityHeaders are the headers netlify.toml sets for every path; `kubeloop
// serve` and the browser tests send the same, so a Content-Security-Policy
// violation shows up locally before it does in production (a test in
// cmd/kubeloop keeps them in step with netlify.toml). The one worker
// comes from a blob: URL (the cluster's worker, whose script app.js
// assembles so that it starts from file:// as well; it imports
// wasm_exec.js from this site); a blob: worker runs under this same policy. style-src 'self' holds
// with the editor too: CodeMirror runs in a shadow root, where its styles go
// into constructed style sheets rather than <style> elements. No plugins
// (object-src), no <base> to redirect relative URLs, no form sent anywhere
// (the terminal's form is handled in the page), and only this site may
// frame the page: frame-ancestors works only as a header, never in a <meta>.
var SecurityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
	"X-Content-Type-Options":  "nosniff",
	"Referrer-Policy":         "no-referrer",
	"X-Frame-Options":         "SAMEORIGIN", // frame-ancestors, for browsers older than CSP 2
}

// Dist returns the built site, rooted at its index.html.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // "dist" is a valid path; fs.Sub cannot fail on it
	}
	return sub
}

// Built reports whether `make site` has run: the embedded site has an
// index.html and the wasm binary, not only the placeholder README.
func Built() bool {
	for _, name := range []string{"index.html", "kubeloop.wasm", "wasm_exec.js"} {
		if _, err := fs.Stat(Dist(), name); err != nil {
			return false
		}
	}
	return true
}
