package scheduler

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// TestUnschedulableSetIsTheScan holds the handler's set — kept from
// events, skipping updates between two schedulable states — to a scan of
// the cache after every event: pods marked unschedulable, changed while
// waiting, bound, deleted while waiting or bound, and re-created.
func TestUnschedulableSetIsTheScan(t *testing.T) {
	clk := clock.New(1)
	s := store.New(clk)
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	_, err = s.Create(&api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"}})
	require.NoError(t, err)
	pods := informer.New(s, api.Pods)
	r := &Reconciler{clk: clk}
	informer.NewLister[*api.Pod](pods).AddTypedHandler(r.unschedulableHandler())
	require.NoError(t, pods.Start())

	check := func(step string) {
		t.Helper()
		for clk.StepDue() {
		}
		var want []string
		for _, o := range pods.List("") {
			if isUnschedulable(o.(*api.Pod)) {
				want = append(want, store.KeyOf(o))
			}
		}
		got := slices.Sorted(maps.Keys(r.unschedulable))
		if !slices.Equal(want, got) {
			t.Fatalf("%s: set %v, scan %v", step, got, want)
		}
	}
	get := func(name string) *api.Pod {
		o, err := s.Get(api.Pods, "default", name)
		require.NoError(t, err)
		return api.DeepCopy(o.(*api.Pod))
	}
	mark := func(name, status, msg string) {
		p := get(name)
		p.Status.Conditions = []api.PodCondition{{Type: api.PodScheduled, Status: status, Reason: "Unschedulable", Message: msg}}
		_, err := s.UpdateStatus(p)
		require.NoError(t, err)
	}
	create := func(name string) {
		_, err := s.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
		require.NoError(t, err)
	}
	for _, n := range []string{"a", "b", "c", "d"} {
		create(n)
	}
	check("created")
	mark("b", api.ConditionFalse, "0/1 nodes")
	mark("d", api.ConditionFalse, "0/1 nodes")
	check("b and d unschedulable")
	mark("b", api.ConditionFalse, "0/2 nodes") // still unschedulable
	check("b's message changed")
	p := get("a")
	p.Labels = map[string]string{"x": "y"} // schedulable to schedulable
	_, err = s.Update(p)
	require.NoError(t, err)
	check("a relabelled")
	_, err = s.Bind("default", "b", "node-1")
	require.NoError(t, err)
	check("b bound")
	mark("c", api.ConditionFalse, "0/1 nodes")
	check("c unschedulable")
	mark("c", api.ConditionTrue, "")
	check("c no longer unschedulable")
	_, err = s.Delete(api.Pods, "default", "d", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
	require.NoError(t, err)
	check("d deleted")
	create("d")
	mark("d", api.ConditionFalse, "0/1 nodes")
	check("d re-created and unschedulable")
	_, err = s.Delete(api.Pods, "default", "d", store.DeleteOptions{})
	require.NoError(t, err)
	check("d being deleted")
}
