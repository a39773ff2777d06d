package scheduler

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// The scheduler's PostFilter step: when a pod fits nowhere, upstream's
// DefaultPreemption plugin asks whether evicting lower-priority pods would
// make room, and its answer is appended to the FailedScheduling message:
//
//	0/3 nodes are available: 3 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.
//
// The answer is worded per node, as the filters' reasons are, counted and
// sorted by text:
//   - a node a filter rejected as UnschedulableAndUnresolvable (a taint,
//     node affinity, a cordon, a volume; every node when PreFilter failed)
//     is not tried: "Preemption is not helpful for scheduling";
//   - a node rejected only for room (NodeResourcesFit: too many pods, not
//     enough cpu or memory) is tried, and with no pod of lower priority
//     there: "No preemption victims found for incoming pod".
//
// A pod with preemptionPolicy Never is not eligible, and says so instead.
// kubeloop does not evict: when some node holds a pod of lower priority
// (only a pod of a system PriorityClass can outrank another), upstream
// would nominate a node and preempt; the message then, as upstream's in
// that cycle, has no preemption part.

const (
	preemptionNotHelpful = "Preemption is not helpful for scheduling"
	preemptionNoVictims  = "No preemption victims found for incoming pod"
	preemptionNever      = "not eligible due to preemptionPolicy=Never."
)

// resolvableByPreemption: the reasons NodeResourcesFit gives, the only
// filter of kubeloop's whose rejection (Unschedulable, not
// UnschedulableAndUnresolvable) removing pods could undo.
func resolvableByPreemption(why string) bool {
	return why == "Too many pods" || strings.HasPrefix(why, "Insufficient ")
}

// postFilterMessage is what the preemption step adds to a failure, with
// its leading "preemption: ", or "" when it adds nothing (preemption would
// run). total is the number of nodes; reasons are the filters' (nil when
// PreFilter failed: no node was filtered); preempts is asked only when
// some node was rejected for room, and says whether such a node holds a
// pod of lower priority than pod.
func postFilterMessage(pod *api.Pod, total int, reasons []reasonCount, preempts func() bool) string {
	if api.Deref(pod.Spec.PreemptionPolicy, "") == api.PreemptNever {
		return "preemption: " + preemptionNever
	}
	tried := 0
	for _, r := range reasons {
		if resolvableByPreemption(r.why) {
			tried += r.nodes
		}
	}
	if tried > 0 && preempts() {
		return "" // a candidate: upstream preempts and nominates the node
	}
	var answer []reasonCount
	if tried > 0 {
		answer = append(answer, reasonCount{why: preemptionNoVictims, nodes: tried})
	}
	if tried < total {
		answer = append(answer, reasonCount{why: preemptionNotHelpful, nodes: total - tried})
	}
	return "preemption: " + nodesAvailable(total, answer)
}

// nodesAvailable is upstream's FitError text: "0/N nodes are available:"
// then each reason with its count, sorted as text, and a period.
func nodesAvailable(total int, reasons []reasonCount) string {
	parts := make([]string, 0, len(reasons))
	for _, r := range reasons {
		parts = append(parts, fmt.Sprintf("%d %s", r.nodes, r.why))
	}
	sort.Strings(parts)
	return fmt.Sprintf("0/%d nodes are available: %s.", total, strings.Join(parts, ", "))
}

// withPostFilter joins a filter failure and the preemption step's answer
// with one space, as upstream's FitError does.
func withPostFilter(msg, post string) string {
	if post == "" {
		return msg
	}
	return msg + " " + post
}

// preempts returns whether, for pod, some node rejected for room holds
// an active pod of lower priority: a candidate for upstream's preemption.
// Every pod has priority 0 unless a system PriorityClass raised it, so for
// a pod of priority 0 no pod is looked at.
func (r *Reconciler) preempts(pod *api.Pod, nodes []nodeInfo) func() bool {
	return func() bool {
		prio := api.Deref(pod.Spec.Priority, 0)
		if prio <= 0 {
			return false
		}
		req := podUsage(pod)
		for _, n := range nodes {
			if !resolvableByPreemption(r.unfit(pod, req, n)) {
				continue
			}
			for _, p := range r.pods.List("") {
				if p.Spec.NodeName == n.node.Name && api.IsPodActive(p) && api.Deref(p.Spec.Priority, 0) < prio {
					return true
				}
			}
		}
		return false
	}
}
