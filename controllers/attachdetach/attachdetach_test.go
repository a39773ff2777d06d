package attachdetach_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/attachdetach"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

type fixture struct {
	t     *testing.T
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

// newFixture is a store with node-1, a claim data bound to volume vol-1,
// and the attach/detach controller; the test plays the scheduler and
// kubelet by writing pods.
func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, nil, attachdetach.Register)
	f := &fixture{t: t, clk: clk, store: s, mgr: m}
	f.create(&api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"}})
	f.create(&api.PersistentVolume{ObjectMeta: api.ObjectMeta{Name: "vol-1"}, Spec: api.PersistentVolumeSpec{
		Capacity: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}, AccessModes: []string{api.ReadWriteOnce},
		PersistentVolumeReclaimPolicy: api.ReclaimRetain, HostPath: &api.HostPathVolumeSource{Path: "/data"}}})
	c := f.create(&api.PersistentVolumeClaim{ObjectMeta: api.ObjectMeta{Name: "data", Namespace: "default"},
		Spec: api.PersistentVolumeClaimSpec{AccessModes: []string{api.ReadWriteOnce}, VolumeName: "vol-1", StorageClassName: api.Ptr(""),
			Resources: api.ResourceRequirements{Requests: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}}}}).(*api.PersistentVolumeClaim)
	c = api.DeepCopy(c)
	c.Status.Phase = api.ClaimBound
	_, err := s.UpdateStatus(c)
	require.NoError(t, err)
	return f
}

func (f *fixture) create(o api.Object) api.Object {
	out, err := f.store.Create(o)
	require.NoError(f.t, err)
	return out
}

// run runs what is due and returns the controller's writes meanwhile,
// with their details.
func (f *fixture) run() []string {
	seq := f.mgr.Trace.Last()
	controllertest.Settle(f.clk)
	return controllertest.DetailsSince(f.mgr.Trace, seq, "attachdetach")
}

func (f *fixture) node() *api.Node {
	o, err := f.store.Get(api.Nodes, "", "node-1")
	require.NoError(f.t, err)
	return o.(*api.Node)
}

func (f *fixture) setPhase(p *api.Pod, phase string) *api.Pod {
	p = api.DeepCopy(p)
	p.Status.Phase = phase
	out, err := f.store.UpdateStatus(p)
	require.NoError(f.t, err)
	return out.(*api.Pod)
}

const name = "kubernetes.io/host-path/vol-1"

// released is the writes that free vol-1 from node-1: reported unmounted
// first, then detached.
var released = []string{
	"update-status Node node-1: volumesInUse none",
	"update-status Node node-1: volumesAttached -" + name,
}

func TestAttachWhenScheduledInUseWhenRunningDetachWhenGone(t *testing.T) {
	f := newFixture(t)
	assert.Nil(t, f.run(), "no pod needs the volume")

	p := f.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "writer", Namespace: "default"},
		Spec: api.PodSpec{NodeName: "node-1", Containers: []api.Container{{Name: "app", Image: "busybox"}},
			Volumes: []api.Volume{{Name: "data", PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: "data"}}}}}).(*api.Pod)
	assert.Equal(t, []string{"update-status Node node-1: volumesAttached +" + name}, f.run(),
		"attached once scheduled, not mounted before the pod runs")

	p = f.setPhase(p, api.PodRunning)
	assert.Equal(t, []string{"update-status Node node-1: volumesInUse " + name}, f.run())

	f.setPhase(p, api.PodSucceeded)
	assert.Equal(t, released, f.run(), "finished: unmounted, then detached")
	assert.Empty(t, f.node().Status.VolumesInUse)
	assert.Empty(t, f.node().Status.VolumesAttached)
}

// Upstream detaches only what the kubelet no longer reports in use: a
// volume left attached and in use by a pod that is gone is first reported
// unmounted, then detached.
func TestUnmountThenDetach(t *testing.T) {
	f := newFixture(t)
	f.run()
	n := api.DeepCopy(f.node())
	n.Status.VolumesAttached = []api.AttachedVolume{{Name: name}}
	n.Status.VolumesInUse = []string{name}
	_, err := f.store.UpdateStatus(n)
	require.NoError(t, err)
	assert.Equal(t, released, f.run(), "no running pod mounts it: the kubelet reports it unmounted, then it is detached")
	assert.Empty(t, f.node().Status.VolumesInUse)
	assert.Empty(t, f.node().Status.VolumesAttached)
}

func TestVolumeNames(t *testing.T) {
	assert.Equal(t, "kubernetes.io/csi/ebs.csi.aws.com^vol-0abc", attachdetach.VolumeName(&api.PersistentVolume{
		Spec: api.PersistentVolumeSpec{CSI: &api.CSIVolumeSource{Driver: "ebs.csi.aws.com", VolumeHandle: "vol-0abc"}}}))
	assert.Equal(t, "kubernetes.io/host-path/pvc-1", attachdetach.VolumeName(&api.PersistentVolume{ObjectMeta: api.ObjectMeta{Name: "pvc-1"}}))
}
