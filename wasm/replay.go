//go:build js && wasm

package main

import (
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
)

// Replay: the history bar's slider runs over the store's revisions. Drag
// it back and every view — nodes, pods, owners, trace, Events — shows the
// cluster as it was at that revision (store.At), read-only and marked as
// such; the clock stops. "Back to live" (or the slider's right end)
// returns to now, and the clock resumes if it was running.

type replayState struct {
	on         bool
	rev        int64
	wasPlaying bool
	traceRev   int64 // revision the trace was drawn for
}

func (a *app) buildReplay(u *ui) {
	a.listen(u.scrub, "input", func(event) {
		rev, err := strconv.ParseInt(u.scrub.Value(), 10, 64)
		if err != nil {
			return
		}
		if rev >= a.cluster.Store().Revision() {
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
	u.scrubMin.Set(itoa64(a.cluster.Store().Compacted()))
	u.scrubMax.Set(itoa64(rev))
	if !a.replay.on {
		u.scrub.SetValue(itoa64(rev))
		u.scrubText.Set(a.tr("replay.live.text", rev))
		u.scrubValue.Set(u.scrubText.text)
	}
}

// replayAt shows revision rev.
func (a *app) replayAt(rev int64) {
	u := a.ui
	if rev < a.cluster.Store().Compacted() {
		rev = a.cluster.Store().Compacted()
	}
	if !a.replay.on {
		a.cancelSettle()
		a.replay = replayState{on: true, wasPlaying: a.playing, traceRev: -1}
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
	a.drawReplay(false)
}

// drawReplay draws the snapshot at the replayed revision.
func (a *app) drawReplay(force bool) {
	u := a.ui
	rev := a.replay.rev
	s, err := a.cluster.SnapshotAt(rev)
	if err != nil {
		a.goLive()
		return
	}
	at := a.timeAt(rev)
	u.clockTime.Set("t = " + formatElapsed(at))
	text := a.tr("replay.text", rev, a.cluster.Store().Revision(), formatElapsed(at))
	u.scrubText.Set(text)
	u.scrubValue.Set(text)
	u.replayBadge.SetTextContent(a.tr("replay.badge", rev))
	if force {
		a.replay.traceRev = -1 // the trace too, in a new language or filter
	}
	a.drawSnapshot(&s, force)
}

// timeAt is the simulated time of revision rev, as near as the trace
// says: the time of the newest reconcile that started at or before it.
// (The store keeps no time per revision; see the report to core.)
func (a *app) timeAt(rev int64) time.Duration {
	for e := range a.cluster.Trace().Backward(0) {
		if e.Revision <= rev {
			return e.Time.Sub(clock.Epoch)
		}
	}
	return 0
}

// goLive leaves replay.
func (a *app) goLive() {
	u := a.ui
	if !a.replay.on {
		return
	}
	wasPlaying := a.replay.wasPlaying
	a.replay = replayState{}
	u.editor.SetReadOnly(false)
	setClass(a.root(), "replaying", false)
	u.live.SetAttribute("hidden", "")
	u.replayBadge.SetAttribute("hidden", "")
	u.resetTrace()
	a.render(true)
	a.setPlaying(wasPlaying)
}

// drawTraceAt shows the newest reconciles that had started by rev.
func (a *app) drawTraceAt(rev int64) {
	u := a.ui
	if a.replay.traceRev == rev {
		return
	}
	a.replay.traceRev = rev
	// Newest first, from the newest that had started by rev; entries are
	// in revision order.
	var m markup
	drawn := 0
	for e := range a.cluster.Trace().Backward(0) {
		if drawn == maxTraceDrawn {
			break
		}
		if e.Revision > rev || !a.traceShows(e) {
			continue
		}
		a.traceRow(&m, e, false)
		drawn++
	}
	if drawn == 0 {
		m.elem("div", "empty pad", a.tr("trace.empty"))
	}
	setHTML(u.trace, &m)
	// The live trace redraws from scratch when replay ends.
	u.traceSeq, u.traceCount = 0, 0
}
