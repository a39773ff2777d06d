package cluster

import "runtime"

// collectorYield gives Go's garbage collector its turn during a long
// headless run on js/wasm (RunUntil, Settle, Advance).
//
// There a program has one thread and the runtime never preempts: a run of
// the simulation does not block, so the collector's background mark
// worker is never scheduled. Marks crawl on allocation assists alone while
// the simulation allocates, and the heap outgrows its goal: in the
// 1,000-pod scale-up of tests/bench a mark with an 8 MB goal ended at
// 33 MB. Linear memory never shrinks, so that peak is kept for good.
// Yielding to the scheduler every yieldEvery tasks lets the mark worker
// run. Measured with the bench's wasm child under Node, runs alternated:
// peak RSS at N=1,000 158–159 → 151–155 MB; at N=10,000 513–514 → 435–456
// MB, and the two phases' CPU 20.2–21.0 → 17.7–19.8 s.
//
// Elsewhere the runtime preempts and marks on other threads, and this
// does nothing. The simulation is the same either way: only the
// collector runs at a yield, nothing of the cluster's. The page's frames
// (AdvanceBudget) do not yield: the page returns to the browser every
// frame, and marks in its idle time (wasm/idlemark.go).
type collectorYield struct{ tasks int }

// yieldEvery is in tasks. A yield costs about a microsecond under wasm, a
// task tens of them; every 8, 32 or 128 tasks gave the same peak.
const yieldEvery = 32

func (y *collectorYield) afterTask() {
	if runtime.GOARCH != "wasm" {
		return
	}
	if y.tasks++; y.tasks >= yieldEvery {
		y.tasks = 0
		runtime.Gosched()
	}
}
