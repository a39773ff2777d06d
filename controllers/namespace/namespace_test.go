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
	"github.com/kubeloop/kubeloop/core/store"
)

type fixture struct {
	clk   *clock.Sim
	store *store.Store
	m     *controller.Manager
	r     *namespace.Reconciler
}

// newFixture runs the namespace controller alone over a real store, with
// namespace "shop" holding a pod on a node and a Service. There is no
// kubelet, so a deleted pod on a node stays Terminating until the test
// finishes it.
func newFixture(t *testing.T) *fixture {
	clk := clock.New(1)
	s := store.New(clk)
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "shop"}})
	require.NoError(t, err)
	m := controller.NewManager(s, controller.NewTrace(100))
	c := namespace.Register(m)
	require.NoError(t, m.Start())
	m.SetLeading(true)
	f := &fixture{clk: clk, store: s, m: m, r: c.Reconciler().(*namespace.Reconciler)}
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
func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

// reconcile runs one reconcile of "shop" directly, once the caches are
// up to date.
func (f *fixture) reconcile(t *testing.T) controller.Result {
	f.settle()
	ctx := controller.NewContext(f.clk, f.store, nil, nil)
	res, err := f.r.Reconcile(ctx, controller.Request{Name: "shop"})
	require.NoError(t, err)
	return res
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
	assert.Equal(t, controller.Result{}, f.reconcile(t))
	assert.Equal(t, 1, f.count(api.Pods))
	assert.Equal(t, 1, f.count(api.Services))
}

func TestDeletesTheContentThenWaitsForTerminatingPods(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Delete(api.Namespaces, "", "shop", store.DeleteOptions{})
	require.NoError(t, err)

	res := f.reconcile(t)
	assert.Equal(t, 0, f.count(api.Services), "a service goes at once")
	require.Equal(t, 1, f.count(api.Pods), "the pod on a node is Terminating for its grace period")
	assert.Equal(t, 16*time.Second, res.RequeueAfter, "half the 30s estimate, plus a second")
	assert.Equal(t, "Terminating", f.namespace(t).Status.Phase, "not finalized while content remains")

	// The kubelet finishes the pod.
	_, err = f.store.Delete(api.Pods, "shop", "web", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
	require.NoError(t, err)
	assert.Equal(t, controller.Result{}, f.reconcile(t))
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
	var finalized []controller.Action
	for _, e := range f.m.Trace.Since(0) {
		for _, a := range e.Actions {
			if a.Verb == "finalize" {
				finalized = append(finalized, a)
			}
		}
	}
	require.Len(t, finalized, 1)
	assert.Equal(t, "shop", finalized[0].Name)
	assert.Equal(t, "remove kubernetes", finalized[0].Detail)
}
