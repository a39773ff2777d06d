package cluster

import "runtime"

// collectorYield gives Go's garbage collector its turn during a long
// headless run on js/wasm (RunUntil, Settle, Advance).
//
// There a program has one thread and the runtime never preempts: a run of
// the simulation does not block, so the collector's background mark
// worker is never scheduled. Marks crawl on allocation assists alone while
// the simulation allocates, and the heap grows far past its goal. Linear
// memory never shrinks, so that peak is kept for good. Yielding to the
// scheduler every yieldEvery tasks lets the mark worker run, and a long
// run peaks lower.
//
// Elsewhere the runtime preempts and marks on other threads, and this
// does nothing. The simulation is the same either way: only the
// collector runs at a yield, nothing of the cluster's. The worker's turns
// (AdvanceBudget, wasm/workerloop.go) do not yield: the worker returns to
// its event loop after each turn, and the collector marks in its idle time.
type collectorYield struct{ tasks int }

// yieldEvery is in tasks; a yield costs a small part of a task under wasm.
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
