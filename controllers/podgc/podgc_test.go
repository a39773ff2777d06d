package podgc_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/podgc"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

type fixture struct {
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
	r     *podgc.Reconciler
}

// newFixture runs the pod GC alone: no kubelet, no scheduler.
func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, func(s *store.Store) {
		_, err := s.Create(&api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"}})
		require.NoError(t, err)
	}, podgc.Register)
	return &fixture{clk: clk, store: s, mgr: m, r: m.Controllers()[0].Reconciler().(*podgc.Reconciler)}
}

func (f *fixture) pod(t *testing.T, name, node, phase string) {
	out, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.PodSpec{NodeName: node, Containers: []api.Container{{Name: "c", Image: "busybox"}}}})
	require.NoError(t, err)
	p := out.(*api.Pod)
	p.Status.Phase = phase
	_, err = f.store.UpdateStatus(p)
	require.NoError(t, err)
	f.clk.Advance(time.Second)
}

func (f *fixture) names() []string {
	var out []string
	for _, o := range f.store.List(api.Pods, "default") {
		out = append(out, o.GetObjectMeta().Name)
	}
	return out
}

func TestTerminatedPodsBeyondTheThresholdGoOldestFirst(t *testing.T) {
	f := newFixture(t)
	f.r.Threshold = 2
	f.pod(t, "running", "node-1", api.PodRunning)
	for _, n := range []string{"done-1", "done-2", "done-3", "done-4"} {
		f.pod(t, n, "node-1", api.PodSucceeded)
	}
	f.clk.Advance(time.Second)
	assert.Equal(t, []string{"done-3", "done-4", "running"}, f.names())
}

func TestPodsOfADeletedNodeGoAfterTheQuarantine(t *testing.T) {
	f := newFixture(t)
	f.pod(t, "orphan", "node-1", api.PodRunning)
	_, err := f.store.Delete(api.Nodes, "", "node-1", store.DeleteOptions{})
	require.NoError(t, err)
	f.clk.Advance(39 * time.Second)
	assert.Equal(t, []string{"orphan"}, f.names(), "quarantined for 40s")
	f.clk.Advance(2 * time.Second)
	assert.Empty(t, f.names())
}
