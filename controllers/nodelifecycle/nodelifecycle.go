// Package nodelifecycle watches nodes' heartbeats and turns a node's health
// into conditions and taints, as kube-controller-manager's node lifecycle
// controller does; its taint-eviction controller (eviction.go) then deletes
// the pods that do not tolerate a node's NoExecute taints, each once its
// tolerationSeconds have run out.
//
// Observe: every 5 s (a housekeeping tick), each node's Lease renewTime
// and Ready heartbeat. Diff: a node silent for more than the 50 s grace
// period whose Ready is not yet Unknown; taints that do not match the
// conditions and spec.unschedulable. Act: every condition → Unknown
// ("Kubelet stopped posting node status."), the pods there → not Ready,
// and the taints: Ready Unknown → node.kubernetes.io/unreachable,
// Ready False → not-ready (NoSchedule and NoExecute), cordoned →
// unschedulable:NoSchedule. When the kubelet posts Ready again, the taints
// go.
package nodelifecycle

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// Timing, as kube-controller-manager's --node-monitor-period and
// --node-monitor-grace-period defaults (v1.32+).
const (
	MonitorPeriod = 5 * time.Second
	GracePeriod   = 50 * time.Second
)

// Taint keys the controller manages.
const (
	TaintNotReady       = "node.kubernetes.io/not-ready"
	TaintUnreachable    = "node.kubernetes.io/unreachable"
	TaintUnschedulable  = "node.kubernetes.io/unschedulable"
	TaintMemoryPressure = "node.kubernetes.io/memory-pressure"
	TaintDiskPressure   = "node.kubernetes.io/disk-pressure"
	TaintPIDPressure    = "node.kubernetes.io/pid-pressure"

	leaseNamespace = "kube-node-lease"
	unknownReason  = "NodeStatusUnknown"
	unknownMessage = "Kubelet stopped posting node status."
)

// managed lists every taint this controller adds and removes.
var managed = map[string]bool{TaintNotReady: true, TaintUnreachable: true, TaintUnschedulable: true,
	TaintMemoryPressure: true, TaintDiskPressure: true, TaintPIDPressure: true}

// Reconciler is the node lifecycle controller; keys are node names.
type Reconciler struct {
	// nodes, leases and pods are the caches observed; never modify them.
	nodes  informer.Lister[*api.Node]
	leases informer.Lister[*api.Lease]
	pods   informer.Lister[*api.Pod]
	ctrl   *controller.Controller
	clk    *clock.Sim
	// mgr ties the monitor's periodic pass to this controller manager's
	// life: a killed replica's chain of ticks ends with it.
	mgr *controller.Manager
}

// Register adds the node lifecycle and taint-eviction controllers.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{nodes: informer.ListerFor[*api.Node](m.Informers), leases: informer.ListerFor[*api.Lease](m.Informers),
		pods: informer.ListerFor[*api.Pod](m.Informers), clk: m.Clock, mgr: m}
	c := m.NewController("nodelifecycle", r, controller.Options{Component: "node-controller"})
	r.ctrl = c
	enqueueIfNeeded := func(n *api.Node) {
		if r.needsWork(n, m.Clock.Now()) {
			c.EnqueueObject(n)
		}
	}
	r.nodes.AddTypedHandler(informer.HandlerFor[*api.Node]{
		OnAdd:    enqueueIfNeeded,
		OnUpdate: func(_, n *api.Node) { enqueueIfNeeded(n) },
		OnDelete: func(n *api.Node) { c.EnqueueObject(n) },
	})
	registerEviction(m, r.nodes, r.pods)
	m.Housekeeping(MonitorPeriod, "node lifecycle monitor", r.tick)
	return c
}

// tick is the monitor pass: a node whose state is out of date is queued.
// Healthy nodes cost a comparison each, and no trace entry.
func (r *Reconciler) tick() {
	now := r.clk.Now()
	for _, o := range r.nodes.List("") {
		if r.needsWork(o, now) {
			r.ctrl.EnqueueObject(o)
		}
	}
	r.mgr.Housekeeping(MonitorPeriod, "node lifecycle monitor", r.tick)
}

