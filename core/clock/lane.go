package clock

// nowLane holds, first in first out, the tasks Schedule queued for the
// current instant: watch deliveries and reconciles, most of a run's tasks
// (at 10,000 pods, about a million of them). Each was pushed onto and
// popped off the heap, sifting through its ~log₂ 20,000 levels of
// timers, which was 3% of the run's CPU under wasm. They need no heap:
// each is due now and has a higher sequence than every task queued before
// it, so they run in the order they came — after the heap's tasks due now
// with a lower sequence, before every later one — and Step takes whichever
// of the lane's first task and the heap's comes first in (deadline,
// sequence) order, as one heap would. The lane is empty whenever time
// moves on: its tasks are due before anything later.
//
// No one holds these timers (Schedule does not return them), so none is
// ever stopped, and the lane never removes from its middle.
type nowLane struct {
	entries []heapEntry // the queue is entries[head:]
	head    int
}

func (l *nowLane) len() int { return len(l.entries) - l.head }

func (l *nowLane) push(e heapEntry) { l.entries = append(l.entries, e) }

// first is the lane's next task; the lane must not be empty.
func (l *nowLane) first() *heapEntry { return &l.entries[l.head] }

// pop takes out the lane's next task and returns its timer.
func (l *nowLane) pop() *Timer {
	t := l.entries[l.head].t
	l.entries[l.head] = heapEntry{} // keep no timer alive from the array
	l.head++
	switch {
	case l.head == len(l.entries):
		l.entries, l.head = l.entries[:0], 0 // empty: start again at the array's front
	case l.head >= 4096 && 2*l.head >= len(l.entries):
		// A long instant that never empties the lane: move the queue to the
		// front rather than let the array grow without bound.
		n := copy(l.entries, l.entries[l.head:])
		clear(l.entries[n:])
		l.entries, l.head = l.entries[:n], 0
	}
	return t
}
