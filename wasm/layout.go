//go:build js && wasm

package main

import (
	"math"
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// The page's panes sit in three columns — lesson over editor, cluster over
// kubectl, trace over Events — separated by splitters the learner drags
// (or moves with the arrow keys) and remembered in localStorage. A pane can
// be folded to its header; the column's other pane takes the room. Below
// 1100 px (app.css) the trace column moves under the other two, so that
// the editor and the cluster stay side by side and an Apply's effect is
// always in view.
//
// Sizes are shares of the layout (columns) or of a column (rows), never
// pixels: the same browser is used on a laptop and on a projector. A share
// of 0 means "not dragged yet": app.css's default for the screen applies.

const keyLayout = "kubeloop.layout"

// layoutSizes is what the page remembers of its layout.
type layoutSizes struct {
	ColLeft  float64  `json:"colLeft,omitempty"`  // the left column's share of the layout's width
	ColRight float64  `json:"colRight,omitempty"` // the right column's share
	Left     float64  `json:"left,omitempty"`     // the lesson's share of the left column's height
	Mid      float64  `json:"mid,omitempty"`      // the cluster's share of the middle column
	Right    float64  `json:"right,omitempty"`    // the trace's share of the right column
	Folded   []string `json:"folded,omitempty"`   // panes folded to their header ("terminal", "trace", "events")
}

// Bounds of a share: no pane is dragged out of sight; folding does that.
const (
	minColShare = 0.16
	maxColShare = 0.6
	minMidShare = 0.24 // the cluster's column keeps at least this much
	minRowShare = 0.1
	maxRowShare = 0.9
)

// foldable are the panes with a fold button: the lesson folds by its own
// toggle (lessons.go).
var foldable = []string{"terminal", "trace", "events"}

func init() {
	validators[keyLayout] = func(s string) bool {
		var l layoutSizes
		return apijson.Unmarshal([]byte(s), &l) == nil && l.valid()
	}
}

func (l *layoutSizes) valid() bool {
	for _, v := range []float64{l.ColLeft, l.ColRight, l.Left, l.Mid, l.Right} {
		if math.IsNaN(v) || v < 0 || v > 1 {
			return false
		}
	}
	for _, f := range l.Folded {
		if !contains(foldable, f) {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// splitter is one draggable bar between two panes or two columns.
type splitter struct {
	el        dom.HTMLElement
	vertical  bool                   // a bar between columns: moved left and right
	share     func() *float64        // the share it moves
	def       func() float64         // the share in force before any drag
	container func() dom.HTMLElement // what the share is a share of
	fromEnd   bool                   // the share is measured from the container's right end
	fold      func()                 // Enter: fold or unfold the pane it serves
	dragging  bool
	from      float64 // where a drag started: the pointer (CSS px) along the axis
	fromShare float64 // and the share then
}

// layoutState is the page's layout: sizes, folds and the splitters.
type layoutState struct {
	sizes     layoutSizes
	root      dom.HTMLElement // main.layout
	cols      [3]dom.HTMLElement
	panes     map[string]dom.HTMLElement
	splitters []*splitter
	presenter presenterState // presenter.go
}

// panes of each column, top first.
var columnPanes = [3][2]string{{"lesson", "editor"}, {"cluster", "terminal"}, {"trace", "events"}}

// initLayout reads the remembered sizes and lays the panes out before the
// first paint; presenter mode starts here too when the URL asks for it.
func (a *app) initLayout() {
	l := &a.layout
	l.root = a.byID("layout")
	for i, id := range []string{"col-left", "col-mid", "col-right"} {
		l.cols[i] = a.byID(id)
	}
	l.panes = map[string]dom.HTMLElement{}
	for _, name := range []string{"lesson", "editor", "cluster", "terminal", "trace", "events"} {
		l.panes[name] = a.byID(name + "-pane")
	}
	if s, ok := a.load(keyLayout); ok {
		apijson.Unmarshal([]byte(s), &l.sizes)
	}
	a.initPresenter()
	a.layOut()
}

// buildLayoutControls wires the splitters, the fold buttons and presenter
// mode's controls (start's second task).
func (a *app) buildLayoutControls() {
	l := &a.layout
	colWidth := func() dom.HTMLElement { return l.root }
	l.splitters = []*splitter{
		{el: a.byID("split-col-left"), vertical: true, share: func() *float64 { return &l.sizes.ColLeft }, container: colWidth,
			def: func() float64 { return a.measuredShare(l.cols[0], l.root, true) }},
		{el: a.byID("split-col-right"), vertical: true, fromEnd: true, share: func() *float64 { return &l.sizes.ColRight }, container: colWidth,
			def: func() float64 { return a.measuredShare(l.cols[2], l.root, true) }},
		{el: a.byID("split-left"), share: func() *float64 { return &l.sizes.Left }, container: func() dom.HTMLElement { return l.cols[0] },
			def:  func() float64 { return a.measuredShare(l.panes["lesson"], l.cols[0], false) },
			fold: func() { a.clickEl(a.ui.lessonToggle) }},
		{el: a.byID("split-mid"), share: func() *float64 { return &l.sizes.Mid }, container: func() dom.HTMLElement { return l.cols[1] },
			def:  func() float64 { return a.measuredShare(l.panes["cluster"], l.cols[1], false) },
			fold: func() { a.toggleFold("terminal") }},
		{el: a.byID("split-right"), share: func() *float64 { return &l.sizes.Right }, container: func() dom.HTMLElement { return l.cols[2] },
			def:  func() float64 { return a.measuredShare(l.panes["trace"], l.cols[2], false) },
			fold: func() { a.toggleFold("events") }},
	}
	for _, s := range l.splitters {
		a.wireSplitter(s)
	}
	for _, name := range foldable {
		name := name
		a.listen(a.byID("fold-"+name), "click", func(event) { a.toggleFold(name) })
	}
	// The lesson's own toggle folds it; the splitter beside it follows.
	a.listen(a.ui.lessonToggle, "click", func(event) { a.layOut() })
	a.listen(&dom.BasicNode{Value: safejs.Unsafe(a.global)}, "resize", func(event) { a.layOut() })
	a.buildPresenterControls()
	a.layOut()
}

// measuredShare is el's share of container's width (or height) now: where
// a splitter starts from before it was ever dragged.
func (a *app) measuredShare(el, container dom.HTMLElement, width bool) float64 {
	r, c := rect(el), rect(container)
	if width {
		c.w -= 16 // the layout's padding: grid percentages are of its content box
		if c.w <= 0 {
			return 0.3
		}
		return r.w / c.w
	}
	if c.h <= 0 {
		return 0.5
	}
	return r.h / c.h
}

type box struct{ x, y, w, h float64 }

// rect is an element's bounding box in CSS pixels.
func rect(e dom.Node) box {
	r, err := safejs.Safe(e.Underlying()).Call("getBoundingClientRect")
	if err != nil {
		return box{}
	}
	return box{jsFloat(prop2(r, "left"), 0), jsFloat(prop2(r, "top"), 0), jsFloat(prop2(r, "width"), 0), jsFloat(prop2(r, "height"), 0)}
}

// wireSplitter makes a splitter follow the pointer and the arrow keys.
func (a *app) wireSplitter(s *splitter) {
	a.wireSplitterDrag(s)
	// A double click gives the panes their default sizes back.
	a.listen(s.el, "dblclick", func(event) {
		*s.share() = 0
		a.layOut()
		a.saveLayout()
	})
	a.listen(s.el, "keydown", func(ev event) { a.splitterKey(s, ev) })
}

// wireSplitterDrag moves a splitter with the pointer that pressed it,
// saving the layout when it lets go.
func (a *app) wireSplitterDrag(s *splitter) {
	el := safejs.Safe(s.el.Underlying())
	a.listen(s.el, "pointerdown", func(ev event) {
		if jsFloat(prop2(ev.v, "button"), 0) != 0 {
			return
		}
		ev.PreventDefault()
		s.dragging = true
		s.from = a.pointerAlong(s, ev)
		s.fromShare = *s.share()
		if s.fromShare == 0 {
			s.fromShare = s.def()
		}
		el.Call("setPointerCapture", prop2(ev.v, "pointerId"))
		setClass(s.el, "dragging", true)
		setClass(a.body(), "resizing", true)
	})
	a.listen(s.el, "pointermove", func(ev event) {
		if !s.dragging {
			return
		}
		c := rect(s.container())
		size := c.h
		if s.vertical {
			size = c.w
		}
		if size <= 0 {
			return
		}
		moved := (a.pointerAlong(s, ev) - s.from) / size
		if s.fromEnd {
			moved = -moved
		}
		a.setShare(s, s.fromShare+moved, false)
	})
	end := func(event) {
		if !s.dragging {
			return
		}
		s.dragging = false
		setClass(s.el, "dragging", false)
		setClass(a.body(), "resizing", false)
		a.saveLayout()
	}
	a.listen(s.el, "pointerup", end)
	a.listen(s.el, "pointercancel", end)
}

// splitterKey moves a focused splitter with the arrow keys (Shift: in
// larger steps), to either end with Home and End, and folds the pane
// beside it with Enter.
func (a *app) splitterKey(s *splitter, ev event) {
	step := 0.02
	if ev.ShiftKey() {
		step = 0.1
	}
	less, more := "ArrowUp", "ArrowDown"
	if s.vertical {
		less, more = "ArrowLeft", "ArrowRight"
		if s.fromEnd {
			less, more = more, less
		}
	}
	cur := *s.share()
	if cur == 0 {
		cur = s.def()
	}
	switch ev.Key() {
	case less:
		a.setShare(s, cur-step, true)
	case more:
		a.setShare(s, cur+step, true)
	case "Home":
		a.setShare(s, 0, true)
	case "End":
		a.setShare(s, 1, true)
	case "Enter":
		if s.fold == nil {
			return
		}
		s.fold()
	default:
		return
	}
	ev.PreventDefault()
}

// pointerAlong is the pointer's position along the axis a splitter moves on.
func (a *app) pointerAlong(s *splitter, ev event) float64 {
	if s.vertical {
		return jsFloat(prop2(ev.v, "clientX"), 0)
	}
	return jsFloat(prop2(ev.v, "clientY"), 0)
}

// setShare moves a splitter to share v (clamped), lays out and, for the
// keyboard, saves at once (a drag saves when it ends).
func (a *app) setShare(s *splitter, v float64, save bool) {
	lo, hi := minRowShare, maxRowShare
	if s.vertical {
		lo, hi = minColShare, maxColShare
		l := &a.layout.sizes
		other := l.ColRight
		if s.fromEnd {
			other = l.ColLeft
		}
		if other == 0 {
			other = 0.28
		}
		if a.narrow() {
			other = 0
		}
		hi = math.Min(hi, 1-minMidShare-other)
	}
	if math.IsNaN(v) {
		return
	}
	*s.share() = math.Round(math.Max(lo, math.Min(hi, v))*1000) / 1000
	a.layOut()
	if save {
		a.saveLayout()
	}
}

func (a *app) saveLayout() {
	if b, err := apijson.Marshal(a.layout.sizes); err == nil {
		a.store(keyLayout, string(b))
	}
}

// narrow reports whether the window is narrower than the three-column
// layout (the same width as app.css's breakpoint).
func (a *app) narrow() bool {
	mq, err := a.global.Call("matchMedia", "(max-width: 1099.98px)")
	if err != nil {
		return false
	}
	m, _ := mq.Get("matches")
	b, _ := m.Bool()
	return b
}

// toggleFold folds a pane to its header, or unfolds it.
func (a *app) toggleFold(name string) {
	l := &a.layout.sizes
	if contains(l.Folded, name) {
		var keep []string
		for _, f := range l.Folded {
			if f != name {
				keep = append(keep, f)
			}
		}
		l.Folded = keep
	} else {
		l.Folded = append(l.Folded, name)
	}
	a.layOut()
	a.saveLayout()
}

// folded reports whether a pane shows only its header.
func (a *app) folded(name string) bool {
	if name == "lesson" {
		return a.ui != nil && a.ui.lessonToggle.GetAttribute("aria-expanded") == "false"
	}
	return contains(a.layout.sizes.Folded, name)
}

// layOut sets the columns, the rows, the folds and the splitters' ARIA
// values from the sizes and presenter mode's choice of panes.
func (a *app) layOut() {
	l := &a.layout
	if l.root == nil {
		return
	}
	var colShown [3]bool
	for i, pair := range columnPanes {
		shown := [2]bool{a.paneShown(pair[0]), a.paneShown(pair[1])}
		colShown[i] = shown[0] || shown[1]
		setClass(l.cols[i], "col-off", !colShown[i])
		for j, name := range pair {
			setClass(l.panes[name], "pane-off", !shown[j])
			folded := a.folded(name)
			setClass(l.panes[name], "folded", folded && name != "lesson")
			if b := a.findByID("fold-" + name); b != nil {
				b.SetAttribute("aria-expanded", strconv.FormatBool(!folded))
				key := "layout.fold"
				if folded {
					key = "layout.unfold"
				}
				b.SetAttribute("title", a.tr(key))
				b.SetAttribute("aria-label", a.tr(key))
			}
		}
		// One pane alone, or one folded: the other takes the column.
		alone := !shown[0] || !shown[1]
		setClass(l.cols[i], "col-alone", alone)
		setClass(l.cols[i], "col-fold-first", !alone && a.folded(pair[0]))
		setClass(l.cols[i], "col-fold-second", !alone && a.folded(pair[1]))
	}
	rows := [3]float64{l.sizes.Left, l.sizes.Mid, l.sizes.Right}
	for i, v := range rows {
		if i == 0 && a.fitLesson() {
			continue
		}
		setStyleVar(l.cols[i], "--split", pct(v))
	}
	left, right := l.sizes.ColLeft, l.sizes.ColRight
	if l.presenter.on {
		// A room reads the cluster first: it gets the widest column.
		left, right = shareOr(left, 0.28), shareOr(right, 0.24)
	}
	setStyleVar(l.root, "--cols", columnTemplate(colShown, left, right, false))
	setStyleVar(l.root, "--cols-narrow", columnTemplate(colShown, left, right, true))
	setClass(l.root, "right-alone", !colShown[0] && !colShown[1])
	// Narrow, the first row of columns fills the window below the header.
	setStyleVar(l.root, "--chrome", strconv.Itoa(int(jsFloat(prop(l.root, "offsetTop"), 100)))+"px")
	a.showSplitter("split-col-left", colShown[0] && colShown[1])
	a.showSplitter("split-col-right", colShown[2] && (colShown[0] || colShown[1]))
	for i, id := range []string{"split-left", "split-mid", "split-right"} {
		pair := columnPanes[i]
		a.showSplitter(id, a.paneShown(pair[0]) && a.paneShown(pair[1]) && !a.folded(pair[0]) && !a.folded(pair[1]))
	}
	for _, s := range l.splitters {
		v := *s.share()
		if v == 0 {
			v = s.def()
		}
		s.el.SetAttribute("aria-valuenow", strconv.Itoa(int(math.Round(v*100))))
	}
}

// showSplitter hides a splitter with nothing to separate.
func (a *app) showSplitter(id string, on bool) {
	el := a.byID(id)
	if on {
		el.RemoveAttribute("hidden")
	} else {
		el.SetAttribute("hidden", "")
	}
}

// columnTemplate is grid-template-columns for the columns shown: the side
// columns at their shares, the middle one (or the only one) taking the rest.
// Narrow, the right column goes under the others (app.css) and is left out.
func columnTemplate(shown [3]bool, left, right float64, narrow bool) string {
	const gap = "8px"
	const rest = "minmax(0, 1fr)"
	if narrow {
		shown[2] = false
	}
	var parts []string
	if shown[0] {
		if shown[1] || shown[2] {
			parts = append(parts, pctOr(left, defaultLeft(narrow)), gap)
		} else {
			parts = append(parts, rest)
		}
	}
	if shown[1] {
		parts = append(parts, rest)
		if shown[2] {
			parts = append(parts, gap)
		}
	} else if shown[0] && shown[2] {
		// Left and right only: the left takes the rest.
		parts[len(parts)-2] = rest
	}
	if shown[2] {
		if shown[0] || shown[1] {
			parts = append(parts, pctOr(right, 0.27))
		} else {
			parts = append(parts, rest)
		}
	}
	if len(parts) == 0 {
		return rest
	}
	return strings.Join(parts, " ")
}

func defaultLeft(narrow bool) float64 {
	if narrow {
		return 0.42
	}
	return 0.3
}

func shareOr(v, def float64) float64 {
	if v == 0 {
		return def
	}
	return v
}

func pctOr(v, def float64) string {
	if v == 0 {
		v = def
	}
	return pct(v)
}

// pct is a share as a CSS percentage, "" for 0 (the stylesheet's default).
func pct(v float64) string {
	if v == 0 {
		return ""
	}
	return strconv.FormatFloat(v*100, 'f', 1, 64) + "%"
}

// setStyleVar sets a CSS custom property on an element through the CSSOM
// (the Content-Security-Policy forbids style attributes, not the CSSOM);
// "" removes it.
func setStyleVar(e dom.Node, name, value string) {
	style, err := safejs.Safe(e.Underlying()).Get("style")
	if err != nil {
		return
	}
	if value == "" {
		style.Call("removeProperty", name)
		return
	}
	style.Call("setProperty", name, value)
}

// clickEl clicks a control as the mouse would, so that its own handler runs.
func (a *app) clickEl(e dom.Node) {
	safejs.Safe(e.Underlying()).Call("click")
}
