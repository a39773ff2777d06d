//go:build js && wasm

package main

import (
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// Simulated time on the page. The clock runs in the worker
// (workerloop.go): the page tells it to play, pause, change speed,
// settle, step or run to idle, and draws the frames it posts. Each
// animation frame draws what the frames since the last one changed, then
// tells the worker it may post the next (engine.OpDrawn): the worker never
// posts faster than the page draws, so a slow draw slows the frames, never
// the simulation or the page.

const settleDefault = 10 * time.Minute

// frame is the requestAnimationFrame callback, asked for only when there
// is something to draw (wakeIfBusy): a page with nothing new asks the
// browser for no frames, so it neither runs nor has a frame committed.
func (a *app) frame(ms float64) {
	a.frameAsked = false
	a.timing.frameBegan(a.now())
	defer func() { a.timing.frameEnded(a.now()) }()
	defer a.collectAhead()
	u := a.ui
	if u == nil {
		return
	}
	switch {
	case u.stage != stageNone:
		// The stages a draw left when it took a frame's share.
		a.timing.path = pathDraw
		a.drawStages(a.now())
	case a.frameDue || u.cluster.behind:
		a.frameDue = false
		a.timing.path = pathDraw
		a.render(false)
	case u.cluster.eventsDue && !a.replay.on && a.now()-u.cluster.eventsDrawnAt >= eventsEvery:
		// Events a draw held back, when no frame came since.
		a.timing.path = pathDraw
		a.drawLiveEvents(false)
	case a.traceHeld() && !a.traceWaits(a.now()):
		// Reconciles a draw held back, when no frame came since.
		a.timing.path = pathDraw
		a.drawLiveTrace(false)
	}
	if a.frameUnacked && !u.cluster.behind && u.stage == stageNone {
		a.frameUnacked = false
		a.control(engine.Request{Op: engine.OpDrawn})
	}
}

// wakeIfBusy asks for an animation frame (unless one is asked for
// already) when there is work for it: a worker's frame or a replayed
// revision not drawn yet, stages of a draw, pods left to draw, Events or
// reconciles held back, or a drawn frame the worker has not heard of.
// Every call from JavaScript into the page's Go ends with it (funcOf), the
// frame's own included, and only such a call leaves work: so no work
// waits for a frame that is not asked for.
func (a *app) wakeIfBusy() {
	u := a.ui
	if a.frameAsked || a.doc == nil {
		return // the worker's side has no frames
	}
	if a.frameDue || a.frameUnacked ||
		u != nil && (u.stage != stageNone || u.cluster.behind || u.cluster.eventsDue && !a.replay.on || a.traceHeld()) {
		a.frameAsked = true
		a.requestFrame(a.frame)
	}
}

func (a *app) setPlaying(on bool) {
	a.playing = on
	a.control(engine.Request{Op: engine.OpPlay, On: on, Speed: a.speed})
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
	if a.playing {
		a.control(engine.Request{Op: engine.OpPlay, On: true, Speed: v})
	}
	for _, b := range a.ui.speedBtns {
		on := b.GetAttribute("data-speed") == strconv.FormatFloat(v, 'f', -1, 64)
		setClass(b, "on", on)
		b.SetAttribute("aria-checked", strconv.FormatBool(on))
	}
}

// step pauses and runs exactly one task, and marks what it did for the
// picture of the controller manager and the trace.
func (a *app) step() {
	if a.replay.on {
		return
	}
	a.cancelSettle()
	a.setPlaying(false)
	btn := a.findByID("step")
	if btn != nil {
		btn.SetAttribute("aria-busy", "true") // until the worker has stepped
	}
	a.ask(engine.Request{Op: "step"}, func(rep engine.Reply) {
		if btn != nil {
			btn.RemoveAttribute("aria-busy")
		}
		if rep.Step == nil {
			a.termNote(a.tr("sim.idle"))
			return
		}
		a.ui.step = rep.Step // drawn with the step's frame
	})
}

// toIdle pauses and runs every task due at this instant — event
// deliveries, reconciles, kubelet steps — without moving the clock: what
// the controllers do in reaction to the last change, and no more.
func (a *app) toIdle() {
	if a.replay.on {
		return
	}
	a.cancelSettle()
	a.setPlaying(false)
	a.ask(engine.Request{Op: "idle"}, func(rep engine.Reply) {
		if rep.Ran == 0 {
			a.termNote(a.tr("sim.idle.now"))
		} else {
			a.termNote(a.tr("sim.ranidle", rep.Ran))
		}
	})
}

// settle starts settling the cluster (at most max of simulated time); the
// terminal says when it is done. The worker settles in slices and reads
// its messages between them, so Ctrl+C (cancelSettle) reaches it. echo
// prints the command first, as typed.
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
	a.settling, a.settleCancelled = true, false
	a.ui.settleBtn.SetAttribute("aria-busy", "true")
	a.send(engine.Message{Request: engine.Request{Op: engine.OpSettle, Seconds: max.Seconds()}}, a.endSettle)
}

