package scheduler_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/scheduler"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with the scheduler running and nothing else: no
// kubelet, so a bound pod stays exactly as the scheduler left it.
type fixture struct {
	t     *testing.T
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T, nodes ...*api.Node) *fixture {
	t.Helper()
	clk, s, m := controllertest.Start(t, func(s *store.Store) {
		for _, n := range nodes {
			_, err := s.Create(n)
			require.NoError(t, err)
		}
	}, scheduler.Register)
	f := &fixture{t: t, clk: clk, store: s, mgr: m}
	f.settle()
	return f
}

// settle runs everything due now; the scheduler takes no simulated time.
func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

// node is a Ready worker with 4 cpus, 8Gi and room for 110 pods.
func node(name string, opts ...func(*api.Node)) *api.Node {
	n := &api.Node{
		ObjectMeta: api.ObjectMeta{Name: name, Labels: map[string]string{"kubernetes.io/hostname": name}},
		Status: api.NodeStatus{
			Allocatable: api.ResourceList{"cpu": api.MustParseQuantity("4"), "memory": api.MustParseQuantity("8Gi"), "pods": api.MustParseQuantity("110")},
			Conditions:  []api.NodeCondition{{Type: "Ready", Status: api.ConditionTrue, Reason: "KubeletReady"}},
		},
	}
	for _, o := range opts {
		o(n)
	}
	return n
}

func threeNodes() []*api.Node { return []*api.Node{node("node-1"), node("node-2"), node("node-3")} }

func cordoned(n *api.Node) { n.Spec.Unschedulable = true }

// notReady is a NotReady node as the node lifecycle controller leaves it:
// the condition alone does not filter; its not-ready taints do.
func notReady(n *api.Node) {
	n.Status.Conditions = []api.NodeCondition{{Type: "Ready", Status: api.ConditionFalse, Reason: "KubeletNotReady"}}
	n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: "node.kubernetes.io/not-ready", Effect: "NoSchedule"},
		api.Taint{Key: "node.kubernetes.io/not-ready", Effect: "NoExecute"})
}

func tainted(key, value, effect string) func(*api.Node) {
	return func(n *api.Node) {
		n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: key, Value: value, Effect: effect})
	}
}

func labelled(k, v string) func(*api.Node) { return func(n *api.Node) { n.Labels[k] = v } }

func allocatable(res, q string) func(*api.Node) {
	return func(n *api.Node) { n.Status.Allocatable[res] = api.MustParseQuantity(q) }
}

func pod(name string, opts ...func(*api.Pod)) *api.Pod {
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.7.9"}}}}
	for _, o := range opts {
		o(p)
	}
	return p
}

func requestsCPU(q string) func(*api.Pod) {
	return func(p *api.Pod) {
		p.Spec.Containers[0].Resources.Requests = api.ResourceList{"cpu": api.MustParseQuantity(q)}
	}
}

func (f *fixture) create(p *api.Pod) {
	f.t.Helper()
	_, err := f.store.Create(p)
	require.NoError(f.t, err)
}

func (f *fixture) get(name string) *api.Pod {
	f.t.Helper()
	o, err := f.store.Get(api.Pods, "default", name)
	require.NoError(f.t, err)
	return o.(*api.Pod)
}

func (f *fixture) events(reason string) []*api.Event {
	var out []*api.Event
	for _, o := range f.store.List(api.Events, "default") {
		if e := o.(*api.Event); e.Reason == reason {
			out = append(out, e)
		}
	}
	return out
}

func (f *fixture) podsPerNode() map[string]int {
	out := map[string]int{}
	for _, o := range f.store.List(api.Pods, "default") {
		out[o.(*api.Pod).Spec.NodeName]++
	}
	return out
}

