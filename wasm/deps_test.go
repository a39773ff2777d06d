//go:build !js

// This file and size_test.go are the files of package wasm that build natively: they check
// the package from the outside (the rest needs GOOS=js GOARCH=wasm).
package main

import (
	"bufio"
	"go/build/constraint"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryFileIsForTheBrowser keeps the build tag on every file: the page
// code must never leak into a native build (and vice versa).
func TestEveryFileIsForTheBrowser(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, f := range files {
		if f == "deps_test.go" || f == "size_test.go" {
			continue
		}
		assert.True(t, hasJSWasmTag(t, f), "%s lacks //go:build js && wasm", f)
	}
}

func hasJSWasmTag(t *testing.T, file string) bool {
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if !constraint.IsGoBuild(line) {
			return false
		}
		expr, err := constraint.Parse(line)
		require.NoError(t, err)
		forJS := expr.Eval(func(tag string) bool { return tag == "js" || tag == "wasm" })
		forNative := expr.Eval(func(tag string) bool { return tag == "linux" || tag == "amd64" })
		return forJS && !forNative
	}
	return false
}

// TestWasmLeavesOutHeavyPackages keeps packages out of the wasm binary that
// would bloat it (text/template keeps every exported method alive: +17 MB;
// crypto/*) or that have no business in a page (net/http, k8s.io).
func TestWasmLeavesOutHeavyPackages(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "github.com/kubeloop/kubeloop/core/cluster")
	for _, d := range deps {
		// net's package initialisation runs before the page can draw
		// (and it brings ~100 KB); net/netip is enough. regexp makes the
		// program build unicode's category and script maps at start-up
		// (core/pattern matches the lessons' patterns and grep's). math/big
		// (~30 KB) was only ever asked whether a number is past 64 bits.
		for _, banned := range []string{"text/template", "html/template", "net/http", "encoding/xml", "net", "regexp", "math/big"} {
			assert.NotEqual(t, banned, d, "the wasm binary imports %s", banned)
		}
		// time/tzdata is the whole IANA history in a zip (~106 KB gzip);
		// core/tz holds what the simulation can see, and only its
		// generator reads a zip.
		for _, banned := range []string{"time/tzdata", "archive/zip"} {
			assert.NotEqual(t, banned, d, "the wasm binary imports %s", banned)
		}
		// goccy's reflection decoder and encoder (~150 KB gzip): the page
		// uses its scanner and parser, and core/yaml decodes the syntax
		// tree through JSON (core/yaml/tojson.go).
		assert.NotEqual(t, "github.com/goccy/go-yaml", d, "the wasm binary imports goccy's decoder")
		assert.False(t, strings.HasPrefix(d, "k8s.io/"), "the wasm binary imports %s", d)
		// Any crypto package brings Go's FIPS 140 module (AES, DRBG, SHA-3
		// …): ~60 KB gzip for a simulated signature (see
		// controllers/bootstrap/hs256.go).
		assert.False(t, d == "crypto" || strings.HasPrefix(d, "crypto/"), "the wasm binary imports %s", d)
		// The lessons' text is data the page loads (data/lessons.json),
		// not a part of the binary (../shared/DESIGN.md, Build notes).
		assert.NotEqual(t, "github.com/kubeloop/kubeloop/site/lessons/text", d, "the wasm binary embeds the lessons' text")
	}
}

// linkedOutFunctions are functions the page's binary must not link, checked
// by name in the built binary (TestWasmSize: the names stay in its pclntab
// after -s). A package ban cannot say it: encoding/json stays in `go list
// -deps` — goccy/go-yaml imports it, and api.ControllerRevision.Data is a
// json.RawMessage — but its encoder and decoder (~28 KB gzip with their
// reflection) are out: core/apijson writes and reads JSON as they do. What
// stays linked of it is its package initialisation, json.Number and
// RawMessage's small methods, and the float encoder its init refers to.
var linkedOutFunctions = []string{
	// dom/v2 wraps an element by trying each of its ~70 element types; the
	// page never calls what does that (wasm/dom.go), which keeps 2 MB of
	// methods out.
	"dom/v2.wrapElement", "dom/v2.wrapHTMLElement",
	"encoding/json.Marshal", "encoding/json.Unmarshal", "encoding/json.Valid",
	"encoding/json.(*encodeState).marshal", "encoding/json.(*decodeState).unmarshal",
	"encoding/json.(*Decoder).Decode", "encoding/json.typeFields",
}
