//go:build js && wasm

// Command wasm is the kubeloop page and its cluster's worker: the bridge
// between the browser and the simulated cluster of core/cluster. It is the
// only code that touches the browser (dom/v2 for the document, safejs for
// the rest of the JS API).
//
// The same program runs twice. On the page it draws: it asks a Web Worker
// for the cluster (remote.go), keeps what the worker's frames say
// (mirror.go) and draws that at each animation frame. In the worker —
// where main finds no document — it runs the cluster (wasm/internal/engine,
// workerloop.go). Each side's entries from JavaScript (event handlers, the
// animation frame, window.kubeloop, the worker's messages) do their work
// and return, and every entry recovers a panic (guard.go), because a panic
// that reaches JavaScript would end the Go program. main sets up and then
// blocks forever; it must never return.
package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// defaultSeed is the seed of a fresh page; reset(seed) picks another.
const defaultSeed = 1

// app is the page: one cluster and the views that draw it.
type app struct {
	global safejs.Value
	doc    dom.Node     // the document, as a plain node: dom/v2's Document pulls in its every element type (size)
	docJS  safejs.Value // the same document, for calls dom/v2 makes slow (dom.go)
	lang   string

	traceZH traceCatalog // tracezh.go: the trace's Chinese, loaded when first shown

	// m is the cluster as the worker's frames told it; remote reaches the
	// worker (remote.go).
	m      *mirror
	remote remote
	seed   uint64
	panics int // recovered panics, for tests and the console
	// frameDue: a frame came since the last draw; frameUnacked: the
	// worker waits to hear it was drawn (clock.go).
	frameDue, frameUnacked bool

	// Time: the worker runs the clock; the page asks it to.
	playing  bool
	speed    float64     // simulated seconds per real second
	timing   frameTiming // where frames' Go time goes (kubeloop.debug.frames)
	settling bool        // a settle runs in the worker
	// settleCancelled: the page stopped it; its answer is not printed.
	settleCancelled bool

	perf    safejs.Value // window.performance, for now()
	perfSet bool

	frameFunc     safejs.Func
	frameReady    bool
	frameCallback func(ms float64)
	frameAsked    bool // an animation frame is asked for (wakeIfBusy)
	collector     collector

	replay      replayState
	lessons     lessonState
	help        fieldHelp   // kubectl explain's and the editor's field help (fieldhelp.go)
	kubectlHelp kubectlHelp // kubectl's help pages (kubectlhelp.go)
	layout      layoutState // layout.go: splitters, folds, presenter mode
	starting    startState

	ui *ui
}

func main() {
	a := &app{global: safejs.Global(), seed: defaultSeed, speed: 1, m: newMirror()}
	a.docJS, _ = a.global.Get("document")
	if a.docJS.IsUndefined() {
		a.runWorker() // no document: this is the cluster's worker (workerhost.go, workerloop.go); it never returns
	}
	a.doc = &dom.BasicNode{Value: safejs.Unsafe(a.docJS)}
	tuneCollector()
	a.guard("start", nil, a.start)
	select {} // the page calls into Go from here on; main must never return
}

// start builds the page, asks the worker for the cluster, and resolves
// window.kubeloop.ready once both are up. The learner sees the nodes as
// early as possible: the worker builds the cluster's API server with its
// nodes (cluster.Build) and posts them before it starts the control plane;
// the page draws that first frame and hides the loading screen (firstDraw),
// and once the browser has painted it and the control plane runs, builds
// the editor, terminal, replay, menus and lessons (startRest). The page is
// inert in between, so no control is used before it is wired up.
func (a *app) start() {
	a.mark("go-start")
	a.readMessages()
	a.setInert(true)
	aside := a.checkStorage() // first: nothing unreadable is read, nothing is lost
	a.lang = pickLang(a.navigatorLanguage())
	if saved, ok := a.load(keyLang); ok {
		a.lang = saved
	}
	if s, ok := a.load(keySeed); ok {
		if seed, err := strconv.ParseUint(s, 10, 64); err == nil {
			a.seed = seed
		}
	}
	// The worker builds the cluster and posts its nodes first; the control
	// plane starts after that (engine.OpStart). It is asked now, so that it
	// builds them while the page builds its views: its answers are taken
	// once start has returned.
	a.remote.link.start(a, a.received, a.workerError)
	a.starting.aside = aside
	a.send(engine.Message{Request: engine.Request{Op: engine.OpStart, Seed: a.seed}}, func(rep engine.Reply) {
		a.mark("control-plane")
		a.starting.started = true
		a.startRest()
	})
	a.ui = a.buildUI()
	a.initLayout()
	a.mark("ui")
	if a.lang != langEN {
		// index.html is written in English (TestIndexHTMLTextIsTheEnglishTable);
		// its titles and labels follow in finishStart, before the page
		// stops being inert.
		a.applyStaticTexts()
	}
	a.drawClock()
}

