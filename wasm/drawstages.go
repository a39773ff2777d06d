//go:build js && wasm

package main

// A draw is made of stages, drawn in order: the pods (with their counts
// and owners), the trace, the Events, then the other views. A frame draws
// stages until splitDrawMS have gone since it began, and the next frames
// draw the others: a big draw is several tasks, none of them long. The
// worker posts no new frame until the last stage is drawn (clock.go).

// drawStage is a stage of a draw; stageNone is none due.
type drawStage int

const (
	stageNone drawStage = iota
	stagePods
	stageTrace
	stageEvents
	stageRest
)

// splitDrawMS is how long a frame's draw may go on before it leaves its
// next stages to the next frame. The browser's style, layout and paint of
// what was drawn follow in the same task, and on a big cluster they take
// longer than the draw: the draw leaves them most of the frame.
const splitDrawMS = 10

// startDraw begins a draw of every view (force: redrawn whole); a draw
// begun before and not finished is drawn anew.
func (a *app) startDraw(force bool) {
	u := a.ui
	u.stage, u.stageForce = stagePods, u.stageForce || force
	u.traceAnew = u.traceAnew || force
	a.drawStages(a.now())
}

// drawFrom has the next frames draw the stages from s on, and a draw under
// way go back to s if it is past it.
func (a *app) drawFrom(s drawStage) {
	if u := a.ui; u.stage == stageNone || u.stage > s {
		u.stage = s
	}
}

// drawStages draws the stages due, at least one, until splitDrawMS have
// gone since start.
func (a *app) drawStages(start float64) {
	u := a.ui
	for u.stage != stageNone {
		s, force := u.stage, u.stageForce
		if u.stage++; u.stage > stageRest {
			u.stage, u.stageForce = stageNone, false
		}
		if a.replay.on {
			a.drawReplayStage(s, force)
		} else {
			a.drawLiveStage(s, force)
		}
		if a.now()-start >= splitDrawMS || listDrawnAnew(s, force || a.replay.on) {
			return
		}
	}
}

// listDrawnAnew is whether stage s drew a list's rows anew (anew: the
// draw is forced, or of a replayed revision), which ends the frame's
// stages: the rows' style and layout are the browser's, after the
// frame's script, and the trace's and the Events' rows laid out in one
// frame made it a long task (back to live at 1,000 pods).
func listDrawnAnew(s drawStage, anew bool) bool {
	return anew && (s == stageTrace || s == stageEvents)
}

// drawLiveStage draws one stage of the live views.
func (a *app) drawLiveStage(s drawStage, force bool) {
	start := a.now()
	switch s {
	case stagePods:
		a.drawLivePods(force)
	case stageTrace:
		a.drawLiveTraceStage()
	case stageEvents:
		if v := &a.ui.cluster; force || v.eventsDue && start-v.eventsDrawnAt >= eventsEvery {
			a.drawLiveEvents(force)
		}
	case stageRest:
		a.drawRest(force)
		a.spent(partRest, start)
		a.checkLesson()
	}
}

// drawLiveTraceStage draws the trace's stage: the trace anew (its first
// part), or the next part of its older rows, or the new reconciles. While
// older rows are left, the stage comes again (drawOlderTrace), in the next
// frame when the trace was drawn anew (listDrawnAnew).
func (a *app) drawLiveTraceStage() {
	u := a.ui
	switch {
	case u.traceAnew:
		u.traceAnew = false
		a.drawLiveTrace(true)
	case u.traceOlder > 0:
		a.drawOlderTrace()
	default:
		a.drawLiveTrace(false)
	}
}

// drawReplayStage draws one stage of the replayed revision's views.
func (a *app) drawReplayStage(s drawStage, force bool) {
	snap := a.replay.snap
	if snap == nil {
		return
	}
	switch s {
	case stagePods:
		a.drawSnapshotPods(snap, force)
	case stageTrace:
		if a.drawTraceAt(snap.Revision) {
			a.drawFrom(stageTrace) // its next part
		}
	case stageEvents:
		a.drawEvents(snap.Events, force, len(snap.Events))
	case stageRest:
		a.drawRest(force)
	}
}
