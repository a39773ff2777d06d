// Package editor is the page's JavaScript: the editor (CodeMirror 6, main.js,
// bundled by esbuild in `make site`), field help, share links and their QR
// codes. The Go package holds only the tests of what can be checked outside
// a browser (qr_test.go).
package editor
