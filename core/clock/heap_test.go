package clock

import (
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestHeapRunsInDeadlineThenSequenceOrderAfterStops: many timers with
// repeating deadlines, a third of them stopped from the middle of the heap,
// run exactly in (deadline, sequence) order.
func TestHeapRunsInDeadlineThenSequenceOrderAfterStops(t *testing.T) {
	s := New(1)
	r := rand.New(rand.NewPCG(7, 7))
	type want struct {
		at  time.Duration
		seq int
	}
	var expect []want
	var ran []int
	var timers []*Timer
	for i := 0; i < 2000; i++ {
		at := time.Duration(r.IntN(50)) * time.Millisecond
		seq := i
		timers = append(timers, s.After(at, "t", func() { ran = append(ran, seq) }))
		expect = append(expect, want{at, seq})
	}
	stopped := map[int]bool{}
	for i := 0; i < 700; i++ {
		n := r.IntN(len(timers))
		if timers[n].Stop() {
			stopped[n] = true
		}
	}
	var order []int
	sort.SliceStable(expect, func(i, j int) bool { return expect[i].at < expect[j].at })
	for _, w := range expect {
		if !stopped[w.seq] {
			order = append(order, w.seq)
		}
	}
	for s.Step() {
	}
	assert.Equal(t, order, ran)
}
