package browser_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

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

// TestAWorkerThatCannotStartIsReported: when the browser will not run the
// cluster's worker (here Worker refuses blob: URLs, as a locked-down
// browser might), the loading screen says the simulator could not start
// and why, kubeloop.ready fails with that, and the console has it.
// app.js starts the worker before the page's Go asks for it, so the
// failure is known before the page's start: it must still be told.
func TestAWorkerThatCannotStartIsReported(t *testing.T) {
	p := pageInTab(t, serve(t, dist(t)), true)
	require.NoError(t, chromedp.Do(p.ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `{
		  const Real = self.Worker;
		  self.Worker = function (url, options) {
		    if (String(url).startsWith("blob:")) throw new Error("no workers here");
		    return new Real(url, options);
		  };
		}`})
		return chromedp.Void{}, err
	}))
	p.navigate()
	const why = "The simulator could not start: the worker did not start: no workers here"
	assert.Equal(t, "rejected: "+why, eval[string](p, `kubeloop.ready.then(() => "ready", (err) => "rejected: " + err.message)`))
	assert.Equal(t, why, p.text("#loading-text"))
	assert.False(t, eval[bool](p, `document.getElementById("loading").hidden`), "the loading screen stays, saying why")
	assert.Contains(t, p.consoleErrors(), "warning: kubeloop: the simulator stopped: the worker did not start: no workers here")
	p.screenshot("worker-cannot-start")
}
