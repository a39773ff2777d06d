// Package browser_test drives the built kubeloop page in headless Chromium
// (chromedp), as a learner would: through the editor, the buttons and the
// terminal. It serves the site from 127.0.0.1 with the production headers
// (Content-Security-Policy included), so anything the policy blocks fails
// here first.
//
// The site comes from $KUBELOOP_DIST (make test builds it with make site);
// without it the tests build their own into a temporary folder. Without
// /usr/bin/chromium the tests skip — unless KUBELOOP_REQUIRE_BROWSER is set,
// as make test sets it, so CI cannot skip them silently.
package browser_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/site"
)

const chromiumPath = "/usr/bin/chromium"

// outDir is where screenshots go (gitignored).
const outDir = "../out/browser"

var (
	distOnce sync.Once
	distDir  string
	distErr  error
)

// dist returns the folder of the built site, building it once if
// KUBELOOP_DIST does not name one.
func dist(t *testing.T) string {
	t.Helper()
	distOnce.Do(func() {
		if d := os.Getenv("KUBELOOP_DIST"); d != "" {
			distDir = d
			return
		}
		distDir, distErr = buildSite()
	})
	require.NoError(t, distErr, "building the site")
	for _, f := range []string{"index.html", "app.js", "build.js", "cells.js", "app.css", "wasm_exec.js", "editor.js", "kubeloop.wasm", "kubeloop.html"} {
		_, err := os.Stat(filepath.Join(distDir, f))
		require.NoError(t, err, "the built site lacks %s (run make site)", f)
	}
	return distDir
}

// buildSite runs `make site` (the wasm, the editor bundle from
// node_modules, the single-file page) and returns the repository's dist/.
func buildSite() (string, error) {
	cmd := exec.Command("make", "-C", "../..", "site")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("make site: %v\n%s", err, out)
	}
	return filepath.Abs("../../dist")
}

// serve serves the site on 127.0.0.1 with the production headers. Each
// test gets its own server, hence its own origin and its own localStorage.
// The files named missing ("data/kubectl-help.json") are answered 404.
func serve(t *testing.T, dir string, missing ...string) string {
	t.Helper()
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range site.SecurityHeaders {
			w.Header().Set(k, v)
		}
		if slices.Contains(missing, strings.TrimPrefix(r.URL.Path, "/")) {
			http.NotFound(w, r)
			return
		}
		if path.Ext(r.URL.Path) == ".wasm" {
			w.Header().Set("Content-Type", "application/wasm")
		}
		w.Header().Set("Cache-Control", "no-store")
		files.ServeHTTP(w, r)
	}))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// page is one test's page of the site, in a browser tab.
type page struct {
	t   *testing.T
	ctx context.Context
	url string
	// close ends the page and gives its tab back (test cleanup does it
	// too): a test that opens several pages closes each when done, so that
	// its simulation does not run on beside the next.
	close func()

	mu      sync.Mutex
	console []string       // console.error/warn calls and uncaught exceptions
	trace   *traceRecorder // while a trace is recorded (perftrace_test.go)
}

// The browser is started once for the package, by the first test that
// needs it, and stopped by TestMain; each test's pages are served by a
// server of the test's own, in tabs the tests pass on (tabs_test.go).
//
// Page tests call t.Parallel: as many run at a time as the machine has
// cores (go test's -parallel), each in a tab of its own; with one page
// the machine is half idle (the page waits on its worker and the clock).
// A test that times the page (a render, a longest task, a frame count) or
// loads the machine heavily does not: Go runs those first, one at a time,
// with nothing beside them.
var (
	browserOnce sync.Once
	browserCtx  context.Context
	browserErr  error
	stopBrowser = func() {}
)

func TestMain(m *testing.M) {
	code := m.Run()
	stopBrowser()
	os.Exit(code)
}

