package scheduler_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func requiredAffinity(reqs ...api.NodeSelectorRequirement) func(*api.Pod) {
	return func(p *api.Pod) {
		p.Spec.Affinity = &api.Affinity{NodeAffinity: &api.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{
			NodeSelectorTerms: []api.NodeSelectorTerm{{MatchExpressions: reqs}}}}}
	}
}

func TestPreferNoScheduleIsAPreferenceNotAFilter(t *testing.T) {
	taint := func(n *api.Node) {
		n.Spec.Taints = []api.Taint{{Key: "dedicated", Value: "gpu", Effect: "PreferNoSchedule"}}
	}
	f := newFixture(t, node("node-1", taint), node("node-2", taint), node("node-3", allocatable("pods", "3")))
	for i := range 4 {
		f.create(pod(fmt.Sprintf("p%d", i)))
		f.settle()
	}
	for i := range 3 {
		assert.Equal(t, "node-3", f.get(fmt.Sprintf("p%d", i)).Spec.NodeName, "the untainted node scores higher")
	}
	assert.Contains(t, []string{"node-1", "node-2"}, f.get("p3").Spec.NodeName, "a full untainted node: the tainted ones still fit")
}

func TestRequiredNodeAffinityOperators(t *testing.T) {
	nodes := func() []*api.Node {
		return []*api.Node{node("node-1", labelled("disktype", "ssd"), labelled("cores", "8")),
			node("node-2", labelled("disktype", "hdd"), labelled("cores", "2")), node("node-3")}
	}
	tests := []struct {
		name string
		req  api.NodeSelectorRequirement
		want []string // nodes that may take the pod
	}{
		{"In", api.NodeSelectorRequirement{Key: "disktype", Operator: "In", Values: []string{"ssd"}}, []string{"node-1"}},
		{"NotIn also matches nodes without the label", api.NodeSelectorRequirement{Key: "disktype", Operator: "NotIn", Values: []string{"ssd"}}, []string{"node-2", "node-3"}},
		{"Exists", api.NodeSelectorRequirement{Key: "disktype", Operator: "Exists"}, []string{"node-1", "node-2"}},
		{"DoesNotExist", api.NodeSelectorRequirement{Key: "disktype", Operator: "DoesNotExist"}, []string{"node-3"}},
		{"Gt compares integers", api.NodeSelectorRequirement{Key: "cores", Operator: "Gt", Values: []string{"4"}}, []string{"node-1"}},
		{"Lt compares integers", api.NodeSelectorRequirement{Key: "cores", Operator: "Lt", Values: []string{"4"}}, []string{"node-2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nodes()...)
			for i := range 4 {
				f.create(pod(fmt.Sprintf("p%d", i), requiredAffinity(tc.req)))
			}
			f.settle()
			for i := range 4 {
				assert.Contains(t, tc.want, f.get(fmt.Sprintf("p%d", i)).Spec.NodeName)
			}
		})
	}
}

func TestMatchFieldsPinsAPodToANodeByName(t *testing.T) {
	f := newFixture(t, threeNodes()...)
	f.create(pod("pinned", func(p *api.Pod) {
		p.Spec.Affinity = &api.Affinity{NodeAffinity: &api.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{
			NodeSelectorTerms: []api.NodeSelectorTerm{{MatchFields: []api.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{"node-2"}}}}}}}}
	}))
	f.settle()
	assert.Equal(t, "node-2", f.get("pinned").Spec.NodeName)
}

func TestAffinityAndTaintReasonsAreCountedPerNode(t *testing.T) {
	f := newFixture(t, node("node-1", tainted("dedicated", "db", "NoSchedule")), node("node-2"), node("node-3"))
	f.create(pod("p", requiredAffinity(api.NodeSelectorRequirement{Key: "disktype", Operator: "In", Values: []string{"ssd"}})))
	f.settle()
	c := f.get("p").Condition(api.PodScheduled)
	require.NotNil(t, c)
	assert.Equal(t, "0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: db}, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.", c.Message)
}

func TestPreferredNodeAffinityWins(t *testing.T) {
	f := newFixture(t, node("node-1"), node("node-2", labelled("zone", "a")), node("node-3", labelled("zone", "b")))
	prefer := func(p *api.Pod) {
		p.Spec.Affinity = &api.Affinity{NodeAffinity: &api.NodeAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []api.PreferredSchedulingTerm{
			{Weight: 10, Preference: api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{{Key: "zone", Operator: "In", Values: []string{"a"}}}}},
			{Weight: 1, Preference: api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{{Key: "zone", Operator: "Exists"}}}},
		}}}
	}
	for i := range 3 {
		f.create(pod(fmt.Sprintf("p%d", i), prefer))
		f.settle()
	}
	for i := range 3 {
		assert.Equal(t, "node-2", f.get(fmt.Sprintf("p%d", i)).Spec.NodeName)
	}
}

func TestACordonedNodeTakesPodsThatTolerateUnschedulable(t *testing.T) {
	f := newFixture(t, node("node-1", cordoned), node("node-2", cordoned), node("node-3", cordoned))
	f.create(pod("daemon", func(p *api.Pod) {
		p.Spec.Tolerations = []api.Toleration{{Key: "node.kubernetes.io/unschedulable", Operator: "Exists", Effect: "NoSchedule"}}
	}))
	f.create(pod("plain"))
	f.settle()
	assert.NotEmpty(t, f.get("daemon").Spec.NodeName)
	assert.Empty(t, f.get("plain").Spec.NodeName)
}
