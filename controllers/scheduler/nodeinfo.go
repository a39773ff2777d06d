package scheduler

import "github.com/kubeloop/kubeloop/core/api"

// nodeInfo is one cached node with what the resource filter reads from it
// — its allocatable pods, cpu and memory parsed once, and its usage entry —
// so a scheduling attempt costs no map lookup per node. During a
// 10,000-pod rollout every pod deletion retries the waiting surge pods
// against all 91 nodes: millions of node checks.
type nodeInfo struct {
	node *api.Node
	use  *nodeUsages
	// maxPods is allocatable pods; 0: no limit.
	maxPods           int64
	cpu, memory       int64 // allocatable, milli-units
	hasCPU, hasMemory bool
	// preferNoSchedule: the node has a PreferNoSchedule taint, which the
	// preference scores count.
	preferNoSchedule bool
}

// nodeInfos is the cached nodes in name order, built again after any node
// event (the node handler drops it): never modify what it returns.
func (r *Reconciler) nodeInfos() []nodeInfo {
	if r.nodeInfoCache != nil {
		return r.nodeInfoCache
	}
	objs := r.nodes.List("")
	infos := make([]nodeInfo, len(objs))
	for i, n := range objs {
		info := nodeInfo{node: n, use: r.usageOf(n.Name)}
		if q := n.Status.Allocatable["pods"]; !q.IsZero() {
			info.maxPods = q.Value()
		}
		if q, ok := n.Status.Allocatable["cpu"]; ok {
			info.cpu, info.hasCPU = q.MilliValue(), true
		}
		if q, ok := n.Status.Allocatable["memory"]; ok {
			info.memory, info.hasMemory = q.MilliValue(), true
		}
		for _, t := range n.Spec.Taints {
			info.preferNoSchedule = info.preferNoSchedule || t.Effect == "PreferNoSchedule"
		}
		infos[i] = info
	}
	r.nodeInfoCache = infos
	return infos
}
