package workqueue

import (
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/fifo"
)

// Queue is a deduplicating FIFO of keys with delayed and rate-limited adds.
// The zero value is not usable; call New.
type Queue[T comparable] struct {
	clk  *clock.Sim
	name string
	rl   RateLimiter[T]

	// ready holds the items Get may hand out, oldest first. Every item in it
	// is dirty and none is processing.
	ready fifo.Queue[T]
	// dirty is every item that needs processing: those in ready, plus those
	// added again while processing. It is what makes Add stingy.
	dirty map[T]struct{}
	// processing is every item between Get and Done. An item here is never in
	// ready, which is what keeps two workers off the same key.
	processing map[T]struct{}
	// waiting holds the one timer of each delayed item; a new AddAfter only
	// replaces it when it would fire earlier.
	waiting map[T]*clock.Timer
	// collapsed counts, for a dirty item, the adds that found it already
	// dirty — nothing for them to do (Contents shows them); Get forgets.
	collapsed map[T]int

	shuttingDown bool
	onReady      func()

	adds, retries int
}

// New returns an empty queue on clk. name labels its timers and metrics. A
// nil rl means DefaultControllerRateLimiter.
func New[T comparable](clk *clock.Sim, name string, rl RateLimiter[T]) *Queue[T] {
	if rl == nil {
		rl = DefaultControllerRateLimiter[T](clk)
	}
	return &Queue[T]{
		clk:        clk,
		name:       name,
		rl:         rl,
		dirty:      map[T]struct{}{},
		processing: map[T]struct{}{},
		waiting:    map[T]*clock.Timer{},
		collapsed:  map[T]int{},
	}
}

// SetOnReady registers fn to be called synchronously each time an item enters
// the ready list, so the caller can schedule a worker instead of polling Get.
// The queue is consistent when fn runs; fn may call Get.
func (q *Queue[T]) SetOnReady(fn func()) { q.onReady = fn }

// Add marks item as needing processing. It is a no-op when item is already
// waiting to be processed or the queue is shutting down. If item is being
// processed, it is only marked dirty: Done will make it ready again.
func (q *Queue[T]) Add(item T) {
	if q.shuttingDown {
		return
	}
	if _, ok := q.dirty[item]; ok {
		q.collapsed[item]++
		return
	}
	q.adds++
	q.dirty[item] = struct{}{}
	if _, ok := q.processing[item]; ok {
		return
	}
	q.makeReady(item)
}

func (q *Queue[T]) makeReady(item T) {
	q.ready.Push(item)
	if q.onReady != nil {
		q.onReady()
	}
}

// Get takes the oldest ready item and marks it processing; the caller must
// call Done with it. ok is false when no item is ready, whether or not the
// queue is shutting down: items already ready are still handed out after
// ShutDown, so workers can drain them.
func (q *Queue[T]) Get() (item T, ok bool) {
	if q.ready.Len() == 0 {
		return item, false
	}
	item = q.ready.Pop()
	delete(q.dirty, item)
	delete(q.collapsed, item)
	q.processing[item] = struct{}{}
	return item, true
}

// Done ends the processing of item. If item was added while it was being
// processed, it becomes ready again — once, however many adds there were.
// Done of an item that is not processing is a no-op.
func (q *Queue[T]) Done(item T) {
	if _, ok := q.processing[item]; !ok {
		return
	}
	delete(q.processing, item)
	if _, ok := q.dirty[item]; ok {
		q.makeReady(item)
	}
}

// Len is the number of ready items (what Get could hand out now).
func (q *Queue[T]) Len() int { return q.ready.Len() }

// ShutDown stops the queue taking work: later adds are ignored and delayed
// items are dropped with their timers, so a stopped controller leaves nothing
// on the clock. Items already ready stay gettable.
func (q *Queue[T]) ShutDown() {
	q.shuttingDown = true
	q.stopWaiting()
}

// ShuttingDown reports whether ShutDown has been called.
func (q *Queue[T]) ShuttingDown() bool { return q.shuttingDown }
