//go:build js && wasm

package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// stepMark is what the last Step did, as the picture of the controller
// manager and the trace show it until the clock moves on: the watch
// events it delivered, the keys it put on a queue (or added again to one
// already there), the reconcile it ran and what that wrote.
type stepMark struct {
	tasks     uint64                     // the clock's count of tasks run once the step had run
	task      string                     // the clock's name for the task
	events    map[int64]bool             // revisions of the watch events delivered
	queued    map[string]map[string]bool // controller → keys it queued
	reconcile *controller.Entry          // the reconcile it ran, if any
	writes    []store.Event              // the API server's writes, when no reconcile says what they were
}

// markOf compares the picture before a step with the batch after it.
func markOf(task string, before, after cluster.Changes) *stepMark {
	s := &stepMark{task: task, events: map[int64]bool{}, queued: map[string]map[string]bool{}}
	seen := map[int64]bool{}
	for _, inf := range before.Informers {
		seen[inf.Last.Revision] = true
	}
	for _, inf := range after.Informers {
		if !seen[inf.Last.Revision] {
			s.events[inf.Last.Revision] = true
		}
	}
	for _, v := range after.Work {
		adds := queuedBefore(before.Work, v.Controller)
		for _, k := range v.Ready {
			if k.Adds > adds[k.Key] {
				if s.queued[v.Controller] == nil {
					s.queued[v.Controller] = map[string]bool{}
				}
				s.queued[v.Controller][k.Key] = true
			}
		}
	}
	if n := len(after.Reconciles); n > 0 {
		s.reconcile = &after.Reconciles[n-1]
	} else {
		s.writes = after.Writes
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

// hits reports whether the step put key on controller's queue.
func (s *stepMark) hits(controllerName, key string) bool {
	return s != nil && s.queued[controllerName][key]
}

// ran reports whether the step was controller's reconcile of key.
func (s *stepMark) ran(controllerName, key string) bool {
	return s != nil && s.reconcile != nil && s.reconcile.Controller == controllerName && s.reconcile.Key == key
}

// drawStep is the picture's first row after a Step: what that one task
// did, in the order the machinery did it — the watch delivered, a handler
// queued, a worker reconciled and wrote back to the API server.
func (a *app) drawStep(m *markup, sig *strings.Builder, s *stepMark, informers []cluster.InformerView) {
	m.open("div", "mach-row mach-step").elem("span", "mach-label", a.tr("mach.step"), "title", a.tr("mach.step.title"))
	said := false
	for _, inf := range informers {
		if ev := inf.Last; s.events[ev.Revision] {
			m.elem("span", "step-part", a.tr("mach.step.watch", string(ev.Type), ev.Kind.Resource, ev.Key))
			said = true
		}
	}
	for _, v := range slices.Sorted(maps.Keys(s.queued)) {
		for _, key := range slices.Sorted(maps.Keys(s.queued[v])) {
			m.elem("span", "step-part", a.tr("mach.step.queued", key, v))
			said = true
		}
	}
	if r := s.reconcile; r != nil {
		result, _, _ := strings.Cut(r.Result, ":")
		m.elem("span", "step-part", a.tr("mach.step.reconciled", r.Controller, r.Key, result))
		for i, act := range r.Actions {
			if i == maxStepWrites {
				m.elem("span", "step-part", a.tr("trace.more", len(r.Actions)-i))
				break
			}
			m.elem("span", "step-part wrote", a.tr("mach.step.wrote", act.Verb+" "+act.Kind+" "+store.Key(act.Namespace, act.Name)))
		}
		said = true
	}
	for i, w := range s.writes {
		if i == maxStepWrites {
			m.elem("span", "step-part", a.tr("trace.more", len(s.writes)-i))
			break
		}
		m.elem("span", "step-part wrote", a.tr("mach.step.wrote", writeVerb[w.Type]+" "+w.Kind.Kind+" "+w.Key))
		said = true
	}
	if !said {
		m.elem("span", "step-part", a.tr("mach.step.other", s.task))
	}
	m.close("div")
	fmt.Fprintf(sig, "step:%p;", s)
}

// writeVerb is the verb of a write, from the watch event it makes.
var writeVerb = map[store.EventType]string{store.Added: "create", store.Modified: "update", store.Deleted: "delete"}

// maxStepWrites is how many of a reconcile's writes the step row names.
const maxStepWrites = 3
