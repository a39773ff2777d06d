// Package fifo is a first-in, first-out queue kept in one slice, for the
// loop's busiest queues: the clock's tasks due now (core/clock) and a work
// queue's ready keys (core/workqueue). A million items pass through them
// in a 10,000-pod run, and neither allocates once its array is big enough.
package fifo

// Queue is items[head:]. Popping advances head instead of re-slicing, and
// the array is reused: from its front again whenever the queue empties,
// and, for a queue that never empties, by moving the queue to the front
// once the popped part is at least half the array, so that it does not
// grow without end. The zero Queue is empty.
type Queue[T any] struct {
	items []T
	head  int
}

// Len is how many items are queued.
func (q *Queue[T]) Len() int { return len(q.items) - q.head }

// Push queues x last.
func (q *Queue[T]) Push(x T) { q.items = append(q.items, x) }

// Front is the first item, in place; the queue must not be empty.
func (q *Queue[T]) Front() *T { return &q.items[q.head] }

// Pop takes out the first item; the queue must not be empty.
func (q *Queue[T]) Pop() T {
	var zero T
	x := q.items[q.head]
	q.items[q.head] = zero // let the collector have whatever x points to
	q.head++
	switch {
	case q.head == len(q.items):
		q.items, q.head = q.items[:0], 0
	case q.head >= 32 && 2*q.head >= len(q.items):
		n := copy(q.items, q.items[q.head:])
		clear(q.items[n:])
		q.items, q.head = q.items[:n], 0
	}
	return x
}

// Items are the queued items, first first: the queue's own array, to
// read, and only until the next Push or Pop.
func (q *Queue[T]) Items() []T { return q.items[q.head:] }

// Cap is the room of the queue's array (a test's bound on its growth).
func (q *Queue[T]) Cap() int { return cap(q.items) }
