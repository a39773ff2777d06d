//go:build js && wasm

package main

import (
	"math"
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// Replay: the history bar's slider runs over the store's revisions. Drag
// it back and every view — nodes, pods, owners, trace, Events — shows the
// cluster as it was at that revision (store.At, in the worker), read-only
// and marked as such; the clock stops. "Back to live" (or the slider's
// right end) returns to now, and the clock resumes if it was running.
//
// One revision is asked of the worker at a time: while the slider moves,
// the page asks for where it stands when the last answer comes, so a
// drag never queues up answers nobody will see.

type replayState struct {
	on         bool
	rev        int64 // the revision the slider asks for
	wasPlaying bool
	traceRev   int64 // revision the trace was drawn for
	// traceRest is the reconciles of trace left to look at and traceRows
	// the rows drawn: the trace is drawn a part at a time (drawTraceAt).
	traceRest engine.EntryRecords
	traceRows int
	// asking: a revision was asked for and its answer has not come; due:
	// an answer came and is not drawn yet.
	asking, due bool
	// shown is the revision of snap, the answer drawn; -1 before the
	// first.
	shown   int64
	snap    *cluster.Snapshot
	trace   engine.EntryRecords // the reconciles started by shown, oldest first
	volumes engine.Table[engine.Volume]
	elapsed time.Duration // the simulated time of shown
	// waiting are the calls to run once the revision asked for is shown
	// (kubeloop.replay).
	waiting []func()
}

func (a *app) buildReplay(u *ui) {
	a.listen(u.scrub, "input", func(event) {
		rev, err := strconv.ParseInt(u.scrub.Value(), 10, 64)
		if err != nil {
			return
		}
		// The right end is live, wherever the cluster has gone since the
		// range was last set (frames still come after the clock stops).
		if rev >= a.m.rev || u.scrub.Value() == u.scrubMax.value {
			a.goLive()
			return
		}
		a.replayAt(rev)
	})
	a.listen(u.live, "click", func(event) { a.goLive() })
}

// drawScrubber keeps the slider's range on the store's history (live).
func (a *app) drawScrubber(rev int64) {
	u := a.ui
	u.scrubMin.Set(itoa64(a.m.compacted))
	u.scrubMax.Set(itoa64(rev))
	if !a.replay.on {
		u.scrub.SetValue(itoa64(rev))
		u.scrubText.Set(a.tr("replay.live.text", rev))
		u.scrubValue.Set(u.scrubText.text)
	}
}

// replayAt shows revision rev.
func (a *app) replayAt(rev int64) { a.replayAtThen(rev, nil) }

// replayAtThen shows revision rev and then runs then (if not nil).
func (a *app) replayAtThen(rev int64, then func()) {
	u := a.ui
	rev = max(rev, a.m.compacted)
	if !a.replay.on {
		a.cancelSettle()
		a.replay = replayState{on: true, wasPlaying: a.playing, traceRev: -1, shown: -1}
		a.setPlaying(false)
		a.stopWatch(true)
		u.editor.SetReadOnly(true)
		setClass(a.root(), "replaying", true)
		u.live.RemoveAttribute("hidden")
		u.replayBadge.RemoveAttribute("hidden")
		a.hidePodMenu()
	}
	a.replay.rev = rev
	u.scrub.SetValue(itoa64(rev))
	if then != nil {
		a.replay.waiting = append(a.replay.waiting, then)
	}
	a.askReplay()
}

// askReplay asks the worker for the revision the slider stands at, unless
// an answer is on its way (it asks again when that comes) or it is shown.
func (a *app) askReplay() {
	r := &a.replay
	if !r.on || r.asking {
		return
	}
	if r.shown == r.rev {
		if !r.due {
			a.replayShown()
		}
		return
	}
	r.asking = true
	rev := r.rev
	a.ask(engine.Request{Op: "snapshotAt", Rev: rev, Trace: a.ui.traceView()}, func(rep engine.Reply) {
		r.asking = false
		if !r.on {
			return
		}
		if rep.Error != "" || rep.Snapshot == nil {
			a.goLive() // the history was compacted past it
			return
		}
		rep.Snapshot.Pods = make([]cluster.PodView, len(rep.Pods))
		for i, p := range rep.Pods { // they crossed apart from the snapshot (engine.PodList)
			rep.Snapshot.Pods[i] = p.View
		}
		rep.Snapshot.Events = rep.Events
		r.shown, r.snap, r.trace, r.volumes, r.elapsed = rev, rep.Snapshot, rep.Trace, rep.Volumes, rep.Elapsed
		r.traceRev, r.due = -1, true
		a.frameDue = true // drawn at the next frame, in a task of its own
		a.askReplay()
	})
}

// retraceReplay asks again for the replayed revision's reconciles, which
// the worker searched for with the trace's filter, when the filter
// changes (system, one object).
func (a *app) retraceReplay() {
	r := &a.replay
	if !r.on || r.shown < 0 {
		return
	}
	rev := r.shown
	a.ask(engine.Request{Op: "traceAt", Rev: rev, Trace: a.ui.traceView()}, func(rep engine.Reply) {
		if !r.on || r.shown != rev || rep.Error != "" {
			return // a newer revision's answer brings its own
		}
		r.trace, r.traceRev = rep.Trace, -1
		a.drawFrom(stageTrace) // the pods are as they were
	})
}

// replayShown runs the calls waiting for the revision asked for.
func (a *app) replayShown() {
	waiting := a.replay.waiting
	a.replay.waiting = nil
	for _, fn := range waiting {
		fn()
	}
}

// drawReplay draws the snapshot at the replayed revision; once the
// revision asked for is drawn, the calls waiting for it run.
func (a *app) drawReplay(force bool) {
	u, r := a.ui, &a.replay
	if r.snap == nil {
		return
	}
	r.due = false
	defer func() {
		if r.on && r.shown == r.rev && !r.asking {
			a.replayShown()
		}
	}()
	u.clockTime.Set("t = " + formatElapsed(r.elapsed))
	text := a.tr("replay.text", r.shown, a.m.rev, formatElapsed(r.elapsed))
	u.scrubText.Set(text)
	u.scrubValue.Set(text)
	u.replayBadge.SetTextContent(a.tr("replay.badge", r.shown))
	if force {
		r.traceRev = -1 // the trace too, in a new language or filter
	}
	a.startDraw(force)
}

// drawSnapshotPods draws a replayed snapshot's nodes, pods and owners.
func (a *app) drawSnapshotPods(s *cluster.Snapshot, force bool) {
	u := a.ui
	u.clockRev.Set("rev " + itoa64(s.Revision))
	pods, running := 0, 0
	for _, p := range s.Pods {
		if p.System && !u.showSystem {
			continue
		}
		pods++
		if p.Status == "Running" {
			running++
		}
	}
	u.summary.Set(a.clusterSummary(pods, running, len(s.Nodes)))
	u.cluster.draw(s, force)
}

// goLive leaves replay.
func (a *app) goLive() {
	u := a.ui
	if !a.replay.on {
		return
	}
	wasPlaying, waiting := a.replay.wasPlaying, a.replay.waiting
	a.replay = replayState{}
	u.cluster.replayed = replayedPods{} // the revision's pods are not kept past it
	u.editor.SetReadOnly(false)
	setClass(a.root(), "replaying", false)
	u.live.SetAttribute("hidden", "")
	u.replayBadge.SetAttribute("hidden", "")
	u.resetTrace()
	a.render(true)
	a.setPlaying(wasPlaying)
	for _, fn := range waiting {
		fn()
	}
}

// drawTraceAt draws the reconciles started by the replayed revision rev,
// newest first, a part at a time (writeTracePart), as a live trace drawn
// anew is. It reports whether rows are left for another part.
func (a *app) drawTraceAt(rev int64) (more bool) {
	u, r := a.ui, &a.replay
	first := r.traceRev != rev
	if first {
		r.traceRev, r.traceRest, r.traceRows = rev, r.trace, 0
	}
	p := tracePart{view: u.traceView(), room: maxTraceDrawn - r.traceRows, budget: math.MaxInt}
	r.traceRest = a.writeTracePart(&p, r.traceRest)
	r.traceRows += p.drawn
	switch {
	case first && r.traceRows == 0:
		a.showTraceEmpty()
	case first:
		setHTML(u.trace, &p.m)
	case p.drawn > 0:
		appendHTML(u.trace, &p.m)
	}
	// The live trace redraws from scratch when replay ends.
	u.traceSeq, u.traceCount, u.traceOlder = 0, 0, 0
	return r.traceRest != nil
}
