//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"
)

// Presenter mode is the page for a lecture hall: large type and high
// contrast (app.css, html.presenting), only the panes the lecturer picks,
// what just changed highlighted long enough for a room to see it, and
// single keys for the clock so the lecturer need not aim at small buttons.
// It is on while the URL has ?present, so a bookmark or a reload keeps it;
// the header's button turns it on and off and rewrites the URL to match.
//
// The keys act only while the focus is outside anything one types in (the
// editor, the terminal, a field), so typing "s" in YAML stays typing.

const keyPresentPanes = "kubeloop.presentPanes"

// presentPanes are the panes a lecturer can show, in page order.
var presentPanes = []string{"lesson", "editor", "cluster", "terminal", "trace", "events"}

// defaultPresentPanes is what a room sees first: what the YAML asks, what
// the cluster does, and why.
var defaultPresentPanes = []string{"editor", "cluster", "terminal", "trace"}

type presenterState struct {
	on    bool
	panes []string // the panes shown while presenting
}

func init() {
	validators[keyPresentPanes] = func(s string) bool {
		if s == "" {
			return true
		}
		for _, p := range strings.Split(s, ",") {
			if !contains(presentPanes, p) {
				return false
			}
		}
		return true
	}
}

// initPresenter reads the lecturer's panes and turns presenter mode on if
// the URL asks for it (before the first paint: no flash of the normal page).
func (a *app) initPresenter() {
	p := &a.layout.presenter
	p.panes = defaultPresentPanes
	if s, ok := a.load(keyPresentPanes); ok {
		p.panes = nil
		if s != "" {
			p.panes = strings.Split(s, ",")
		}
	}
	p.on = a.urlHasPresent()
	setClass(a.root(), "presenting", p.on)
}

// paneShown reports whether a pane is on the page: always, except while
// presenting a choice that leaves it out. A choice of no pane at all
// shows them all rather than an empty page.
func (a *app) paneShown(name string) bool {
	p := &a.layout.presenter
	if !p.on || len(p.panes) == 0 {
		return true
	}
	return contains(p.panes, name)
}

// buildPresenterControls wires the button, the pane chooser and the keys.
func (a *app) buildPresenterControls() {
	a.listen(a.byID("present"), "click", func(event) { a.setPresenting(!a.layout.presenter.on) })
	a.listen(a.byID("present-share"), "click", func(event) { a.clickEl(a.byID("share")) })
	for _, box := range a.all("#present-panes input[data-pane]") {
		box := box
		name := box.GetAttribute("data-pane")
		setProp(box, "checked", contains(a.layout.presenter.panes, name))
		a.listen(box, "change", func(event) {
			var picked []string
			for _, b := range a.all("#present-panes input[data-pane]") {
				if on, _ := prop(b, "checked").Bool(); on {
					picked = append(picked, b.GetAttribute("data-pane"))
				}
			}
			a.layout.presenter.panes = picked
			a.store(keyPresentPanes, strings.Join(picked, ","))
			a.layOut()
			a.editorRemeasure()
		})
	}
	a.listen(a.doc, "keydown", a.presenterKey)
	a.updatePresentButton()
}

// setPresenting turns presenter mode on or off and keeps the URL in step.
func (a *app) setPresenting(on bool) {
	a.layout.presenter.on = on
	setClass(a.root(), "presenting", on)
	a.setURLPresent(on)
	a.updatePresentButton()
	a.layOut()
	a.editorRemeasure()
}

func (a *app) updatePresentButton() {
	b := a.byID("present")
	on := a.layout.presenter.on
	b.SetAttribute("aria-pressed", strconv.FormatBool(on))
	key := "present.button"
	if on {
		key = "present.stop"
	}
	b.SetTextContent(a.tr(key))
}

// editorRemeasure has the editor measure its lines again after its type
// size changed: CodeMirror does so on a window resize.
func (a *app) editorRemeasure() {
	ev, err := safejs.Global().Get("Event")
	if err != nil {
		return
	}
	if e, err := ev.New("resize"); err == nil {
		a.global.Call("dispatchEvent", e)
	}
}

// presenterKey runs a clock control for its key while presenting: Space or
// K plays and pauses, N or "." steps, S settles.
func (a *app) presenterKey(ev event) {
	if !a.layout.presenter.on || ev.CtrlKey() || ev.MetaKey() || ev.AltKey() || ev.flag("defaultPrevented") || ev.flag("repeat") {
		return
	}
	target, _ := ev.v.Get("target")
	if typingIn(target) {
		return
	}
	key := strings.ToLower(ev.Key())
	var btn dom.HTMLElement
	switch key {
	case " ", "k":
		if key == " " && activatesOnSpace(target) {
			return // Space presses the focused button, as everywhere
		}
		btn = a.ui.play
	case "n", ".":
		btn = a.byID("step")
	case "s":
		btn = a.ui.settleBtn
	default:
		return
	}
	ev.PreventDefault()
	a.clickEl(btn)
	flashKey(btn)
}

// typingIn reports whether a key pressed on target is typing: in a field,
// in the editor (its events reach the page from its shadow root as the
// host, #editor) or in the terminal.
func typingIn(target safejs.Value) bool {
	if typeOf(target) != safejs.TypeObject {
		return false
	}
	if editable, _ := prop2(target, "isContentEditable").Bool(); editable {
		return true
	}
	in, err := target.Call("closest", "input, textarea, select, #editor, .term-in")
	return err == nil && !in.IsNull()
}

// activatesOnSpace reports whether Space already means something on target.
func activatesOnSpace(target safejs.Value) bool {
	if typeOf(target) != safejs.TypeObject {
		return false
	}
	in, err := target.Call("closest", "button, summary, a, [role=radio], [role=separator], [tabindex]:not(body)")
	return err == nil && !in.IsNull()
}

// flashKey marks a control a key pressed, so the room sees what happened.
func flashKey(btn dom.HTMLElement) {
	setClass(btn, "key-pressed", false)
	safejs.Safe(btn.Underlying()).Get("offsetWidth") // restarts the animation
	setClass(btn, "key-pressed", true)
}

// urlHasPresent reports whether the page's URL has ?present.
func (a *app) urlHasPresent() bool {
	search := a.locationPart("search")
	for _, kv := range strings.Split(strings.TrimPrefix(search, "?"), "&") {
		if k, _, _ := strings.Cut(kv, "="); k == "present" {
			return true
		}
	}
	return false
}

// setURLPresent adds ?present to the URL or takes it out, keeping the
// other parameters and the fragment (a share link lives there).
func (a *app) setURLPresent(on bool) {
	var keep []string
	for _, kv := range strings.Split(strings.TrimPrefix(a.locationPart("search"), "?"), "&") {
		if k, _, _ := strings.Cut(kv, "="); kv != "" && k != "present" {
			keep = append(keep, kv)
		}
	}
	if on {
		keep = append(keep, "present")
	}
	search := ""
	if len(keep) > 0 {
		search = "?" + strings.Join(keep, "&")
	}
	hist, err := a.global.Get("history")
	if err != nil {
		return
	}
	// file:// pages may refuse; presenter mode works without the URL.
	hist.Call("replaceState", safejs.Null(), "", a.locationPart("pathname")+search+a.locationPart("hash"))
}

func (a *app) locationPart(name string) string {
	loc, err := a.global.Get("location")
	if err != nil {
		return ""
	}
	return jsString(prop2(loc, name))
}
