package replication_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/replication"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with only the ReplicationController controller: no
// scheduler, no kubelet, so pods stay as the test writes them.
type fixture struct {
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, nil, replication.Register)
	return &fixture{clk: clk, store: s, mgr: m}
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) pods() []*api.Pod {
	var out []*api.Pod
	for _, o := range f.store.List(api.Pods, "default") {
		out = append(out, o.(*api.Pod))
	}
	return out
}

func (f *fixture) rc(t *testing.T) *api.ReplicationController {
	o, err := f.store.Get(api.ReplicationControllers, "default", "web")
	require.NoError(t, err)
	return o.(*api.ReplicationController)
}

// newRC has no selector: the API server defaults it from the template.
func newRC(replicas int32) *api.ReplicationController {
	return &api.ReplicationController{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ReplicationControllerSpec{Replicas: api.Ptr(replicas),
			Template: &api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "web"}},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx:1.14.2"}}}}},
	}
}

func TestSelectorAndLabelsDefaultFromTheTemplate(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(newRC(1))
	require.NoError(t, err)
	rc := f.rc(t)
	assert.Equal(t, map[string]string{"app": "web"}, rc.Spec.Selector)
	assert.Equal(t, map[string]string{"app": "web"}, rc.Labels)
}

func TestCreatesPodsOwnedByTheReplicationController(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(newRC(3))
	require.NoError(t, err)
	f.settle()
	pods := f.pods()
	require.Len(t, pods, 3)
	rc := f.rc(t)
	for _, p := range pods {
		assert.Regexp(t, `^web-[bcdfghjklmnpqrstvwxz2456789]{5}$`, p.Name)
		ref := api.ControllerOf(p)
		require.NotNil(t, ref)
		assert.Equal(t, "ReplicationController", ref.Kind)
		assert.Equal(t, "v1", ref.APIVersion)
		assert.Equal(t, rc.UID, ref.UID)
	}
	assert.Equal(t, int32(3), rc.Status.Replicas)
	assert.Equal(t, int64(1), rc.Status.ObservedGeneration)
}

func TestScalesDownAndReplacesADeletedPod(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(newRC(3))
	require.NoError(t, err)
	f.settle()
	p := f.pods()[0]
	_, err = f.store.Delete(api.Pods, "default", p.Name, store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	assert.Len(t, f.pods(), 3)

	rc := api.DeepCopy(f.rc(t))
	rc.Spec.Replicas = api.Ptr[int32](1)
	_, err = f.store.Update(rc)
	require.NoError(t, err)
	f.settle()
	assert.Len(t, f.pods(), 1)
	assert.Equal(t, int32(1), f.rc(t).Status.Replicas)
}

func TestAdoptsAMatchingOrphanAndReleasesAPodThatStopsMatching(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "orphan", Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
	require.NoError(t, err)
	_, err = f.store.Create(newRC(2))
	require.NoError(t, err)
	f.settle()
	pods := f.pods()
	require.Len(t, pods, 2, "the orphan counts as one of the two")
	o, _ := f.store.Get(api.Pods, "default", "orphan")
	ref := api.ControllerOf(o)
	require.NotNil(t, ref)
	assert.Equal(t, "web", ref.Name)

	p := api.DeepCopy(o.(*api.Pod))
	p.Labels = map[string]string{"app": "debug"}
	_, err = f.store.Update(p)
	require.NoError(t, err)
	f.settle()
	o, _ = f.store.Get(api.Pods, "default", "orphan")
	assert.Nil(t, api.ControllerOf(o), "released")
	assert.Len(t, f.pods(), 3, "a replacement was made for the released pod")
}

func TestEventsComeFromTheReplicationController(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(newRC(1))
	require.NoError(t, err)
	f.settle()
	var reasons []string
	for _, o := range f.store.List(api.Events, "default") {
		e := o.(*api.Event)
		if e.InvolvedObject.Kind == "ReplicationController" {
			reasons = append(reasons, e.Reason+" "+e.Source.Component)
		}
	}
	assert.Equal(t, []string{"SuccessfulCreate replication-controller"}, reasons)
}

func TestSelectorMustMatchTheTemplate(t *testing.T) {
	f := newFixture(t)
	rc := newRC(1)
	rc.Spec.Selector = map[string]string{"app": "other"}
	_, err := f.store.Create(rc)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"web\"}: `selector` does not match template `labels`")
}