func startBrowser() {
	if _, err := os.Stat(chromiumPath); err != nil {
		browserErr = err
		return
	}
	profile, err := os.MkdirTemp("", "kubeloop-chromium-")
	if err != nil {
		browserErr = err
		return
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.UserDataDir(profile), // a fresh profile: no cache, no storage
	)
	ctx, cancel := chromedp.NewContext(allocCtx)
	stopBrowser = func() {
		cancel()
		cancelAlloc()
		os.RemoveAll(profile)
	}
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		browserErr = fmt.Errorf("starting %s: %w", chromiumPath, err)
		return
	}
	browserCtx = ctx
}

// defaultTabTimeout is how long a test's tab lives: a minute, which most
// page tests fit; a longer test says so with longerTabs.
const defaultTabTimeout = 60 * time.Second

// manyRoomsTab is the tab's life of a test that looks at the page in many
// rooms and languages.
const manyRoomsTab = 3 * time.Minute

// tabTimeouts are the tabs' lives of the tests that called longerTabs, by
// test name. A map and not a variable the test sets: tests run in parallel.
var tabTimeouts sync.Map

// longerTabs gives the pages the test (and its subtests) open d to live,
// not defaultTabTimeout.
func longerTabs(t *testing.T, d time.Duration) {
	tabTimeouts.Store(t.Name(), d)
	t.Cleanup(func() { tabTimeouts.Delete(t.Name()) })
}

// tabTimeoutOf is how long t's tabs live: what t or the nearest of its
// parents asked for with longerTabs, or defaultTabTimeout.
func tabTimeoutOf(t *testing.T) time.Duration {
	for name := t.Name(); ; {
		if d, ok := tabTimeouts.Load(name); ok {
			return d.(time.Duration)
		}
		i := strings.LastIndexByte(name, '/')
		if i < 0 {
			return defaultTabTimeout
		}
		name = name[:i]
	}
}

// openPage opens the site in a tab (tabs_test.go) and waits for
// kubeloop.ready.
func openPage(t *testing.T) *page {
	t.Helper()
	return openURL(t, "", "")
}

// openColdPage opens the site in a new tab, as a first visit: for a test
// that times the page's start.
func openColdPage(t *testing.T) *page {
	t.Helper()
	return openTab(t, "", "", true)
}

// openURL opens the site, with a URL fragment ("#share=…"), or — when
// file is set — that URL instead of the site on a server of the test's
// own, in a new tab (the tests that open one time a first visit).
func openURL(t *testing.T, fragment, file string) *page {
	t.Helper()
	return openTab(t, fragment, file, file != "")
}

func openTab(t *testing.T, fragment, file string, cold bool) *page {
	t.Helper()
	url := file
	if url == "" {
		url = serve(t, dist(t)) + fragment
	}
	p := pageInTab(t, url, cold)
	start := time.Now()
	// A port may be reused by a later test's server, and with it the origin
	// and its localStorage: start each page with none.
	if file == "" {
		p.clearStorage()
	}
	p.navigate()
	p.waitReady()
	t.Logf("page ready in %v", time.Since(start).Round(time.Millisecond))
	return p
}

// pageInTab is a page for url in a tab (a new one if cold), not yet
// navigated to it; the test's end gives the tab back.
func pageInTab(t *testing.T, url string, cold bool) *page {
	t.Helper()
	browserOnce.Do(startBrowser)
	if browserCtx == nil {
		if os.Getenv("KUBELOOP_REQUIRE_BROWSER") == "" {
			t.Skipf("no browser (%v); set KUBELOOP_REQUIRE_BROWSER=1 to make this a failure", browserErr)
		}
		t.Fatalf("KUBELOOP_REQUIRE_BROWSER is set but the browser is unavailable: %v", browserErr)
	}
	p := &page{t: t, url: url}
	tb, err := takeTab(p, cold)
	require.NoError(t, err, "opening a tab")
	ctx, cancelTimeout := context.WithTimeout(tb.ctx, tabTimeoutOf(t))
	p.ctx = ctx
	p.close = sync.OnceFunc(func() {
		cancelTimeout()
		tb.giveBack(!cold && !t.Failed())
	})
	t.Cleanup(p.close)
	return p
}

