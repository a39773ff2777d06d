package scheduler

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
)

// nodeUsage is what a node's pods take: their count and summed requests
// (milli-units), including pods bound but not yet in the cache.
type nodeUsage struct {
	pods        int
	cpu, memory int64
}

// plus adds sign × d (sign is 1 or -1).
func (u nodeUsage) plus(d nodeUsage, sign int) nodeUsage {
	return nodeUsage{pods: u.pods + sign*d.pods, cpu: u.cpu + int64(sign)*d.cpu, memory: u.memory + int64(sign)*d.memory}
}

// usageOf is one pod's share of its node.
func usageOf(p *api.Pod) nodeUsage {
	return nodeUsage{pods: 1, cpu: podRequest(p, "cpu"), memory: podRequest(p, "memory")}
}

// counted: a cached pod takes room on its node until it has finished.
// Terminating pods still hold their resources until the kubelet has
// stopped them.
func counted(p *api.Pod) bool {
	return p.Spec.NodeName != "" && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed
}

// usageHandler keeps cachedUsage equal to the sum, per node, of usageOf
// every counted pod in the cache: each cache change takes out the old
// state's share and adds the new one's.
func (r *Reconciler) usageHandler() informer.Handler {
	add := func(o api.Object, sign int) {
		if p := o.(*api.Pod); counted(p) {
			r.cachedUsage[p.Spec.NodeName] = r.cachedUsage[p.Spec.NodeName].plus(usageOf(p), sign)
		}
	}
	return informer.Handler{
		OnAdd:    func(o api.Object) { add(o, 1) },
		OnUpdate: func(old, o api.Object) { add(old, -1); add(o, 1) },
		OnDelete: func(o any) {
			switch o := o.(type) {
			case api.Object:
				add(o, -1)
			case informer.DeletedFinalStateUnknown:
				add(o.Obj, -1)
			}
		},
	}
}

// usage is a node's pods from the cache plus those assumed onto it.
func (r *Reconciler) usage(node string) nodeUsage {
	return r.cachedUsage[node].plus(r.assumedUsage[node], 1)
}

// podRequest sums a pod's container requests of a resource, in milli-units.
func podRequest(p *api.Pod, res string) int64 {
	var sum int64
	for _, c := range p.Spec.Containers {
		if q, ok := c.Resources.Requests[res]; ok {
			sum += q.MilliValue()
		}
	}
	return sum
}
