package scheduler

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestPostFilterMessage ports the messages of upstream's TestPostFilter
// (defaultpreemption/default_preemption_test.go) to kubeloop's filters:
// every pod there has priority 0 unless a system PriorityClass raised it.
func TestPostFilterMessage(t *testing.T) {
	never := &api.Pod{Spec: api.PodSpec{PreemptionPolicy: api.Ptr(api.PreemptNever)}}
	plain := &api.Pod{Spec: api.PodSpec{Priority: api.Ptr[int32](0)}}
	no := func() bool { return false }
	yes := func() bool { return true }
	tests := []struct {
		name     string
		pod      *api.Pod
		total    int
		reasons  []reasonCount
		preempts func() bool
		want     string
	}{
		{name: "pod will not make nominatedNodeName empty (preemption not helpful on unresolvable nodes)", pod: plain, total: 3,
			reasons:  []reasonCount{{"node(s) had untolerated taint {dedicated: gpu}", 3}},
			preempts: no, want: "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."},
		{name: "no victims found for incoming pod (resource shortfall, nothing of lower priority)", pod: plain, total: 2,
			reasons:  []reasonCount{{"Insufficient cpu", 2}},
			preempts: no, want: "preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."},
		{name: "mixed unresolvable and resolvable nodes", pod: plain, total: 3,
			reasons:  []reasonCount{{"node(s) had untolerated taint {node.kubernetes.io/not-ready: }", 1}, {"Insufficient cpu", 1}, {"Too many pods", 1}},
			preempts: no, want: "preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."},
		{name: "pod with preemptionPolicy=Never is not eligible", pod: never, total: 3,
			reasons:  []reasonCount{{"Insufficient cpu", 3}},
			preempts: yes, want: "preemption: not eligible due to preemptionPolicy=Never."},
		{name: "PreFilter failed: every node is unresolvable", pod: plain, total: 3,
			preempts: no, want: "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."},
		{name: "preemption will succeed: a lower-priority pod is a candidate, no message", pod: plain, total: 1,
			reasons:  []reasonCount{{"Insufficient memory", 1}},
			preempts: yes, want: ""},
		{name: "a candidate is never asked for on unresolvable nodes", pod: plain, total: 1,
			reasons:  []reasonCount{{"node(s) didn't match Pod's node affinity/selector", 1}},
			preempts: yes, want: "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, postFilterMessage(tc.pod, tc.total, tc.reasons, tc.preempts))
		})
	}
}
