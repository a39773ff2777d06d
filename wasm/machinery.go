//go:build js && wasm

package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// The machinery strip above the trace: kube-controller-manager's replicas
// and which one leads (the Lease), and the leader's work queues — depth
// (keys waiting), keys in progress and retries per controller. Live only:
// queues have no history to replay.
func (a *app) drawMachinery() {
	u := a.ui
	if a.replay.on {
		u.machinery.SetAttribute("hidden", "")
		u.machinerySig = ""
		return
	}
	var m markup
	var sig strings.Builder
	reps := a.cluster.ControllerManagers()
	if len(reps) > 0 {
		m.open("div", "mach-row").elem("span", "mach-label", a.tr("mach.cm"))
		for _, r := range reps {
			role := string(r.Role)
			m.elem("span", "replica role-"+role, r.Name+" · "+a.tr("mach.role."+role), "title", r.Identity)
			sig.WriteString(r.Name + role + ";")
		}
		if text, cls := a.leaseCountdown(); text != "" {
			m.elem("span", cls, text, "title", a.tr("mach.lease.title"))
			sig.WriteString(text)
		}
		m.close("div")
	}
	cm, _ := a.cluster.Managers()
	if cm != nil {
		m.open("div", "mach-row").elem("span", "mach-label", a.tr("mach.queues"), "title", a.tr("mach.queues.title"))
		shown := 0
		for _, q := range cm.QueueMetrics() {
			// Only queues with something in them (or retried): at rest they
			// are all empty, and Step shows keys arriving and leaving.
			if q.Depth+q.Processing+q.Waiting == 0 && q.Retries == 0 {
				continue
			}
			shown++
			cls := "queue"
			if q.Depth+q.Processing > 0 {
				cls += " busy"
			}
			text := q.Name + " " + strconv.Itoa(q.Depth)
			if q.Retries > 0 {
				text += " ↻" + strconv.Itoa(q.Retries)
			}
			title := a.tr("mach.queue.title", q.Name, q.Depth, q.Processing, q.Waiting, q.Adds, q.Retries)
			m.elem("span", cls, text, "title", title)
			fmt.Fprintf(&sig, "%s%d/%d/%d/%d;", q.Name, q.Depth, q.Processing, q.Waiting, q.Retries)
		}
		// Each key waiting out a back-off after failed reconciles: its
		// NumRequeues and the delay, the error in the tooltip.
		for _, r := range cm.Retrying() {
			shown++
			m.elem("span", "queue retry", a.tr("mach.retry", r.Controller, r.Key, r.Requeues, r.Delay.String()),
				"title", a.tr("mach.retry.title", r.Requeues, r.Error))
			fmt.Fprintf(&sig, "%s%s%d;", r.Controller, r.Key, r.Requeues)
		}
		if shown == 0 {
			m.elem("span", "mach-idle", a.tr("mach.idle"))
		}
		m.close("div")
	}
	key := sig.String() + a.lang
	if key == u.machinerySig {
		return
	}
	u.machinerySig = key
	u.machinery.RemoveAttribute("hidden")
	setHTML(u.machinery, &m)
}

// leaseCountdown is the leader Lease's holder and the seconds until it
// expires unless renewed (renewTime + leaseDurationSeconds), or how long
// ago it expired: the standby takes over only then.
func (a *app) leaseCountdown() (text, class string) {
	k := api.Leases
	if k == nil {
		return "", ""
	}
	o, err := a.cluster.Store().Get(k, "kube-system", "kube-controller-manager")
	if err != nil {
		return "", ""
	}
	l, ok := o.(*api.Lease)
	if !ok || l.Spec.HolderIdentity == nil || l.Spec.RenewTime == nil {
		return "", ""
	}
	holder, _, _ := strings.Cut(*l.Spec.HolderIdentity, "_")
	d := time.Duration(api.Deref(l.Spec.LeaseDurationSeconds, 15)) * time.Second
	left := l.Spec.RenewTime.Time.Add(d).Sub(a.cluster.Store().Clock().Now())
	if left > 0 {
		return a.tr("mach.lease", holder, int((left+time.Second-1)/time.Second)), "lease"
	}
	return a.tr("mach.lease.expired", holder, int(-left/time.Second)), "lease expired"
}