// clearStorage clears the storage of the page's origin.
func (p *page) clearStorage() {
	p.t.Helper()
	origin := strings.TrimSuffix(strings.SplitN(p.url, "#", 2)[0], "/")
	require.NoError(p.t, chromedp.Do(p.ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: origin, StorageTypes: "all"})
		return chromedp.Void{}, err
	}))
}

// navigate loads the page's URL in its tab, in the window size the tests
// start with.
func (p *page) navigate() {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx,
		chromedp.EmulateViewport(1600, 960),
		chromedp.Navigate(p.url),
	))
}

// firstRenderMS is the time from navigation to the first drawing of the
// cluster, as the page marks it (performance.mark "kubeloop:first-render").
func (p *page) firstRenderMS() float64 {
	p.t.Helper()
	return eval[float64](p, `(performance.getEntriesByName("kubeloop:first-render")[0] || {startTime: -1}).startTime`)
}

// record appends a line to tests/out/browser/timings.txt (make test prints it).
func record(t *testing.T, format string, args ...any) {
	t.Helper()
	require.NoError(t, os.MkdirAll(outDir, 0o755))
	f, err := os.OpenFile(filepath.Join(outDir, "timings.txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	require.NoError(t, err)
	defer f.Close()
	fmt.Fprintf(f, format+"\n", args...)
	t.Logf(format, args...)
}

// viewport sets the window size (CSS pixels).
func (p *page) viewport(w, h int64) {
	p.t.Helper()
	p.do(chromedp.EmulateViewport(w, h))
}

// theme picks the light or dark theme as the toggle would.
func (p *page) theme(name string) {
	p.t.Helper()
	for i := 0; i < 2 && eval[string](p, `document.documentElement.dataset.theme || ""`) != name; i++ {
		p.click("#theme")
	}
	p.waitFor("theme "+name, `document.documentElement.dataset.theme === "`+name+`"`)
}

// typeInTerminal types a line into the terminal's input (Enter included
// if the line ends in \n).
func (p *page) typeInTerminal(text string) {
	p.t.Helper()
	p.do(
		chromedp.Click(chromedp.CSS("#term-input"), chromedp.NodeVisible),
		chromedp.SendKeys(chromedp.CSS("#term-input"), text),
	)
}

// onEvent records what the page complains about. It runs in chromedp's
// event loop: it must return fast and run no command.
func (p *page) onEvent(ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.onTraceEvent(ev)
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type != runtime.ConsoleAPICalledTypeError && ev.Type != runtime.ConsoleAPICalledTypeWarning {
			return
		}
		var parts []string
		for _, a := range ev.Args {
			if a.Value != nil {
				var s string
				if json.Unmarshal(a.Value, &s) == nil {
					parts = append(parts, s)
					continue
				}
				parts = append(parts, string(a.Value))
			} else {
				parts = append(parts, a.Description)
			}
		}
		p.console = append(p.console, string(ev.Type)+": "+strings.Join(parts, " "))
	case *runtime.EventExceptionThrown:
		msg := ev.ExceptionDetails.Text
		if ev.ExceptionDetails.Exception != nil {
			msg += " " + ev.ExceptionDetails.Exception.Description
		}
		p.console = append(p.console, "exception: "+msg)
	}
}

// consoleErrors returns what the page logged as errors so far.
func (p *page) consoleErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.console...)
}

// noConsoleErrors fails the test if the page logged an error or warning
// (a CSP violation, an exception, a recovered panic).
func (p *page) noConsoleErrors() {
	p.t.Helper()
	require.Empty(p.t, p.consoleErrors(), "the page logged errors")
}

