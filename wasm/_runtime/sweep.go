//go:build js && wasm

// This file is not a package of kubeloop: the page's build adds it to Go's
// own runtime package with `go build -overlay` (site/runtimeoverlay), as
// idlemark.go is, and routes the background sweeper's yields to
// kubeloopSweepYield.
package runtime

import _ "unsafe" // for go:linkname

// After each collection the background sweeper frees the spans nothing
// marked. It yields after every ten spans (goschedIfBusy), but under
// js/wasm there is one P and, between two frames, nothing else to run: it
// sweeps to the end before Go gives the page back to the browser. At
// 10,000 pods that made a long task after each cycle, on top of the frame
// it followed. Allocation also sweeps, as much as it needs before the
// next cycle, so the sweeper may wait.

// kubeloopSweepSlice is the longest the background sweeper sweeps at once.
const kubeloopSweepSlice = 2e6 // ns

// kubeloopSweepPause is how long it then sleeps. Longer than the
// scheduler's look at the timers that follows, so that the sleep is one:
// with nothing else to run, Go returns to the browser, and the timer
// (setTimeout) resumes the sweep in a task of its own.
const kubeloopSweepPause = 1e6 // ns

// kubeloopSweepSleeps counts the sweeper's sleeps, for the page's tests
// (kubeloop.debug.mem).
var kubeloopSweepSleeps int

// kubeloopSweepStart is when the sweeper's current slice began (0: it has
// not swept since its last sleep).
var kubeloopSweepStart int64

// kubeloopSweepYield is what the background sweeper calls after each
// batch of spans in place of goschedIfBusy (mgcsweep.go's bgsweep).
func kubeloopSweepYield() {
	now := nanotime()
	if kubeloopSweepStart == 0 {
		kubeloopSweepStart = now
	}
	if now-kubeloopSweepStart < kubeloopSweepSlice {
		goschedIfBusy()
		return
	}
	kubeloopSweepStart = 0
	kubeloopSweepSleeps++
	timeSleep(kubeloopSweepPause)
}

// kubeloopSweepSlept is how often the background sweeper slept so far.
//
//go:linkname kubeloopSweepSlept
func kubeloopSweepSlept() int { return kubeloopSweepSleeps }
