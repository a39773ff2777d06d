//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/terminal"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// ui holds the page's elements and what the views remember between frames.
type ui struct {
	banner, bannerText dom.HTMLElement
	notice, noticeText dom.HTMLElement
	notices            []notice

	// Time controls and history.
	play, speed, settleBtn dom.HTMLElement
	speedBtns              []dom.HTMLElement
	clockTime, clockRev    cachedText
	scrub                  *dom.HTMLInputElement
	scrubMin, scrubMax     cachedAttr
	scrubText              cachedText
	scrubValue             cachedAttr // aria-valuetext: what a screen reader says
	live, replayBadge      dom.HTMLElement
	seedInput              *dom.HTMLInputElement
	theme                  dom.HTMLElement

	// The editor and what the last apply said.
	editorHost     dom.HTMLElement
	editor         editor
	autoApply      *dom.HTMLInputElement
	autoTimer      *timer
	docTimer       *timer
	docList        dom.HTMLElement
	docSig         string
	applyResult    dom.HTMLElement
	applied        bool // an apply has run, so there is a result to show
	lastApplyOK    bool
	lastErrors     []lineError
	lastApplyLines []string
	warnedBig      bool
	lastExport     string // for tests: what Export last wrote
	lastShare      string // for tests: the last share link

	// The lesson panel.
	lessonPane, lessonBody, lessonToggle dom.HTMLElement
	lessonSelect                         *dom.HTMLSelectElement

	// The cluster, the trace and the Events.
	summary        cachedText
	owners, nodes  dom.HTMLElement
	cluster        clusterView
	trace, events  dom.HTMLElement
	showSystem     bool   // show reconciles of the cluster's own objects
	traceFilter    string // "ns/name": show only the reconciles about it
	traceFilterBar dom.HTMLElement
	systemBtn      dom.HTMLElement
	traceSeq       int64   // newest trace entry drawn
	traceCount     int     // entries in the page
	traceDrawnAt   float64 // when a draw last took new reconciles (the page's clock, ms; traceWaits)
	// traceOlder: the trace drawn anew has older rows to draw below its
	// first part, those of the reconciles with a Seq under it (0: none),
	// in at most traceBudget tokens (drawOlderTrace). traceAnew: the draw
	// under way redraws the trace (its stage's first time).
	traceOlder  int64
	traceBudget int
	traceAnew   bool
	eventsDrawn []cluster.EventView // the Events listed, newest first; nil: none yet (events.go)
	eventsNext  []cluster.EventView // room for the next list, the one drawn before
	// stage is the next stage of a draw due (drawstages.go), stageForce
	// whether that draw redraws whole.
	stage         drawStage
	stageForce    bool
	lastRevision  int64  // store revision and trace entry last drawn:
	lastTraceLast int64  // nothing to draw while they stay the same
	lastTasks     uint64 // (and the clock's tasks run)
	lastLang      string

	// The DNS table.
	dnsSection, dnsTable dom.HTMLElement
	dns                  dnsState
	volSection, volTable dom.HTMLElement
	volSig               string
	machinery            dom.HTMLElement
	machinerySig         string
	machWatchRev         int64                     // the newest watch event the picture drew (machinerypicture.go)
	machPace             pace                      // each controller's reconciles a simulated second ago
	machKeys             map[string]map[string]int // each controller's queued keys (and adds) at the last draw, for what arrived since
	step                 *engine.Step              // what the last Step did, shown until another task runs (machinerystep.go)

	// Faults and menus.
	faults, faultsMenu dom.HTMLElement
	faultsSig          string
	popover            dom.HTMLElement
	popoverReturn      dom.HTMLElement

	// The terminal.
	termOut     dom.HTMLElement
	termForm    dom.HTMLElement
	termInput   *dom.HTMLInputElement
	prompt      dom.HTMLElement
	termBlocks  int
	termBytes   int             // output the terminal holds (termAppendSized)
	termWelcome dom.HTMLElement // the welcome line, redrawn in the page's language
	history     []string
	historyPos  int
	tab         terminal.Tab // Tab's state: a second Tab lists
	watch       bool         // a `kubectl get -w` is open (in the worker, which posts its rows)
	shell       string       // the prompt of an open `kubectl exec -it … -- sh` ("" when none)
}

