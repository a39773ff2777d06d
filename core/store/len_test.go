package store_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

// TestLenCountsWhatIsStored: Len follows creates and final deletes, not
// updates; a Terminating pod is still stored and still counted.
func TestLenCountsWhatIsStored(t *testing.T) {
	s := store.New(clock.New(1))
	pods, cms := api.Pods, api.ConfigMaps
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	sum := func() int {
		n := 0
		for _, k := range []*api.Kind{api.Namespaces, api.Pods, api.ConfigMaps} {
			n += s.Count(k)
		}
		return n
	}

	_, err = s.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "a"}})
	require.NoError(t, err)
	p, err := s.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "web"},
		Spec: api.PodSpec{NodeName: "node-1", Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
	require.NoError(t, err)
	_, err = s.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "a"}})
	require.True(t, api.IsAlreadyExists(err), "%v", err)
	assert.Equal(t, 3, s.Len())

	cp := api.DeepCopyObject(p).(*api.Pod)
	cp.Labels = map[string]string{"app": "web"}
	_, err = s.Update(cp)
	require.NoError(t, err)
	assert.Equal(t, 3, s.Len(), "an update adds nothing")

	_, err = s.Delete(pods, "default", "web", store.DeleteOptions{})
	require.NoError(t, err)
	assert.Equal(t, 3, s.Len(), "a Terminating pod is still stored")
	zero := int64(0)
	_, err = s.Delete(pods, "default", "web", store.DeleteOptions{GracePeriodSeconds: &zero})
	require.NoError(t, err)
	_, err = s.Delete(cms, "default", "a", store.DeleteOptions{})
	require.NoError(t, err)
	assert.Equal(t, 1, s.Len())
	assert.Equal(t, sum(), s.Len())
}
