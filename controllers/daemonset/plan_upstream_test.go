package daemonset

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/history"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// The cases of upstream's daemon controller update tests
// (TestDaemonSetUpdatesPodsWithMaxSurge and its maxUnavailable siblings),
// re-encoded: five nodes, a DaemonSet whose pods are all running, then a
// new template; each sync's creates and deletes are the facts, with the
// pod store updated at once as upstream's fake pod control does.

// fakeCluster is the pod store a sequence of syncs acts on.
type fakeCluster struct {
	t     *testing.T
	ds    *api.DaemonSet
	nodes []*api.Node
	pods  []*api.Pod
	hash  string
	now   time.Time
	seq   int
}

func newFakeCluster(t *testing.T, nodes int) *fakeCluster {
	ds := &api.DaemonSet{ObjectMeta: api.ObjectMeta{Name: "foo", Namespace: "default", UID: "ds-uid", Generation: 1},
		Spec: api.DaemonSetSpec{Selector: &api.LabelSelector{MatchLabels: map[string]string{"name": "foo"}},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"name": "foo"}},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "foo", Image: "foo/bar"}}}}}}
	api.Default(ds)
	f := &fakeCluster{t: t, ds: ds, now: clock.Epoch}
	for i := 0; i < nodes; i++ {
		f.nodes = append(f.nodes, &api.Node{ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("node-%d", i), Labels: map[string]string{}}})
	}
	f.rehash()
	return f
}

func (f *fakeCluster) rehash() { f.hash = history.Hash(history.Patch(&f.ds.Spec.Template), nil) }

func (f *fakeCluster) byNode() map[string][]*api.Pod {
	out := map[string][]*api.Pod{}
	for _, p := range f.pods {
		out[api.TargetNodeName(p)] = append(out[api.TargetNodeName(p)], p)
	}
	return out
}

// sync runs one pass and applies it; it returns the creates and deletes.
func (f *fakeCluster) sync() (creates, deletes int) {
	plan := Sync(f.ds, f.nodes, f.byNode(), f.hash, f.now)
	var kept []*api.Pod
	for _, p := range f.pods {
		if !plan.deletes(p) {
			kept = append(kept, p)
		}
	}
	f.pods = kept
	for _, node := range plan.Create {
		f.seq++
		p := newPod(f.ds, node, f.hash)
		p.Name, p.UID, p.CreationTimestamp = fmt.Sprintf("foo-%d", f.seq), fmt.Sprintf("uid-%d", f.seq), api.NewTime(f.now)
		f.pods = append(f.pods, p)
	}
	f.now = f.now.Add(time.Second)
	return len(plan.Create), len(plan.Delete)
}

func (f *fakeCluster) markReady() {
	for _, p := range f.pods {
		if p.Condition(api.PodReady) == nil {
			p.Status.Conditions = append(p.Status.Conditions, api.PodCondition{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(f.now)})
		}
	}
}

// update gives the DaemonSet a new image and strategy.
func (f *fakeCluster) update(image string, surge, unavailable int32) {
	f.ds.Spec.Template.Spec.Containers[0].Image = image
	f.ds.Spec.UpdateStrategy = api.DaemonSetUpdateStrategy{Type: api.RollingUpdateDaemonSetStrategyType,
		RollingUpdate: &api.RollingUpdateDaemonSet{MaxSurge: api.Ptr(api.FromInt(surge)), MaxUnavailable: api.Ptr(api.FromInt(unavailable))}}
	f.ds.Generation++
	f.rehash()
}

// step is "sync → creates, deletes" or, with ready set, "mark pods ready".
type step struct {
	creates, deletes int
	ready            bool
}

func syncs(c, d int) step { return step{creates: c, deletes: d} }

var ready = step{ready: true}

func TestDaemonSetUpdatesUpstreamCases(t *testing.T) {
	tests := []struct {
		name               string
		surge, unavailable int32
		oldReady           bool // mark the first generation's pods ready
		steps              []step
		stuck              bool // the rollout waits for new pods that never get ready
	}{
		{name: "TestDaemonSetUpdatesPodsWithMaxSurge: surge 2 of 5", surge: 2, unavailable: 0, oldReady: true, steps: []step{
			syncs(2, 0), syncs(0, 0), ready,
			syncs(2, 2), syncs(0, 0), ready,
			syncs(1, 2), syncs(0, 0), ready,
			syncs(0, 1), syncs(0, 0),
		}},
		{name: "TestDaemonSetUpdatesPods: maxUnavailable 2 of 5", surge: 0, unavailable: 2, oldReady: true, steps: []step{
			syncs(0, 2), syncs(2, 0), ready,
			syncs(0, 2), syncs(2, 0), ready,
			syncs(0, 1), syncs(1, 0), ready,
			syncs(0, 0),
		}},
		{name: "TestDaemonSetUpdatesWhenNewPodIsNotReady: maxUnavailable 3", surge: 0, unavailable: 3, oldReady: true, steps: []step{
			syncs(0, 3), syncs(3, 0), syncs(0, 0),
		}, stuck: true},
		{name: "TestDaemonSetUpdatesAllOldPodsNotReady: every old pod may go", surge: 0, unavailable: 3, oldReady: false, steps: []step{
			syncs(0, 5), syncs(5, 0), syncs(0, 0),
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeCluster(t, 5)
			c, d := f.sync()
			require.Equal(t, [2]int{5, 0}, [2]int{c, d}, "the first sync creates a pod per node")
			if tc.oldReady {
				f.markReady()
			}
			f.update("foo2/bar2", tc.surge, tc.unavailable)
			for i, s := range tc.steps {
				if s.ready {
					f.markReady()
					continue
				}
				c, d := f.sync()
				assert.Equal(t, [2]int{s.creates, s.deletes}, [2]int{c, d}, "step %d: creates, deletes", i)
			}
			for _, p := range f.pods {
				if !tc.stuck {
					assert.Equal(t, f.hash, p.Labels[RevisionHashLabel], "every pod ends on the new revision")
				}
			}
			assert.Len(t, f.pods, 5)
		})
	}
}

