package namespace_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/namespace"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

type fixture struct {
	clk   *clock.Sim
	store *store.Store
	m     *controller.Manager
}

// newFixture runs the namespace controller alone over a real store, with
// namespace "shop" holding a pod on a node and a Service. There is no
// kubelet, so a deleted pod on a node stays Terminating until the test
// finishes it.
func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, func(s *store.Store) {
		_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "shop"}})
		require.NoError(t, err)
	}, namespace.Register)
	f := &fixture{clk: clk, store: s, m: m}
	f.create(t, &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "shop"},
		Spec: api.PodSpec{NodeName: "node-1", Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
	f.create(t, &api.Service{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "shop"},
		Spec: api.ServiceSpec{Ports: []api.ServicePort{{Port: 80}}}})
	return f
}

func (f *fixture) create(t *testing.T, o api.Object) {
	_, err := f.store.Create(o)
	require.NoError(t, err)
}

// settle delivers watch events and runs what is due, without moving time.
func (f *fixture) settle() { controllertest.Settle(f.clk) }

// reconcile runs one reconcile of "shop" directly, once the caches are
// up to date, and returns its result and writes.
func (f *fixture) reconcile(t *testing.T) (controller.Result, []string) {
	return controllertest.Reconcile(t, f.m, "namespace", controller.Request{Name: "shop"})
}

func (f *fixture) namespace(t *testing.T) *api.Namespace {
	o, err := f.store.Get(api.Namespaces, "", "shop")
	require.NoError(t, err)
	return o.(*api.Namespace)
}

func (f *fixture) count(kind *api.Kind) int { return len(f.store.List(kind, "shop")) }

func TestANewNamespaceIsActiveWithTheKubernetesFinalizer(t *testing.T) {
	f := newFixture(t)
	ns := f.namespace(t)
	assert.Equal(t, "Active", ns.Status.Phase)
	assert.Equal(t, []string{"kubernetes"}, ns.Spec.Finalizers)
	assert.Equal(t, "shop", ns.Labels["kubernetes.io/metadata.name"])
}

func TestDeletingANamespaceMarksItTerminating(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Delete(api.Namespaces, "", "shop", store.DeleteOptions{})
	require.NoError(t, err)
	ns := f.namespace(t)
	assert.Equal(t, "Terminating", ns.Status.Phase)
	assert.NotNil(t, ns.DeletionTimestamp)
	assert.Equal(t, []string{"kubernetes"}, ns.Spec.Finalizers)

	_, err = f.store.Create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "late", Namespace: "shop"},
		Spec: api.ServiceSpec{Ports: []api.ServicePort{{Port: 80}}}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unable to create new content in namespace shop because it is being terminated")
}

func TestAnActiveNamespaceIsLeftAlone(t *testing.T) {
	f := newFixture(t)
	f.m.SetLeading(false) // the test's reconcile is the only one
	res, actions := f.reconcile(t)
	assert.Equal(t, controller.Result{}, res)
	assert.Nil(t, actions)
}

func TestDeletesTheContentThenWaitsForTerminatingPods(t *testing.T) {
	f := newFixture(t)
	f.m.SetLeading(false) // the test's reconciles are the only ones
	_, err := f.store.Delete(api.Namespaces, "", "shop", store.DeleteOptions{})
	require.NoError(t, err)

	res, actions := f.reconcile(t)
	assert.Equal(t, []string{"delete Pod shop/web", "delete Service shop/web"}, actions)
	assert.Equal(t, 0, f.count(api.Services), "a service goes at once")
	require.Equal(t, 1, f.count(api.Pods), "the pod on a node is Terminating for its grace period")
	assert.Equal(t, 16*time.Second, res.RequeueAfter, "half the 30s estimate, plus a second")
	assert.Equal(t, "Terminating", f.namespace(t).Status.Phase, "not finalized while content remains")

	// The kubelet finishes the pod.
	_, err = f.store.Delete(api.Pods, "shop", "web", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
	require.NoError(t, err)
	res, actions = f.reconcile(t)
	assert.Equal(t, controller.Result{}, res)
	assert.Equal(t, []string{"finalize Namespace shop"}, actions, "no content is left: the finalizer goes")
	_, err = f.store.Get(api.Namespaces, "", "shop")
	assert.True(t, api.IsNotFound(err), "the namespace goes once its finalizer is removed: %v", err)
}

func TestTheRunLoopEmptiesAndRemovesTheNamespace(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Delete(api.Namespaces, "", "shop", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	assert.Equal(t, 1, f.count(api.Pods))
	_, err = f.store.Delete(api.Pods, "shop", "web", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
	require.NoError(t, err)
	f.clk.Advance(15 * time.Second)
	assert.Equal(t, "Terminating", f.namespace(t).Status.Phase, "the controller looks again only after 16s")
	f.clk.Advance(time.Second)
	_, err = f.store.Get(api.Namespaces, "", "shop")
	assert.True(t, api.IsNotFound(err), "%v", err)
}

// The reconcile that removes the finalizer records it in the trace, as
// every other write: the trace shows why the namespace went.
func TestRemovingTheFinalizerIsTraced(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Delete(api.Pods, "shop", "web", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
	require.NoError(t, err)
	_, err = f.store.Delete(api.Namespaces, "", "shop", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	assert.Equal(t, []string{
		"delete Service shop/web: namespace shop is terminating",
		"finalize Namespace shop: remove kubernetes",
	}, controllertest.DetailsSince(f.m.Trace, 0, "namespace"))
}
