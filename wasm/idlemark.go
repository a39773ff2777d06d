//go:build js && wasm && kubeloop_idlemark

package main

import _ "unsafe" // for go:linkname

// Under js/wasm Go has one thread, and it gives the page back to the
// browser only when it has nothing left to run. Before it does, the
// scheduler runs the collector's idle mark worker, and with nothing else
// runnable that worker marks until the cycle is done: at 10,000 pods the
// whole remaining mark of the heap in one task, the page frozen for many
// frames. holdIdleMark, called as each call from JavaScript returns
// (entry, jsutil.go), stops the idle worker for the cycle in progress
// (wasm/_runtime/idlemark.go, added to Go's runtime by the page's build).
// The mark then advances in slices, by the fractional worker (a quarter
// of the time, at each scheduling point) and by the assists of the next
// frames' allocations. The marking is not less work, only cut up: the
// longest task is shorter, more frames are pushed past a long task's
// 50 ms, and the heap is a little bigger (the mark lasts longer, and
// allocation goes on meanwhile).
//
// The fractional worker then had the same habit on a smaller scale: it
// runs until it is 20% ahead of a quarter of the time since the mark
// began, so a few seconds into a 10,000-pod page's mark each turn lasted
// several frames. The page's build also patches the runtime's
// pollFractionalWorkerExit to stop it after kubeloopFractionalSlice of
// marking, and after kubeloopFractionalPerCall in one call from
// JavaScript, however many scheduling points the call has; it runs again
// at the next one while it is behind, and in the next frame.
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
