package disruption_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/disruption"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with only the disruption controller; the test writes
// pods (and their readiness) itself.
type fixture struct {
	clk   *clock.Sim
	store *store.Store
}

func newFixture(t *testing.T) *fixture {
	clk, s, _ := controllertest.Start(t, nil, disruption.Register)
	return &fixture{clk: clk, store: s}
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

// rs creates a ReplicaSet of n replicas (no controller runs it) and n
// ready pods it controls.
func (f *fixture) rs(t *testing.T, n int, ready int) {
	l := map[string]string{"app": "web"}
	out, err := f.store.Create(&api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ReplicaSetSpec{Replicas: api.Ptr(int32(n)), Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l}, Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}}})
	require.NoError(t, err)
	owner := out.(*api.ReplicaSet)
	api.SetKind(owner)
	for i := 0; i < n; i++ {
		o, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "web-" + string(rune('a'+i)), Namespace: "default", Labels: l,
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(owner)}},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
		require.NoError(t, err)
		p := o.(*api.Pod)
		p.Status.Phase = api.PodRunning
		if i < ready {
			p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: "True"}}
		}
		_, err = f.store.UpdateStatus(p)
		require.NoError(t, err)
	}
}

func (f *fixture) pdb(t *testing.T, minAvailable, maxUnavailable *api.IntOrString) {
	_, err := f.store.Create(&api.PodDisruptionBudget{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.PodDisruptionBudgetSpec{MinAvailable: minAvailable, MaxUnavailable: maxUnavailable,
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}}}})
	require.NoError(t, err)
	f.settle()
}

func (f *fixture) status(t *testing.T) api.PodDisruptionBudgetStatus {
	o, err := f.store.Get(api.PodDisruptionBudgets, "default", "web")
	require.NoError(t, err)
	return o.(*api.PodDisruptionBudget).Status
}

func ptr(v api.IntOrString) *api.IntOrString { return &v }

func TestStatusArithmetic(t *testing.T) {
	for _, tc := range []struct {
		name                                string
		replicas, ready                     int
		min, max                            *api.IntOrString
		expected, desired, healthy, allowed int32
	}{
		{"minAvailable number", 3, 3, ptr(api.FromInt(2)), nil, 3, 2, 3, 1},
		{"minAvailable number, one not ready", 3, 2, ptr(api.FromInt(2)), nil, 3, 2, 2, 0},
		{"minAvailable percent rounds up", 3, 3, ptr(api.FromString("50%")), nil, 3, 2, 3, 1},
		{"maxUnavailable number", 4, 4, nil, ptr(api.FromInt(1)), 4, 3, 4, 1},
		{"maxUnavailable percent rounds up", 3, 3, nil, ptr(api.FromString("50%")), 3, 1, 3, 2},
		{"maxUnavailable 0 allows nothing", 3, 3, nil, ptr(api.FromInt(0)), 3, 3, 3, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.rs(t, tc.replicas, tc.ready)
			f.pdb(t, tc.min, tc.max)
			st := f.status(t)
			assert.Equal(t, tc.expected, st.ExpectedPods, "expectedPods")
			assert.Equal(t, tc.desired, st.DesiredHealthy, "desiredHealthy")
			assert.Equal(t, tc.healthy, st.CurrentHealthy, "currentHealthy")
			assert.Equal(t, tc.allowed, st.DisruptionsAllowed, "disruptionsAllowed")
			require.Len(t, st.Conditions, 1)
			c := st.Conditions[0]
			assert.Equal(t, "DisruptionAllowed", c.Type)
			if tc.allowed > 0 {
				assert.Equal(t, []string{"True", "SufficientPods"}, []string{c.Status, c.Reason})
			} else {
				assert.Equal(t, []string{"False", "InsufficientPods"}, []string{c.Status, c.Reason})
			}
		})
	}
}

func TestAPercentageOfPodsWithoutAControllerFailsSafe(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "lone", Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
	require.NoError(t, err)
	f.pdb(t, ptr(api.FromString("50%")), nil)
	st := f.status(t)
	assert.Equal(t, int32(0), st.DisruptionsAllowed)
	require.Len(t, st.Conditions, 1)
	assert.Equal(t, "SyncFailed", st.Conditions[0].Reason)
	assert.Equal(t, `found no controller ref for pod "lone"`, st.Conditions[0].Message)
}

func TestEvictionTakesFromTheBudgetThenRefuses(t *testing.T) {
	f := newFixture(t)
	f.rs(t, 3, 3)
	f.pdb(t, ptr(api.FromInt(2)), nil)
	require.NoError(t, f.store.Evict("default", "web-a", store.DeleteOptions{}))
	st := f.status(t)
	assert.Equal(t, int32(0), st.DisruptionsAllowed, "the eviction charged the budget before the controller recounted")
	assert.Contains(t, st.DisruptedPods, "web-a")

	err := f.store.Evict("default", "web-b", store.DeleteOptions{})
	require.Error(t, err)
	assert.Equal(t, store.ReasonTooManyRequests, api.ReasonOf(err))
	assert.Equal(t, "Cannot evict pod as it would violate the pod's disruption budget.", err.Error())

	f.settle()
	st = f.status(t)
	assert.Equal(t, int32(2), st.CurrentHealthy, "the evicted pod is gone")
	assert.Empty(t, st.DisruptedPods)
	assert.Equal(t, int32(0), st.DisruptionsAllowed)
}

func TestAnUnreadyPodMayBeEvictedWhileTheBudgetIsMet(t *testing.T) {
	f := newFixture(t)
	f.rs(t, 3, 2)
	f.pdb(t, ptr(api.FromInt(2)), nil)
	require.Equal(t, int32(0), f.status(t).DisruptionsAllowed)
	assert.NoError(t, f.store.Evict("default", "web-c", store.DeleteOptions{}), "web-c is not ready")
	assert.Error(t, f.store.Evict("default", "web-a", store.DeleteOptions{}))
}

func TestEvictionWithoutABudgetDeletes(t *testing.T) {
	f := newFixture(t)
	f.rs(t, 1, 1)
	require.NoError(t, f.store.Evict("default", "web-a", store.DeleteOptions{}))
	_, err := f.store.Get(api.Pods, "default", "web-a")
	assert.True(t, api.IsNotFound(err))
}

func TestMinAvailableAndMaxUnavailableAreExclusive(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(&api.PodDisruptionBudget{ObjectMeta: api.ObjectMeta{Name: "both", Namespace: "default"},
		Spec: api.PodDisruptionBudgetSpec{MinAvailable: ptr(api.FromInt(1)), MaxUnavailable: ptr(api.FromInt(1))}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "minAvailable and maxUnavailable cannot be both set")
}
