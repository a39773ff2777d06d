package workqueue

// fifo is the ready list. Popping advances a head index instead of
// re-slicing, and the backing array is compacted once the dead prefix is at
// least half of it, so a queue that never empties does not grow without bound.
type fifo[T any] struct {
	items []T
	head  int
}

func (f *fifo[T]) len() int { return len(f.items) - f.head }

func (f *fifo[T]) push(x T) { f.items = append(f.items, x) }

func (f *fifo[T]) pop() (T, bool) {
	var zero T
	if f.len() == 0 {
		return zero, false
	}
	x := f.items[f.head]
	f.items[f.head] = zero // let the GC have whatever T points to
	f.head++
	switch {
	case f.head == len(f.items):
		f.items, f.head = f.items[:0], 0
	case f.head >= 32 && 2*f.head >= len(f.items):
		n := copy(f.items, f.items[f.head:])
		clear(f.items[n:])
		f.items, f.head = f.items[:n], 0
	}
	return x, true
}