// buildUI finds index.html's elements and sets up the cluster view: what
// the first drawing needs. buildControls does the rest.
func (a *app) buildUI() *ui {
	u := &ui{
		banner:         a.byID("banner"),
		bannerText:     a.byID("banner-text"),
		notice:         a.byID("notice"),
		noticeText:     a.byID("notice-text"),
		play:           a.byID("play"),
		settleBtn:      a.byID("settle"),
		speed:          a.byID("speed"),
		scrub:          a.inputByID("scrub"),
		live:           a.byID("live"),
		replayBadge:    a.byID("replay-badge"),
		seedInput:      a.inputByID("seed"),
		theme:          a.byID("theme"),
		editorHost:     a.byID("editor"),
		docList:        a.byID("doc-list"),
		applyResult:    a.byID("apply-result"),
		autoApply:      a.inputByID("auto-apply"),
		lessonPane:     a.byID("lesson-pane"),
		lessonBody:     a.byID("lesson-body"),
		lessonToggle:   a.byID("lesson-toggle"),
		lessonSelect:   a.selectByID("lesson-select"),
		owners:         a.byID("owners"),
		nodes:          a.byID("nodes"),
		faults:         a.byID("faults"),
		dnsSection:     a.byID("dns-section"),
		dnsTable:       a.byID("dns"),
		volSection:     a.byID("pvc-section"),
		volTable:       a.byID("pvcs"),
		machinery:      a.byID("machinery"),
		machPace:       pace{},
		systemBtn:      a.byID("trace-system"),
		traceFilterBar: a.byID("trace-filter"),
		faultsMenu:     a.byID("faults-menu"),
		popover:        a.byID("pod-menu"),
		termOut:        a.byID("term-out"),
		termForm:       a.byID("term-form"),
		termInput:      a.inputByID("term-input"),
		prompt:         a.byID("prompt"),
		trace:          a.byID("trace"),
		events:         a.byID("events"),
	}
	u.clockTime.el = a.byID("clock-time")
	u.clockRev.el = a.byID("clock-rev")
	u.summary.el = a.byID("summary")
	u.scrubMin = cachedAttr{el: u.scrub, name: "min"}
	u.scrubMax = cachedAttr{el: u.scrub, name: "max"}
	u.scrubText.el = a.byID("scrub-text")
	u.scrubValue = cachedAttr{el: u.scrub, name: "aria-valuetext"}
	a.ui = u
	u.cluster.init(a, u)
	return u
}

// buildControls wires up what the first drawing of the cluster does not
// need (start's second task): the controls' handlers, the editor, the
// terminal, replay, menus and lessons, and restores what the learner had
// (the YAML, auto-apply, speed, command history).
func (a *app) buildControls(u *ui) {
	// Banner and notices.
	a.listen(a.byID("banner-reset"), "click", func(event) { a.hideBanner(); a.reset(a.seed) })
	a.listen(a.byID("banner-close"), "click", func(event) { a.hideBanner() })
	a.listen(a.byID("notice-close"), "click", func(event) { a.hideNotice() })

	// Time controls.
	a.listen(u.play, "click", func(event) {
		if a.replay.on {
			a.goLive()
			return
		}
		a.setPlaying(!a.playing)
	})
	a.listen(a.byID("step"), "click", func(event) { a.step() })
	a.listen(a.byID("idle"), "click", func(event) { a.toIdle() })
	a.listen(u.settleBtn, "click", func(event) { a.settle(0, true) })
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

	// Seed and reset: Reset starts a new cluster with the seed in the box.
	u.seedInput.SetValue(strconv.FormatUint(a.seed, 10))
	a.listen(a.byID("reset"), "click", func(event) { a.resetFromSeedBox() })
	a.listen(u.seedInput, "keydown", func(ev event) {
		if ev.Key() == "Enter" {
			ev.PreventDefault()
			a.resetFromSeedBox()
		}
	})
	a.listen(a.byID("share"), "click", func(event) { a.share() })
	a.listen(u.systemBtn, "click", func(event) {
		u.showSystem = !u.showSystem
		u.systemBtn.SetAttribute("aria-pressed", strconv.FormatBool(u.showSystem))
		u.resetTrace()
		a.retraceReplay()
		a.render(true)
	})

	// Language and theme.
	for _, b := range a.all("[data-lang]") {
		b := b
		a.listen(b, "click", func(event) { a.setLanguage(b.GetAttribute("data-lang")) })
	}
	a.listen(u.theme, "click", func(event) {
		if a.currentTheme() == "dark" {
			a.setTheme("light")
		} else {
			a.setTheme("dark")
		}
	})
	if t, ok := a.load(keyTheme); ok {
		a.setTheme(t)
	} else {
		a.updateThemeButton()
	}

	a.buildEditor(u)
	a.buildTerminal(u)
	a.buildReplay(u)
	a.buildMenus(u)
	a.buildLessons(u)
	a.buildLayoutControls()
}

