package ephemeral_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/ephemeral"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

func setup(t *testing.T) (*store.Store, func()) {
	clk, s, _ := controllertest.Start(t, nil, ephemeral.Register)
	return s, func() { controllertest.Settle(clk) }
}

func pod() *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: "scratch", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "app", Image: "busybox"}},
			Volumes: []api.Volume{{Name: "cache", Ephemeral: &api.EphemeralVolumeSource{VolumeClaimTemplate: &api.PersistentVolumeClaimTemplate{
				ObjectMeta: api.ObjectMeta{Labels: map[string]string{"type": "scratch"}},
				Spec: api.PersistentVolumeClaimSpec{AccessModes: []string{api.ReadWriteOnce},
					Resources: api.ResourceRequirements{Requests: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}}}}}}}}}
}

func claim(t *testing.T, s *store.Store) *api.PersistentVolumeClaim {
	o, err := s.Get(api.PersistentVolumeClaims, "default", "scratch-cache")
	require.NoError(t, err)
	return o.(*api.PersistentVolumeClaim)
}

func TestAClaimNamedPodVolumeOwnedByThePod(t *testing.T) {
	s, run := setup(t)
	p, err := s.Create(pod())
	require.NoError(t, err)
	run()
	c := claim(t, s)
	assert.Equal(t, map[string]string{"type": "scratch"}, c.Labels)
	require.Len(t, c.OwnerReferences, 1)
	ref := c.OwnerReferences[0]
	assert.Equal(t, api.OwnerReference{APIVersion: "v1", Kind: "Pod", Name: "scratch", UID: p.GetObjectMeta().UID,
		Controller: api.Ptr(true), BlockOwnerDeletion: api.Ptr(true)}, ref)
	assert.Equal(t, "", api.EphemeralClaimConflict(p.(*api.Pod), c))

	// Deleted (not by GC): made again.
	_, err = s.Delete(api.PersistentVolumeClaims, "default", "scratch-cache", store.DeleteOptions{})
	require.NoError(t, err)
	run()
	assert.Equal(t, ref.UID, claim(t, s).OwnerReferences[0].UID)
}

func TestAClaimNotOwnedByThePodIsLeftAndReported(t *testing.T) {
	s, run := setup(t)
	_, err := s.Create(&api.PersistentVolumeClaim{ObjectMeta: api.ObjectMeta{Name: "scratch-cache", Namespace: "default"},
		Spec: api.PersistentVolumeClaimSpec{AccessModes: []string{api.ReadWriteOnce},
			Resources: api.ResourceRequirements{Requests: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}}}})
	require.NoError(t, err)
	p, err := s.Create(pod())
	require.NoError(t, err)
	run()
	c := claim(t, s)
	assert.Empty(t, c.OwnerReferences, "never adopted")
	assert.Equal(t, "PVC default/scratch-cache was not created for pod default/scratch (pod is not owner)", api.EphemeralClaimConflict(p.(*api.Pod), c))
	assert.Equal(t, []string{"scratch-cache"}, []string{api.VolumeClaimName(p.(*api.Pod), &p.(*api.Pod).Spec.Volumes[0])})
}
