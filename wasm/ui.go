//go:build js && wasm

package main

import (
	"strconv"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"
)

// ui holds the page's elements and what the views remember between frames.
type ui struct {
	banner, bannerText dom.HTMLElement

	// Time controls.
	play, speed, settleBtn dom.HTMLElement
	speedBtns              []dom.HTMLElement
	clockTime, clockRev    cachedText

	// The editor: the text, its line numbers, the error bands behind it,
	// and what the last apply said.
	yaml           *dom.HTMLTextAreaElement
	autoApply      *dom.HTMLInputElement
	autoTimer      *timer
	gutter, bands  dom.HTMLElement
	bandsInner     dom.HTMLElement
	gutterRows     []dom.HTMLElement
	gutterMarked   map[int]bool   // rows drawn as errors
	errorLines     map[int]string // line → message of the last apply
	applyResult    dom.HTMLElement
	applied        bool // an apply has run, so there is a result to show
	lastApplyOK    bool
	lastErrors     []lineError
	lastApplyLines []string

	// The cluster, the trace and the Events.
	summary       cachedText
	owners, nodes dom.HTMLElement
	cluster       clusterView
	trace, events dom.HTMLElement
	traceSeq      int64 // newest trace entry drawn
	traceCount    int   // entries in the page
	eventsKey     string
	lastRevision  int64 // store revision and trace entry last drawn:
	lastTraceLast int64 // nothing to draw while they stay the same
	lastRenderMS  float64
	renderCostMS  float64

	// The terminal.
	termOut    dom.HTMLElement
	termInput  *dom.HTMLInputElement
	termBlocks int
	history    []string
	historyPos int
}

// buildUI finds index.html's elements, wires their handlers and restores
// what the learner had (the YAML, auto-apply, speed, command history).
func (a *app) buildUI() *ui {
	u := &ui{
		banner:      a.byID("banner"),
		bannerText:  a.byID("banner-text"),
		play:        a.byID("play"),
		settleBtn:   a.byID("settle"),
		speed:       a.byID("speed"),
		yaml:        a.byID("yaml").(*dom.HTMLTextAreaElement),
		gutter:      a.byID("gutter"),
		bands:       a.byID("bands"),
		applyResult: a.byID("apply-result"),
		autoApply:   a.byID("auto-apply").(*dom.HTMLInputElement),
		owners:      a.byID("owners"),
		nodes:       a.byID("nodes"),
		termOut:     a.byID("term-out"),
		termInput:   a.byID("term-input").(*dom.HTMLInputElement),
		trace:       a.byID("trace"),
		events:      a.byID("events"),
		errorLines:  map[int]string{},
	}
	u.clockTime.el = a.byID("clock-time")
	u.clockRev.el = a.byID("clock-rev")
	u.summary.el = a.byID("summary")
	u.bandsInner = a.el("div", "bands-inner")
	u.bands.AppendChild(u.bandsInner)
	a.ui = u
	u.cluster.init(a, u)

	// Banner.
	a.listen(a.byID("banner-reset"), "click", func(event) { a.hideBanner(); a.reset(a.seed) })
	a.listen(a.byID("banner-close"), "click", func(event) { a.hideBanner() })

	// Time controls.
	a.listen(u.play, "click", func(event) { a.setPlaying(!a.playing) })
	a.listen(a.byID("step"), "click", func(event) { a.step() })
	a.listen(u.settleBtn, "click", func(event) { a.settle(0, true) })
	a.listen(a.byID("reset"), "click", func(event) { a.reset(a.seed) })
	u.speedBtns = a.all("#speed [data-speed]")
	for _, b := range u.speedBtns {
		b := b
		a.listen(b, "click", func(event) {
			if v, err := strconv.ParseFloat(b.GetAttribute("data-speed"), 64); err == nil {
				a.setSpeed(v)
			}
		})
	}
	if s, ok := a.load(keySpeed); ok {
		if v, err := strconv.ParseFloat(s, 64); err == nil {
			a.speed = v
		}
	}
	a.setSpeed(a.speed)

	// Language.
	for _, b := range a.all("[data-lang]") {
		b := b
		a.listen(b, "click", func(event) { a.setLanguage(b.GetAttribute("data-lang")) })
	}

	a.buildEditor(u)
	a.buildTerminal(u)
	return u
}

// prop reads a property of an element through safejs (dom/v2 lacks a few).
func prop(e dom.Node, name string) safejs.Value {
	v, err := safejs.Safe(e.Underlying()).Get(name)
	if err != nil {
		return safejs.Undefined()
	}
	return v
}

func setProp(e dom.Node, name string, value any) {
	safejs.Safe(e.Underlying()).Set(name, value)
}

// resetViews forgets what was drawn for the old cluster.
func (u *ui) resetViews() {
	u.cluster.reset()
	clearNode(u.trace)
	u.traceSeq, u.traceCount = 0, 0
	u.eventsKey = "-"
	u.lastRevision = -1
}
