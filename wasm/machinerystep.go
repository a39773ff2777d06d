//go:build js && wasm

package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// drawStep is the picture's first row after a Step: what that one task
// did, in the order the machinery did it — the watch delivered, a handler
// queued, a worker reconciled and wrote back to the API server.
func (a *app) drawStep(m *markup, sig *strings.Builder, s *engine.Step, informers []engine.Delivery) {
	m.open("div", "mach-row mach-step").elem("span", "mach-label", a.tr("mach.step"), "title", a.tr("mach.step.title"))
	said := false
	for _, ev := range informers {
		if s.Delivered(ev.Revision) {
			m.elem("span", "step-part", a.tr("mach.step.watch", ev.Type, ev.Resource, ev.Key))
			said = true
		}
	}
	for _, v := range slices.Sorted(maps.Keys(s.Queued)) {
		for _, key := range slices.Sorted(slices.Values(s.Queued[v])) {
			m.elem("span", "step-part", a.tr("mach.step.queued", key, v))
			said = true
		}
	}
	if r := s.Reconcile; r != nil {
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
	for i, w := range s.Writes {
		if i == maxStepWrites {
			m.elem("span", "step-part", a.tr("trace.more", len(s.Writes)-i))
			break
		}
		m.elem("span", "step-part wrote", a.tr("mach.step.wrote", w.Verb+" "+w.Kind+" "+w.Key))
		said = true
	}
	if !said {
		m.elem("span", "step-part", a.tr("mach.step.other", s.Task))
	}
	m.close("div")
	fmt.Fprintf(sig, "step:%p;", s)
}

// maxStepWrites is how many of a reconcile's writes the step row names.
const maxStepWrites = 3
