package controller

import (
	"sort"
	"time"

	"github.com/kubeloop/kubeloop/core/workqueue"
)

// QueueView is one controller's work queue at one instant, as a picture of
// the controller manager shows it: the keys waiting in the order a worker
// takes them, each with the adds it stands for (two updates to one object
// before the worker looks are one key), the keys waiting out a delay or a
// back-off and when each is due, and the reconcile that ran last. A key is
// processed inside one task of the clock, so between tasks no key is ever
// half done: the last reconcile is what the worker just did.
type QueueView struct {
	Controller  string         `json:"controller"`
	Ready       []QueuedKey    `json:"ready,omitempty"`
	MoreReady   int            `json:"moreReady,omitempty"`
	Delayed     []DelayedKey   `json:"delayed,omitempty"`
	MoreDelayed int            `json:"moreDelayed,omitempty"`
	Last        *LastReconcile `json:"last,omitempty"`
	// Reconciles counts the controller's reconciles since it started: two
	// views' difference is its pace.
	Reconciles int64 `json:"reconciles"`
}

// QueuedKey is a ready key and the adds it stands for.
type QueuedKey struct {
	Key  string `json:"key"`
	Adds int    `json:"adds"`
}

// DelayedKey is a key on AddAfter: a requeue the reconcile asked for, or —
// Requeues > 0 — the back-off after that many failures.
type DelayedKey struct {
	Key      string    `json:"key"`
	At       time.Time `json:"at"`
	Requeues int       `json:"requeues,omitempty"`
}

// LastReconcile is the newest reconcile of a controller, and how many
// writes to the API server it made (each comes back on the watch).
type LastReconcile struct {
	Key    string    `json:"key"`
	Result string    `json:"result"`
	At     time.Time `json:"at"`
	Writes int       `json:"writes,omitempty"`
}

// Busy reports a queue with keys waiting, now or later.
func (v QueueView) Busy() bool {
	return len(v.Ready)+v.MoreReady+len(v.Delayed)+v.MoreDelayed > 0
}

// View is the controller's queue now, each list cut at limit keys.
func (c *Controller) View(limit int) QueueView {
	q := c.Queue.Contents(limit)
	v := QueueView{Controller: c.Name, MoreReady: q.MoreReady, Reconciles: c.reconciles}
	if !c.last.At.IsZero() {
		last := c.last
		v.Last = &last
	}
	for _, r := range q.Ready {
		v.Ready = append(v.Ready, QueuedKey{Key: r.Item.String(), Adds: r.Adds})
	}
	soonest := soonestDelayed(q.Delayed, limit)
	v.MoreDelayed = len(q.Delayed) - len(soonest)
	for _, d := range soonest {
		v.Delayed = append(v.Delayed, DelayedKey{Key: d.Item.String(), At: d.At, Requeues: c.Queue.NumRequeues(d.Item)})
	}
	return v
}

// soonestDelayed picks the limit delayed keys due first, ties by
// namespace then name, in that order: the queue keeps them in a map, and a busy one holds
// thousands, which a full sort on every frame would cost.
func soonestDelayed(all []workqueue.Delayed[Request], limit int) []workqueue.Delayed[Request] {
	before := func(a, b workqueue.Delayed[Request]) bool {
		if !a.At.Equal(b.At) {
			return a.At.Before(b.At)
		}
		if a.Item.Namespace != b.Item.Namespace {
			return a.Item.Namespace < b.Item.Namespace
		}
		return a.Item.Name < b.Item.Name
	}
	var top []workqueue.Delayed[Request]
	for _, d := range all {
		if len(top) == limit && !before(d, top[limit-1]) {
			continue
		}
		i := sort.Search(len(top), func(i int) bool { return before(d, top[i]) })
		if len(top) < limit {
			top = append(top, d)
		}
		copy(top[i+1:], top[i:])
		top[i] = d
	}
	return top
}

// Views are the manager's queues now, in registration order.
func (m *Manager) Views(limit int) []QueueView {
	out := make([]QueueView, len(m.controllers))
	for i, c := range m.controllers {
		out[i] = c.View(limit)
	}
	return out
}
