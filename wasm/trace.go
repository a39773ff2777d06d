//go:build js && wasm

package main

import (
	"math"
	"strings"

	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/traceview"
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
		u.traceSeq, u.traceCount, u.traceOlder = 0, 0, 0
		clearNode(u.trace)
	}
	tr := a.m
	since := u.traceSeq
	fromScratch := u.traceCount == 0
	if tr.traceLast <= since {
		if fromScratch {
			var m markup
			setHTML(u.trace, m.elem("div", "empty pad", a.tr("trace.empty")))
		}
		return
	}
	u.traceSeq, u.traceDrawnAt = tr.traceLast, a.now()
	// New rows flash, so that a reconcile caught as it happens is seen;
	// a burst's rows do not: at full speed each draw brings dozens, past
	// before anyone reads them, and a flash each kept the browser
	// repainting the trace on every frame.
	flash := !force && tr.traceLast-since <= maxTraceFlashed
	var m markup
	drawn, looked := 0, 0
	var older int64 // over the Seqs of the older rows left for the next parts
	view := u.traceView()
	tr.traceBetween(since, math.MaxInt64, func(e *controller.Entry) bool { // newest first
		if looked++; looked > maxTraceDrawn && u.traceFilter == "" && !fromScratch {
			// Only the newest maxTraceDrawn are looked at; filtered to one
			// object, or drawn anew, every reconcile the page keeps is
			// (maxTraceKept): the ReplicaSet's that created a pod is long
			// past when the learner asks for the pod's reconciles.
			return false
		}
		if !view.Shows(e) {
			return true
		}
		if drawn == maxTraceDrawn {
			return false
		}
		if drawn > 0 && m.n > maxTraceLiveTokens {
			// Drawn anew, the older rows follow in the next parts; a
			// burst's older reconciles are left out, as those past the
			// newest maxTraceDrawn always were.
			if fromScratch {
				older = e.Seq + 1
			}
			return false
		}
		a.traceRow(&m, e, flash)
		drawn++
		return true
	})
	if drawn == 0 {
		if fromScratch {
			var m markup
			setHTML(u.trace, m.elem("div", "empty pad", a.tr("trace.empty")))
		}
		return
	}
	if u.traceCount == 0 {
		clearNode(u.trace)
	}
	prependHTML(u.trace, &m)
	u.traceCount += drawn
	if older > 0 {
		u.traceOlder, u.traceBudget = older, maxTraceTokens-m.n
	}
	if u.traceCount > maxTraceDrawn {
		trimChildren(u.trace, maxTraceDrawn)
		u.traceCount, u.traceOlder = maxTraceDrawn, 0
	}
	a.drawOlderNext()
}

// drawOlderTrace draws the next part of the older rows of a trace drawn
// anew (ui.traceOlder) below those drawn: a part of at most
// maxTraceLiveTokens, as a live draw adds, and all the parts of one
// redraw at most maxTraceTokens. Drawn whole in one frame, a redraw's
// rows (a new language, a filter, back to live) were a long task: their
// markup, then the browser's layout of fifty rows.
func (a *app) drawOlderTrace() {
	u := a.ui
	var m markup
	drawn, next := 0, int64(0)
	view := u.traceView()
	a.m.traceBetween(0, u.traceOlder, func(e *controller.Entry) bool { // newest first
		if !view.Shows(e) {
			return true
		}
		if u.traceCount+drawn == maxTraceDrawn || m.n > u.traceBudget {
			return false // the redraw's rows are all drawn
		}
		if drawn > 0 && m.n > maxTraceLiveTokens {
			next = e.Seq + 1 // for the next part
			return false
		}
		a.traceRow(&m, e, false)
		drawn++
		return true
	})
	if drawn > 0 {
		appendHTML(u.trace, &m)
	}
	u.traceCount += drawn
	u.traceOlder, u.traceBudget = next, u.traceBudget-m.n
	a.drawOlderNext()
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