// resetFromSeedBox starts a new cluster with the seed the learner typed.
func (a *app) resetFromSeedBox() {
	s := strings.TrimSpace(a.ui.seedInput.Value())
	seed, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		a.notify("seed.bad", s)
		a.ui.seedInput.SetValue(strconv.FormatUint(a.seed, 10))
		return
	}
	a.setSeed(seed)
	a.lessons.running = false
	a.reset(seed)
	a.drawLesson(true)
}

// setSeed remembers the seed for the next reset and reload.
func (a *app) setSeed(seed uint64) {
	a.seed = seed
	a.store(keySeed, strconv.FormatUint(seed, 10))
	if a.ui != nil {
		a.ui.seedInput.SetValue(strconv.FormatUint(seed, 10))
	}
}

// currentTheme is the theme in force: the chosen one, else the system's.
func (a *app) currentTheme() string {
	if t := a.root().GetAttribute("data-theme"); t == "dark" || t == "light" {
		return t
	}
	if mq, err := a.global.Call("matchMedia", "(prefers-color-scheme: dark)"); err == nil {
		if m, err := mq.Get("matches"); err == nil {
			if b, _ := m.Bool(); b {
				return "dark"
			}
		}
	}
	return "light"
}

func (a *app) setTheme(t string) {
	if t != "dark" && t != "light" {
		return
	}
	a.root().SetAttribute("data-theme", t)
	a.store(keyTheme, t)
	a.updateThemeButton()
}

func (a *app) updateThemeButton() {
	dark := a.currentTheme() == "dark"
	a.ui.theme.SetAttribute("aria-pressed", strconv.FormatBool(dark))
	key := "theme.todark"
	if dark {
		key = "theme.tolight"
	}
	a.ui.theme.SetAttribute("title", a.tr(key))
	a.ui.theme.SetAttribute("aria-label", a.tr(key))
}

// notice is one message of the notice bar: a key of the string table and
// its arguments (redrawn in the new language when it changes), or raw text.
type notice struct {
	key  string
	args []any
	raw  string
}

// notify shows a message from the string table in the notice bar.
func (a *app) notify(key string, args ...any) { a.addNotice(notice{key: key, args: args}) }

// showNotice shows raw text (an error message from elsewhere).
func (a *app) showNotice(msg string) { a.addNotice(notice{raw: msg}) }

// addNotice keeps the last three messages until dismissed. A message of
// the same kind as the last one (its key: "the link is copied, 446
// characters", then 448) replaces it rather than piling up.
func (a *app) addNotice(n notice) {
	u := a.ui
	if u == nil {
		return
	}
	if k := len(u.notices); k > 0 && (a.noticeText(u.notices[k-1]) == a.noticeText(n) || n.key != "" && u.notices[k-1].key == n.key) {
		u.notices[k-1] = n
		a.drawNotices()
		return
	}
	u.notices = append(u.notices, n)
	if len(u.notices) > 3 {
		u.notices = u.notices[len(u.notices)-3:]
	}
	a.drawNotices()
}

func (a *app) noticeText(n notice) string {
	if n.key != "" {
		return a.tr(n.key, n.args...)
	}
	return n.raw
}

func (a *app) drawNotices() {
	u := a.ui
	// A notice takes height from the columns: a running lesson's pane
	// gives the editor its lines back (lessonfit.go).
	defer a.fitLesson()
	clearNode(u.noticeText)
	for _, n := range u.notices {
		u.noticeText.AppendChild(a.el("span", "notice-line", a.noticeText(n)))
	}
	if len(u.notices) > 0 {
		u.notice.RemoveAttribute("hidden")
	}
}

func (a *app) hideNotice() {
	a.ui.notices = nil
	a.ui.notice.SetAttribute("hidden", "")
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
	u.resetTrace()
	u.eventsDrawn, u.eventsNext = nil, nil
	u.lastRevision = -1
	u.faultsSig = ""
	u.dns = dnsState{}
	u.volSig = ""
	u.machinerySig = ""
	u.machKeys, u.step = nil, nil
	u.watch = false
	u.shell = ""
}

// resetTrace empties the trace view; the next draw starts from the newest.
func (u *ui) resetTrace() {
	clearNode(u.trace)
	u.traceSeq, u.traceCount, u.traceOlder = 0, 0, 0
}
