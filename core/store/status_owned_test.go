package store

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// TestUpdateStatusOwnedStoresWhatUpdateStatusStores: handed a shallow copy
// of the stored pod with a new status — and, as a stale cache would, other
// labels and spec — the store keeps that object, with the status deep-copied
// and every other field the stored pod's, equal to what UpdateStatus keeps.
func TestUpdateStatusOwnedStoresWhatUpdateStatusStores(t *testing.T) {
	write := func(owned bool) (*api.Pod, *api.Pod, []api.PodCondition) {
		s := New(clock.New(1))
		_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
		require.NoError(t, err)
		o, err := s.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default", Labels: map[string]string{"app": "web"},
			Finalizers: []string{"a"}}, Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
		require.NoError(t, err)
		stored := o.(*api.Pod)
		p := *stored
		conds := []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}}
		p.Status = api.PodStatus{Phase: api.PodRunning, Conditions: conds}
		p.Labels = map[string]string{"app": "stale"}
		p.Spec.NodeName = "stale"
		var out api.Object
		if owned {
			out, err = s.UpdateStatusOwned(&p)
			assert.Same(t, &p, out.(*api.Pod), "the store keeps what it was handed")
		} else {
			out, err = s.UpdateStatus(&p)
		}
		require.NoError(t, err)
		return stored, out.(*api.Pod), conds
	}
	_, copied, _ := write(false)
	stored, owned, conds := write(true)
	assert.Equal(t, copied, owned)
	assert.Equal(t, map[string]string{"app": "web"}, owned.Labels, "metadata is the stored object's")
	assert.Empty(t, owned.Spec.NodeName, "so is the spec")
	conds[0].Status = api.ConditionFalse
	assert.Equal(t, api.ConditionTrue, owned.Status.Conditions[0].Status, "the status is the store's own")
	owned.Finalizers = append(owned.Finalizers, "b")
	assert.Equal(t, []string{"a"}, stored.Finalizers, "an append cannot reach the stored object's finalizers")
}

// TestShareAllButEveryKind: every registered kind's fields can be shared
// by reflection (shareAllBut needs them exported).
func TestShareAllButEveryKind(t *testing.T) {
	s := New(clock.New(1))
	for _, k := range api.Kinds {
		dst, src := k.New(), k.New()
		assert.NotPanics(t, func() { s.shareAllBut(dst, src, "Status") }, k.Kind)
	}
}
