package main

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"io"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBuildInlinesEverything(t *testing.T) {
	site := fstest.MapFS{
		"index.html": {Data: []byte(`<html><head>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<script src="app.js"></script>
<link rel="stylesheet" href="app.css">
<script id="kubeloop-wasm-exec" src="wasm_exec.js" defer></script>
<link rel="preload" href="editor.js" as="script">
</head><body><main></main></body></html>`)},
		"app.css":       {Data: []byte("body { color: red }")},
		"wasm_exec.js":  {Data: []byte("var Go = 1;")},
		"app.js":        {Data: []byte(`const s = "</script>";`)},
		"editor.js":     {Data: []byte("window.kubeloopEditor = {};")},
		"favicon.svg":   {Data: []byte("<svg/>")},
		"kubeloop.wasm": {Data: []byte("\x00asm binary")},
	}
	page, err := Build(site)
	require.NoError(t, err)
	s := string(page)
	assert.Contains(t, s, "<style>\nbody { color: red }</style>")
	assert.Contains(t, s, `<script id="kubeloop-wasm-exec">`+"\nvar Go = 1;\n</script>", "an inlined script keeps its id")
	assert.Contains(t, s, "<script>\nwindow.kubeloopEditor = {};\n</script>", "the script the served page runs later is inline")
	assert.Contains(t, s, `const s = "<\/script>";`, "a closing tag inside a script is escaped")
	assert.Contains(t, s, `href="data:image/svg+xml;base64,`)
	assert.NotContains(t, s, `src="`, "no external script is left")
	assert.NotContains(t, s, "preload", "nothing is fetched")

	m := regexp.MustCompile(`<script id="kubeloop-wasm" type="application/octet-stream">([^<]*)</script>\n<script>\nconst s = `).FindStringSubmatch(s)
	require.NotNil(t, m, "the wasm comes before the first script, which can start compiling it at once")
	gz, err := base64.StdEncoding.DecodeString(m[1])
	require.NoError(t, err)
	r, err := gzip.NewReader(bytes.NewReader(gz))
	require.NoError(t, err)
	wasm, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Equal(t, "\x00asm binary", string(wasm))
}

func TestBuildFailsOnAMissingFile(t *testing.T) {
	site := fstest.MapFS{"index.html": {Data: []byte(`<script src="gone.js" defer></script></body>`)}}
	_, err := Build(site)
	assert.Error(t, err)
}

func TestBuildInlinesDataFilesAsJSONScripts(t *testing.T) {
	site := fstest.MapFS{
		"index.html":      {Data: []byte(`<html><head><script src="app.js"></script></head><body></body></html>`)},
		"app.js":          {Data: []byte("1;")},
		"kubeloop.wasm":   {Data: []byte("\x00asm")},
		"data/trace.json": {Data: []byte(`{"a": "</script><!-- x"}`)},
	}
	page, err := Build(site)
	require.NoError(t, err)
	s := string(page)
	assert.Contains(t, s, `<script type="application/json" id="kubeloop-data-trace.json">{"a": "\u003c/script>\u003c!-- x"}</script>`)
	assert.Less(t, strings.Index(s, "kubeloop-data-"), strings.Index(s, "<script>\n1;"), "the data is in place before app.js runs")

	site["data/bad.json"] = &fstest.MapFile{Data: []byte("{not json")}
	_, err = Build(site)
	assert.ErrorContains(t, err, "data/bad.json is not valid JSON")
}