func TestBindsAPendingPodToAReadyNodeAndRecordsScheduled(t *testing.T) {
	f := newFixture(t, threeNodes()...)
	f.create(pod("x"))
	f.settle()

	p := f.get("x")
	require.Regexp(t, `^node-[123]$`, p.Spec.NodeName)
	evs := f.events("Scheduled")
	require.Len(t, evs, 1)
	assert.Equal(t, controller.EventNormal, evs[0].Type)
	assert.Equal(t, "Successfully assigned default/x to "+p.Spec.NodeName, evs[0].Message)
	assert.Equal(t, "x", evs[0].InvolvedObject.Name)
	assert.Equal(t, "default-scheduler", evs[0].Source.Component)
	assert.Empty(t, f.events("FailedScheduling"))
}

func TestSpreadsABurstOfPodsEvenBeforeTheCacheShowsThem(t *testing.T) {
	f := newFixture(t, threeNodes()...)
	// A slow watch: every bind is decided before the cache shows any of the
	// earlier ones, so only the scheduler's assumed pods keep it spreading.
	f.store.WatchLatency = time.Second
	for i := range 9 {
		f.create(pod(fmt.Sprintf("p%d", i)))
	}
	f.clk.Advance(time.Second) // the creations arrive; every pod is bound
	binds := 0
	for _, e := range f.mgr.Trace.Since(0) {
		for _, a := range e.Actions {
			if a.Verb == "bind" {
				binds++
			}
		}
	}
	require.Equal(t, 9, binds, "all nine bound before the first bind is seen")
	f.clk.Advance(time.Second)
	assert.Equal(t, map[string]int{"node-1": 3, "node-2": 3, "node-3": 3}, f.podsPerNode())

	// Once the cache has caught up, the counts come from the cache alone:
	// three more pods still land one per node.
	f.store.WatchLatency = 0
	for i := 9; i < 12; i++ {
		f.create(pod(fmt.Sprintf("p%d", i)))
	}
	f.settle()
	assert.Equal(t, map[string]int{"node-1": 4, "node-2": 4, "node-3": 4}, f.podsPerNode())
}

func TestHonoursNodeSelector(t *testing.T) {
	f := newFixture(t, node("node-1"), node("node-2", labelled("disktype", "ssd")), node("node-3"))
	for i := range 3 {
		f.create(pod(fmt.Sprintf("ssd-%d", i), func(p *api.Pod) { p.Spec.NodeSelector = map[string]string{"disktype": "ssd"} }))
	}
	f.settle()
	for i := range 3 {
		assert.Equal(t, "node-2", f.get(fmt.Sprintf("ssd-%d", i)).Spec.NodeName)
	}

	f.create(pod("gpu", func(p *api.Pod) { p.Spec.NodeSelector = map[string]string{"accelerator": "gpu"} }))
	f.settle()
	p := f.get("gpu")
	assert.Empty(t, p.Spec.NodeName)
	cond := p.Condition(api.PodScheduled)
	require.NotNil(t, cond)
	assert.Equal(t, "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.", cond.Message)
}

