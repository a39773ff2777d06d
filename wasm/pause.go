//go:build js && wasm

package main

import "math"

// The page's work on the cluster runs on a goroutine of its own so that one
// long task can stop half-way. Time slicing (clock.go) stops between
// tasks, but a single task cannot be cut there: a ReplicaSet that creates
// 500 pods does it in one reconcile, and at 10,000 pods that held the
// browser for hundreds of milliseconds. The store calls PausePoint after
// each write, and at the checkpoints of controllers' long loops between
// writes; past the frame's deadline the work parks there, the frame draws
// what is done, and the next frame resumes it.
//
// Only drawing and the passive entry points (passiveFuncOf: a hover, a
// menu opened, play and pause, the language) run while the work is
// parked, and they only read the cluster. Every other entry point — a
// button's command, the editor, a fault, a timer — first lets the parked
// work run to its end (funcOf calls finish), and a line typed in the
// terminal waits for the frames to end it (queued.go), so the cluster sees
// the same operations in the same order as it would without pausing, and
// the same seed gives the same history (TestPausedLoopKeepsHistory).
//
// This is the one place where Go blocks: the frame's callback waits on a
// channel while the work's goroutine runs (it needs nothing from
// JavaScript to get there, so this cannot deadlock).

// pauser runs one piece of work at a time, pausable at store writes.
type pauser struct {
	now      func() float64 // milliseconds, monotonic
	deadline float64        // at a write after this, the work parks
	working  bool           // the work's goroutine is running (so a write is its)
	parked   bool
	resumeCh chan struct{}
	stopCh   chan bool // the work's goroutine stopped: true parked, false done
	parks    int       // how often work parked (tests, the console)
	unread   int       // writes since the clock was last read
}

// clockEvery is how many writes pass between two readings of the clock. A
// reading is a call into JavaScript (performance.now), and a 10,000-pod
// rollout makes a quarter of a million writes; a write takes tens of
// microseconds, so the work parks at most a few hundred past its deadline.
const clockEvery = 8

func newPauser(now func() float64) *pauser {
	return &pauser{now: now, resumeCh: make(chan struct{}), stopCh: make(chan bool)}
}

// run starts work and returns when it is done or has parked at a write
// after budgetMS. guard wraps the work as it does every entry point: a
// panic on the work's goroutine would end the program.
func (p *pauser) run(budgetMS float64, guard func(func()), work func()) {
	p.finish() // never two at once
	p.deadline = p.now() + budgetMS
	p.working, p.unread = true, 0
	go func() {
		defer func() {
			p.working = false
			p.stopCh <- false
		}()
		guard(work)
	}()
	p.parked = <-p.stopCh
}

// resume lets parked work go on for budgetMS more; it returns when the work
// is done or has parked again.
func (p *pauser) resume(budgetMS float64) {
	if p.parked {
		p.wake(p.now() + budgetMS)
	}
}

// finish runs parked work to its end without parking again.
func (p *pauser) finish() {
	for p.parked {
		p.wake(math.Inf(1))
	}
}

func (p *pauser) wake(deadline float64) {
	p.deadline = deadline
	p.parked, p.working = false, true
	p.resumeCh <- struct{}{}
	p.parked = <-p.stopCh
}

// pausePoint is the store's PausePoint: the work past the deadline parks
// there until resume or finish. Writes of anything else (there are none
// while work is parked) pass.
func (p *pauser) pausePoint() {
	if !p.working {
		return
	}
	if p.unread++; p.unread < clockEvery {
		return
	}
	p.unread = 0
	if p.now() < p.deadline {
		return
	}
	p.parks++
	p.working = false
	p.stopCh <- true
	<-p.resumeCh
}
