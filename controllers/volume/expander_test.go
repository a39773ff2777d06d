package volume

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
)

func expandable() *api.StorageClass {
	sc := immediate()
	sc.Name = "expandable"
	sc.Annotations = nil
	sc.AllowVolumeExpansion = api.Ptr(true)
	return sc
}

// newExpanderFixture is the volume fixture with the expander.
func newExpanderFixture(t *testing.T) *fixture {
	return startWith(t, []controllertest.Register{RegisterExpander}, immediate(), expandable())
}

func (f *fixture) resize(name, size string) error {
	c := api.DeepCopy(f.claim(name))
	c.Spec.Resources.Requests = api.ResourceList{"storage": api.MustParseQuantity(size)}
	_, err := f.store.Update(c)
	return err
}

func storage(l api.ResourceList) string { q := l["storage"]; return q.String() }

func conditions(c *api.PersistentVolumeClaim) []string {
	var out []string
	for _, x := range c.Status.Conditions {
		out = append(out, x.Type)
	}
	return out
}

func TestExpandGrowsTheVolumeThenWaitsForARunningPod(t *testing.T) {
	f := newExpanderFixture(t)
	f.create(newClaim("data", api.Ptr("expandable"), "1Gi"))
	f.run()
	require.Equal(t, api.ClaimBound, f.claim("data").Status.Phase)
	require.NoError(t, f.resize("data", "2Gi"))
	f.run()
	c := f.claim("data")
	assert.Equal(t, "2Gi", storage(f.volume(c.Spec.VolumeName).Spec.Capacity), "the resizer grew the volume")
	assert.Equal(t, "1Gi", storage(c.Status.Capacity), "the file system has not grown: no pod runs")
	assert.Equal(t, "2Gi", storage(c.Status.AllocatedResources))
	assert.Equal(t, []string{api.ClaimFileSystemResizePending}, conditions(c))
	assert.Equal(t, []string{
		"Normal ExternalExpanding: waiting for an external controller to expand this PVC",
		"Normal Resizing: External resizer is resizing volume " + c.Spec.VolumeName,
		"Normal FileSystemResizeRequired: Require file system resize of volume on node",
	}, f.events("data")[len(f.events("data"))-3:])

	// A pod that mounts it starts running on node-1: the kubelet's step.
	p := f.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "writer", Namespace: "default"},
		Spec: api.PodSpec{NodeName: "node-1", Containers: []api.Container{{Name: "app", Image: "busybox"}},
			Volumes: []api.Volume{{Name: "data", PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: "data"}}}}}).(*api.Pod)
	f.run()
	assert.Equal(t, "1Gi", storage(f.claim("data").Status.Capacity), "a pending pod does not mount it")
	p = api.DeepCopy(p)
	p.Status.Phase = api.PodRunning
	_, err := f.store.UpdateStatus(p)
	require.NoError(t, err)
	f.run()
	c = f.claim("data")
	assert.Equal(t, "2Gi", storage(c.Status.Capacity))
	assert.Empty(t, c.Status.Conditions)
	ev := f.events("data")
	assert.Equal(t, `Normal FileSystemResizeSuccessful: MountVolume.NodeExpandVolume succeeded for volume "`+c.Spec.VolumeName+`" node-1`, ev[len(ev)-1])
}

func TestResizeValidationAndAdmission(t *testing.T) {
	f := newExpanderFixture(t)
	f.create(newClaim("data", api.Ptr("expandable"), "2Gi"))
	f.create(newClaim("fixed", api.Ptr("standard"), "1Gi"))
	f.create(newClaim("waiting", api.Ptr("none-yet"), "1Gi"))
	f.run()
	require.Equal(t, api.ClaimBound, f.claim("data").Status.Phase)
	require.Equal(t, api.ClaimBound, f.claim("fixed").Status.Phase)

	err := f.resize("data", "1Gi")
	assert.EqualError(t, err, `PersistentVolumeClaim "data" is invalid: spec.resources.requests.storage: Forbidden: field can not be less than status.capacity`)
	err = f.resize("fixed", "2Gi")
	assert.Equal(t, api.ReasonForbidden, api.ReasonOf(err))
	assert.EqualError(t, err, `persistentvolumeclaims "fixed" is forbidden: `+ResizeForbidden)
	err = f.resize("waiting", "2Gi")
	assert.EqualError(t, err, `PersistentVolumeClaim "waiting" is invalid: spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims`)
}