// lastHeartbeat is the newest sign of life: the lease's renewTime or the
// Ready condition's heartbeat.
func (r *Reconciler) lastHeartbeat(n *api.Node) time.Time {
	var t time.Time
	if c := condition(n, "Ready"); c != nil {
		t = c.LastHeartbeatTime.Time
	}
	if o, ok := r.leases.Get(leaseNamespace, n.Name); ok {
		if rt := o.Spec.RenewTime; rt != nil && rt.After(t) {
			t = rt.Time
		}
	}
	if t.IsZero() {
		t = n.CreationTimestamp.Time
	}
	return t
}

// silent reports a node whose kubelet has not been heard from within the
// grace period.
func (r *Reconciler) silent(n *api.Node, now time.Time) bool {
	return now.Sub(r.lastHeartbeat(n)) > GracePeriod
}

func (r *Reconciler) needsWork(n *api.Node, now time.Time) bool {
	if r.silent(n, now) {
		if c := condition(n, "Ready"); c == nil || c.Status != api.ConditionUnknown {
			return true
		}
	}
	return !sameTaints(n.Spec.Taints, desiredTaints(n, now))
}

// Reconcile brings one node's conditions and taints up to date.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	n, ok := r.nodes.Get("", req.Name)
	if !ok {
		ctx.Observe("node %s is gone: the pod garbage collector removes its pods", req.Name)
		return controller.Result{}, nil
	}
	now := ctx.Clock.Now()
	last := r.lastHeartbeat(n)
	ready := condition(n, "Ready")
	ctx.Observe("node %s: Ready=%s, last heartbeat %s ago (grace %s)", n.Name, readyStatus(ready), now.Sub(last).Round(time.Second), GracePeriod)
	if r.silent(n, now) && (ready == nil || ready.Status != api.ConditionUnknown) {
		ctx.Diff("the kubelet has been silent for %s but the node does not say so", now.Sub(last).Round(time.Second))
		ctx.Why("no heartbeat within the %s grace period: every condition becomes Unknown", GracePeriod)
		next := api.DeepCopy(n)
		markUnknown(next, now)
		out, err := ctx.UpdateStatus(next, "Ready=Unknown")
		if err != nil {
			return controller.Result{}, ignoreGone(err)
		}
		ctx.Event(n, controller.EventNormal, "NodeNotReady", "Node %s status is now: NodeNotReady", n.Name)
		r.markPodsNotReady(ctx, n.Name)
		n = out.(*api.Node)
	}
	want := desiredTaints(n, now)
	if !sameTaints(n.Spec.Taints, want) {
		ctx.Diff("taints %s, want %s", taintList(managedOnly(n.Spec.Taints)), taintList(managedOnly(want)))
		ctx.Why("taints follow the conditions: Ready Unknown → unreachable, Ready False → not-ready, cordoned → unschedulable")
		next := api.DeepCopy(n)
		next.Spec.Taints = want
		if _, err := ctx.Update(next, "taints "+taintList(managedOnly(want))); err != nil {
			return controller.Result{}, ignoreGone(err)
		}
	}
	return controller.Result{}, nil
}

// markUnknown sets every condition to Unknown, keeping heartbeats.
func markUnknown(n *api.Node, now time.Time) {
	if condition(n, "Ready") == nil {
		n.Status.Conditions = append(n.Status.Conditions, api.NodeCondition{Type: "Ready"})
	}
	for i := range n.Status.Conditions {
		c := &n.Status.Conditions[i]
		if c.Status != api.ConditionUnknown {
			c.LastTransitionTime = api.NewTime(now)
		}
		c.Status, c.Reason, c.Message = api.ConditionUnknown, unknownReason, unknownMessage
	}
}

