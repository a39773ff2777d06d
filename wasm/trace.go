//go:build js && wasm

package main

import (
	"math"
	"strings"

	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/traceview"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// maxTraceDrawn bounds the trace entries kept in the page (newest first).
const maxTraceDrawn = 200

// maxRowActions bounds the writes a trace row lists; it counts the others
// ("… and 480 more"), but lists any on the object the trace is filtered
// to. A ReplicaSet scaled to 10,000 creates 500 pods per reconcile: a row
// of 500 lines nobody reads, whose markup alone was a large part of a
// draw.
const maxRowActions = 12

// maxTraceFlashed is the most new rows one draw marks as new (drawTrace).
const maxTraceFlashed = 8

// maxTraceTokens bounds the markup one draw adds to the trace: a reconcile
// of a 10,000-replica ReplicaSet records 500 creates, and 200 such entries
// in one draw made a long task. During a big scale-up or rollout every
// draw brings hundreds of reconciles, more than anyone reads as they
// scroll past. A redraw (a filter, a language) shows up to 4,000 tokens,
// some fifty rows, drawn in parts (drawOlderTrace); a live draw, and each
// part, up to 1,000, a dozen rows, more than the pane shows at once: the
// browser lays out and paints again the rows each frame pushes down.
const (
	maxTraceTokens     = 4000
	maxTraceLiveTokens = 1000
)

// drawTrace adds the reconciles since the last draw at the top. A trace
// drawn anew (force, or none drawn) takes a part of them, newest first,
// and leaves the older ones for the next parts (drawOlderTrace).
func (a *app) drawTrace(force bool) {
	u := a.ui
	if force {
		// Drawn anew from every reconcile the page keeps, in the new
		// language or filter: the newest few hundred can all be the
		// cluster's own, on a big cluster.
		u.resetTrace()
	}
	tr := a.m
	since := u.traceSeq
	fromScratch := u.traceCount == 0
	if tr.traceLast <= since {
		if fromScratch {
			a.showTraceEmpty()
		}
		return
	}
	u.traceSeq, u.traceDrawnAt = tr.traceLast, a.now()
	// New rows flash, so that a reconcile caught as it happens is seen;
	// a burst's rows do not: at full speed each draw brings dozens, past
	// before anyone reads them, and a flash each kept the browser
	// repainting the trace on every frame.
	p := tracePart{view: u.traceView(), room: maxTraceDrawn, budget: math.MaxInt,
		flash: !force && tr.traceLast-since <= maxTraceFlashed}
	rows := tr.traceBetween(since, math.MaxInt64)
	if u.traceFilter == "" && !fromScratch {
		// Only the newest maxTraceDrawn are looked at; filtered to one
		// object, or drawn anew, every reconcile the page keeps is
		// (maxTraceKept): the ReplicaSet's that created a pod is long past
		// when the learner asks for the pod's reconciles.
		rows = rows[max(0, len(rows)-maxTraceDrawn):]
	}
	rest := a.writeTracePart(&p, rows)
	if p.drawn == 0 {
		if fromScratch {
			a.showTraceEmpty()
		}
		return
	}
	if u.traceCount == 0 {
		clearNode(u.trace)
	}
	prependHTML(u.trace, &p.m)
	u.traceCount += p.drawn
	if rest != nil && fromScratch {
		// Drawn anew, the older rows follow in the next parts; a burst's
		// older reconciles are left out, as those past the newest
		// maxTraceDrawn always were.
		u.traceOlder, u.traceBudget = olderThan(rest), maxTraceTokens-p.m.n
	}
	if u.traceCount > maxTraceDrawn {
		trimChildren(u.trace, maxTraceDrawn)
		u.traceCount, u.traceOlder = maxTraceDrawn, 0
	}
	a.drawOlderNext()
}

// showTraceEmpty says there is no reconcile to show.
func (a *app) showTraceEmpty() {
	var m markup
	setHTML(a.ui.trace, m.elem("div", "empty pad", a.tr("trace.empty")))
}

// drawOlderTrace draws the next part of the older rows of a trace drawn
// anew (ui.traceOlder) below those drawn: a part of at most
// maxTraceLiveTokens, as a live draw adds, and all the parts of one
// redraw at most maxTraceTokens. Drawn whole in one frame, a redraw's
// rows (a new language, a filter, back to live) were a long task: their
// markup, then the browser's layout of fifty rows.
func (a *app) drawOlderTrace() {
	u := a.ui
	p := tracePart{view: u.traceView(), room: maxTraceDrawn - u.traceCount, budget: u.traceBudget}
	rest := a.writeTracePart(&p, a.m.traceBetween(0, u.traceOlder))
	if p.drawn > 0 {
		appendHTML(u.trace, &p.m)
	}
	u.traceCount += p.drawn
	u.traceOlder, u.traceBudget = olderThan(rest), u.traceBudget-p.m.n
	a.drawOlderNext()
}

// olderThan is ui.traceOlder for the rows writeTracePart left: the Seq
// that the next part's rows are under (the newest left is among them), 0
// when none are left.
func olderThan(rest engine.EntryRecords) int64 {
	if len(rest) == 0 {
		return 0
	}
	return rest[len(rest)-1].Seq + 1
}

// tracePart is a part of a trace's rows as writeTracePart writes it.
type tracePart struct {
	m      markup
	view   traceview.Filter // the rows it shows
	flash  bool             // whether its rows flash as new
	drawn  int              // rows written
	room   int              // rows the pane has room for
	budget int              // tokens a redraw's parts have left
}

// writeTracePart writes the rows p's view shows, newest first (from the
// end of rows), until the pane is full, the budget spent, or the part
// holds maxTraceLiveTokens of markup (past its first row). When only the
// part was full, it returns the rows left for the next part, the last of
// them the one it stopped before. A trace drawn whole in one
// frame — anew, or a replayed revision's — was a long task of the page:
// its markup, then the browser's layout of its rows.
func (a *app) writeTracePart(p *tracePart, rows engine.EntryRecords) (rest engine.EntryRecords) {
	for i := len(rows) - 1; i >= 0; i-- {
		e := rows[i].Entry()
		switch {
		case !p.view.Shows(&e):
			continue
		case p.drawn == p.room || p.m.n > p.budget:
			return nil
		case p.drawn > 0 && p.m.n > maxTraceLiveTokens:
			return rows[:i+1]
		}
		a.traceRow(&p.m, &e, p.flash)
		p.drawn++
	}
	return nil
}

// drawOlderNext has the trace's stage come again while a trace drawn anew
// has older rows left, whichever draw drew it (a stage, or a frame that
// took reconciles held back).
func (a *app) drawOlderNext() {
	if a.ui.traceOlder > 0 {
		a.drawFrom(stageTrace)
	}
}

// traceHeld is whether reconciles wait for a live draw of the trace
// (drawLiveTrace).
func (a *app) traceHeld() bool {
	return !a.replay.on && a.ui.traceSeq < a.m.traceLast
}

// traceView is what the trace is narrowed to (the system button and
// a filter to one object).
func (u *ui) traceView() traceview.Filter {
	return traceview.Filter{System: u.showSystem, Object: u.traceFilter}
}

// filterTrace shows only the reconciles about one object ("ns/name"), or
// all again ("").
func (a *app) filterTrace(key string) {
	u := a.ui
	u.traceFilter = key
	clearNode(u.traceFilterBar)
	if key == "" {
		u.traceFilterBar.SetAttribute("hidden", "")
	} else {
		clear := a.el("button", "btn btn-small btn-ghost", "✕ "+a.tr("trace.filter.clear"))
		clear.SetAttribute("type", "button")
		a.listen(clear, "click", func(event) { a.filterTrace("") })
		u.traceFilterBar.AppendChild(a.el("span", "", a.tr("trace.filter", key)))
		u.traceFilterBar.AppendChild(clear)
		u.traceFilterBar.RemoveAttribute("hidden")
	}
	u.resetTrace()
	a.retraceReplay()
	a.render(true)
}

// traceRow writes one reconcile: when, which controller, which key, then
// what it observed, the difference it found, what it did and why.
func (a *app) traceRow(m *markup, e *controller.Entry, fresh bool) {
	resultClass := "tr-result"
	switch {
	case strings.HasPrefix(e.Result, "error"):
		resultClass += " error"
	case strings.HasPrefix(e.Result, "requeue"):
		resultClass += " requeue"
	}
	cls := "tr"
	if fresh {
		cls += " fresh"
	}
	if s := a.ui.step; s != nil && s.Reconcile != nil && s.Reconcile.Seq == e.Seq {
		cls += " step-hit" // what the last Step ran (machinerystep.go)
	}
	m.open("div", cls, "data-seq", itoa64(e.Seq), "data-controller", e.Controller)
	m.open("div", "tr-head").
		elem("span", "tr-time", formatElapsed(e.Time.Sub(clock.Epoch))).
		elem("span", "tr-ctrl", e.Controller).
		elem("span", "tr-key", e.Key).
		elem("span", resultClass, a.traceText(e.Result)).
		close("div")
	if len(e.Observed)+len(e.Diff)+len(e.Actions)+len(e.Why) > 0 {
		m.open("div", "tr-lines")
		for _, s := range e.Observed {
			m.elem("span", "tr-label observed", a.tr("trace.observed")).elem("span", "tr-text", a.traceText(s))
		}
		for _, s := range e.Diff {
			m.elem("span", "tr-label diff", a.tr("trace.diff")).elem("span", "tr-text", a.traceText(s))
		}
		hidden := 0
		for i, act := range e.Actions {
			if i >= maxRowActions && !a.ui.traceView().Wrote(&act) {
				hidden++
				continue
			}
			obj := act.Kind + " " + store.Key(act.Namespace, act.Name)
			m.elem("span", "tr-label act", a.tr("trace.act"))
			m.open("span", "tr-text").elem("span", "verb", act.Verb).text(" " + obj)
			if act.Detail != "" {
				m.text(" — " + a.traceText(act.Detail))
			}
			if act.Error != "" {
				m.elem("span", "err", " ✗ "+act.Error)
			}
			m.close("span")
		}
		if hidden > 0 {
			m.elem("span", "tr-label act", a.tr("trace.act")).elem("span", "tr-text", a.tr("trace.more", hidden))
		}
		for _, s := range e.Why {
			m.elem("span", "tr-label why", a.tr("trace.why")).elem("span", "tr-text", a.traceText(s))
		}
		m.close("div")
	}
	m.close("div")
}
