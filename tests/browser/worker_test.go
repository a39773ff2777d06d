package browser_test

import (
	"context"
	"path/filepath"
	"strings"
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
	t.Parallel()
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
	t.Parallel()
	p := openPage(t)
	got := eval[string](p, `kubeloop.debug.workerEcho("\u0000panic").then(
		(reply) => "answered: " + reply, (err) => "rejected: " + err)`)
	assert.Equal(t, "rejected: internal error: worker message: deliberate panic (workerPanicProbe)", got)
	assert.Equal(t, "pong:after", eval[string](p, `kubeloop.debug.workerEcho("after")`))
	p.noConsoleErrors()
}

// TestAWorkerThatCannotStartIsReported: when the browser will not run the
// cluster's worker, the loading screen says why, kubeloop.ready fails with
// that, and the page's Go, if it runs, says so on the console too. The
// worker downloads and compiles the wasm too (app.js), so a worker the
// browser refuses (here Worker refuses blob: URLs, as a locked-down
// browser might) stops the page before its Go starts; one that fails once
// the page's Go has asked it for the cluster (here its first message ends
// it with an error) is told by the page's Go.
func TestAWorkerThatCannotStartIsReported(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, wrap, why, console string
	}{
		{
			name: "refused",
			wrap: `if (String(url).startsWith("blob:")) throw new Error("no workers here");
			       return new Real(url, options);`,
			why: "Could not start kubeloop: the worker did not start: no workers here · 无法启动 kubeloop",
		},
		{
			name: "failed once asked",
			wrap: `const w = new Real(url, options);
			       const post = w.postMessage.bind(w);
			       w.postMessage = function (msg) {
			         if (typeof msg !== "string") return post.apply(null, arguments);
			         w.terminate();
			         w.onerror({ message: "no workers here", preventDefault() {} });
			       };
			       return w;`,
			why:     "The simulator could not start: the worker failed: no workers here",
			console: "warning: kubeloop: the simulator stopped: the worker failed: no workers here",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := pageInTab(t, serve(t, dist(t)), true)
			require.NoError(t, chromedp.Do(p.ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
				_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `{
				  const Real = self.Worker;
				  self.Worker = function (url, options) {` + c.wrap + `};
				}`})
				return chromedp.Void{}, err
			}))
			p.navigate()
			assert.Equal(t, "rejected: "+c.why, eval[string](p, `kubeloop.ready.then(() => "ready", (err) => "rejected: " + err.message)`))
			assert.Equal(t, c.why, p.text("#loading-text"))
			assert.False(t, eval[bool](p, `document.getElementById("loading").hidden`), "the loading screen stays, saying why")
			if c.console != "" {
				assert.Contains(t, p.consoleErrors(), c.console)
			}
			p.screenshot("worker-cannot-start-" + strings.ReplaceAll(c.name, " ", "-"))
		})
	}
}
