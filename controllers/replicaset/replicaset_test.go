package replicaset

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with the ReplicaSet controller running and nothing
// else: no scheduler, no kubelet, so pods stay as the test writes them.
type fixture struct {
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, nil, Register)
	return &fixture{clk: clk, store: s, mgr: m}
}

// actions is what the controller wrote since the trace's entry seq.
func (f *fixture) actions(seq int64) []string {
	return controllertest.ActionsSince(f.mgr.Trace, seq, "replicaset")
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

// scale sets the ReplicaSet name's spec.replicas, as kubectl scale does,
// and lets the controller act on it.
func (f *fixture) scale(t *testing.T, name string, replicas int32) {
	t.Helper()
	rs, err := f.store.Get(api.ReplicaSets, "default", name)
	require.NoError(t, err)
	c := api.DeepCopy(rs.(*api.ReplicaSet))
	c.Spec.Replicas = api.Ptr(replicas)
	_, err = f.store.Update(c)
	require.NoError(t, err)
	f.settle()
}

func (f *fixture) pods(t *testing.T) []*api.Pod {
	var out []*api.Pod
	for _, o := range f.store.List(api.Pods, "default") {
		out = append(out, o.(*api.Pod))
	}
	return out
}

func newRS(name string, replicas int32) *api.ReplicaSet {
	labels := map[string]string{"app": name}
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ReplicaSetSpec{Replicas: api.Ptr(replicas), Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx:1.7.9"}}}}},
	}
}

func TestCreatesMissingPodsWithOwnerAndGeneratedNames(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(newRS("web", 3))
	require.NoError(t, err)
	f.settle()
	pods := f.pods(t)
	require.Len(t, pods, 3)
	rs, _ := f.store.Get(api.ReplicaSets, "default", "web")
	for _, p := range pods {
		assert.Regexp(t, `^web-[bcdfghjklmnpqrstvwxz2456789]{5}$`, p.Name)
		ref := api.ControllerOf(p)
		require.NotNil(t, ref)
		assert.Equal(t, rs.GetObjectMeta().UID, ref.UID)
		assert.True(t, *ref.BlockOwnerDeletion)
	}
	assert.Equal(t, int32(3), rs.(*api.ReplicaSet).Status.Replicas)
	want := []string{"create Pod default/" + pods[0].Name, "create Pod default/" + pods[1].Name, "create Pod default/" + pods[2].Name}
	acts := f.actions(0)
	require.Len(t, acts, 5)
	assert.ElementsMatch(t, want, acts[:3])
	assert.Equal(t, []string{"update-status ReplicaSet default/web", "update-status ReplicaSet default/web"}, acts[3:])
}

func TestReplacesADeletedPod(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(newRS("web", 2))
	require.NoError(t, err)
	f.settle()
	victim, survivor := f.pods(t)[0], f.pods(t)[1]
	seq := f.mgr.Trace.Last()
	_, err = f.store.Delete(api.Pods, "default", victim.Name, store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	pods := f.pods(t)
	require.Len(t, pods, 2)
	made := ""
	for _, p := range pods {
		assert.NotEqual(t, victim.Name, p.Name)
		if p.Name != survivor.Name {
			made = p.Name
		}
	}
	assert.Equal(t, []string{"create Pod default/" + made, "update-status ReplicaSet default/web", "update-status ReplicaSet default/web"}, f.actions(seq))
	entries := f.mgr.Trace.Since(0)
	last := entries[len(entries)-1]
	assert.Equal(t, "default/web", last.Key)
}

func TestScaleDownDeletesUnscheduledFirst(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(newRS("web", 3))
	require.NoError(t, err)
	f.settle()
	pods := f.pods(t)
	for _, p := range pods[:2] {
		_, err := f.store.Bind("default", p.Name, "node-1")
		require.NoError(t, err)
	}
	f.settle()
	seq := f.mgr.Trace.Last()
	f.scale(t, "web", 2)
	left := f.pods(t)
	require.Len(t, left, 2)
	for _, p := range left {
		assert.Equal(t, "node-1", p.Spec.NodeName, "the unscheduled pod goes first")
	}
	acts := f.actions(seq)
	require.NotEmpty(t, acts)
	assert.Equal(t, "delete Pod default/"+pods[2].Name, acts[0], "the one it deletes is the unscheduled one")
}

func TestAdoptsOrphansAndReleasesNonMatching(t *testing.T) {
	f := newFixture(t)
	orphan := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "stray", Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
	_, err := f.store.Create(orphan)
	require.NoError(t, err)
	_, err = f.store.Create(newRS("web", 2))
	require.NoError(t, err)
	f.settle()
	require.Len(t, f.pods(t), 2, "the orphan counts as one of the two")
	stray, _ := f.store.Get(api.Pods, "default", "stray")
	require.NotNil(t, api.ControllerOf(stray))

	assert.Contains(t, f.actions(0), "update Pod default/stray", "adopted: its owner reference added")

	// Relabel it: the ReplicaSet lets go and makes a replacement.
	seq := f.mgr.Trace.Last()
	p := api.DeepCopy(stray.(*api.Pod))
	p.Labels = map[string]string{"app": "debug"}
	_, err = f.store.Update(p)
	require.NoError(t, err)
	f.settle()
	stray, _ = f.store.Get(api.Pods, "default", "stray")
	assert.Nil(t, api.ControllerOf(stray))
	assert.Len(t, f.pods(t), 3)
	acts := f.actions(seq)
	require.Len(t, acts, 4)
	assert.Equal(t, "update Pod default/stray", acts[0], "released: its owner reference removed")
	assert.Regexp(t, `^create Pod default/web-[bcdfghjklmnpqrstvwxz2456789]{5}$`, acts[1], "and replaced")
}

func TestSlowStartStopsAtFirstFailedBatch(t *testing.T) {
	calls := 0
	n, err := slowStart(20, func() error {
		calls++
		if calls == 4 {
			return assert.AnError
		}
		return nil
	})
	assert.Error(t, err)
	assert.Equal(t, 7, n, "batches 1, 2, 4: the failure in the third batch ends it")
	assert.Equal(t, 7, calls)

	calls = 0
	n, err = slowStart(10, func() error { calls++; return nil })
	assert.NoError(t, err)
	assert.Equal(t, 10, n)
}

func TestCreatesAtMostBurstPerSync(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(newRS("big", 600))
	require.NoError(t, err)
	// Run only the first reconcile.
	for f.mgr.Controllers()[0].Reconciles() == 0 {
		f.clk.Step()
	}
	assert.Equal(t, BurstReplicas, len(f.pods(t)))
	f.settle()
	assert.Equal(t, 600, len(f.pods(t)))
}

func TestStatusCountsAvailableAfterMinReadySeconds(t *testing.T) {
	f := newFixture(t)
	rs := newRS("web", 1)
	rs.Spec.MinReadySeconds = 10
	_, err := f.store.Create(rs)
	require.NoError(t, err)
	f.settle()
	p := api.DeepCopy(f.pods(t)[0])
	p.Status.Phase = api.PodRunning
	p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(f.clk.Now())}}
	_, err = f.store.UpdateStatus(p)
	require.NoError(t, err)
	f.settle()
	got, _ := f.store.Get(api.ReplicaSets, "default", "web")
	assert.Equal(t, int32(1), got.(*api.ReplicaSet).Status.ReadyReplicas)
	assert.Equal(t, int32(0), got.(*api.ReplicaSet).Status.AvailableReplicas)
	f.clk.Advance(10 * time.Second)
	got, _ = f.store.Get(api.ReplicaSets, "default", "web")
	assert.Equal(t, int32(1), got.(*api.ReplicaSet).Status.AvailableReplicas)
}