func TestFiltersNodesThatCannotTakeThePod(t *testing.T) {
	tests := []struct {
		name string
		// node-1 and node-2 get these options; node-3 is always plain.
		opts     []func(*api.Node)
		pod      func(*api.Pod)
		wantNode string // "" means any of the three
		// reason the two filtered nodes give when node-3 is full too
		reason string
	}{
		{name: "skips cordoned nodes", opts: []func(*api.Node){cordoned}, wantNode: "node-3",
			reason: "2 node(s) were unschedulable"},
		{name: "skips NotReady nodes", opts: []func(*api.Node){notReady}, wantNode: "node-3",
			reason: "2 node(s) had untolerated taint {node.kubernetes.io/not-ready: }"},
		{name: "skips an untolerated NoSchedule taint", opts: []func(*api.Node){tainted("dedicated", "gpu", "NoSchedule")}, wantNode: "node-3",
			reason: "2 node(s) had untolerated taint {dedicated: gpu}"},
		{name: "skips an untolerated NoExecute taint", opts: []func(*api.Node){tainted("dedicated", "gpu", "NoExecute")}, wantNode: "node-3",
			reason: "2 node(s) had untolerated taint {dedicated: gpu}"},
		{name: "a toleration with the taint's key, value and effect tolerates it",
			opts: []func(*api.Node){tainted("dedicated", "gpu", "NoSchedule")},
			pod: func(p *api.Pod) {
				p.Spec.Tolerations = []api.Toleration{{Key: "dedicated", Operator: "Equal", Value: "gpu", Effect: "NoSchedule"}}
			}},
		{name: "an Exists toleration of the key tolerates any value",
			opts: []func(*api.Node){tainted("dedicated", "gpu", "NoSchedule")},
			pod:  func(p *api.Pod) { p.Spec.Tolerations = []api.Toleration{{Key: "dedicated", Operator: "Exists"}} }},
		{name: "a toleration with another value does not tolerate",
			opts: []func(*api.Node){tainted("dedicated", "gpu", "NoSchedule")},
			pod: func(p *api.Pod) {
				p.Spec.Tolerations = []api.Toleration{{Key: "dedicated", Operator: "Equal", Value: "db", Effect: "NoSchedule"}}
			},
			wantNode: "node-3", reason: "2 node(s) had untolerated taint {dedicated: gpu}"},
		{name: "a toleration for another effect does not tolerate",
			opts: []func(*api.Node){tainted("dedicated", "gpu", "NoSchedule")},
			pod: func(p *api.Pod) {
				p.Spec.Tolerations = []api.Toleration{{Key: "dedicated", Operator: "Exists", Effect: "NoExecute"}}
			},
			wantNode: "node-3", reason: "2 node(s) had untolerated taint {dedicated: gpu}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// node-3 takes three pods only, so a fourth pod shows why the
			// other two were filtered.
			f := newFixture(t, node("node-1", tc.opts...), node("node-2", tc.opts...), node("node-3", allocatable("pods", "3")))
			opts := []func(*api.Pod){}
			if tc.pod != nil {
				opts = append(opts, tc.pod)
			}
			for i := range 3 {
				f.create(pod(fmt.Sprintf("p%d", i), opts...))
			}
			f.settle()
			for i := range 3 {
				got := f.get(fmt.Sprintf("p%d", i)).Spec.NodeName
				if tc.wantNode != "" {
					assert.Equal(t, tc.wantNode, got)
				} else {
					assert.NotEmpty(t, got)
				}
			}
			if tc.reason == "" {
				assert.Len(t, f.podsPerNode(), 3, "the pods spread over all three nodes")
				return
			}
			f.create(pod("p3", opts...))
			f.settle()
			p := f.get("p3")
			assert.Empty(t, p.Spec.NodeName)
			require.NotNil(t, p.Condition(api.PodScheduled))
			assert.Equal(t, "0/3 nodes are available: 1 Too many pods, "+tc.reason+". preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.", p.Condition(api.PodScheduled).Message)
		})
	}
}

func TestAPodTooBigForEveryNodeStaysPendingUntilANodeFits(t *testing.T) {
	f := newFixture(t, threeNodes()...)
	f.create(pod("big", requestsCPU("8")))
	f.settle()

	p := f.get("big")
	assert.Empty(t, p.Spec.NodeName)
	assert.Equal(t, api.PodPending, p.Status.Phase)
	cond := p.Condition(api.PodScheduled)
	require.NotNil(t, cond)
	assert.Equal(t, api.ConditionFalse, cond.Status)
	assert.Equal(t, "Unschedulable", cond.Reason)
	assert.Equal(t, "0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.", cond.Message)
	failed := f.events("FailedScheduling")
	require.Len(t, failed, 1)
	assert.Equal(t, controller.EventWarning, failed[0].Type)
	assert.Equal(t, "0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.", failed[0].Message)
	assert.Equal(t, int32(1), failed[0].Count, "the scheduler does not spin on an unschedulable pod")

	// Time alone changes nothing.
	f.clk.Advance(time.Minute)
	assert.Empty(t, f.get("big").Spec.NodeName)

	// A node that fits arrives: the pod is retried and bound there.
	_, err := f.store.Create(node("node-4", allocatable("cpu", "16")))
	require.NoError(t, err)
	f.settle()
	assert.Equal(t, "node-4", f.get("big").Spec.NodeName)
	require.Len(t, f.events("Scheduled"), 1)
	assert.Equal(t, "Successfully assigned default/big to node-4", f.events("Scheduled")[0].Message)
}

