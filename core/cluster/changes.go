package cluster

import (
	"slices"
	"time"

	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/workqueue"
)

// A Cursor marks how far a reader has followed the cluster: the newest
// API server revision and the newest reconcile it has seen.
type Cursor struct {
	Revision int64 `json:"revision"`
	Trace    int64 `json:"trace"`
}

// Changes is one batch of what happened in the cluster between two
// cursors, as raft's Ready hands its caller a batch: the API server's
// writes, the reconciles that made them, and where the leading
// kube-controller-manager's work queues stand at the end. The page draws
// from these batches (Feed) and headless callers read them (the root
// package's Advance), so both follow the cluster one way.
type Changes struct {
	From, To Cursor
	// Time is the simulated time at To.
	Time time.Time
	// Writes are the API server's writes after From, in revision order;
	// each Event carries the object as written and, for an update or a
	// delete, the state before it. The batch owns them.
	Writes []store.Event
	// Reset is set when the API server no longer holds history back to
	// From (it keeps store.HistoryWindow revisions): Writes is empty and a
	// reader must read the state afresh.
	Reset bool
	// Reconciles are the trace entries after From, oldest first, at most
	// the trace's limit.
	Reconciles []controller.Entry
	// Queues are the leader's work queues at To, one per controller in
	// registration order; Retrying its keys waiting out a back-off.
	Queues   []workqueue.Metrics
	Retrying []controller.Retry
	// Work is the same queues as a picture of the controller manager
	// draws them: their keys, at most WorkKeys of each list, and each
	// controller's last reconcile.
	Work []controller.QueueView
	// Informers are the leader's informers, in their order: each one's
	// cache size and the newest watch event it delivered — what just
	// arrived.
	Informers []InformerView
	// Replicas are kube-controller-manager's processes and their roles.
	Replicas []Replica
}

// InformerView is one informer as a picture of the controller manager
// draws it: how many objects its cache holds, and the newest watch event
// it delivered (type, kind, key, revision; no object).
type InformerView struct {
	Cached int         `json:"cached"`
	Last   store.Event `json:"-"`
}

// WorkKeys is how many keys of each list of a queue a batch carries.
const WorkKeys = 5

// Cursor is where the cluster stands now.
func (c *Cluster) Cursor() Cursor {
	return Cursor{Revision: c.store.Revision(), Trace: c.trace.Last()}
}

// ChangesSince is the batch of what happened after from. Reading it adds
// no task: the same seed gives the same history whoever reads.
func (c *Cluster) ChangesSince(from Cursor) Changes {
	ch := c.writesSince(from)
	if ch.To.Trace != from.Trace {
		ch.Reconciles = c.trace.Since(from.Trace)
	}
	m := c.controllerManagers.manager()
	ch.Queues, ch.Retrying = m.QueueMetrics(), m.Retrying()
	ch.Work = m.Views(WorkKeys)
	for _, inf := range m.Informers.All() {
		if ev, ok := inf.LastEvent(); ok {
			ch.Informers = append(ch.Informers, InformerView{Cached: inf.Len(), Last: ev})
		}
	}
	ch.Replicas = c.controllerManagers.list()
	return ch
}

// writesSince is a batch of the API server's writes after from alone: what
// a reader of objects (Feed) needs on every frame.
func (c *Cluster) writesSince(from Cursor) Changes {
	ch := Changes{From: from, To: c.Cursor(), Time: c.clk.Now()}
	if ch.To.Revision != from.Revision {
		log, err := c.store.Events(from.Revision)
		if err != nil || from.Revision < 0 {
			ch.Reset = true
		} else {
			ch.Writes = slices.Clone(log)
		}
	}
	return ch
}