// startState is how far the start has come: the page finishes starting
// once the nodes are painted and the control plane has started, in
// whichever order they come.
type startState struct {
	drawn, painted, started, finished bool
	aside                             []string // storage keys set aside (checkStorage), to say so once started
}

// firstDraw draws the first frame (the nodes) and hides the loading
// screen; once the browser has painted it, the start goes on.
func (a *app) firstDraw() {
	a.mark("nodes") // the worker's first frame came
	a.starting.drawn = true
	a.drawClock()
	a.drawLivePods(true)
	if el := a.findByID("loading"); el != nil {
		el.SetAttribute("hidden", "")
	}
	a.afterPaint("start", func() {
		// performance.mark "kubeloop:first-render": the browser test reports it.
		a.mark("first-render")
		a.starting.painted = true
		a.startRest()
	})
}

// startRest builds the rest of the page once the nodes are painted and the
// control plane runs, after the editor's script has loaded.
func (a *app) startRest() {
	st := &a.starting
	if !st.painted || !st.started || st.finished {
		return
	}
	st.finished = true
	a.afterEditorLoads(func() { a.finishStart(st.aside) })
}

// afterEditorLoads runs fn once the editor's script has run: the served
// page fetches it early but runs it only now (app.js, _loadEditor), after
// the first drawing. If it cannot load, app.js says so on the page.
func (a *app) afterEditorLoads(fn func()) {
	var then safejs.Func
	then = a.funcOf("editor loaded", func(string) any { return nil }, func(safejs.Value, []safejs.Value) any {
		then.Release()
		fn()
		return nil
	})
	if _, err := a.callLoader("_loadEditor", then.Value()); err == nil {
		return
	}
	// No loader (app.js always has one): go on, and building the editor
	// reports it missing if it is.
	then.Release()
	fn()
}

// finishStart is the second task of start: the control plane starts, and
// the rest of the page is built and drawn.
func (a *app) finishStart(aside []string) {
	a.buildControls(a.ui)
	a.buildCatalog()
	a.applyLanguage()
	a.installAPI()
	a.loadKubectlHelp()
	if len(aside) > 0 {
		a.notify("storage.aside", strings.Join(aside, ", "))
	}
	// The clock plays once a share link, if there is one, has been
	// opened: a session's link replays to the moment it was shared, not
	// past it.
	a.playing = true
	a.updatePlayButton()
	a.openShareLink(func() {
		a.setPlaying(a.playing)
		a.setInert(false)
		a.mark("ready")
		if kl, err := a.global.Get("kubeloop"); err == nil {
			if started, err := kl.Get("_started"); err == nil && started.Type() == safejs.TypeFunction {
				started.Invoke()
			}
		}
	})
}

// setInert makes the whole page unreachable (no clicks, no focus) while it
// is being set up.
func (a *app) setInert(on bool) {
	body := a.body()
	if body == nil {
		return
	}
	if on {
		body.SetAttribute("inert", "")
	} else {
		body.RemoveAttribute("inert")
	}
}

// mark records a start-up milestone (performance.mark "kubeloop:NAME"),
// for the browser test that reports where the time to first render goes.
func (a *app) mark(name string) {
	if perf, err := a.global.Get("performance"); err == nil {
		perf.Call("mark", "kubeloop:"+name)
	}
}

