package scheduler

import "github.com/kubeloop/kubeloop/core/api"

// preferenceScores are the NodeAffinity and TaintToleration scores of
// each feasible node, normalised over the nodes as upstream does and
// weighted 2 and 3 (their plugin weights in the default profile).
func preferenceScores(pod *api.Pod, nodes []*api.Node) []int64 {
	affinity := make([]int64, len(nodes))
	taints := make([]int64, len(nodes))
	var maxAffinity, maxTaints int64
	for i, n := range nodes {
		affinity[i] = api.PreferredAffinityScore(&pod.Spec, n)
		maxAffinity = max(maxAffinity, affinity[i])
		for _, t := range n.Spec.Taints {
			if t.Effect == "PreferNoSchedule" && !toleratesPreferNoSchedule(pod.Spec.Tolerations, t) {
				taints[i]++
			}
		}
		maxTaints = max(maxTaints, taints[i])
	}
	out := make([]int64, len(nodes))
	for i := range nodes {
		var a, t int64 = 0, 100
		if maxAffinity > 0 {
			a = affinity[i] * 100 / maxAffinity
		}
		if maxTaints > 0 {
			t = 100 - taints[i]*100/maxTaints
		}
		out[i] = 2*a + 3*t
	}
	return out
}

// hasPreferences: whether preferenceScores can differ between the nodes —
// the pod prefers some nodes, or one of them has a PreferNoSchedule taint.
func hasPreferences(pod *api.Pod, fit []nodeInfo) bool {
	if a := pod.Spec.Affinity; a != nil && a.NodeAffinity != nil && len(a.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution) > 0 {
		return true
	}
	for _, n := range fit {
		if n.preferNoSchedule {
			return true
		}
	}
	return false
}

// toleratesPreferNoSchedule: only tolerations for PreferNoSchedule (or
// any effect) count, as the TaintToleration score plugin.
func toleratesPreferNoSchedule(tols []api.Toleration, t api.Taint) bool {
	for _, tol := range tols {
		if (tol.Effect == "" || tol.Effect == "PreferNoSchedule") && api.ToleratesTaint(tol, t) {
			return true
		}
	}
	return false
}
