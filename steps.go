package kubeloop

import (
	"iter"
	"time"

	"github.com/kubeloop/kubeloop/core/controller"
)

// Step is one task the cluster ran: a watch event delivered to an informer,
// one reconcile of one key (a controller's, the scheduler's or a
// kubelet's), a timer.
type Step struct {
	// Time is the simulated time the task ran at.
	Time time.Time
	// Reconcile is the trace entry of the reconcile the task ran — which
	// controller, which key, what it observed, the writes it made and why —
	// or nil when the task was not a reconcile.
	Reconcile *controller.Entry
}

// Steps runs the cluster as Settle does, one task at a time, and yields
// after each, when that task's writes are in the API server:
//
//	for range c.Steps(0) {
//		// check what must hold at every instant
//	}
//
// It ends when the cluster is quiet, when max of simulated time has passed
// (cluster.DefaultSettle when max ≤ 0), or when the loop breaks — then at
// once, the tasks after it not run.
func (c *Cluster) Steps(max time.Duration) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		seen := c.sim.Trace().Last()
		c.sim.SettleEach(max, func() bool {
			step := Step{Time: c.sim.Now()}
			if added := c.sim.TraceSince(seen); len(added) > 0 {
				step.Reconcile = &added[0] // a task runs one reconcile at most
				seen = c.sim.Trace().Last()
			}
			return yield(step)
		})
	}
}