// readMessages takes the page's strings from kubeloop._messages, the text
// of data/messages.json that app.js loaded before it started Go. Without
// them the page still runs, showing each string's key (translate).
func (a *app) readMessages() {
	text, err := a.handedData("_messages")
	if err == nil {
		err = loadMessages(text)
	}
	if err != nil {
		a.consoleWarn("kubeloop: the page's strings did not load: " + err.Error())
	}
}

// handedData is the text of a data file that app.js loaded before it
// started Go and set as kubeloop[key].
func (a *app) handedData(key string) (string, error) {
	kl, err := a.global.Get("kubeloop")
	if err != nil {
		return "", err
	}
	v, err := kl.Get(key)
	if err != nil {
		return "", err
	}
	return jsString(v), nil
}

func (a *app) navigatorLanguage() string {
	nav, err := a.global.Get("navigator")
	if err != nil {
		return ""
	}
	lang, err := nav.Get("language")
	if err != nil {
		return ""
	}
	return jsString(lang)
}

// tr translates a key into the page's language.
func (a *app) tr(key string, args ...any) string { return translate(a.lang, key, args...) }

// applyLanguage sets every static text of index.html from the table, then
// redraws what Go built.
func (a *app) applyLanguage() {
	a.applyStaticTexts()
	a.relabelWelcome()
	a.ui.speed.SetAttribute("title", a.tr("clock.speed.title"))
	a.ui.editor.SetLabel(a.editorLabel())
	a.loadFieldHelp()
	a.updatePlayButton()
	a.updateThemeButton()
	a.updatePrompt()
	a.drawCatalog(false)
	a.ui.docSig = ""
	a.drawDocList()
	a.ui.faultsSig = ""
	a.drawNotices()
	a.render(true)
	a.drawLesson(true)
}

// applyStaticTexts sets the texts index.html marks with data-i18n*.
func (a *app) applyStaticTexts() {
	a.root().SetAttribute("lang", a.lang)
	for _, el := range a.all("[data-i18n]") {
		el.SetTextContent(a.tr(el.GetAttribute("data-i18n")))
	}
	for _, attr := range []string{"title", "aria-label", "placeholder"} {
		for _, el := range a.all("[data-i18n-" + attr + "]") {
			el.SetAttribute(attr, a.tr(el.GetAttribute("data-i18n-"+attr)))
		}
	}
	for _, el := range a.all("[data-lang]") {
		setClass(el, "on", el.GetAttribute("data-lang") == a.lang)
	}
}

func (a *app) setLanguage(lang string) {
	if lang != langEN && lang != langZH {
		return
	}
	a.lang = lang
	a.store(keyLang, lang)
	a.applyLanguage()
}

// reset starts over with an empty cluster; the editor text stays.
func (a *app) reset(seed uint64) { a.resetThen(seed, nil) }

// resetThen is reset, running then (if not nil) once the new cluster is
// drawn.
func (a *app) resetThen(seed uint64, then func()) {
	a.cancelSettle()
	if a.replay.on {
		a.goLive()
	}
	a.stopWatch(true)
	a.seed = seed
	a.ui.shell = ""
	a.ui.step = nil
	a.ask(engine.Request{Op: "reset", Seed: seed}, func(engine.Reply) {
		a.ui.resetViews()
		a.updatePrompt()
		a.ui.editor.SetErrors(nil)
		a.ui.applied = false
		a.termNote(a.tr("sim.reset", seed))
		a.render(true)
		if then != nil {
			then()
		}
	})
}

// elapsed is the simulated time since the cluster started.
func (a *app) elapsed() time.Duration { return a.m.elapsed }

// isMac reports whether the platform's shortcut key is ⌘.
func (a *app) isMac() bool {
	nav, err := a.global.Get("navigator")
	if err != nil {
		return false
	}
	p, err := nav.Get("platform")
	if err != nil {
		return false
	}
	return strings.HasPrefix(jsString(p), "Mac") || strings.HasPrefix(jsString(p), "iP")
}
