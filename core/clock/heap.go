package clock

// taskHeap is a binary min-heap of timers in (deadline, sequence) order.
// Sequences are unique, so the order is total and any correct heap runs
// the tasks in the same order; this one is typed (container/heap calls
// Less and Swap through an interface, ~4% of a large run) and keeps each
// timer's key beside it, so that a sift compares integers in the heap's
// own array instead of loading every timer it passes.
type taskHeap []heapEntry

// heapEntry is a queued timer and its key: its deadline as nanoseconds
// since Epoch (the clock never runs before it), so that the heap compares
// integers instead of time.Time values, and the sequence number the clock
// gave it.
type heapEntry struct {
	due int64
	seq uint64
	t   *Timer
}

// before reports whether a runs before b.
func (a *heapEntry) before(b *heapEntry) bool {
	return a.due < b.due || a.due == b.due && a.seq < b.seq
}

// push queues t, which runs after every queued timer of its deadline
// whose seq is lower.
func (h *taskHeap) push(t *Timer, seq uint64) {
	t.index = len(*h)
	*h = append(*h, heapEntry{int64(t.at.Sub(Epoch)), seq, t})
	h.up(t.index)
}

// remove takes out the timer at position i and returns it.
func (h *taskHeap) remove(i int) *Timer {
	old := *h
	n := len(old) - 1
	t := old[i].t
	if i != n {
		old[i] = old[n]
		old[i].t.index = i
	}
	old[n] = heapEntry{}
	*h = old[:n]
	if i != n {
		if !h.down(i) {
			h.up(i)
		}
	}
	t.index = -1
	return t
}

func (h taskHeap) up(i int) {
	e := h[i]
	for i > 0 {
		parent := (i - 1) / 2
		if !e.before(&h[parent]) {
			break
		}
		h[i] = h[parent]
		h[i].t.index = i
		i = parent
	}
	h[i] = e
	e.t.index = i
}

// down sifts the timer at i towards the leaves; it reports whether it moved.
func (h taskHeap) down(i0 int) bool {
	e := h[i0]
	i := i0
	n := len(h)
	for {
		child := 2*i + 1
		if child >= n {
			break
		}
		if r := child + 1; r < n && h[r].before(&h[child]) {
			child = r
		}
		if !h[child].before(&e) {
			break
		}
		h[i] = h[child]
		h[i].t.index = i
		i = child
	}
	h[i] = e
	e.t.index = i
	return i > i0
}
