//go:build js && wasm

package main

import (
	"math"
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// Simulated time on the page. While playing, each animation frame advances
// the cluster by the real time since the last frame times the speed, with a
// bounded number of tasks (AdvanceBudget): a busy cluster slows its clock
// rather than freezing the page, and the next frame carries on.

const (
	maxFrameMS    = 100 // a longer gap (hidden tab, debugger) counts as this
	frameWorkMS   = 8   // aim to spend at most this much of a frame on tasks (see below)
	sliceTasks    = 16  // tasks between two looks at the time
	minBudget     = 50
	maxBudget     = 20000
	overranMS     = 2 * frameWorkMS // tasks that took longer leave the draw to the next frame
	slowRenderMS  = 6               // a draw slower than this is throttled…
	burstWrites   = 500             // …as is one after this many writes (drawIfDue)
	throttledMS   = 200             // …to one draw per this many ms while playing
	settleDefault = 10 * time.Minute
)

// frameWorkMS leaves the rest of a 16.7 ms frame to the draw, the
// browser's layout and paint, and Go's GC. A smaller share draws more
// frames a second, and a 1,000-pod rollout finishes as soon; at 10,000
// pods the clock lags a little more, and the page stutters less.

// frame is the requestAnimationFrame callback. Its work runs on the
// pauser (pause.go): a task still running past overranMS parks at its next
// store write, and the next frame resumes it before starting anything new.
// A frame whose tasks park has overrun its share, as frameWork's tasks can:
// its draw waits for the next frame, which only draws, and the paused task
// goes on in the one after.
func (a *app) frame(ms float64) {
	a.requestFrame(a.frame) // first, so a recovered panic below cannot stop the loop
	a.timing.frameBegan(a.now())
	defer func() { a.timing.frameEnded(a.now()) }()
	if a.slowDrawDue(ms) {
		// A slow draw (a big cluster) gets the frame to itself, the work
		// staying parked if it is: the tasks, the draw and the browser's
		// layout and paint of what it drew made one long task together.
		v := &a.ui.cluster
		v.drawPostponed, v.drewLast = false, true
		a.timing.path = pathDraw
		a.renderPart()
		return
	}
	u := a.ui
	if u != nil {
		u.cluster.drewLast = false
	}
	if a.loop.parked && u != nil && u.cluster.drawPostponed {
		a.drawPostponed(ms)
		return
	}
	if a.loop.parked {
		a.timing.path = pathResume
		a.loop.resume(overranMS)
		a.runQueued() // if that was the end of the paused work
	} else {
		a.loop.run(overranMS, func(work func()) { a.guard("animation frame", nil, work) }, func() { a.frameWork(ms) })
	}
	if a.loop.parked && u != nil {
		// The cluster is drawn by the next frame, only the clock here: at
		// 10,000 pods the tasks and a draw together made a scale-up's
		// longest task.
		if a.timing.path != pathResume {
			a.timing.path = pathPaused
		}
		u.cluster.drawPostponed = true
		a.drawClock()
	}
}

// frameWork is one frame's advance of the clock, and its drawing.
func (a *app) frameWork(ms float64) {
	dt := ms - a.lastFrame
	if a.lastFrame == 0 || dt < 0 {
		dt = 0
	}
	dt = min(dt, maxFrameMS)
	a.lastFrame = ms
	if a.settling.active {
		a.settleSlice()
		return
	}
	defer a.checkLesson() // cheap when nothing changed; catches the last change of a burst
	if !a.playing || a.replay.on {
		// Cards or the ownership tree still to draw (clusterView.behind), or
		// the rest of a big cluster's draw (renderPart), paused part-way.
		if v := &a.ui.cluster; v.behind || v.restDue || v.synced != nil {
			a.render(false)
		}
		a.drawClock()
		return
	}
	v := &a.ui.cluster
	if v.drawPostponed {
		a.drawPostponed(ms)
		return
	}
	d := time.Duration(dt * a.speed * float64(time.Millisecond))
	frameStart := a.now()
	if a.ui.watch != nil {
		start := a.now()
		a.advanceBudgetWatching(d)
		spent := a.now() - start
		switch {
		case spent > frameWorkMS && a.budget > minBudget:
			a.budget = max(minBudget, a.budget/2)
		case spent < frameWorkMS/4 && a.budget < maxBudget:
			a.budget = min(maxBudget, a.budget*2)
		}
	} else {
		a.advanceSliced(d)
	}
	// A frame whose tasks overran its share — a task is cut only at its
	// store writes (pause.go) — leaves the draw to the next frame, so that
	// the two do not add up to one long task.
	if a.now()-frameStart > overranMS {
		v.drawPostponed = true
		a.timing.path = pathTasks
		a.drawClock()
		return
	}
	a.timing.path = pathTasksDraw
	a.drawIfDue(ms)
}

// drawPostponed is the frame after one whose tasks overran or paused past
// their share: it only draws, as any frame after tasks does (drawIfDue),
// so after a burst of writes in parts, in frames of their own. Drawn whole,
// the feed's sync, the pods and the rest of a 10,000-pod scale-up were
// more than a frame of Go. (frame calls it while a task is paused,
// frameWork otherwise.)
func (a *app) drawPostponed(ms float64) {
	a.ui.cluster.drawPostponed = false
	a.timing.path = pathDraw
	a.drawIfDue(ms)
}

// drawIfDue draws every frame while drawing is cheap, after the frame's
// tasks. A big cluster's draws are slow: they get frames of their own
// (slowDrawDue), and this only shows the time.
func (a *app) drawIfDue(ms float64) {
	if u := a.ui; a.playing && !a.replay.on && u.renderCostMS < slowRenderMS && drawLooksSlow(u.renderCostMS, u.cluster.writesSinceSync(a.cluster)) {
		// Left to the frames that follow, in parts (slowDrawDue,
		// renderPart), as a big cluster's draw is; they measure its cost
		// anew.
		u.renderCostMS = slowRenderMS
		u.lastRenderMS = math.Inf(-1) // due
	}
	if a.ui.renderCostMS < slowRenderMS || !a.playing || a.replay.on {
		a.render(false)
	} else {
		a.drawClock()
	}
}

// drawAfterAct draws what a command or an apply changed. While a big
// cluster plays, its draws are slow and the frames make them in parts
// (renderPart); this leaves the draw to them, due at the next frame, and
// only shows the time. Drawn here whole, a command typed during a
// 10,000-pod rollout was one long task of the command, a whole draw and
// the browser's layout of it. The command's own output (the terminal, an
// apply's result) is drawn by the caller at once, as before.
func (a *app) drawAfterAct() {
	u := a.ui
	if u != nil && a.playing && !a.replay.on && !a.settling.active && u.renderCostMS >= slowRenderMS {
		u.lastRenderMS = math.Inf(-1) // due (slowDrawDue)
		a.drawClock()
		return
	}
	a.render(false)
}

// slowDrawDue reports whether this frame is a slow draw's, and not the
// tasks': while playing, a big cluster is drawn a few times a second
// (throttledMS), or every other frame while cards are left to draw or the
// last frame's tasks overran — never twice in a row, so that the tasks
// always get every other frame.
func (a *app) slowDrawDue(ms float64) bool {
	u := a.ui
	if u == nil || !a.playing || a.replay.on || a.settling.active || u.renderCostMS < slowRenderMS {
		return false
	}
	v := &u.cluster
	return !v.drewLast && (v.synced != nil || v.restDue || v.drawPostponed || v.behind || ms-u.lastRenderMS >= throttledMS)
}

// drawLooksSlow reports whether the next draw will be slow, from the last
// one's cost and the writes since it. The cost alone is not enough: after
// a burst of writes a draw is slow whatever the last one cost: the first
// thousand pods of a 10,000-pod scale-up, the feed's sync and their cards,
// were drawn in the frame of the tasks that made them, the phase's
// longest task.
func drawLooksSlow(lastCostMS float64, writesSince int64) bool {
	return lastCostMS >= slowRenderMS || writesSince >= burstWrites
}

// advanceSliced runs the tasks due within d for at most frameWorkMS of
// wall time, looking at the time every sliceTasks tasks; what is left
// runs in the next frames (the simulated clock lags instead of the page).
// A budget counted in tasks let an idle cluster grow it to the maximum,
// and the first frame after an apply of 1,000 pods then ran 20,000 tasks
// in one go.
func (a *app) advanceSliced(d time.Duration) {
	clk := a.cluster.Clock()
	target := clk.Now().Add(d)
	deadline := a.now() + frameWorkMS
	for !a.cluster.AdvanceBudget(target.Sub(clk.Now()), sliceTasks) {
		if a.now() >= deadline {
			return
		}
	}
}

func (a *app) setPlaying(on bool) {
	a.playing = on
	a.lastFrame = 0
	a.updatePlayButton()
}

func (a *app) updatePlayButton() {
	if a.ui == nil {
		return
	}
	icon, label := "ico ico-play", a.tr("clock.play")
	if a.playing {
		icon, label = "ico ico-pause", a.tr("clock.pause")
	}
	clearNode(a.ui.play)
	a.ui.play.AppendChild(a.el("span", icon))
	a.ui.play.AppendChild(a.el("span", "", label))
	a.ui.play.SetAttribute("aria-pressed", strconv.FormatBool(a.playing))
}

func (a *app) setSpeed(v float64) {
	if v <= 0 {
		return
	}
	a.speed = v
	a.store(keySpeed, strconv.FormatFloat(v, 'f', -1, 64))
	for _, b := range a.ui.speedBtns {
		on := b.GetAttribute("data-speed") == strconv.FormatFloat(v, 'f', -1, 64)
		setClass(b, "on", on)
		b.SetAttribute("aria-checked", strconv.FormatBool(on))
	}
}

// advanceBudgetWatching is AdvanceBudget with an open watch: it polls
// after each instant at which something ran, so rows get their time.
func (a *app) advanceBudgetWatching(d time.Duration) {
	clk := a.cluster.Clock()
	target := clk.Now().Add(d)
	for n := 0; n < a.budget; {
		next, ok := clk.Next()
		if !ok || next.After(target) {
			clk.AdvanceTo(target)
			break
		}
		ran := a.cluster.RunUntilIdle(0)
		if ran == 0 {
			clk.Step()
			ran = 1
		}
		n += ran
		a.pollWatch()
	}
	a.pollWatch()
}

// step pauses and runs exactly one task, and marks what it did for the
// picture of the controller manager and the trace.
func (a *app) step() {
	if a.replay.on {
		return
	}
	a.cancelSettle()
	a.setPlaying(false)
	before := a.cluster.Cursor()
	picture, task := a.cluster.ChangesSince(before), a.cluster.NextTask()
	if a.cluster.Step() {
		mark := markOf(task, picture, a.cluster.ChangesSince(before))
		mark.tasks, _ = a.cluster.Clock().Ran()
		a.ui.step = mark
		a.pollWatch()
		a.render(false)
		return
	}
	a.termNote(a.tr("sim.idle"))
}

// maxIdleTasks bounds one "to idle" press, so a busy cluster cannot
// freeze the page: the next press carries on.
const maxIdleTasks = 20000

// toIdle pauses and runs every task due at this instant — event
// deliveries, reconciles, kubelet steps — without moving the clock: what
// the controllers do in reaction to the last change, and no more.
func (a *app) toIdle() {
	if a.replay.on {
		return
	}
	a.cancelSettle()
	a.setPlaying(false)
	n := a.cluster.RunUntilIdle(maxIdleTasks)
	a.pollWatch()
	if n == 0 {
		a.termNote(a.tr("sim.idle.now"))
	} else {
		a.termNote(a.tr("sim.ranidle", n))
	}
	a.render(false)
}

// settleRun is a Settle spread over animation frames, so that settling a
// big cluster never freezes the page: each frame runs Settle in pieces of
// settleChunk simulated time until it has used its share of the frame.
type settleRun struct {
	active          bool
	remaining, took time.Duration
}

const settleChunk = time.Second

// settle starts settling the cluster (at most max of simulated time); the
// terminal says when it is done. echo prints the command first, as typed.
func (a *app) settle(max time.Duration, echo bool) {
	if a.replay.on {
		return
	}
	if max <= 0 {
		max = settleDefault
	}
	if echo {
		a.termCommand("sim settle")
	}
	a.settling = settleRun{active: true, remaining: max}
	a.ui.settleBtn.SetAttribute("aria-busy", "true")
	a.settleSlice() // small clusters settle at once
}

// settleSlice runs the current settle for one frame's worth of work.
func (a *app) settleSlice() {
	r := &a.settling
	start := a.now()
	for r.active {
		chunk := min(settleChunk, r.remaining)
		settled, took := a.cluster.Settle(chunk)
		r.took += took
		r.remaining -= took
		a.pollWatch()
		switch {
		case settled:
			a.endSettle(true)
		case r.remaining <= 0:
			a.endSettle(false)
		case a.now()-start > frameWorkMS:
			a.render(false)
			return
		}
	}
}

func (a *app) endSettle(settled bool) {
	r := &a.settling
	r.active = false
	a.ui.settleBtn.RemoveAttribute("aria-busy")
	if settled {
		a.termText(a.tr("sim.settled", formatElapsed(r.took)), "term-note")
	} else {
		a.termText(a.tr("sim.notsettled", formatElapsed(r.took)), "term-note")
	}
	a.lastFrame = 0
	a.render(false)
}

// cancelSettle stops a settle in progress (step, reset).
func (a *app) cancelSettle() {
	if a.settling.active {
		a.settling.active = false
		a.ui.settleBtn.RemoveAttribute("aria-busy")
	}
}

// drawClock shows the simulated time and the store revision.
func (a *app) drawClock() {
	if a.replay.on {
		return // drawReplay shows the replayed revision's time
	}
	a.ui.clockTime.Set("t = " + formatElapsed(a.elapsed()))
}

// render draws the cluster as it is now, if anything changed since the
// last draw. force redraws everything (a new language, a new cluster).
func (a *app) render(force bool) {
	u := a.ui
	if u == nil {
		return
	}
	if a.replay.on {
		a.drawReplay(force)
		return
	}
	start := a.now()
	a.drawClock()
	v := &u.cluster
	if !a.changedSinceDraw(force) && !v.restDue && v.synced == nil {
		return
	}
	a.drawLivePods(force)
	a.drawLiveRest(force)
	a.checkLesson()
	u.lastRenderMS = start
	u.renderCostMS = a.now() - start
}

// renderPart draws one part of a big cluster while playing (slowDrawDue).
// Its draw takes three frames of its own: the feed's sync with the store,
// which draws nothing; then the pods, lanes and ownership tree; then the
// trace, the Events and the other views. At 10,000 pods the whole draw
// is up to several frames of Go before the browser lays out what it drew,
// and the sync alone can outlast a frame, so it gets one to itself.
func (a *app) renderPart() {
	u := a.ui
	v := &u.cluster
	start := a.now()
	switch {
	case v.restDue:
		a.drawLiveRest(false)
		a.checkLesson()
	case v.synced != nil:
		a.drawSyncedPods(false)
		v.restDue = true
		u.renderCostMS = u.syncCostMS + a.now() - start
	default:
		a.drawClock()
		if !a.changedSinceDraw(false) {
			return
		}
		a.syncLive()
		u.lastRenderMS = start
		// The cost stays the last whole draw's until the pods are drawn:
		// a cheap sync alone would make the draw look cheap, and drawn
		// whole in a frame of tasks.
		u.syncCostMS = a.now() - start
	}
}

// changedSinceDraw reports whether the live views may show something new
// (a write, a reconcile, another language, cards left to draw; anything,
// forced), and notes what they are about to show.
func (a *app) changedSinceDraw(force bool) bool {
	u := a.ui
	rev, traced := a.cluster.Store().Revision(), a.cluster.Trace().Last()
	// A task that wrote nothing — a watch event delivered, a key queued —
	// still changes the picture of the controller manager.
	tasks, _ := a.cluster.Clock().Ran()
	if !force && rev == u.lastRevision && traced == u.lastTraceLast && tasks == u.lastTasks && a.lang == u.lastLang && !u.cluster.behind {
		return false
	}
	u.lastRevision, u.lastTraceLast, u.lastTasks, u.lastLang = rev, traced, tasks, a.lang
	a.pollWatch()
	a.drawScrubber(rev)
	return true
}

// drawLivePods draws the pods of the live cluster from what changed since
// the last draw (clusterlive.go), their counts and the ownership tree.
func (a *app) drawLivePods(force bool) {
	a.syncLive()
	a.drawSyncedPods(force)
}

// syncLive brings the live views' feed up to the cluster, drawing
// nothing: what changed waits in clusterView.synced for drawSyncedPods,
// added to anything an earlier sync left there.
func (a *app) syncLive() {
	defer a.spent(partSync, a.now())
	v := &a.ui.cluster
	ch := v.sync(a.cluster)
	if v.synced != nil {
		ch = v.synced.Then(ch)
	}
	v.synced = &ch
	v.eventsDue = v.eventsDue || ch.Events
}

// drawSyncedPods draws what the syncs since the last draw found.
func (a *app) drawSyncedPods(force bool) {
	defer a.spent(partPods, a.now())
	u := a.ui
	v := &u.cluster
	ch := v.synced
	v.synced = nil
	feed := v.live.feed
	u.clockRev.Set("rev " + itoa64(feed.Revision()))
	pods, running := feed.Pods(), feed.Running()
	if !u.showSystem {
		systemPods, systemRunning := feed.SystemPods()
		pods, running = pods-systemPods, running-systemRunning
	}
	u.summary.Set(a.tr("cluster.summary", pods, running, len(v.live.overview.Nodes)))
	v.drawLive(*ch, force)
}

// drawLiveRest draws the live views that are not the pods: the trace, the
// Events and the others.
func (a *app) drawLiveRest(force bool) {
	v := &a.ui.cluster
	start := a.now()
	a.drawTrace(force)
	a.spent(partTrace, start)
	if v.eventsDue || force {
		start = a.now()
		a.drawEvents(v.live.feed.Events(), force)
		a.spent(partEvents, start)
	}
	v.restDue, v.eventsDue = false, false
	start = a.now()
	a.drawRest(force)
	a.spent(partRest, start)
}

// drawSnapshot draws every view of a replayed snapshot.
func (a *app) drawSnapshot(s *cluster.Snapshot, force bool) {
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
	u.summary.Set(a.tr("cluster.summary", pods, running, len(s.Nodes)))
	u.cluster.draw(s, force)
	a.drawTraceAt(s.Revision)
	a.drawEvents(s.Events, force)
	a.drawRest(force)
}

// drawRest draws the views that are not about pods.
func (a *app) drawRest(force bool) {
	a.drawFaults()
	a.drawDNS()
	a.drawVolumes()
	a.drawMachinery()
	if force {
		a.drawApplyResult()
	}
}
