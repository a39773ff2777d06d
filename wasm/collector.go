//go:build js && wasm

package main

import (
	"runtime"
	"runtime/debug"
)

// tuneCollector sets the page's garbage collector (the worker keeps Go's
// defaults). On wasm the collector runs on the page's one thread and
// stops it while it marks the live heap, so each collection is a pause
// of the page, as long as the live heap is big; the page's garbage is
// mostly frames already drawn. Letting the heap grow to five times what
// is live before collecting (against twice by default) makes for a
// fraction of the pauses, each as long as before. The memory limit
// bounds what that lets the heap take: near it, the collector runs as
// often as it must.
func tuneCollector() {
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(memoryLimit)
}

// memoryLimit is the page's Go memory limit (tuneCollector).
const memoryLimit = 256 << 20

// collector runs the page's collections in tasks of their own. Go on
// wasm marks the live heap to its end in the task whose allocation
// started the collection — a frame's draw or a worker's post — which then
// lasts as long as both; collected ahead, in a timer's task of its own,
// the mark is its own task, and the frame before it and the one after
// are not made longer.
type collector struct {
	timer *timer
	asked bool
	ahead int // collections run ahead (kubeloop.debug.mem)
	// took is how long each collection run ahead held the page's thread,
	// in ms: the nth's at n % keptCollections, for the newest
	// keptCollections (kubeloop.debug.mem; make perf reports each phase's).
	took [keptCollections]int
}

// keptCollections is how many collections' times collector.took keeps.
const keptCollections = 64

// collectAhead asks for a collection in a task of its own when the heap
// is near the point where the runtime would start one (collectDue). Each
// animation frame ends with it: the posts between two frames allocate
// far less than the margin collectDue leaves.
func (a *app) collectAhead() {
	c := &a.collector
	if c.asked {
		return
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if !collectDue(m.HeapAlloc, m.NextGC) {
		return
	}
	if c.timer == nil {
		c.timer = a.newTimer("collection", func() {
			start := a.now()
			runtime.GC()
			c.took[c.ahead%keptCollections] = int(a.now() - start)
			c.asked = false
			c.ahead++
		})
	}
	c.asked = true
	c.timer.start(0)
}

// collectDue is whether a heap of objects bytes whose collector's goal is
// goal bytes is due a collection ahead: past six tenths of the way from
// what the last collection left live (a fifth of the goal: tuneCollector)
// to the goal. The runtime starts one at seven tenths of that way at the
// earliest (its pacer's lowest trigger), and a frame or a post allocates
// far less than the tenth between. Near the memory limit the goal is the
// limit's, not five times what is live, and the runtime collects as often
// as it must: none is due ahead there.
func collectDue(objects, goal uint64) bool {
	if goal >= memoryLimit/10*9 {
		return false
	}
	live := goal / 5
	return objects >= live+(goal-live)/10*6
}
