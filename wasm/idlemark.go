//go:build js && wasm && kubeloop_idlemark

package main

import _ "unsafe" // for go:linkname

// Under js/wasm Go has one thread, and it gives the page back to the
// browser only when it has nothing left to run. Before it does, the
// scheduler runs the collector's idle mark worker, and with nothing else
// runnable that worker marks until the cycle is done: at 10,000 pods the
// whole remaining mark of a 150–250 MB heap, 250–550 ms in one task, the
// page frozen. holdIdleMark, called as each call from JavaScript returns
// (entry, jsutil.go), stops the idle worker for the cycle in progress
// (wasm/_runtime/idlemark.go, added to Go's runtime by the page's build).
// The mark then advances in slices, by the fractional worker (a quarter
// of the time, at each scheduling point) and by the assists of the next
// frames' allocations.
//
// Measured by `make perf`'s 10,000-pod rollout, three runs each way: the
// longest task went from 438–481 ms to 194–247 ms. The marking is not
// less work, only cut up: there are more long tasks (74–78 → 90–100, the
// frames a slice of marking pushes past 50 ms), as much time in them
// (6.4–7.3 s either way), the same frame rate, and a 3–7% bigger heap
// (the mark lasts longer, and allocation goes on meanwhile).
//
// The fractional worker then had the same habit on a smaller scale: it
// runs until it is 20% ahead of a quarter of the time since the mark
// began, so a few seconds into a 10,000-pod page's mark each turn was
// 50–90 ms at once (measured with a temporary probe in the frame). The
// page's build also patches the runtime's pollFractionalWorkerExit to
// stop it after kubeloopFractionalSlice (4 ms) of marking, and after
// kubeloopFractionalPerCall (6 ms) in one call from JavaScript, however
// many scheduling points the call has; it runs again at the next one
// while it is behind, and in the next frame. `make perf`, 10,000-pod
// rollout, alternated runs: with the slice, long tasks 24–29 → 10–12,
// the longest 121–138 → 75–79 ms, time in them 1.8–2.0 → 0.6–0.7 s, heap
// +3%, the rollout as fast; with the share per call too, long tasks
// 16–19 → 11, the longest 99–125 → 81–98 ms, time in them 1.0–1.2 →
// 0.7 s.
//
// idleMarkPatched tells the console and the tests (kubeloop.debug.mem)
// which build this is.
const idleMarkPatched = true

// The build tag kubeloop_idlemark (wasm/build-flags) selects this file; a
// build without it, or without the overlay, gets idlemark_off.go.
//
//go:linkname holdIdleMark runtime.kubeloopHoldIdleMark
func holdIdleMark() bool

// markTime is the collector's mark time in the cycle now marking or last
// marked, and that cycle's number (kubeloopMarkTime, wasm/_runtime).
//
//go:linkname markTime runtime.kubeloopMarkTime
func markTime() (cycle uint32, ns int64)

// sweepSleeps is how often the collector's background sweeper slept
// between two slices of its sweep (wasm/_runtime/sweep.go) so far.
//
//go:linkname sweepSleeps runtime.kubeloopSweepSlept
func sweepSleeps() int
