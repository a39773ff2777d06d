package kubelet

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// This file is the node agent's heartbeat: every kubelet renews a Lease
// named after its node in kube-node-lease every 10 s, and posts its node's
// status (the Ready condition's heartbeat) when it changed or every 5
// minutes, as a v1.3x kubelet does. The node lifecycle controller reads
// both to decide whether a node is alive.
//
// Heartbeats are housekeeping timers: they keep running while `sim settle`
// waits, but never keep it waiting. A failed node (Heartbeats.Fail) stops
// heartbeating and its kubelet stops working on its pods until Recover.
// A partitioned node (Heartbeats.Partition) is cut off from the control
// plane: its kubelet keeps running, and so do its containers, but it
// cannot reach the API server — no Lease, no node or pod status, no news
// of the pods deleted meanwhile — until Heal, when it reports at once and
// stops the containers of the pods deleted while it was away.

// Heartbeat timing and the Lease's fields, as upstream's defaults.
const (
	LeaseDurationSeconds = 40
	RenewInterval        = 10 * time.Second
	// StatusReportInterval is nodeStatusReportFrequency: an unchanged
	// status is re-posted only this often.
	StatusReportInterval = 5 * time.Minute
)

// Node condition reasons and messages a healthy kubelet posts.
var healthyConditions = []api.NodeCondition{
	{Type: "MemoryPressure", Status: api.ConditionFalse, Reason: "KubeletHasSufficientMemory", Message: "kubelet has sufficient memory available"},
	{Type: "DiskPressure", Status: api.ConditionFalse, Reason: "KubeletHasNoDiskPressure", Message: "kubelet has no disk pressure"},
	{Type: "PIDPressure", Status: api.ConditionFalse, Reason: "KubeletHasSufficientPID", Message: "kubelet has sufficient PID available"},
	{Type: "Ready", Status: api.ConditionTrue, Reason: "KubeletReady", Message: "kubelet is posting ready status"},
}

// HealthyConditions are the conditions a kubelet posts for a healthy node,
// with both times set to now (for a node being registered).
func HealthyConditions(now time.Time) []api.NodeCondition {
	out := append([]api.NodeCondition(nil), healthyConditions...)
	for i := range out {
		out[i].LastHeartbeatTime, out[i].LastTransitionTime = api.NewTime(now), api.NewTime(now)
	}
	return out
}

// Heartbeats runs every node's heartbeat.
type Heartbeats struct {
	store *store.Store
	clk   *clock.Sim
	// kubelet is re-run over a recovered node's pods.
	kubelet *controller.Controller
	pods    informer.Lister[*api.Pod]
	agents  map[string]*agent
	// reconnected runs when a node's kubelet reaches the API server again
	// (the kubelet stops the pods it missed the deletion of), and when the
	// node is deleted (the machine, and what ran on it, is gone).
	reconnected func(node string)
}

type agent struct {
	node string
	// down: the kubelet is stopped (Fail); partitioned: it runs, but
	// cannot reach the API server (Partition). Either keeps it silent.
	down, partitioned bool
	timer             *clock.Timer
}

// cut reports whether the agent's kubelet cannot talk to the API server.
func (a *agent) cut() bool { return a.down || a.partitioned }

// newHeartbeats starts a heartbeat for every node the informer shows.
func newHeartbeats(m *controller.Manager, kubelet *controller.Controller) *Heartbeats {
	h := &Heartbeats{store: m.Store, clk: m.Clock, kubelet: kubelet, pods: informer.ListerFor[*api.Pod](m.Informers),
		agents: map[string]*agent{}}
	informer.ListerFor[*api.Node](m.Informers).AddTypedHandler(informer.HandlerFor[*api.Node]{
		OnAdd:    func(n *api.Node) { h.start(n.Name) },
		OnDelete: func(n *api.Node) { h.stop(n.Name) },
	})
	return h
}

// HeartbeatsOf returns the node agents of the kubelet controller that
// Register returned, for the cluster's `sim node fail|recover`.
func HeartbeatsOf(c *controller.Controller) *Heartbeats {
	if r, ok := c.Reconciler().(*Reconciler); ok {
		return r.heartbeats
	}
	return nil
}

func (h *Heartbeats) start(node string) {
	if _, ok := h.agents[node]; ok {
		return
	}
	a := &agent{node: node}
	h.agents[node] = a
	h.schedule(a, 0)
	// A kubelet that starts syncs the pods already bound to its node: a
	// pod bound before its node joined, or left on a node deleted and
	// registered again under the same name (found by tests/chaos).
	for _, p := range h.pods.ByIndex(informer.IndexNode, node) {
		h.kubelet.EnqueueObject(p)
	}
}

func (h *Heartbeats) stop(node string) {
	if a := h.agents[node]; a != nil {
		a.timer.Stop()
		delete(h.agents, node)
		if h.reconnected != nil {
			h.reconnected(node)
		}
	}
}

func (h *Heartbeats) schedule(a *agent, d time.Duration) {
	a.timer = h.clk.Housekeeping(d, "kubelet heartbeat "+a.node, func() { h.beat(a) })
}

// Down reports whether node's kubelet has been failed.
func (h *Heartbeats) Down(node string) bool {
	a := h.agents[node]
	return a != nil && a.down
}

// Partitioned reports whether node is cut off from the control plane.
func (h *Heartbeats) Partitioned(node string) bool {
	a := h.agents[node]
	return a != nil && a.partitioned
}

