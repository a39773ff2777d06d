package scheduler

import "time"

// Back-off of pods that fitted nowhere, as upstream's scheduling queue
// (pkg/scheduler/internal/queue, v1.31): a cluster event that may make room
// (a pod leaving a node, a node added or changed) moves an unschedulable pod
// back to the active queue only once its back-off since the last failed
// attempt has passed; until then it waits in the back-off queue. The
// back-off doubles with each attempt, from podInitialBackoffDuration to
// podMaxBackoffDuration. Without it every deletion during a rollout's surge
// retried every waiting pod at once.
const (
	podInitialBackoff = time.Second
	podMaxBackoff     = 10 * time.Second
)

// failures is a waiting pod's scheduling history: its failed attempts
// (upstream's podInfo.Attempts) and when the last one failed (the
// timestamp its back-off counts from).
type failures struct {
	attempts int
	last     time.Time
}

// failed records a failed attempt at now. A failure at the same instant as
// the last one is the same attempt seen again — the pod's own
// PodScheduled=False write wakes it once more — and does not count twice.
func (r *Reconciler) failed(key string, now time.Time) {
	f := r.failures[key]
	if f.attempts == 0 || !f.last.Equal(now) {
		f.attempts++
	}
	f.last = now
	r.failures[key] = f
}

// backoffLeft is how long the pod of key must still wait before a retry.
func (r *Reconciler) backoffLeft(key string, now time.Time) time.Duration {
	f, ok := r.failures[key]
	if !ok {
		return 0
	}
	return f.last.Add(backoffFor(f.attempts)).Sub(now)
}

// backoffFor is upstream's calculateBackoffDuration: 1 s after the first
// attempt, doubling with each further one, at most 10 s.
func backoffFor(attempts int) time.Duration {
	d := podInitialBackoff
	for i := 1; i < attempts; i++ {
		if d > podMaxBackoff-d {
			return podMaxBackoff
		}
		d += d
	}
	return d
}
