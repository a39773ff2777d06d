package replicaset

import (
	"sort"
	"strconv"

	"github.com/kubeloop/kubeloop/core/api"
)

// PodDeletionCost is the annotation that lets users say which pods go first.
const PodDeletionCost = "controller.kubernetes.io/pod-deletion-cost"

// podsToDelete picks the n pods a scale-down removes, in the order of
// UPSTREAM.md: unscheduled before scheduled; Pending before Unknown before
// Running; not ready before ready; lower deletion cost; more pods of this
// set on the same node; ready more recently; more restarts; newer.
func podsToDelete(pods []*api.Pod, n int) []*api.Pod {
	if n >= len(pods) {
		return pods
	}
	perNode := map[string]int{}
	for _, p := range pods {
		if p.Spec.NodeName != "" {
			perNode[p.Spec.NodeName]++
		}
	}
	ranked := append([]*api.Pod(nil), pods...)
	sort.SliceStable(ranked, func(i, j int) bool { return deleteBefore(ranked[i], ranked[j], perNode) })
	return ranked[:n]
}

// deleteBefore reports whether a should be deleted before b.
func deleteBefore(a, b *api.Pod, perNode map[string]int) bool {
	if (a.Spec.NodeName == "") != (b.Spec.NodeName == "") {
		return a.Spec.NodeName == ""
	}
	if pa, pb := phaseRank(a), phaseRank(b); pa != pb {
		return pa < pb
	}
	if ra, rb := api.IsPodReady(a), api.IsPodReady(b); ra != rb {
		return !ra
	}
	if ca, cb := deletionCost(a), deletionCost(b); ca != cb {
		return ca < cb
	}
	if na, nb := perNode[a.Spec.NodeName], perNode[b.Spec.NodeName]; na != nb {
		return na > nb
	}
	if api.IsPodReady(a) {
		ta, tb := readySince(a), readySince(b)
		if !ta.Equal(tb.Time) {
			return ta.After(tb.Time)
		}
	}
	if ra, rb := restarts(a), restarts(b); ra != rb {
		return ra > rb
	}
	if !a.CreationTimestamp.Equal(b.CreationTimestamp.Time) {
		return a.CreationTimestamp.After(b.CreationTimestamp.Time)
	}
	return a.Name > b.Name // deterministic tie-break; upstream leaves it to sort order
}

func phaseRank(p *api.Pod) int {
	switch p.Status.Phase {
	case api.PodPending, "":
		return 0
	case api.PodUnknown:
		return 1
	case api.PodRunning:
		return 2
	}
	return 3
}

func deletionCost(p *api.Pod) int64 {
	v, err := strconv.ParseInt(p.Annotations[PodDeletionCost], 10, 32)
	if err != nil {
		return 0
	}
	return v
}

func readySince(p *api.Pod) api.Time {
	if c := p.Condition(api.PodReady); c != nil {
		return c.LastTransitionTime
	}
	return api.Time{}
}

func restarts(p *api.Pod) int32 {
	var n int32
	for _, c := range p.Status.ContainerStatuses {
		n += c.RestartCount
	}
	return n
}