// markPodsNotReady sets the Ready condition of the node's pods to False,
// as upstream's MarkPodsNotReady: a Service stops sending them traffic.
func (r *Reconciler) markPodsNotReady(ctx *controller.Context, node string) {
	for _, p := range r.pods.ByIndex(informer.IndexNode, node) {
		if p.DeletionTimestamp != nil {
			continue
		}
		c := p.Condition(api.PodReady)
		if c == nil || c.Status == api.ConditionFalse {
			continue
		}
		next := api.DeepCopy(p)
		rc := next.Condition(api.PodReady)
		rc.Status, rc.LastTransitionTime = api.ConditionFalse, api.NewTime(ctx.Clock.Now())
		if _, err := ctx.UpdateStatus(next, "Ready=False: node not ready"); err == nil {
			ctx.Event(p, controller.EventWarning, "NodeNotReady", "Node is not ready")
		}
	}
}

// desiredTaints is the node's taints with the managed ones recomputed
// from its conditions and spec.unschedulable; a managed taint already
// present keeps its timeAdded.
func desiredTaints(n *api.Node, now time.Time) []api.Taint {
	var want []api.Taint
	add := func(key, effect string) {
		for _, t := range n.Spec.Taints {
			if t.Key == key && t.Effect == effect {
				want = append(want, t)
				return
			}
		}
		t := api.Taint{Key: key, Effect: effect}
		if effect == "NoExecute" {
			t.TimeAdded = ptrTime(now)
		}
		want = append(want, t)
	}
	for _, t := range n.Spec.Taints {
		if !managed[t.Key] {
			want = append(want, t)
		}
	}
	switch readyStatus(condition(n, "Ready")) {
	case api.ConditionFalse:
		add(TaintNotReady, "NoSchedule")
		add(TaintNotReady, "NoExecute")
	case api.ConditionUnknown:
		add(TaintUnreachable, "NoSchedule")
		add(TaintUnreachable, "NoExecute")
	}
	for cond, key := range map[string]string{"MemoryPressure": TaintMemoryPressure, "DiskPressure": TaintDiskPressure, "PIDPressure": TaintPIDPressure} {
		if c := condition(n, cond); c != nil && c.Status == api.ConditionTrue {
			add(key, "NoSchedule")
		}
	}
	if n.Spec.Unschedulable {
		add(TaintUnschedulable, "NoSchedule")
	}
	sortTaints(want, n.Spec.Taints)
	return want
}

// sortTaints keeps the order taints already had; new ones follow in a
// fixed order (key, then effect).
func sortTaints(ts, old []api.Taint) {
	pos := func(t api.Taint) int {
		for i, o := range old {
			if o.Key == t.Key && o.Effect == t.Effect {
				return i
			}
		}
		return len(old)
	}
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0; j-- {
			a, b := ts[j-1], ts[j]
			pa, pb := pos(a), pos(b)
			less := pb < pa || (pa == pb && (b.Key < a.Key || (b.Key == a.Key && b.Effect < a.Effect)))
			if !less {
				break
			}
			ts[j-1], ts[j] = b, a
		}
	}
}

func sameTaints(a, b []api.Taint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || a[i].Value != b[i].Value || a[i].Effect != b[i].Effect {
			return false
		}
	}
	return true
}

func managedOnly(ts []api.Taint) []api.Taint {
	var out []api.Taint
	for _, t := range ts {
		if managed[t.Key] {
			out = append(out, t)
		}
	}
	return out
}

func taintList(ts []api.Taint) string {
	if len(ts) == 0 {
		return "(none)"
	}
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += t.ToString()
	}
	return s
}

func condition(n *api.Node, t string) *api.NodeCondition {
	for i := range n.Status.Conditions {
		if n.Status.Conditions[i].Type == t {
			return &n.Status.Conditions[i]
		}
	}
	return nil
}

func readyStatus(c *api.NodeCondition) string {
	if c == nil {
		return api.ConditionUnknown
	}
	return c.Status
}

func ignoreGone(err error) error {
	if api.IsNotFound(err) || api.IsConflict(err) {
		return nil // the next event brings the node round again
	}
	return err
}

func ptrTime(t time.Time) *api.Time { v := api.NewTime(t); return &v }
