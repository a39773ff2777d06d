package workqueue

import "time"

// AddRateLimited adds item after the delay the rate limiter gives it — the
// retry path of a failed reconcile. It counts a failure for item (see
// NumRequeues) and a retry in Metrics. Ignored after ShutDown, without
// counting anything: no retry will happen. It returns the delay given
// (0 after ShutDown), for the trace to say when the retry comes.
func (q *Queue[T]) AddRateLimited(item T) time.Duration {
	if q.shuttingDown {
		return 0
	}
	q.retries++
	d := q.rl.When(item)
	q.AddAfter(item, d)
	return d
}

// Forget tells the rate limiter item succeeded, so its next failure starts
// from the base delay again. It does not remove item from the queue.
func (q *Queue[T]) Forget(item T) { q.rl.Forget(item) }

// NumRequeues is how many times item has failed since it was last forgotten.
// Controllers use it to give up (a Deployment stops after 15).
func (q *Queue[T]) NumRequeues(item T) int { return q.rl.NumRequeues(item) }
