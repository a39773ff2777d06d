package scheduler

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
)

// nodeUsage is what a node's pods take: their count and summed requests
// (milli-units), including pods bound but not yet in the cache. The sums
// are exact: a pod asking for 8Ei cpu neither wraps a node's usage to a
// negative that fits everything nor, once gone, leaves a wrong total.
type nodeUsage struct {
	pods        int
	cpu, memory api.MilliTotal
}

// plus adds sign × d (sign is 1 or -1).
func (u nodeUsage) plus(d nodeUsage, sign int) nodeUsage {
	if sign < 0 {
		return nodeUsage{pods: u.pods - d.pods, cpu: u.cpu.Minus(d.cpu), memory: u.memory.Minus(d.memory)}
	}
	return nodeUsage{pods: u.pods + d.pods, cpu: u.cpu.Plus(d.cpu), memory: u.memory.Plus(d.memory)}
}

// podUsage is one pod's share of its node.
func podUsage(p *api.Pod) nodeUsage {
	return nodeUsage{pods: 1, cpu: podRequest(p, "cpu"), memory: podRequest(p, "memory")}
}

// counted: a cached pod takes room on its node until it has finished.
// Terminating pods still hold their resources until the kubelet has
// stopped them.
func counted(p *api.Pod) bool {
	return p.Spec.NodeName != "" && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed
}

// nodeUsages is one node's usage: the cache's pods (kept by usageHandler)
// and the pods assumed onto it.
type nodeUsages struct{ cached, assumed nodeUsage }

// usageOf is the usage entry of a node, made on first use and never
// removed, so nodeInfo can keep a pointer to it.
func (r *Reconciler) usageOf(node string) *nodeUsages {
	u := r.usage[node]
	if u == nil {
		u = &nodeUsages{}
		r.usage[node] = u
	}
	return u
}

// usageHandler keeps each node's cached usage equal to the sum, per node, of usageOf
// every counted pod in the cache: each cache change takes out the old
// state's share and adds the new one's.
func (r *Reconciler) usageHandler() informer.HandlerFor[*api.Pod] {
	add := func(p *api.Pod, sign int) {
		if counted(p) {
			u := r.usageOf(p.Spec.NodeName)
			u.cached = u.cached.plus(podUsage(p), sign)
		}
	}
	return informer.HandlerFor[*api.Pod]{
		OnAdd:    func(p *api.Pod) { add(p, 1) },
		OnUpdate: func(old, p *api.Pod) { add(old, -1); add(p, 1) },
		OnDelete: func(p *api.Pod) { add(p, -1) },
	}
}

// total is a node's pods from the cache plus those assumed onto it.
func (u *nodeUsages) total() nodeUsage { return u.cached.plus(u.assumed, 1) }

// podRequest sums a pod's container requests of a resource, in milli-units.
func podRequest(p *api.Pod, res string) api.MilliTotal {
	var sum api.MilliTotal
	for _, c := range p.Spec.Containers {
		if q, ok := c.Resources.Requests[res]; ok {
			sum = sum.Plus(api.MilliTotalOf(q.MilliValue()))
		}
	}
	return sum
}