func TestRequestsAddUpOnANode(t *testing.T) {
	f := newFixture(t, node("node-1"))
	for i := range 3 {
		f.create(pod(fmt.Sprintf("p%d", i), requestsCPU("1500m")))
	}
	f.settle()
	assert.Equal(t, "node-1", f.get("p0").Spec.NodeName)
	assert.Equal(t, "node-1", f.get("p1").Spec.NodeName)
	assert.Empty(t, f.get("p2").Spec.NodeName, "3 × 1.5 cpu do not fit in 4")
	assert.Equal(t, "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.", f.get("p2").Condition(api.PodScheduled).Message)
}

func TestRespectsMaxPodsAndRetriesWhenAPodLeaves(t *testing.T) {
	f := newFixture(t, node("node-1", allocatable("pods", "2")))
	for i := range 3 {
		f.create(pod(fmt.Sprintf("p%d", i)))
	}
	f.settle()
	assert.Equal(t, map[string]int{"node-1": 2, "": 1}, f.podsPerNode())
	var pending *api.Pod
	for _, o := range f.store.List(api.Pods, "default") {
		if p := o.(*api.Pod); p.Spec.NodeName == "" {
			pending = p
		}
	}
	require.NotNil(t, pending)
	assert.Equal(t, "0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.", pending.Condition(api.PodScheduled).Message)

	// One bound pod goes; the pending one takes its place.
	for _, o := range f.store.List(api.Pods, "default") {
		if p := o.(*api.Pod); p.Spec.NodeName != "" {
			_, err := f.store.Delete(api.Pods, "default", p.Name, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
			require.NoError(t, err)
			break
		}
	}
	f.settle()
	assert.Empty(t, f.get(pending.Name).Spec.NodeName, "it failed less than its 1 s back-off ago")
	f.clk.Advance(time.Second)
	assert.Equal(t, "node-1", f.get(pending.Name).Spec.NodeName)
	assert.Equal(t, map[string]int{"node-1": 2}, f.podsPerNode())
}

// TestRetriesWaitingPodsInKeyOrder: when a pod leaves a full node, the
// pods waiting for room are re-queued in key order, not in the order they
// came or fell out of the queue — so the same history every run: the one
// free place goes to the first key, every time.
func TestRetriesWaitingPodsInKeyOrder(t *testing.T) {
	for range 5 {
		f := newFixture(t, node("node-1", allocatable("pods", "1")))
		f.create(pod("occupant"))
		f.settle()
		for _, name := range []string{"w-z", "w-m", "w-a", "w-q"} {
			f.create(pod(name))
		}
		f.settle()
		f.clk.Advance(2 * time.Second) // every back-off has passed
		_, err := f.store.Delete(api.Pods, "default", "occupant", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
		require.NoError(t, err)
		f.settle()
		assert.Equal(t, "node-1", f.get("w-a").Spec.NodeName)
		assert.Equal(t, map[string]int{"node-1": 1, "": 3}, f.podsPerNode())
	}
}

// TestAnUnschedulablePodIsRetriedAfterADoublingBackOff: node changes every
// 100 ms retry a pod that fits nowhere only as its back-off allows — 1 s
// after the first failure, then 2 s, then 4 s — as upstream's scheduling
// queue; its own PodScheduled=False write does not count as an attempt.
func TestAnUnschedulablePodIsRetriedAfterADoublingBackOff(t *testing.T) {
	f := newFixture(t, node("node-1", allocatable("pods", "1")))
	f.create(pod("p0"))
	f.settle()
	start := f.clk.Now()
	f.create(pod("p1"))
	f.settle()
	for i := 0; i < 80; i++ {
		f.clk.Advance(100 * time.Millisecond)
		o, err := f.store.Get(api.Nodes, "", "node-1")
		require.NoError(t, err)
		n := api.DeepCopy(o.(*api.Node))
		n.Labels["tick"] = fmt.Sprint(i)
		_, err = f.store.Update(n)
		require.NoError(t, err)
		f.settle()
	}
	var at []time.Duration
	for _, e := range f.mgr.Trace.Since(0) {
		if e.Key == "default/p1" {
			at = append(at, e.Time.Sub(start))
		}
	}
	assert.Equal(t, []time.Duration{0, 0, time.Second, 3 * time.Second, 7 * time.Second}, at)
	assert.Empty(t, f.get("p1").Spec.NodeName)
}

func TestLeavesPodsOfAnotherSchedulerAlone(t *testing.T) {
	f := newFixture(t, threeNodes()...)
	f.create(pod("custom", func(p *api.Pod) { p.Spec.SchedulerName = "my-scheduler" }))
	f.settle()
	p := f.get("custom")
	assert.Empty(t, p.Spec.NodeName)
	assert.Nil(t, p.Condition(api.PodScheduled), "not ours to mark unschedulable")
	assert.Empty(t, f.events("Scheduled"))
	assert.Empty(t, f.events("FailedScheduling"))
}

func TestNoNodesAtAll(t *testing.T) {
	f := newFixture(t)
	f.create(pod("x"))
	f.settle()
	cond := f.get("x").Condition(api.PodScheduled)
	require.NotNil(t, cond)
	assert.Equal(t, "no nodes available to schedule pods", cond.Message)
}

// TestTheNextAttemptSeesANodeChangeOrDeletion: the filter's parsed node
// list is dropped on every node event — a node whose allocatable grows
// takes the waiting pod, and a deleted node is never chosen again.
func TestTheNextAttemptSeesANodeChangeOrDeletion(t *testing.T) {
	f := newFixture(t, node("node-1", allocatable("pods", "1")), node("node-2", allocatable("pods", "1")))
	for i := range 3 {
		f.create(pod(fmt.Sprintf("p%d", i)))
	}
	f.settle()
	assert.Equal(t, map[string]int{"node-1": 1, "node-2": 1, "": 1}, f.podsPerNode())

	o, err := f.store.Get(api.Nodes, "", "node-2")
	require.NoError(t, err)
	n := api.DeepCopy(o.(*api.Node))
	n.Status.Allocatable["pods"] = api.MustParseQuantity("3")
	_, err = f.store.UpdateStatus(n)
	require.NoError(t, err)
	f.clk.Advance(time.Second) // the pending pod's back-off
	assert.Equal(t, map[string]int{"node-1": 1, "node-2": 2}, f.podsPerNode(), "the pending pod goes where room appeared")

	_, err = f.store.Delete(api.Nodes, "", "node-2", store.DeleteOptions{})
	require.NoError(t, err)
	f.create(pod("late"))
	f.settle()
	assert.Empty(t, f.get("late").Spec.NodeName, "node-2 is gone and node-1 is full")
	assert.Equal(t, "0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.", f.get("late").Condition(api.PodScheduled).Message)
}

// A pod bound and deleted while the scheduler's watch was broken comes back
// from the relist as a tombstone, and the scheduler forgets it as it
// forgets a deleted pod (upstream unwraps DeletedFinalStateUnknown): its
// CPU on the node is free again for the next pod.
func TestAPodDeletedDuringAWatchBreakFreesItsNode(t *testing.T) {
	f := newFixture(t, node("node-1"))
	pods := f.mgr.Informers.For(api.Pods)
	f.create(pod("a", requestsCPU("4")))
	for f.get("a").Spec.NodeName == "" { // until the bind, before its event arrives
		require.True(t, f.clk.StepDue())
	}
	require.True(t, pods.Break())
	_, err := f.store.Delete(api.Pods, "default", "a", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)}) // gone at once, as the kubelet's final delete
	require.NoError(t, err)
	require.NoError(t, pods.Reconnect(true)) // too old: a relist, "a" gone
	f.settle()

	f.create(pod("b", requestsCPU("4")))
	f.settle()
	assert.Equal(t, "node-1", f.get("b").Spec.NodeName, "a's CPU is no longer counted on node-1")
}
