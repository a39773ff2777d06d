//go:build js && wasm

package main

import (
	"fmt"
	"github.com/kubeloop/kubeloop/core/apijson"
	"runtime/debug"
	"strings"
	"time"

	"github.com/hack-pad/safejs"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// The worker's loop: the cluster runs here, off the page's thread. While
// the clock plays, each turn advances it by the real time since the last
// turn times the speed, for at most turnMS of real time (a busy cluster
// slows its clock instead of answering late), then reads its messages.
// A turn that caught the clock up waits idleTurnMS for the next: the
// clock moves in steps of about a frame, and an idle cluster leaves the
// machine idle instead of turning as fast as it can.
// A turn that could not catch the clock up waits lagRest before the next
// on a machine of two cores (lagRestFor), so that the worker leaves the
// browser a share of its core; elsewhere the next turn runs at once.
// A frame of what changed goes to the page whenever the page has drawn
// the last one, so frames never pile up behind a slow draw: what changes
// meanwhile goes in the next.

const (
	turnMS     = 12  // real time one turn runs tasks for
	turnTasks  = 64  // tasks between two looks at the time
	maxTurnGap = 100 // a longer gap (a busy tab) counts as this, in ms
	idleTurnMS = 16  // the wait after a turn that caught the clock up: a frame
	// settleSlice is the simulated time one call of a settle covers.
	settleSlice = time.Second
)

// workerHost is the engine and the loop that drives it.
type workerHost struct {
	e *engine.Engine
	// post sends a message to the page; now is the real time in ms;
	// later runs fn in a new task of the worker's event loop, after ms.
	post  func(string)
	now   func() float64
	later func(ms float64, fn func())

	playing bool
	speed   float64
	lastMS  float64 // when the clock last ran
	lagRest float64 // the wait after a turn that left the clock behind, in ms (lagRestFor)
	// pictureSent is when a frame last brought the controller manager's
	// picture and the Events (frame).
	pictureSent float64
	drawn       bool // the page drew the last frame posted
	turnDue     bool // a turn is scheduled
	settle      *settleWork
	warm        *engine.WarmUp
	// prebuilt: e is the cluster prebuild made, not yet asked for, and
	// firstFrame its first frame's post, already encoded.
	prebuilt   bool
	firstFrame string
}

// settleWork is a settle in progress: the request's ID, how much simulated
// time it may still take and has taken.
type settleWork struct {
	id              int64
	remaining, took time.Duration
}

func newWorkerHost(post func(string), now func() float64, later func(float64, func())) *workerHost {
	return &workerHost{post: post, now: now, later: later, speed: 1, drawn: true, warm: engine.NewWarmUp()}
}

// receive handles one message from the page.
func (h *workerHost) receive(text string) {
	var m engine.Message
	if err := apijson.Unmarshal([]byte(text), &m); err != nil {
		h.send(engine.Post{ID: m.ID, Reply: &engine.Reply{Error: "worker: unreadable message: " + err.Error()}})
		return
	}
	switch m.Op {
	case engine.OpStart:
		h.start(m)
	case engine.OpPlay:
		h.playing, h.lastMS = m.On, h.now()
		if m.Speed > 0 {
			h.speed = m.Speed
		}
		h.schedule()
	case engine.OpDrawn:
		h.drawn = true
		if !h.playing && h.settle == nil && h.e != nil && h.e.Moved() {
			h.schedule() // what changed while the page drew
		}
	case engine.OpSettle:
		h.endSettle(false)
		h.settle = &settleWork{id: m.ID, remaining: time.Duration(m.Seconds * float64(time.Second))}
		h.schedule()
	case engine.OpCancel:
		h.endSettle(false)
	case engine.OpWarmUp:
		h.send(engine.Post{ID: m.ID, Reply: &engine.Reply{WarmUp: h.warm}})
	default:
		if h.e == nil || h.prebuilt {
			h.send(engine.Post{ID: m.ID, Reply: &engine.Reply{Error: "worker: the cluster is not built yet"}})
			return
		}
		if m.Op == "reset" || m.Op == "step" || m.Op == "idle" {
			h.endSettle(false)
		}
		rep := h.e.Do(m.Request)
		h.reply(m.ID, &rep)
	}
}

// prebuild builds the cluster of seed up to its nodes, and its first
// frame, before the page asks for them, unless it has asked already. The
// page asks (engine.OpStart) once its own Go runs, which starts beside
// the worker's, and almost always for the default seed: made meanwhile,
// the frame goes the moment it asks. Nothing runs on the prebuilt
// cluster until then, so the history is the same.
func (h *workerHost) prebuild(seed uint64) {
	if h.e == nil {
		h.e, h.prebuilt = engine.New(seed), true
		h.firstFrame = encodePost(h.nodesFrame())
	}
}

// nodesFrame is the first frame of a cluster built up to its nodes.
func (h *workerHost) nodesFrame() engine.Post {
	f := h.e.Frame()
	return engine.Post{Frame: &f}
}

// start builds the cluster up to its nodes (or takes the one prebuilt for
// its seed) and posts them at once, then builds the rest and starts the
// control plane in a turn of its own and posts again: the page draws the
// nodes before the control plane has started.
func (h *workerHost) start(m engine.Message) {
	if h.prebuilt && h.e.Seed() == m.Seed {
		h.post(h.firstFrame)
	} else {
		h.e = engine.New(m.Seed)
		h.send(h.nodesFrame())
	}
	h.prebuilt, h.firstFrame = false, ""
	h.later(0, func() {
		h.e.Start()
		h.reply(m.ID, &engine.Reply{})
		h.later(warmUpGapMS, h.warmUpStep)
	})
}

// warmUpGapMS is the wait before each step of the warm-up: the page's
// requests and the clock's turns come first.
const warmUpGapMS = 50

// warmUpStep runs a step of the warm-up (engine.WarmUp) and schedules the
// next. A step that panics is reported and not run again.
func (h *workerHost) warmUpStep() {
	more := false
	func() {
		defer func() {
			if p := recover(); p != nil {
				h.send(engine.Post{Reply: &engine.Reply{Error: fmt.Sprintf("worker: warm-up: %v", p)}})
				more = h.warm.Done < h.warm.Steps
			}
		}()
		more = h.warm.Step()
	}()
	if more {
		h.later(warmUpGapMS, h.warmUpStep)
	}
}

// reply answers message id with rep and the frame of what it changed.
func (h *workerHost) reply(id int64, rep *engine.Reply) {
	f := h.e.Frame()
	h.send(engine.Post{ID: id, Reply: rep, Frame: &f})
	h.drawn = false
}

// send posts p to the page.
func (h *workerHost) send(p engine.Post) { h.post(encodePost(p)) }

// encodePost is p's text for the page, or a reply with the error that kept it
// from being encoded.
func encodePost(p engine.Post) string {
	text, err := p.Encode()
	if err != nil {
		failed := engine.Post{ID: p.ID, Reply: &engine.Reply{Error: fmt.Sprintf("worker: %v", err)}}
		text, _ = failed.Encode()
	}
	return text
}

// schedule makes sure a turn runs soon.
func (h *workerHost) schedule() { h.scheduleIn(0) }

// scheduleIn makes sure a turn runs within ms.
func (h *workerHost) scheduleIn(ms float64) {
	if h.turnDue {
		return
	}
	h.turnDue = true
	h.later(ms, h.turn)
}

// turn runs the clock (or a settle) for a while and posts a frame if the
// page is ready for one; it schedules the next turn while there is work.
func (h *workerHost) turn() {
	h.turnDue = false
	if h.e == nil {
		return
	}
	caughtUp := false
	switch {
	case h.settle != nil:
		h.settleTurn()
	case h.playing:
		caughtUp = h.playTurn()
	}
	if h.drawn && h.e.Moved() {
		f := h.frame(h.settle != nil || h.playing && !caughtUp)
		h.send(engine.Post{Frame: &f})
		h.drawn = false
	}
	switch {
	case caughtUp: // playing, no settle
		h.scheduleIn(idleTurnMS)
	case h.settle != nil: // a request waits on it
		h.schedule()
	case h.playing:
		h.scheduleIn(h.lagRest)
	}
}

// frame is the frame a turn posts. While the clock runs behind (lagging,
// or settling) the picture of the controller manager and the Events go at
// most every pictureEvery: the frames come as fast as the page draws them,
// and each would bring a new picture and a new list of the newest Events,
// which the page copies whole and draws a few times a second. The clock
// catches up when the burst is over, and the next frame brings both.
func (h *workerHost) frame(behind bool) engine.Frame {
	now := h.now()
	if behind && now-h.pictureSent < pictureEvery {
		return h.e.FrameHoldingPictureAndEvents()
	}
	h.pictureSent = now
	return h.e.Frame()
}

// pictureEvery is how often, at most, the frames of a clock running
// behind bring the picture of the controller manager and the Events (ms).
const pictureEvery = 250

// playTurn advances the clock by the real time since the last turn; it
// reports whether the clock got there (false: it lags, and the next turn
// carries on).
func (h *workerHost) playTurn() (caughtUp bool) {
	now := h.now()
	dt := min(max(now-h.lastMS, 0), maxTurnGap)
	h.lastMS = now
	clk := h.e.Cluster().Clock()
	target := clk.Now().Add(time.Duration(dt * h.speed * float64(time.Millisecond)))
	deadline := now + turnMS
	for !h.e.Run(target.Sub(clk.Now()), turnTasks) {
		if h.now() >= deadline {
			return false
		}
	}
	return true
}

// settleTurn runs slices of the settle for at most turnMS.
func (h *workerHost) settleTurn() {
	r := h.settle
	deadline := h.now() + turnMS
	for h.settle == r {
		rep := h.e.Do(engine.Request{Op: "settle", Seconds: min(settleSlice, r.remaining).Seconds()})
		r.took += rep.Took
		r.remaining -= rep.Took
		switch {
		case rep.Error != "":
			h.settle = nil
			h.reply(r.id, &rep)
		case rep.Settled || r.remaining <= 0:
			h.endSettle(rep.Settled)
		case h.now() >= deadline:
			return
		}
	}
}

// endSettle answers the settle in progress, if any: settled, or not
// (its time ran out, or it was cancelled).
func (h *workerHost) endSettle(settled bool) {
	r := h.settle
	if r == nil {
		return
	}
	h.settle = nil
	h.reply(r.id, &engine.Reply{Settled: settled, Took: r.took})
}

// The worker's glue: the host answers what the page posts (workerhost.go's
// workerHandle), and runs its turns on the worker's event loop.

// workerHostOf is the host of this worker (theWorkerHost).
var workerHostOf *workerHost

// theWorkerHost is this worker's host, made when first asked for.
func (a *app) theWorkerHost() *workerHost {
	if workerHostOf == nil {
		workerHostOf = newWorkerHost(func(s string) {
			if err := workerPost(s); err != nil {
				panic(err)
			}
		}, a.now, jsLater())
		workerHostOf.lagRest = lagRestFor(a.cores())
	}
	return workerHostOf
}

// lagRestFor is the wait after a turn that left the clock behind, on a
// machine of cores logical cores (0: not known). A lagging worker takes a
// whole core; the page's thread, the browser's compositor and its
// rasterisers share what is left, and on two cores the page's frames ran
// long while the worker turned without a pause. Resting half a turn
// leaves them a third of the worker's core, for a clock that falls
// further behind (docs/performance.md has how long a rest was chosen, and
// why not longer). With more cores nothing waits.
func lagRestFor(cores int) float64 {
	if cores > 0 && cores <= 2 {
		return turnMS / 2
	}
	return 0
}

// cores is navigator.hardwareConcurrency, or 0 when the browser does not
// say.
func (a *app) cores() int {
	nav, err := a.global.Get("navigator")
	if err != nil {
		return 0
	}
	n, err := nav.Get("hardwareConcurrency")
	if err != nil {
		return 0
	}
	return int(jsFloat(n, 0))
}

// hostMessage hands one message to the host (runWorker makes it the
// worker's workerHandle). A text that is not a JSON message is echoed
// ("pong:" + text): kubeloop.debug.workerEcho proves the link with it.
func (a *app) hostMessage(msg string) string {
	if !strings.HasPrefix(msg, "{") {
		return "pong:" + msg
	}
	a.theWorkerHost().receive(msg)
	return ""
}

// jsLater runs fn after ms in a task of its own: by setTimeout, or for no
// wait by a MessageChannel, which browsers do not clamp to 4 ms as they
// clamp nested timeouts. A panic in fn is recovered and reported to the
// page: the loop goes on.
func jsLater() func(ms float64, fn func()) {
	var queue []func()
	run := func() {
		fn := queue[0]
		queue = queue[1:]
		guardWorker("turn", fn)
	}
	ch, _ := safejs.Global().Get("MessageChannel")
	mc, _ := ch.New()
	port1, _ := mc.Get("port1")
	port2, _ := mc.Get("port2")
	onMessage, _ := safejs.FuncOf(func(safejs.Value, []safejs.Value) any { run(); return nil })
	port1.Set("onmessage", onMessage.Value())
	return func(ms float64, fn func()) {
		if ms <= 0 {
			queue = append(queue, fn)
			port2.Call("postMessage", 0)
			return
		}
		var timer safejs.Func
		timer, _ = safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
			timer.Release()
			guardWorker("timer", fn)
			return nil
		})
		safejs.Global().Call("setTimeout", timer.Value(), ms)
	}
}

// guardWorker runs fn, reporting a panic to the page as an error message
// instead of ending the worker.
func guardWorker(where string, fn func()) {
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprint("internal error: worker: ", where, ": ", r)
			if console, err := safejs.Global().Get("console"); err == nil {
				console.Call("error", "kubeloop: recovered panic in "+msg+"\n"+string(debug.Stack()))
			}
			failed := engine.Post{Reply: &engine.Reply{Error: msg}}
			text, _ := failed.Encode()
			workerPost(text)
		}
	}()
	fn()
}
