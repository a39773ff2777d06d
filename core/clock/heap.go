package clock

// taskHeap is a binary min-heap of timers in (deadline, sequence) order.
// Sequences are unique, so the order is total and any correct heap runs
// the tasks in the same order; this one is typed (container/heap calls
// Less and Swap through an interface, ~4% of a large run) and compares the
// deadlines as integers.
type taskHeap []*Timer

func (t *Timer) before(u *Timer) bool {
	if t.due != u.due {
		return t.due < u.due
	}
	return t.seq < u.seq
}

func (h *taskHeap) push(t *Timer) {
	t.index = len(*h)
	*h = append(*h, t)
	h.up(t.index)
}

// remove takes out the timer at position i and returns it.
func (h *taskHeap) remove(i int) *Timer {
	old := *h
	n := len(old) - 1
	t := old[i]
	if i != n {
		old[i] = old[n]
		old[i].index = i
	}
	old[n] = nil
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
	t := h[i]
	for i > 0 {
		parent := (i - 1) / 2
		if !t.before(h[parent]) {
			break
		}
		h[i] = h[parent]
		h[i].index = i
		i = parent
	}
	h[i] = t
	t.index = i
}

// down sifts the timer at i towards the leaves; it reports whether it moved.
func (h taskHeap) down(i0 int) bool {
	t := h[i0]
	i := i0
	n := len(h)
	for {
		child := 2*i + 1
		if child >= n {
			break
		}
		if r := child + 1; r < n && h[r].before(h[child]) {
			child = r
		}
		if !h[child].before(t) {
			break
		}
		h[i] = h[child]
		h[i].index = i
		i = child
	}
	h[i] = t
	t.index = i
	return i > i0
}
