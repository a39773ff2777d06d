package workqueue

import (
	"fmt"
	"time"
)

// AddAfter adds item once d of simulated time has passed; d ≤ 0 adds it now.
// An item waits on at most one timer: if it is already waiting, the earlier
// of the two times wins, so a short requeue is never postponed by a long one.
// A delayed add is independent of whether item is ready or processing now —
// when it fires it is an ordinary Add, collapsed like any other. Ignored
// after ShutDown.
func (q *Queue[T]) AddAfter(item T, d time.Duration) {
	if q.shuttingDown {
		return
	}
	if d <= 0 {
		q.Add(item)
		return
	}
	at := q.clk.Now().Add(d)
	if t, ok := q.waiting[item]; ok {
		if !at.Before(t.When()) {
			return
		}
		t.Stop()
	}
	q.waiting[item] = q.clk.AfterTask(d, &delayedAdd[T]{q: q, item: item})
}

// delayedAdd is the clock task of one AddAfter. Its name is made only if
// asked for (the clock's list of pending tasks): formatting it on every
// requeue cost more than the requeue.
type delayedAdd[T comparable] struct {
	q    *Queue[T]
	item T
}

func (a *delayedAdd[T]) Run() {
	delete(a.q.waiting, a.item)
	a.q.Add(a.item)
}

func (a *delayedAdd[T]) TaskName() string {
	return fmt.Sprint("workqueue ", a.q.name, " retry ", a.item)
}

// Waiting is the number of items with a pending delayed add.
func (q *Queue[T]) Waiting() int { return len(q.waiting) }

func (q *Queue[T]) stopWaiting() {
	// Map order is random, but stopping timers only removes them; it cannot
	// change the order in which the clock runs what remains.
	for item, t := range q.waiting {
		t.Stop()
		delete(q.waiting, item)
	}
}

// CancelAfter drops item's pending delayed add, if any. The controller
// runner calls it when a reconcile succeeds without asking to be requeued:
// level-based reconcilers re-request every delay they still need, so an
// older request (say, a progress-deadline check of a rollout that has
// since completed) would only keep the simulation from settling.
func (q *Queue[T]) CancelAfter(item T) {
	if t, ok := q.waiting[item]; ok {
		t.Stop()
		delete(q.waiting, item)
	}
}
