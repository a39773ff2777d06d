package browser_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The cluster's worker: the page's Go starts a second instance of the
// compiled module in a Web Worker made from a blob: URL (app.js,
// kubeloop._startWorker; wasm/workerlink.go) and exchanges texts with
// the Go in it (wasm/workerhost.go), the worker's as UTF-8 bytes.
// kubeloop.debug.workerEcho goes the whole way, page Go to worker Go and
// back.

// TestWorkerAnswersServedAndFromFile: the worker starts and answers on the
// served site, under its Content-Security-Policy, and in the single-file
// page opened from disk, where nothing can be fetched.
func TestWorkerAnswersServedAndFromFile(t *testing.T) {
	file, err := filepath.Abs(filepath.Join(dist(t), "kubeloop.html"))
	require.NoError(t, err)
	for name, url := range map[string]string{"served": "", "file": "file://" + file} {
		t.Run(name, func(t *testing.T) {
			p := openURL(t, "", url)
			assert.Equal(t, "pong:hi", eval[string](p, `kubeloop.debug.workerEcho("hi")`))
			assert.Equal(t, "pong:again", eval[string](p, `kubeloop.debug.workerEcho("again")`), "the same worker answers on")
			assert.Equal(t, "pong:调度器 … ✓", eval[string](p, `kubeloop.debug.workerEcho("调度器 … ✓")`), "UTF-8 crosses whole")
			p.noConsoleErrors()
		})
	}
}

// TestWorkerPanicComesBackAsAnErrorAndTheWorkerAnswersOn: a panic in the
// worker's handling of a message rejects that call with the panic's text,
// and the worker answers the next message.
func TestWorkerPanicComesBackAsAnErrorAndTheWorkerAnswersOn(t *testing.T) {
	p := openPage(t)
	got := eval[string](p, `kubeloop.debug.workerEcho("\u0000panic").then(
		(reply) => "answered: " + reply, (err) => "rejected: " + err)`)
	assert.Equal(t, "rejected: internal error: worker message: deliberate panic (workerPanicProbe)", got)
	assert.Equal(t, "pong:after", eval[string](p, `kubeloop.debug.workerEcho("after")`))
	p.noConsoleErrors()
}
