//go:build js && wasm

// Command wasm is the kubeloop page: the bridge between the browser and the
// simulated cluster of core/cluster. It is the only code that touches the
// browser (dom/v2 for the document, safejs for the rest of the JS API).
//
// Everything runs on the browser's one thread: JavaScript calls into Go
// (event handlers, the animation frame, window.kubeloop), Go does its work
// and returns — it never blocks, and every entry recovers a panic (guard.go),
// because a panic that reaches JavaScript would end the Go program and the
// page with it. main sets up and then blocks forever; it must never return.
package main

import (
	"strings"
	"time"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// defaultSeed is the seed of a fresh page; reset(seed) picks another.
const defaultSeed = 1

// Keys in localStorage.
const (
	keyYAML      = "kubeloop.yaml"
	keyLang      = "kubeloop.lang"
	keyAutoApply = "kubeloop.autoApply"
	keySpeed     = "kubeloop.speed"
	keyHistory   = "kubeloop.history"
)

// app is the page: one cluster and the views that draw it.
type app struct {
	global safejs.Value
	doc    dom.Document
	docJS  safejs.Value // the same document, for calls dom/v2 makes slow (dom.go)
	lang   string

	cluster *cluster.Cluster
	seed    uint64
	panics  int // recovered panics, for tests and the console

	// Time: play drives AdvanceBudget from requestAnimationFrame.
	playing   bool
	speed     float64 // simulated seconds per real second
	lastFrame float64 // timestamp of the previous frame (ms), 0 at start
	budget    int     // tasks per frame, adapted to keep frames short
	settling  settleRun

	frameFunc     safejs.Func
	frameReady    bool
	frameCallback func(ms float64)

	ui *ui
}

func main() {
	a := &app{global: safejs.Global(), doc: dom.GetWindow().Document(), seed: defaultSeed, speed: 1, budget: 500}
	a.docJS, _ = a.global.Get("document")
	a.guard("start", nil, a.start)
	select {} // the page calls into Go from here on; main must never return
}

// start builds the page and the cluster and resolves window.kubeloop.ready.
func (a *app) start() {
	a.lang = pickLang(a.navigatorLanguage())
	if saved, ok := a.load(keyLang); ok && (saved == langEN || saved == langZH) {
		a.lang = saved
	}
	a.newCluster(a.seed)
	a.ui = a.buildUI()
	a.applyLanguage()
	a.installAPI()
	a.render(true)
	a.setPlaying(true)
	a.requestFrame(a.frame)
	if el := a.doc.GetElementByID("loading"); el != nil {
		el.SetAttribute("hidden", "")
	}
	if kl, err := a.global.Get("kubeloop"); err == nil {
		if started, err := kl.Get("_started"); err == nil && started.Type() == safejs.TypeFunction {
			started.Invoke()
		}
	}
}

// newCluster replaces the cluster with a fresh one.
func (a *app) newCluster(seed uint64) {
	a.seed = seed
	a.cluster = cluster.New(cluster.Options{Seed: seed})
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
	a.doc.DocumentElement().SetAttribute("lang", a.lang)
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
	a.ui.speed.SetAttribute("title", a.tr("clock.speed.title"))
	a.updatePlayButton()
	a.render(true)
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
	a.newCluster(seed)
	a.ui.resetViews()
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