func (a *app) endSettle(rep engine.Reply) {
	a.settling = false
	a.ui.settleBtn.RemoveAttribute("aria-busy")
	switch {
	case a.settleCancelled:
		// Stopped by the learner (Ctrl+C, Step, a reset): nothing to say.
	case rep.Error != "":
		a.termText("error: "+rep.Error, "term-err")
	case rep.Settled:
		a.termText(a.tr("sim.settled", formatElapsed(rep.Took)), "term-note")
	default:
		a.termText(a.tr("sim.notsettled", formatElapsed(rep.Took)), "term-note")
	}
}

// cancelSettle stops a settle in progress (step, reset, Ctrl+C); its
// answer comes, unsettled, and is not printed.
func (a *app) cancelSettle() {
	if a.settling && !a.settleCancelled {
		a.settleCancelled = true
		a.control(engine.Request{Op: engine.OpCancel})
	}
}

// drawClock shows the simulated time.
func (a *app) drawClock() {
	if a.replay.on {
		return // drawReplay shows the replayed revision's time
	}
	a.ui.clockTime.Set("t = " + formatElapsed(a.elapsed()))
}

// render draws the cluster as the mirror has it, if anything changed since
// the last draw. force redraws everything (a new language, a new cluster).
func (a *app) render(force bool) {
	u := a.ui
	if u == nil {
		return
	}
	if a.replay.on {
		a.drawReplay(force)
		return
	}
	a.drawClock()
	if !a.changedSinceDraw(force) {
		return
	}
	a.startDraw(force)
}

// changedSinceDraw reports whether the live views may show something new
// (a write, a reconcile, a task run, another language, cards left to
// draw; anything, forced), and notes what they are about to show.
func (a *app) changedSinceDraw(force bool) bool {
	u, m := a.ui, a.m
	if !force && m.rev == u.lastRevision && m.traceLast == u.lastTraceLast && m.tasks == u.lastTasks && a.lang == u.lastLang && !u.cluster.behind {
		return false
	}
	u.lastRevision, u.lastTraceLast, u.lastTasks, u.lastLang = m.rev, m.traceLast, m.tasks, a.lang
	a.drawScrubber(m.rev)
	return true
}

// drawLivePods draws the pods from what changed since the last draw
// (clusterlive.go), their counts and the ownership tree.
func (a *app) drawLivePods(force bool) {
	defer a.spent(partPods, a.now())
	u := a.ui
	v := &u.cluster
	ch := a.m.takeChanges()
	v.eventsDue = v.eventsDue || ch.Events
	m := a.m
	u.clockRev.Set("rev " + itoa64(m.rev))
	pods, running := m.Pods(), m.Running()
	if !u.showSystem {
		systemPods, systemRunning := m.SystemPods()
		pods, running = pods-systemPods, running-systemRunning
	}
	u.summary.Set(a.clusterSummary(pods, running, len(m.overview.Nodes)))
	v.drawLive(ch, force)
}

// eventsEvery is how often, at most, the live Events are drawn (ms). In a
// burst every frame brings a new list of the newest Events, each row new:
// drawn each frame, they were a large part of its time, for a list that
// changes faster than anyone reads it. And a frame that changes a list has
// the browser lay out, paint and layerize the page again, which the node
// lanes' canvases make dear: twice a second is still faster than anyone
// reads a burst (docs/performance.md has what each rate cost).
const eventsEvery = 500

// traceEvery is how often, at most, a live draw adds rows to the trace
// (ms), as eventsEvery is for the Events. In a burst every frame brings
// new reconciles, and a frame that adds rows to a list lays the page out
// twice: the rows it pushes off screen stop being rendered
// (content-visibility), which the browser learns only from a first
// layout. While the clock plays, its rows come twice a second at most,
// faster than anyone reads a burst; a reconcile a learner runs (a step,
// with the clock paused) is drawn at once.
const traceEvery = 500

// traceWaits is whether new reconciles wait for a later frame (traceHeld):
// the clock plays and a draw added rows less than traceEvery ago.
func (a *app) traceWaits(now float64) bool {
	return a.playing && now-a.ui.traceDrawnAt < traceEvery
}

// drawLiveTrace adds the reconciles since the last draw to the trace
// (force: drawn anew), unless they wait (traceWaits).
func (a *app) drawLiveTrace(force bool) {
	start := a.now()
	if !force && a.traceWaits(start) {
		return
	}
	a.drawTrace(force)
	a.spent(partTrace, start)
}

// drawLiveEvents draws the live Events (force: anew), the newest first;
// those a draw leaves out are due again.
func (a *app) drawLiveEvents(force bool) {
	v := &a.ui.cluster
	start := a.now()
	all := a.drawEvents(a.m.Events(), force, maxEventsAdded)
	a.spent(partEvents, start)
	v.eventsDue, v.eventsDrawnAt = !all, start // the older ones next
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