func TestUpdateCountsRoundUpAndNeverBothZero(t *testing.T) {
	tests := []struct {
		surge, unavailable api.IntOrString
		nodes              int
		wantSurge, wantU   int
	}{
		{api.FromInt(0), api.FromInt(1), 5, 0, 1},
		{api.FromString("30%"), api.FromInt(0), 5, 2, 0},  // 1.5 → 2
		{api.FromInt(0), api.FromString("10%"), 5, 0, 1},  // 0.5 → 1
		{api.FromInt(0), api.FromString("0%"), 5, 0, 1},   // both 0 → unavailable 1
		{api.FromString("100%"), api.FromInt(0), 3, 3, 0}, // everything at once
		{api.FromInt(0), api.FromString("25%"), 10, 0, 3}, // 2.5 → 3
		{api.FromInt(0), api.FromInt(0), 0, 0, 0},         // no node: nothing to do
	}
	for _, tc := range tests {
		f := newFakeCluster(t, tc.nodes)
		f.ds.Spec.UpdateStrategy.RollingUpdate = &api.RollingUpdateDaemonSet{MaxSurge: &tc.surge, MaxUnavailable: &tc.unavailable}
		s, u := UpdateCounts(f.ds, f.nodes)
		assert.Equal(t, [2]int{tc.wantSurge, tc.wantU}, [2]int{s, u}, "surge %s unavailable %s of %d", tc.surge, tc.unavailable, tc.nodes)
	}
}

func TestEligibility(t *testing.T) {
	node := func(taints ...api.Taint) *api.Node {
		return &api.Node{ObjectMeta: api.ObjectMeta{Name: "node-3", Labels: map[string]string{"disk": "ssd"}}, Spec: api.NodeSpec{Taints: taints}}
	}
	ds := newFakeCluster(t, 0).ds
	tests := []struct {
		name  string
		node  *api.Node
		tweak func(*api.DaemonSet)
		want  Eligibility
	}{
		{"a plain node", node(), nil, Eligibility{ShouldRun: true, ShouldContinue: true}},
		{"an untolerated NoSchedule taint: no new pod, the old may stay", node(api.Taint{Key: "dedicated", Value: "db", Effect: "NoSchedule"}), nil,
			Eligibility{ShouldContinue: true, Why: "node-3: taint dedicated=db:NoSchedule not tolerated"}},
		{"an untolerated NoExecute taint evicts", node(api.Taint{Key: "dedicated", Value: "db", Effect: "NoExecute"}), nil,
			Eligibility{Why: "node-3: taint dedicated=db:NoExecute not tolerated"}},
		{"unreachable NoExecute is tolerated by every daemon pod", node(api.Taint{Key: "node.kubernetes.io/unreachable", Effect: "NoExecute"}), nil,
			Eligibility{ShouldRun: true, ShouldContinue: true}},
		{"cordoned nodes still run daemon pods", node(api.Taint{Key: "node.kubernetes.io/unschedulable", Effect: "NoSchedule"}), nil,
			Eligibility{ShouldRun: true, ShouldContinue: true}},
		{"network-unavailable only with hostNetwork", node(api.Taint{Key: "node.kubernetes.io/network-unavailable", Effect: "NoSchedule"}),
			func(d *api.DaemonSet) { d.Spec.Template.Spec.HostNetwork = true }, Eligibility{ShouldRun: true, ShouldContinue: true}},
		{"a nodeSelector that does not match", node(), func(d *api.DaemonSet) { d.Spec.Template.Spec.NodeSelector = map[string]string{"disk": "hdd"} },
			Eligibility{Why: "node-3: does not match the pod's node selector/affinity"}},
		{"a toleration for the taint", node(api.Taint{Key: "dedicated", Value: "db", Effect: "NoExecute"}),
			func(d *api.DaemonSet) {
				d.Spec.Template.Spec.Tolerations = []api.Toleration{{Key: "dedicated", Operator: "Exists", Effect: "NoExecute"}}
			}, Eligibility{ShouldRun: true, ShouldContinue: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := api.DeepCopy(ds)
			if tc.tweak != nil {
				tc.tweak(d)
			}
			assert.Equal(t, tc.want, NodeShouldRunDaemonPod(tc.node, d))
		})
	}
}

func TestDaemonPodsArePinnedAndTolerant(t *testing.T) {
	f := newFakeCluster(t, 1)
	p := newPod(f.ds, "node-0", f.hash)
	assert.Equal(t, "node-0", api.TargetNodeName(p))
	terms := p.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms
	require.Len(t, terms, 1)
	assert.Equal(t, []api.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{"node-0"}}}, terms[0].MatchFields)
	var keys []string
	for _, tol := range p.Spec.Tolerations {
		keys = append(keys, tol.Key+":"+tol.Effect)
	}
	assert.Equal(t, []string{"node.kubernetes.io/not-ready:NoExecute", "node.kubernetes.io/unreachable:NoExecute",
		"node.kubernetes.io/disk-pressure:NoSchedule", "node.kubernetes.io/memory-pressure:NoSchedule",
		"node.kubernetes.io/pid-pressure:NoSchedule", "node.kubernetes.io/unschedulable:NoSchedule"}, keys)
	assert.Equal(t, f.hash, p.Labels[RevisionHashLabel])
	assert.Equal(t, "1", p.Labels[PodTemplateGenerationLabel])
	assert.Equal(t, "foo-", p.GenerateName)
}