// Cut reports whether node's kubelet cannot reach the API server, failed
// or partitioned: it neither reads nor writes the cluster's objects.
func (h *Heartbeats) Cut(node string) bool {
	a := h.agents[node]
	return a != nil && a.cut()
}

// Partition cuts node off from the control plane: its kubelet stops
// renewing its Lease and posting status, and works on nothing it would
// have to read from or write to the API server; the containers it runs go
// on running. It reports false for an unknown or already partitioned node.
func (h *Heartbeats) Partition(node string) bool {
	a := h.agents[node]
	if a == nil || a.partitioned {
		return false
	}
	a.partitioned = true
	a.timer.Stop()
	return true
}

// Heal reconnects a partitioned node: its kubelet reports at once, as
// Recover's does, and syncs its pods with the API server's view of them —
// stopping the containers of the pods deleted meanwhile.
func (h *Heartbeats) Heal(node string) bool {
	a := h.agents[node]
	if a == nil || !a.partitioned {
		return false
	}
	a.partitioned = false
	h.reconnect(a)
	return true
}

// Fail stops node's kubelet: no lease renewals, no status, no pod work.
func (h *Heartbeats) Fail(node string) bool {
	a := h.agents[node]
	if a == nil || a.down {
		return false
	}
	a.down = true
	a.timer.Stop()
	return true
}

// Recover restarts node's kubelet: it renews its lease and posts its
// status at once, then takes up its pods where it left them.
func (h *Heartbeats) Recover(node string) bool {
	a := h.agents[node]
	if a == nil || !a.down {
		return false
	}
	a.down = false
	h.reconnect(a)
	return true
}

// reconnect is a kubelet that reaches the API server again, unless it is
// still cut off some other way: it reports at once, stops what was
// deleted while it was away, and syncs the pods still bound to it.
func (h *Heartbeats) reconnect(a *agent) {
	if a.cut() {
		return
	}
	// The report is work, not housekeeping: `sim settle` waits for it, and
	// for what it sets off (the node Ready again, its taints lifted, daemon
	// pods placed). As housekeeping, settle returned before it ran (found
	// by tests/chaos).
	a.timer = h.clk.After(0, "kubelet heartbeat "+a.node, func() { h.beat(a) })
	if h.reconnected != nil {
		h.reconnected(a.node)
	}
	for _, p := range h.pods.ByIndex(informer.IndexNode, a.node) {
		h.kubelet.EnqueueObject(p)
	}
}

// beat renews the lease, posts the status if due, and sets the next beat.
func (h *Heartbeats) beat(a *agent) {
	if a.cut() {
		return
	}
	now := h.clk.Now()
	h.renewLease(a.node, now)
	h.postStatus(a.node, now)
	h.schedule(a, RenewInterval)
}

func (h *Heartbeats) renewLease(node string, now time.Time) {
	cur, err := controller.GetLive[*api.Lease](h.store, api.NodeLeaseNamespace, node)
	if err != nil {
		l := &api.Lease{ObjectMeta: api.ObjectMeta{Name: node, Namespace: api.NodeLeaseNamespace},
			Spec: api.LeaseSpec{HolderIdentity: api.Ptr(node), LeaseDurationSeconds: api.Ptr[int32](LeaseDurationSeconds),
				RenewTime: api.Ptr(api.NewMicroTime(now))}}
		if n, err := h.store.Get(api.Nodes, "", node); err == nil {
			l.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: node, UID: n.GetObjectMeta().UID}}
		}
		_, _ = h.store.Create(l) // no kube-node-lease namespace (a bare test store): no lease
		return
	}
	l := api.DeepCopy(cur)
	l.Spec.RenewTime = api.Ptr(api.NewMicroTime(now))
	_, _ = h.store.Update(l)
}

// postStatus writes the node's conditions when they differ from a healthy
// kubelet's or their heartbeat is StatusReportInterval old.
func (h *Heartbeats) postStatus(node string, now time.Time) {
	n, err := controller.GetLive[*api.Node](h.store, "", node)
	if err != nil {
		return
	}
	changed, stale := false, false
	conds := make([]api.NodeCondition, 0, len(healthyConditions))
	for _, want := range healthyConditions {
		c := want
		c.LastHeartbeatTime, c.LastTransitionTime = api.NewTime(now), api.NewTime(now)
		if old := nodeCondition(n, want.Type); old != nil {
			if old.Status == want.Status && old.Reason == want.Reason && old.Message == want.Message {
				c.LastTransitionTime = old.LastTransitionTime
				if now.Sub(old.LastHeartbeatTime.Time) >= StatusReportInterval {
					stale = true
				}
			} else {
				changed = true
				if old.Status == want.Status {
					c.LastTransitionTime = old.LastTransitionTime
				}
			}
		} else {
			changed = true
		}
		conds = append(conds, c)
	}
	if !changed && !stale {
		return
	}
	// Conditions the kubelet does not own (set by others) are kept.
	for _, c := range n.Status.Conditions {
		if nodeConditionIn(conds, c.Type) == nil {
			conds = append(conds, c)
		}
	}
	next := *n // the store copies what it is given; the cached node is not modified
	next.Status.Conditions = conds
	_, _ = h.store.UpdateStatus(&next)
}

func nodeCondition(n *api.Node, t string) *api.NodeCondition {
	return nodeConditionIn(n.Status.Conditions, t)
}

func nodeConditionIn(cs []api.NodeCondition, t string) *api.NodeCondition {
	for i := range cs {
		if cs[i].Type == t {
			return &cs[i]
		}
	}
	return nil
}
