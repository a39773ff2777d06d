package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// A drain that times out part-way names the pods still on the node before
// its error, as kubectl's deleteOrEvictPodsSimple does
// (k8s.io/kubectl/pkg/cmd/drain/drain.go).
func TestDrainListsPendingPodsWhenEvictionTimesOut(t *testing.T) {
	e := newEnv(t)
	e.create(&api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"},
		Status: api.NodeStatus{Conditions: []api.NodeCondition{{Type: "Ready", Status: "True"}}}})
	owner := []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-5bf87f5f59", UID: "rs-uid", Controller: api.Ptr(true)}}
	for _, name := range []string{"web-5bf87f5f59-abcde", "web-5bf87f5f59-fghij"} {
		p := runningPod(name, "node-1", "10.244.1.2", e.clk.Now())
		p.OwnerReferences = owner
		e.create(p)
	}
	e.create(&api.PodDisruptionBudget{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec:       api.PodDisruptionBudgetSpec{MinAvailable: api.Ptr(api.FromInt(2)), Selector: &api.LabelSelector{MatchLabels: nginxLabels}},
		Status:     api.PodDisruptionBudgetStatus{ObservedGeneration: 1, DisruptionsAllowed: 0, CurrentHealthy: 2, DesiredHealthy: 2, ExpectedPods: 2},
	})

	r := e.run("kubectl drain node-1 --timeout=8s")

	// kubectl's eviction loop, per pod: announce, look at the deadline,
	// evict, and on 429 sleep 5s; at 0s and 5s the budget refuses, at 10s
	// the 8s deadline has passed and each pod fails on its own.
	assert.Equal(t, 1, r.ExitCode)
	evicting := "evicting pod default/web-5bf87f5f59-abcde\nevicting pod default/web-5bf87f5f59-fghij\n"
	assert.Equal(t, "node/node-1 cordoned\n"+evicting+evicting+evicting, r.Stdout)
	refused := func(pod string) string {
		return `error when evicting pods/"` + pod + `" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.` + "\n"
	}
	timeout := func(pod string) string {
		return `error when evicting pods/"` + pod + `" -n "default": global timeout reached: 8s`
	}
	both := "[" + timeout("web-5bf87f5f59-abcde") + ", " + timeout("web-5bf87f5f59-fghij") + "]"
	assert.Equal(t, refused("web-5bf87f5f59-abcde")+refused("web-5bf87f5f59-fghij")+
		refused("web-5bf87f5f59-abcde")+refused("web-5bf87f5f59-fghij")+
		`There are pending pods in node "node-1" when an error occurred: `+both+"\n"+
		"pod/web-5bf87f5f59-abcde\n"+
		"pod/web-5bf87f5f59-fghij\n"+
		`error: unable to drain node "node-1" due to error: `+both+", continuing command...\n"+
		"There are pending nodes to be drained:\n node-1\n"+
		timeout("web-5bf87f5f59-abcde")+"\n"+
		timeout("web-5bf87f5f59-fghij")+"\n", r.Stderr)
}

// A drain refused by its filters (a DaemonSet's pod) evicts nothing and so
// lists no pending pods: kubectl prints them only when evicting failed.
func TestDrainRefusalListsNoPendingPods(t *testing.T) {
	e := newEnv(t)
	e.create(&api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"},
		Status: api.NodeStatus{Conditions: []api.NodeCondition{{Type: "Ready", Status: "True"}}}})
	p := runningPod("proxy-x7k2p", "node-1", "10.244.1.2", e.clk.Now())
	p.OwnerReferences = []api.OwnerReference{{APIVersion: "apps/v1", Kind: "DaemonSet", Name: "proxy", UID: "ds-uid", Controller: api.Ptr(true)}}
	e.create(p)

	r := e.run("kubectl drain node-1")

	refusal := "cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/proxy-x7k2p"
	assert.Equal(t, "node/node-1 cordoned\n", r.Stdout)
	assert.Equal(t, `error: unable to drain node "node-1" due to error: `+refusal+", continuing command...\n"+
		"There are pending nodes to be drained:\n node-1\n"+refusal+"\n", r.Stderr)
}
