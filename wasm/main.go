//go:build js && wasm

// Command wasm is the kubeloop page: the bridge between the browser and the
// simulated cluster of core/cluster. It is the only code that touches the
// browser (dom/v2 for the document, safejs for the rest of the JS API).
//
// Everything runs on the browser's one thread: JavaScript calls into Go
// (event handlers, the animation frame, window.kubeloop), Go does its work
// and returns, and every entry recovers a panic (guard.go), because a panic
// that reaches JavaScript would end the Go program and the page with it.
// The one wait is the animation frame's on the cluster's work, which runs on
// a goroutine of its own so that it can pause half-way through a long task
// (pause.go). main sets up and then blocks forever; it must never return.
package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/session"
)

// defaultSeed is the seed of a fresh page; reset(seed) picks another.
const defaultSeed = 1

// app is the page: one cluster and the views that draw it.
type app struct {
	warm   warmUp // warmup.go
	global safejs.Value
	doc    dom.Node     // the document, as a plain node: dom/v2's Document pulls in its every element type (size)
	docJS  safejs.Value // the same document, for calls dom/v2 makes slow (dom.go)
	lang   string

	traceZH traceCatalog // tracezh.go: the trace's Chinese, loaded when first shown

	cluster *cluster.Cluster
	seed    uint64
	panics  int // recovered panics, for tests and the console
	// idleMarkHolds counts the calls from JavaScript that ended with the
	// collector marking and its idle worker held off (idlemark.go).
	idleMarkHolds int

	// Time: play drives AdvanceBudget from requestAnimationFrame.
	playing   bool
	speed     float64     // simulated seconds per real second
	lastFrame float64     // timestamp of the previous frame (ms), 0 at start
	budget    int         // tasks per frame, adapted to keep frames short
	timing    frameTiming // where frames' Go time goes (kubeloop.debug.frames)
	settling  settleRun
	loop      *pauser // runs each frame's work, pausable at store writes (pause.go)

	perf    safejs.Value // window.performance, for now()
	perfSet bool

	frameFunc     safejs.Func
	frameReady    bool
	frameCallback func(ms float64)

	replay      replayState
	lessons     lessonState
	help        fieldHelp         // kubectl explain's and the editor's field help (fieldhelp.go)
	kubectlHelp kubectlHelp       // kubectl's help pages (kubectlhelp.go)
	layout      layoutState       // layout.go: splitters, folds, presenter mode
	session     *session.Recorder // what was done to this cluster, for share links (session.go)

	ui *ui
}

func main() {
	a := &app{global: safejs.Global(), seed: defaultSeed, speed: 1, budget: 500}
	a.loop = newPauser(a.now)
	a.docJS, _ = a.global.Get("document")
	a.doc = &dom.BasicNode{Value: safejs.Unsafe(a.docJS)}
	a.guard("start", nil, a.start)
	a.holdIdleMark() // as every entry does on its way out (jsutil.go)
	select {}        // the page calls into Go from here on; main must never return
}

// start builds the page and the cluster and resolves window.kubeloop.ready.
// It runs in two tasks so that the learner sees the cluster as early as
// possible: the first builds the cluster's API server with its nodes
// (cluster.Build), draws them and hides the loading screen; once the
// browser has painted that, the second starts the control plane and builds
// the editor, terminal, replay, menus and lessons (several hundred
// milliseconds on first run, most of it the browser compiling code the
// first task did not need). The page is inert in between, so no control is
// used before it is wired up.
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
	// The nodes first: the control plane starts after the first paint.
	a.cluster = cluster.Build(cluster.Options{Seed: a.seed, Controllers: controllers.All()})
	a.cluster.Store().PausePoint = a.loop.pausePoint
	a.mark("cluster")
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
	s := a.cluster.Snapshot()
	a.ui.cluster.draw(&s, true)
	if el := a.findByID("loading"); el != nil {
		el.SetAttribute("hidden", "")
	}
	a.afterPaint("start", func() {
		// performance.mark "kubeloop:first-render": the browser test reports it.
		a.mark("first-render")
		a.afterEditorLoads(func() { a.finishStart(aside) })
	})
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
	if kl, err := a.global.Get("kubeloop"); err == nil {
		if _, err := kl.Call("_loadEditor", then.Value()); err == nil {
			return
		}
	}
	// No loader (app.js always has one): go on, and building the editor
	// reports it missing if it is.
	then.Release()
	fn()
}

// finishStart is the second task of start: the control plane starts, and
// the rest of the page is built and drawn.
func (a *app) finishStart(aside []string) {
	a.cluster.Start()
	a.startRecording() // session.go
	a.mark("control-plane")
	a.buildControls(a.ui)
	a.buildCatalog()
	a.applyLanguage()
	a.installAPI()
	a.loadKubectlHelp()
	if len(aside) > 0 {
		a.notify("storage.aside", strings.Join(aside, ", "))
	}
	a.setPlaying(true)
	a.requestFrame(a.frame)
	a.openShareLink(func() {
		a.setInert(false)
		a.mark("ready")
		a.startWarmUp()
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

// newCluster replaces the cluster with a fresh one.
func (a *app) newCluster(seed uint64) {
	a.seed = seed
	a.cluster = cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All(), FieldDocs: a.fieldDocs(),
		KubectlHelp: a.kubectlHelp.pages})
	a.cluster.Store().PausePoint = a.loop.pausePoint
	a.startRecording() // session.go
}

// readMessages takes the page's strings from kubeloop._messages, the text
// of data/messages.json that app.js loaded before it started Go. Without
// them the page still runs, showing each string's key (translate).
func (a *app) readMessages() {
	kl, err := a.global.Get("kubeloop")
	if err == nil {
		var v safejs.Value
		if v, err = kl.Get("_messages"); err == nil {
			err = loadMessages(jsString(v))
		}
	}
	if err != nil {
		a.consoleWarn("kubeloop: the page's strings did not load: " + err.Error())
	}
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
	a.ui.editor.SetLabel(a.tr("editor.title"))
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
func (a *app) reset(seed uint64) {
	a.cancelSettle()
	if a.replay.on {
		a.goLive()
	}
	if a.ui.watch != nil {
		a.stopWatch(true)
	}
	a.newCluster(seed)
	a.ui.resetViews()
	a.updatePrompt()
	a.ui.editor.SetErrors(nil)
	a.ui.applied = false
	a.termNote(a.tr("sim.reset", seed))
	a.render(true)
}

// elapsed is the simulated time since the cluster started.
func (a *app) elapsed() time.Duration { return a.cluster.Now().Sub(clock.Epoch) }

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
