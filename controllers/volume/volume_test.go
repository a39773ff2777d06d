package volume

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with the storage admission, the binder, the
// protection controllers and the provisioner, and no scheduler: the test
// plays it by annotating claims with the selected node.
type fixture struct {
	t     *testing.T
	store *store.Store
	clk   *clock.Sim
	mgr   *controller.Manager
	vols  *Volumes
}

func newFixture(t *testing.T, classes ...*api.StorageClass) *fixture {
	return startWith(t, nil, classes...)
}

// startWith is newFixture with more controllers running beside the
// storage ones.
func startWith(t *testing.T, more []controllertest.Register, classes ...*api.StorageClass) *fixture {
	vols := NewVolumes()
	provisioner := func(m *controller.Manager) *controller.Controller { return RegisterProvisioner(m, vols) }
	clk, s, m := controllertest.Start(t, func(s *store.Store) {
		s.AddAdmission(Admission(s))
		for _, sc := range classes {
			_, err := s.Create(sc)
			require.NoError(t, err)
		}
	}, append([]controllertest.Register{Register, provisioner}, more...)...)
	return &fixture{t: t, store: s, clk: clk, mgr: m, vols: vols}
}

// run runs what is due and returns the writes the controllers made
// meanwhile, with their details.
func (f *fixture) run() []string {
	seq := f.mgr.Trace.Last()
	controllertest.Settle(f.clk)
	return controllertest.DetailsSince(f.mgr.Trace, seq, "")
}

func (f *fixture) create(o api.Object) api.Object {
	out, err := f.store.Create(o)
	require.NoError(f.t, err)
	return out
}

func (f *fixture) claim(name string) *api.PersistentVolumeClaim {
	o, err := f.store.Get(api.PersistentVolumeClaims, "default", name)
	require.NoError(f.t, err)
	return o.(*api.PersistentVolumeClaim)
}

func (f *fixture) volume(name string) *api.PersistentVolume {
	o, err := f.store.Get(api.PersistentVolumes, "", name)
	require.NoError(f.t, err)
	return o.(*api.PersistentVolume)
}

func (f *fixture) events(name string) []string {
	var out []string
	for _, o := range f.store.List(api.Events, "default") {
		if e := o.(*api.Event); e.InvolvedObject.Name == name {
			out = append(out, e.Type+" "+e.Reason+": "+e.Message)
		}
	}
	return out
}

func (f *fixture) selectNode(name, node string) {
	c := f.claim(name)
	c.Annotations = map[string]string{AnnSelectedNode: node}
	_, err := f.store.Update(c)
	require.NoError(f.t, err)
}

func newClaim(name string, class *string, size string) *api.PersistentVolumeClaim {
	return &api.PersistentVolumeClaim{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.PersistentVolumeClaimSpec{AccessModes: []string{api.ReadWriteOnce}, StorageClassName: class,
			Resources: api.ResourceRequirements{Requests: api.ResourceList{"storage": api.MustParseQuantity(size)}}}}
}

func immediate() *api.StorageClass {
	sc := DefaultStorageClass()
	sc.VolumeBindingMode = api.Ptr(api.VolumeBindingImmediate)
	return sc
}

func TestAdmissionGivesTheDefaultClassAndTheProtectionFinalizer(t *testing.T) {
	f := newFixture(t, DefaultStorageClass())
	c := f.create(newClaim("data", nil, "1Gi")).(*api.PersistentVolumeClaim)
	assert.Equal(t, "standard", api.ClaimClass(c))
	assert.Equal(t, []string{FinalizerPVCProtection}, c.Finalizers)
	assert.Equal(t, api.ClaimPending, c.Status.Phase)
	none := f.create(newClaim("none", api.Ptr(""), "1Gi")).(*api.PersistentVolumeClaim)
	assert.Equal(t, "", api.ClaimClass(none), `"" means no class, not the default`)
}

func TestWaitForFirstConsumerThenProvisionOnTheSelectedNode(t *testing.T) {
	f := newFixture(t, DefaultStorageClass())
	f.create(newClaim("www-web-0", nil, "1Gi"))
	f.run()
	assert.Equal(t, api.ClaimPending, f.claim("www-web-0").Status.Phase)
	assert.Equal(t, []string{"Normal WaitForFirstConsumer: waiting for first consumer to be created before binding"}, f.events("www-web-0"))
	assert.Empty(t, f.store.List(api.PersistentVolumes, ""))

	f.selectNode("www-web-0", "node-2")
	f.run()
	c := f.claim("www-web-0")
	pvName := "pvc-" + c.UID
	assert.Equal(t, api.ClaimBound, c.Status.Phase)
	assert.Equal(t, pvName, c.Spec.VolumeName)
	assert.Equal(t, "yes", c.Annotations[AnnBindCompleted])
	assert.Equal(t, Provisioner, c.Annotations[AnnStorageProvisioner])
	q := c.Status.Capacity["storage"]
	assert.Equal(t, "1Gi", q.String())
	pv := f.volume(pvName)
	assert.Equal(t, api.VolumeBound, pv.Status.Phase)
	assert.Equal(t, "www-web-0", pv.Spec.ClaimRef.Name)
	assert.Equal(t, api.ReclaimDelete, pv.Spec.PersistentVolumeReclaimPolicy)
	assert.True(t, VolumeFitsNode(pv, "node-2"))
	assert.False(t, VolumeFitsNode(pv, "node-1"), "a local volume lives on one node")
	assert.Equal(t, []string{FinalizerPVProtection}, pv.Finalizers)
	assert.Contains(t, f.events("www-web-0"), "Normal ProvisioningSucceeded: Successfully provisioned volume "+pvName)
	assert.Contains(t, f.events("www-web-0"), `Normal Provisioning: External provisioner is provisioning volume for claim "default/www-web-0"`)
	assert.True(t, f.vols.Has(pvName))
}

