//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// The machinery strip above the trace, a picture of the controller manager
// drawn from the cluster's batch of changes: kube-controller-manager's
// replicas and which one leads (the Lease, counting down); what the watch
// just brought (each informer's newest event); and for each busy
// controller its work queue — the keys waiting in the order the worker
// takes them, a key standing for several adds marked ×N, the keys waiting
// out a requeue or a back-off with the time left — and what its worker
// did last. Idle controllers fold away. Live only: queues have no history
// to replay.
func (a *app) drawMachinery() {
	u := a.ui
	if a.replay.on {
		u.machinery.SetAttribute("hidden", "")
		u.machinerySig = ""
		return
	}
	var m markup
	var sig strings.Builder
	ch := &a.m.picture
	step := a.currentStep()
	if step != nil {
		a.drawStep(&m, &sig, step, ch.Informers)
	}
	if len(ch.Replicas) > 0 {
		m.open("div", "mach-row").elem("span", "mach-label", a.tr("mach.cm"))
		for _, r := range ch.Replicas {
			role := string(r.Role)
			m.elem("span", "replica role-"+role, r.Name+" · "+a.tr("mach.role."+role), "title", r.Identity)
			sig.WriteString(r.Name + role + ";")
			if !r.NextAttempt.IsZero() {
				// The standby's campaign: it tries the Lease every retry
				// period and fails while the leader renews.
				left := r.NextAttempt.Sub(ch.Time)
				text := a.tr("mach.tries", r.Attempts, int((left+time.Second-1)/time.Second))
				m.elem("span", "tries", text, "title", a.tr("mach.tries.title"))
				sig.WriteString(text)
			}
		}
		if text, cls := a.leaseCountdown(ch); text != "" {
			m.elem("span", cls, text, "title", a.tr("mach.lease.title"))
			sig.WriteString(text)
		}
		m.close("div")
	}
	a.drawWatch(&m, &sig, ch.Informers, step)
	a.drawQueues(&m, &sig, ch, step)
	key := sig.String() + a.lang + strconv.FormatBool(a.ui.showSystem)
	if key == u.machinerySig {
		return
	}
	u.machinerySig = key
	u.machinery.RemoveAttribute("hidden")
	setHTML(u.machinery, &m)
}

// currentStep is what the last Step did while no other task has run
// since; once one has, the mark is dropped and its trace row unmarked.
func (a *app) currentStep() *engine.Step {
	u := a.ui
	if u.step == nil {
		return nil
	}
	if a.m.tasks == u.step.Tasks {
		return u.step
	}
	if r := u.step.Reconcile; r != nil {
		for _, row := range a.queryAll(u.trace, `[data-seq="`+itoa64(r.Seq)+`"]`) {
			setClass(row, "step-hit", false)
		}
	}
	u.step = nil
	return nil
}

// leaseCountdown is the leader Lease's holder and the seconds until it
// expires unless renewed (renewTime + leaseDurationSeconds), or how long
// ago it expired: the standby takes over only then.
func (a *app) leaseCountdown(p *engine.Picture) (text, class string) {
	l := p.Lease
	if l.Holder == "" || l.Expires.IsZero() {
		return "", ""
	}
	left := l.Expires.Sub(p.Time)
	if left > 0 {
		return a.tr("mach.lease", l.Holder, int((left+time.Second-1)/time.Second)), "lease"
	}
	return a.tr("mach.lease.expired", l.Holder, int(-left/time.Second)), "lease expired"
}
