package engine

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// Step is what one Step did, as the picture of the controller manager and
// the trace show it until the clock moves on: the watch events it
// delivered, the keys it put on a queue (or added again to one already
// there), the reconcile it ran and what that wrote.
type Step struct {
	Tasks     uint64              `json:"tasks"`            // the clock's count of tasks run once the step had run
	Task      string              `json:"task"`             // the clock's name for the task
	Events    []int64             `json:"events,omitempty"` // revisions of the watch events delivered
	Queued    map[string][]string `json:"queued,omitempty"` // controller → keys it queued
	Reconcile *controller.Entry   `json:"reconcile,omitempty"`
	// Writes are the API server's writes, when no reconcile says what
	// they were.
	Writes []Write `json:"writes,omitempty"`
}

// Write is one API server write as a step names it: "create Pod default/web-0".
type Write struct {
	Verb string `json:"verb"`
	Kind string `json:"kind"`
	Key  string `json:"key"`
}

// writeVerb is the verb of a write, from the watch event it makes.
var writeVerb = map[store.EventType]string{store.Added: "create", store.Modified: "update", store.Deleted: "delete"}

// step runs exactly one task and reports what it did; nil when nothing at
// all is scheduled.
func (e *Engine) step() *Step {
	c := e.c
	before := c.Cursor()
	picture, task := c.ChangesSince(before), c.NextTask()
	if !c.Step() {
		return nil
	}
	s := stepOf(task, picture, c.ChangesSince(before))
	s.Tasks, _ = c.Clock().Ran()
	e.pollWatch()
	return s
}

// stepOf compares the picture before a step with the batch after it.
func stepOf(task string, before, after cluster.Changes) *Step {
	s := &Step{Task: task, Queued: map[string][]string{}}
	seen := map[int64]bool{}
	for _, inf := range before.Informers {
		seen[inf.Last.Revision] = true
	}
	for _, inf := range after.Informers {
		if !seen[inf.Last.Revision] {
			s.Events = append(s.Events, inf.Last.Revision)
		}
	}
	for _, v := range after.Work {
		adds := queuedBefore(before.Work, v.Controller)
		for _, k := range v.Ready {
			if k.Adds > adds[k.Key] {
				s.Queued[v.Controller] = append(s.Queued[v.Controller], k.Key)
			}
		}
	}
	if n := len(after.Reconciles); n > 0 {
		s.Reconcile = &after.Reconciles[n-1]
		return s
	}
	for _, w := range after.Writes {
		s.Writes = append(s.Writes, Write{Verb: writeVerb[w.Type], Kind: w.Kind.Kind, Key: w.Key})
	}
	return s
}

// queuedBefore is how many adds each key waiting in controller's queue
// stood for before the step.
func queuedBefore(work []controller.QueueView, controllerName string) map[string]int {
	adds := map[string]int{}
	for _, v := range work {
		if v.Controller == controllerName {
			for _, k := range v.Ready {
				adds[k.Key] = k.Adds
			}
		}
	}
	return adds
}

// Delivered reports whether the step delivered the watch event of rev.
func (s *Step) Delivered(rev int64) bool {
	return s != nil && slices.Contains(s.Events, rev)
}

// Hits reports whether the step put key on controller's queue.
func (s *Step) Hits(controllerName, key string) bool {
	return s != nil && slices.Contains(s.Queued[controllerName], key)
}

// Ran reports whether the step was controller's reconcile of key.
func (s *Step) Ran(controllerName, key string) bool {
	return s != nil && s.Reconcile != nil && s.Reconcile.Controller == controllerName && s.Reconcile.Key == key
}