func (p *page) waitReady() {
	p.t.Helper()
	ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](
		`window.kubeloop && window.kubeloop.ready.then(() => true)`, chromedp.EvalAwaitPromise))
	require.NoError(p.t, err, "waiting for window.kubeloop.ready; console: %v", p.consoleErrors())
	require.True(p.t, ok)
}

// reload reloads the page and waits for it to start again.
func (p *page) reload() {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, chromedp.Reload()))
	p.waitReady()
}

// eval evaluates a JavaScript expression into T. The expression may use
// await (kubeloop's calls that ask the cluster return Promises), and a
// Promise it gives is awaited.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](asyncExpr(expr), chromedp.EvalAwaitPromise))
	require.NoError(p.t, err, "evaluating %s", expr)
	return v
}

// asyncExpr is expr, evaluated where await may be used when it uses it.
func asyncExpr(expr string) string {
	if !strings.Contains(expr, "await") {
		return expr
	}
	return "(async () => await (" + expr + "))()"
}

// waitFor polls a JavaScript condition until it holds (10 s at most); it
// may use await, as eval's expressions may. It polls from Go: chromedp's Poll compiles the predicate with new Function,
// which the page's Content-Security-Policy rightly forbids.
func (p *page) waitFor(what, cond string) {
	p.t.Helper()
	p.waitWithin(10*time.Second, what, cond)
}

// waitWithin is waitFor with a deadline of its own.
func (p *page) waitWithin(d time.Duration, what, cond string) {
	p.t.Helper()
	deadline := time.Now().Add(d)
	for {
		ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`(async () => !!(await (`+cond+`)))()`, chromedp.EvalAwaitPromise))
		require.NoError(p.t, err, "evaluating %s", cond)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			p.capture("timeout-" + strings.ReplaceAll(p.t.Name(), "/", "-"))
			p.t.Fatalf("timed out waiting for %s (%s); console: %v", what, cond, p.consoleErrors())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// do runs chromedp actions.
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, actions...))
}

// setEditor replaces the editor's text as typing would (a user input
// transaction in CodeMirror, which the page sees as an edit).
func (p *page) setEditor(text string) {
	p.t.Helper()
	js, err := json.Marshal(text)
	require.NoError(p.t, err)
	eval[chromedp.Void](p, `kubeloop.editor.typeText(`+string(js)+`)`)
}

func (p *page) editorText() string {
	p.t.Helper()
	return eval[string](p, `kubeloop.editor.getText()`)
}

// click clicks an element by CSS selector, as the mouse would. A view the
// page draws anew (a lesson's steps when their checks answer) can replace
// the element between finding it and clicking it: then it is found again.
func (p *page) click(sel string) {
	p.t.Helper()
	var err error
	for range 3 {
		if err = chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)); err == nil || !strings.Contains(err.Error(), "Could not find node with given id") {
			break
		}
	}
	require.NoError(p.t, err)
}

// setLang switches the page's language with its button and waits until
// every view is drawn in it: a new language is drawn in stages
// (wasm/drawstages.go), so a view read just after the click can still be
// in the old one.
func (p *page) setLang(lang string) {
	p.t.Helper()
	p.click(`[data-lang="` + lang + `"]`)
	p.waitFor("the page drawn in "+lang, `document.documentElement.lang === `+jsString(lang)+` && !kubeloop.debug.drawing()`)
}

// count is the number of elements matching a CSS selector.
func (p *page) count(sel string) int {
	p.t.Helper()
	js, _ := json.Marshal(sel)
	return eval[int](p, `document.querySelectorAll(`+string(js)+`).length`)
}

func (p *page) text(sel string) string {
	p.t.Helper()
	js, _ := json.Marshal(sel)
	return eval[string](p, `(document.querySelector(`+string(js)+`) || {}).textContent || ""`)
}

