package clock

import (
	"runtime"
	"testing"
	"time"
)

// chainTask runs and schedules itself again a pseudo-random few
// milliseconds later: the clock's steady state in a big run, where each
// task (a delivery, a reconcile) leads to another.
type chainTask struct {
	s *Sim
	x uint64
}

func (c *chainTask) TaskName() string { return "chain" }

func (c *chainTask) Run() {
	c.x = c.x*6364136223846793005 + 1442695040888963407
	c.s.Schedule(time.Duration(c.x>>54)*time.Millisecond, c)
}

// BenchmarkStep is one step of a clock holding 30,000 tasks — about what a
// 10,000-pod rollout keeps queued — each step running one and queueing
// one: the heap's pop and push.
func BenchmarkStep(b *testing.B) {
	s := New(1)
	for i := range 30000 {
		s.Schedule(time.Duration(i%997)*time.Millisecond, &chainTask{s: s, x: uint64(i)})
	}
	// Collect the set-up's garbage first: a step allocates nothing, and
	// under js/wasm a cycle left marking would keep the write barrier on
	// for the whole loop (nothing yields to the mark worker).
	runtime.GC()
	for b.Loop() {
		s.Step()
	}
}
