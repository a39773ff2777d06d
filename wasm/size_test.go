//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxWasmGzip is the gate on kubeloop.wasm as served (gzip -9). The goal of
// issue 8 is 2.0 MB with every controller in; the gate sits where the binary
// is today plus a little room, so that growth is a decision, not an accident.
// Lower it whenever a cut lands. Raised from 3.3 MB to 3.55 MB when twelve
// more controllers of kube-controller-manager landed (issue 7), with
// crypto/* cut out again at the same time; issue 8's 2.5 MB gate is not met.
const maxWasmGzip = 3_550_000

// TestWasmSize builds the page's binary exactly as `make site` does and fails
// when it passes the gate. It also keeps out what a past cut removed.
func TestWasmSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm binary")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out := filepath.Join(t.TempDir(), "kubeloop.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	bin, err := os.ReadFile(out)
	require.NoError(t, err)

	var gz bytes.Buffer
	w, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	require.NoError(t, err)
	_, err = w.Write(bin)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	t.Logf("kubeloop.wasm: %d bytes raw, %d bytes gzip -9 (gate %d)", len(bin), gz.Len(), maxWasmGzip)
	assert.LessOrEqual(t, gz.Len(), maxWasmGzip, "kubeloop.wasm grew past the size gate (gzip)")

	// dom/v2 wraps an element by trying each of its ~70 element types; the
	// page never calls what does that (wasm/dom.go), which keeps 2 MB of
	// methods out. The function names stay in the binary's pclntab.
	for _, fn := range []string{"dom/v2.wrapElement", "dom/v2.wrapHTMLElement"} {
		assert.NotContains(t, string(bin), fn, "the wasm links %s again (see wasm/dom.go)", fn)
	}
}