// reviewShots is whether the tests save the pictures taken for people to
// look at (picture, screenshot, screenshots, shots): with KUBELOOP_SHOTS
// set, as make shots sets it for a review of a page change. make test
// leaves them out: no one looks at a picture CI takes, and they were much
// of the suite's time. A picture a test reads (capture) is always taken.
var reviewShots = os.Getenv("KUBELOOP_SHOTS") != ""

// screenshot settles the page (its animations moved on) and, if
// reviewShots, saves a PNG of the viewport to tests/out/browser/NAME.png.
// It settles either way, so a test goes on from the same moment with
// make test as with make shots.
func (p *page) screenshot(name string) {
	p.t.Helper()
	p.settle(800 * time.Millisecond)
	p.picture(name)
}

// picture saves a PNG of the viewport as it is this instant, if
// reviewShots.
func (p *page) picture(name string) {
	p.t.Helper()
	if reviewShots {
		p.capture(name)
	}
}

// settle waits for the page to draw what it was last told (two animation
// frames) and shows its animations and transitions (the cards' entrance,
// a theme's fade) as they will be most from now: it moves each one on by
// most, which ends those that end by then, and draws again. An animation
// that outlasts most is caught part way, as a person would see it then;
// one that never ends (a spinner) is left alone. Moving them on, not
// waiting for them, makes the screenshot's moment the same on a slow
// machine and a fast one, without the wait.
func (p *page) settle(most time.Duration) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(async () => {
	  const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
	  await frames();
	  for (const a of document.getAnimations()) {
	    const end = a.effect && a.effect.getComputedTiming().endTime;
	    if (a.playState === "running" && isFinite(end)) a.currentTime = Math.min(end, a.currentTime + %d);
	  }
	  await frames();
	  return true;
	})()`, most.Milliseconds()))
}

// screenshots saves the page as it is now in both languages and both
// themes — NAME-en-light.png, NAME-en-dark.png, NAME-zh-CN-light.png and
// NAME-zh-CN-dark.png — so that a reviewer can check every text and colour
// of one state. It leaves the language as it found it, and the theme too
// once one was chosen (the button cannot go back to "as the system").
// Without reviewShots it leaves the page as it is.
func (p *page) screenshots(name string) {
	p.t.Helper()
	if !reviewShots {
		return
	}
	lang := eval[string](p, `document.documentElement.lang`)
	theme := eval[string](p, `document.documentElement.dataset.theme || ""`)
	p.settle(800 * time.Millisecond)
	for _, l := range []string{"en", "zh-CN"} {
		p.setLang(l)
		for _, th := range []string{"light", "dark"} {
			p.theme(th)
			// The pod cards fade to the new theme's colours (setLang
			// waited for the views in the new language).
			p.settle(400 * time.Millisecond)
			p.picture(name + "-" + l + "-" + th)
		}
	}
	p.setLang(lang)
	if theme != "" {
		p.theme(theme)
	}
}

// capture saves a PNG of the viewport as it is this instant, always: for
// a test that reads the picture, or one that failed waiting.
func (p *page) capture(name string) string {
	p.t.Helper()
	buf, err := chromedp.Run(p.ctx, captureFast)
	if err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return ""
	}
	require.NoError(p.t, os.MkdirAll(outDir, 0o755))
	file := filepath.Join(outDir, name+".png")
	require.NoError(p.t, os.WriteFile(file, buf, 0o644))
	return file
}

// captureFast is chromedp.CaptureScreenshot with the PNG compressed for
// speed: the files are a little larger, and a suite that saves hundreds
// of them spends less of its time encoding.
func captureFast(ctx context.Context, tg *chromedp.Target) ([]byte, error) {
	yes := true
	r, err := cdp.Call(ctx, tg, cdppage.CaptureScreenshot, cdppage.CaptureScreenshotParams{FromSurface: &yes, OptimizeForSpeed: &yes})
	if err != nil {
		return nil, err
	}
	return r.Data, nil
}