func TestImmediateClassProvisionsAtOnce(t *testing.T) {
	f := newFixture(t, immediate())
	f.create(newClaim("data", nil, "2Gi"))
	f.run()
	c := f.claim("data")
	assert.Equal(t, api.ClaimBound, c.Status.Phase)
	assert.Nil(t, f.volume(c.Spec.VolumeName).Spec.NodeAffinity)
}

func TestStaticVolumesBindSmallestFit(t *testing.T) {
	f := newFixture(t)
	for _, v := range []struct{ name, size string }{{"big", "10Gi"}, {"small", "1Gi"}, {"fits", "2Gi"}} {
		f.create(&api.PersistentVolume{ObjectMeta: api.ObjectMeta{Name: v.name},
			Spec: api.PersistentVolumeSpec{Capacity: api.ResourceList{"storage": api.MustParseQuantity(v.size)},
				AccessModes: []string{api.ReadWriteOnce}, HostPath: &api.HostPathVolumeSource{Path: "/data/" + v.name}}})
	}
	f.run()
	assert.Equal(t, api.VolumeAvailable, f.volume("big").Status.Phase)
	f.create(newClaim("data", api.Ptr(""), "1500Mi"))
	assert.Equal(t, []string{
		"update PersistentVolume fits: bind to claim default/data",
		"update-status PersistentVolume fits: phase Bound",
		"update PersistentVolumeClaim default/data: bind to volume fits",
		"update-status PersistentVolumeClaim default/data: phase Bound",
	}, f.run(), "the smallest volume that fits, and no other")
	assert.Equal(t, "fits", f.claim("data").Spec.VolumeName)
	assert.Equal(t, "yes", f.volume("fits").Annotations[AnnBoundByController])
}

func TestClaimWithoutClassAndNoVolumeWaits(t *testing.T) {
	f := newFixture(t)
	f.create(newClaim("data", nil, "1Gi")) // no default class exists
	f.run()
	assert.Equal(t, api.ClaimPending, f.claim("data").Status.Phase)
	assert.Equal(t, []string{"Normal FailedBinding: no persistent volumes available for this claim and no storage class is set"}, f.events("data"))
}

func TestUnknownClassStaysPendingUntilItExists(t *testing.T) {
	f := newFixture(t)
	f.create(newClaim("data", api.Ptr("fast"), "1Gi"))
	f.run()
	assert.Equal(t, api.ClaimPending, f.claim("data").Status.Phase)
	assert.Equal(t, []string{`Warning ProvisioningFailed: storageclass.storage.k8s.io "fast" not found`}, f.events("data"))
	sc := immediate()
	sc.Name = "fast"
	f.create(sc)
	f.run()
	assert.Equal(t, api.ClaimBound, f.claim("data").Status.Phase)
}

func TestClaimInUseStaysUntilThePodGoesThenItsVolumeIsDeleted(t *testing.T) {
	f := newFixture(t, immediate())
	f.create(newClaim("data", nil, "1Gi"))
	f.run()
	pvName := f.claim("data").Spec.VolumeName
	require.NoError(t, f.vols.FS(pvName).WriteFile("/index.html", []byte("hello")))
	f.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "user", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}},
			Volumes: []api.Volume{{Name: "d", PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: "data"}}}}})
	_, err := f.store.Delete(api.PersistentVolumeClaims, "default", "data", store.DeleteOptions{})
	require.NoError(t, err)
	assert.Nil(t, f.run(), "no write while the pod uses it")
	assert.NotNil(t, f.claim("data").DeletionTimestamp, "Terminating while the pod uses it")
	assert.True(t, f.vols.Has(pvName))

	_, err = f.store.Delete(api.Pods, "default", "user", store.DeleteOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"update PersistentVolumeClaim default/data: remove finalizer " + FinalizerPVCProtection,
		"update-status PersistentVolume " + pvName + ": phase Released",
		"delete PersistentVolume " + pvName + ": reclaim (Delete)",
		"update PersistentVolume " + pvName + ": remove finalizer " + FinalizerPVProtection,
	}, f.run(), "the claim goes once unused; reclaim policy Delete removes its volume")
	_, err = f.store.Get(api.PersistentVolumeClaims, "default", "data")
	assert.True(t, api.IsNotFound(err), "the claim is gone")
	_, err = f.store.Get(api.PersistentVolumes, "", pvName)
	assert.True(t, api.IsNotFound(err), "and the volume")
	assert.False(t, f.vols.Has(pvName), "and its data")
}

func TestRetainKeepsAReleasedVolumeAndItsData(t *testing.T) {
	sc := immediate()
	sc.ReclaimPolicy = api.Ptr(api.ReclaimRetain)
	f := newFixture(t, sc)
	f.create(newClaim("data", nil, "1Gi"))
	f.run()
	pvName := f.claim("data").Spec.VolumeName
	require.NoError(t, f.vols.FS(pvName).WriteFile("/f", []byte("x")))
	_, err := f.store.Delete(api.PersistentVolumeClaims, "default", "data", store.DeleteOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"update PersistentVolumeClaim default/data: remove finalizer " + FinalizerPVCProtection,
		"update-status PersistentVolume " + pvName + ": phase Released",
	}, f.run(), "released, not deleted")
	assert.Equal(t, api.VolumeReleased, f.volume(pvName).Status.Phase)
	b, err := f.vols.FS(pvName).ReadFile("/f")
	require.NoError(t, err)
	assert.Equal(t, "x", string(b))
}
