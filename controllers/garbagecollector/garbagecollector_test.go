package garbagecollector_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/controllers/garbagecollector"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with only the garbage collector running: the test
// writes owners and dependents itself, so nothing but the collector
// deletes anything. Pods are unbound, so they go without a grace period.
type fixture struct {
	t     *testing.T
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	clk, s, m := controllertest.Start(t, nil, garbagecollector.Register)
	return &fixture{t: t, clk: clk, store: s, mgr: m}
}

// actions is what the collector wrote since the trace's entry seq.
func (f *fixture) actions(seq int64) []string {
	return controllertest.ActionsSince(f.mgr.Trace, seq, "garbagecollector")
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) createRS(name string) *api.ReplicaSet {
	f.t.Helper()
	labels := map[string]string{"app": name}
	o, err := f.store.Create(&api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ReplicaSetSpec{Replicas: api.Ptr[int32](2), Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.7.9"}}}}}})
	require.NoError(f.t, err)
	return o.(*api.ReplicaSet)
}

// createPod makes a pod owned (as its controller) by an owner of the given
// name and uid.
func (f *fixture) createPod(name, ownerName, ownerUID string) {
	f.t.Helper()
	_, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default",
		Labels: map[string]string{"app": ownerName},
		OwnerReferences: []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: ownerName, UID: ownerUID,
			Controller: api.Ptr(true), BlockOwnerDeletion: api.Ptr(true)}}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.7.9"}}}})
	require.NoError(f.t, err)
}

func names(objs []api.Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, o.GetObjectMeta().Name)
	}
	return out
}

func TestBackgroundDeletionOfAReplicaSetRemovesItsPods(t *testing.T) {
	f := newFixture(t)
	web := f.createRS("web")
	db := f.createRS("db")
	f.createPod("web-1", "web", web.UID)
	f.createPod("web-2", "web", web.UID)
	f.createPod("db-1", "db", db.UID)
	f.settle()
	require.Len(t, f.store.List(api.Pods, "default"), 3, "pods whose owner exists stay")
	assert.Empty(t, f.actions(0))

	seq := f.mgr.Trace.Last()
	_, err := f.store.Delete(api.ReplicaSets, "default", "web", store.DeleteOptions{PropagationPolicy: store.PropagationBackground})
	require.NoError(t, err)
	f.settle()
	assert.Equal(t, []string{"delete Pod default/web-1", "delete Pod default/web-2"}, f.actions(seq))
	assert.Equal(t, []string{"db-1"}, names(f.store.List(api.Pods, "default")), "web's pods go, db's stay")
	assert.Equal(t, []string{"db"}, names(f.store.List(api.ReplicaSets, "default")))
}

func TestADependentOfAReCreatedOwnerIsCollected(t *testing.T) {
	f := newFixture(t)
	old := f.createRS("web")
	f.createPod("web-old", "web", old.UID)
	f.settle()

	// The owner is deleted and re-created under the same name before the
	// collector looks: the name matches, the uid does not.
	_, err := f.store.Delete(api.ReplicaSets, "default", "web", store.DeleteOptions{})
	require.NoError(t, err)
	cur := f.createRS("web")
	require.NotEqual(t, old.UID, cur.UID)
	f.createPod("web-new", "web", cur.UID)
	f.settle()

	assert.Equal(t, []string{"web-new"}, names(f.store.List(api.Pods, "default")),
		"the pod of the old web goes; the pod of the new web stays")
	assert.Equal(t, []string{"delete Pod default/web-old"}, f.actions(0))
	assert.Equal(t, []string{"web"}, names(f.store.List(api.ReplicaSets, "default")))
}

func TestADependentWhoseOwnerNeverExistedIsCollected(t *testing.T) {
	f := newFixture(t)
	f.createRS("web")
	f.createPod("stray", "web", "00000000-0000-4000-8000-000000000000")
	f.createPod("ghost", "nothing", "00000000-0000-4000-8000-000000000001")
	f.settle()
	assert.Empty(t, f.store.List(api.Pods, "default"))
	assert.Len(t, f.store.List(api.ReplicaSets, "default"), 1, "the live owner of that name is not touched")
	assert.ElementsMatch(t, []string{"delete Pod default/stray", "delete Pod default/ghost"}, f.actions(0))
}

func TestOrphanDeletionStripsOwnerReferences(t *testing.T) {
	f := newFixture(t)
	web := f.createRS("web")
	f.createPod("web-1", "web", web.UID)
	f.createPod("web-2", "web", web.UID)
	f.settle()

	_, err := f.store.Delete(api.ReplicaSets, "default", "web", store.DeleteOptions{PropagationPolicy: store.PropagationOrphan})
	require.NoError(t, err)
	f.settle()
	assert.Equal(t, []string{"update Pod default/web-1", "update Pod default/web-2", "update ReplicaSet default/web"}, f.actions(0),
		"the dependents lose their reference, then the owner its orphan finalizer")
	assert.Empty(t, f.store.List(api.ReplicaSets, "default"))
	pods := f.store.List(api.Pods, "default")
	require.Len(t, pods, 2)
	for _, p := range pods {
		assert.Empty(t, p.GetObjectMeta().OwnerReferences)
	}
}

func TestForegroundDeletionWaitsForTheDependents(t *testing.T) {
	f := newFixture(t)
	web := f.createRS("web")
	f.createPod("web-1", "web", web.UID)
	f.settle()

	_, err := f.store.Delete(api.ReplicaSets, "default", "web", store.DeleteOptions{PropagationPolicy: store.PropagationForeground})
	require.NoError(t, err)
	// Step by step: while the pod exists, the owner exists and is marked.
	for f.clk.StepDue() {
		if _, err := f.store.Get(api.Pods, "default", "web-1"); err == nil {
			o, err := f.store.Get(api.ReplicaSets, "default", "web")
			require.NoError(t, err, "the owner went before its dependent")
			assert.Contains(t, o.GetObjectMeta().Finalizers, store.FinalizerForeground)
			assert.NotNil(t, o.GetObjectMeta().DeletionTimestamp)
		}
	}
	assert.Empty(t, f.store.List(api.Pods, "default"))
	assert.Empty(t, f.store.List(api.ReplicaSets, "default"))
	assert.Equal(t, []string{"delete Pod default/web-1", "update ReplicaSet default/web"}, f.actions(0),
		"the dependent goes, then the owner's foreground finalizer")
}

// The whole cluster, through kubectl.

const nginxDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.7.9
`

func newCluster(t *testing.T) *cluster.Cluster {
	t.Helper()
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	settled, _ := c.Settle(0)
	require.True(t, settled)
	require.Len(t, c.Store().List(api.ReplicaSets, "default"), 1)
	require.Len(t, c.Store().List(api.Pods, "default"), 3)
	return c
}

func kubectl(t *testing.T, c *cluster.Cluster, line string) string {
	t.Helper()
	res := c.Kubectl(line, "")
	require.Equal(t, 0, res.ExitCode, "%s\nstdout: %s\nstderr: %s", line, res.Stdout, res.Stderr)
	return res.Stdout
}

func TestDeletingADeploymentRemovesItsReplicaSetsAndPods(t *testing.T) {
	c := newCluster(t)
	// Two ReplicaSets: the rollout leaves the old one scaled to zero.
	kubectl(t, c, "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1")
	settled, _ := c.Settle(0)
	require.True(t, settled)
	require.Len(t, c.Store().List(api.ReplicaSets, "default"), 2)

	out := kubectl(t, c, "kubectl delete deployment nginx-deployment")
	assert.Equal(t, "deployment.apps \"nginx-deployment\" deleted\n", out)
	_, err := c.Store().Get(api.Deployments, "default", "nginx-deployment")
	assert.True(t, api.IsNotFound(err))

	// The pods terminate gracefully (the kubelet stops them), then go.
	sawTerminating := false
	require.True(t, c.RunUntil(func() bool {
		for _, o := range c.Store().List(api.Pods, "default") {
			if api.PodDisplayStatus(o.(*api.Pod)) == "Terminating" {
				sawTerminating = true
			}
		}
		return len(c.Store().List(api.Pods, "default")) == 0
	}, time.Minute))
	assert.True(t, sawTerminating)
	assert.Empty(t, c.Store().List(api.ReplicaSets, "default"))
	settled, _ = c.Settle(0)
	assert.True(t, settled)
	assert.Empty(t, c.Store().List(api.Pods, "default"), "nothing re-creates them")
}

func TestOrphanCascadeKeepsReplicaSetsAndPods(t *testing.T) {
	c := newCluster(t)
	rs := c.Store().List(api.ReplicaSets, "default")[0]
	pods := names(c.Store().List(api.Pods, "default"))

	out := kubectl(t, c, "kubectl delete deployment nginx-deployment --cascade=orphan")
	assert.Equal(t, "deployment.apps \"nginx-deployment\" deleted\n", out)
	settled, _ := c.Settle(0)
	require.True(t, settled)

	_, err := c.Store().Get(api.Deployments, "default", "nginx-deployment")
	assert.True(t, api.IsNotFound(err), "the deployment is gone")
	left := c.Store().List(api.ReplicaSets, "default")
	require.Len(t, left, 1)
	assert.Equal(t, rs.GetObjectMeta().UID, left[0].GetObjectMeta().UID, "the same ReplicaSet")
	assert.Empty(t, left[0].GetObjectMeta().OwnerReferences, "no longer owned by the deployment")
	assert.Nil(t, left[0].GetObjectMeta().DeletionTimestamp)
	assert.Equal(t, pods, names(c.Store().List(api.Pods, "default")), "the same pods, still running")
	for _, o := range c.Store().List(api.Pods, "default") {
		p := o.(*api.Pod)
		assert.Equal(t, "Running", api.PodDisplayStatus(p))
		assert.True(t, api.IsControlledBy(p, rs.GetObjectMeta().UID), "pods keep their ReplicaSet")
	}
}

func TestForegroundCascadeKeepsTheDeploymentUntilDependentsAreGone(t *testing.T) {
	c := newCluster(t)
	out := kubectl(t, c, "kubectl delete deployment nginx-deployment --cascade=foreground --wait=false")
	assert.Equal(t, "deployment.apps \"nginx-deployment\" deleted\n", out)

	o, err := c.Store().Get(api.Deployments, "default", "nginx-deployment")
	require.NoError(t, err, "the owner stays while it has dependents")
	assert.Equal(t, []string{store.FinalizerForeground}, o.GetObjectMeta().Finalizers)
	assert.NotNil(t, o.GetObjectMeta().DeletionTimestamp)

	var order []string // what disappeared, in order
	seen := map[string]bool{}
	steps := 0
	for c.Step() && steps < 100000 {
		steps++
		deps := len(c.Store().List(api.ReplicaSets, "default")) + len(c.Store().List(api.Pods, "default"))
		d, err := c.Store().Get(api.Deployments, "default", "nginx-deployment")
		if deps > 0 {
			require.NoError(t, err, "the deployment went before its dependents")
			assert.Contains(t, d.GetObjectMeta().Finalizers, store.FinalizerForeground)
			assert.NotNil(t, d.GetObjectMeta().DeletionTimestamp)
		}
		for _, k := range []*api.Kind{api.Pods, api.ReplicaSets, api.Deployments} {
			if !seen[k.Kind] && len(c.Store().List(k, "default")) == 0 {
				seen[k.Kind] = true
				order = append(order, k.Kind)
			}
		}
		if err != nil {
			break
		}
	}
	assert.Equal(t, []string{"Pod", "ReplicaSet", "Deployment"}, order, "dependents first, the owner last")
	settled, _ := c.Settle(0)
	assert.True(t, settled)
	assert.Empty(t, c.Store().List(api.Pods, "default"))
}

func TestForegroundCascadeStopsPodsGracefully(t *testing.T) {
	c := newCluster(t)
	start := c.Store().Revision()
	deleted := c.Now()
	kubectl(t, c, "kubectl delete deployment nginx-deployment --cascade=foreground")
	events, err := c.Store().Events(start)
	require.NoError(t, err)
	gone := 0
	for _, ev := range events {
		p, ok := ev.Object.(*api.Pod)
		if !ok {
			continue
		}
		// A pod has no dependents: it is deleted in the background, so it
		// needs no foregroundDeletion finalizer that could drop it from
		// the API while its containers still run.
		assert.NotContains(t, p.Finalizers, store.FinalizerForeground, "pod %s", p.Name)
		if ev.Type == store.Deleted {
			gone++
		}
	}
	assert.Equal(t, 3, gone)
	// Each pod was removed by its kubelet once its containers had stopped.
	removedByKubelet := 0
	for _, e := range c.TraceSince(0) {
		for _, a := range e.Actions {
			if e.Controller == "kubelet" && a.Verb == "delete" && a.Error == "" {
				removedByKubelet++
			}
		}
	}
	assert.Equal(t, 3, removedByKubelet)
	assert.Equal(t, deleted.Add(time.Second), c.Now(), "kubectl waited for the kubelets' 1s stop, then the owners went")
	killed := 0
	for _, o := range c.Store().List(api.Events, "default") {
		if e := o.(*api.Event); e.Reason == "Killing" {
			killed++
		}
	}
	assert.Equal(t, 3, killed)
}

// TestDependentsOfSeveralKindsGoInTheSameOrderEveryRun: an owner with
// dependents of two kinds (a StatefulSet's pods and ControllerRevisions)
// is deleted; the collector must look at them in one order on every run,
// or the same seed would not give the same history.
func TestDependentsOfSeveralKindsGoInTheSameOrderEveryRun(t *testing.T) {
	deletions := func() []string {
		f := newFixture(t)
		owner := f.createRS("web")
		ref := []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web", UID: owner.UID, Controller: api.Ptr(true)}}
		for _, n := range []string{"web-1", "web-2"} {
			f.createPod(n, "web", owner.UID)
			_, err := f.store.Create(&api.ControllerRevision{ObjectMeta: api.ObjectMeta{Name: n + "-rev", Namespace: "default", OwnerReferences: ref}})
			require.NoError(t, err)
			_, err = f.store.Create(&api.Service{ObjectMeta: api.ObjectMeta{Name: n + "-svc", Namespace: "default", OwnerReferences: ref},
				Spec: api.ServiceSpec{Ports: []api.ServicePort{{Port: 80}}}})
			require.NoError(t, err)
		}
		f.settle()
		rev := f.store.Revision()
		_, err := f.store.Delete(api.ReplicaSets, "default", "web", store.DeleteOptions{})
		require.NoError(t, err)
		f.settle()
		events, err := f.store.Events(rev)
		require.NoError(t, err)
		var out []string
		for _, e := range events {
			if e.Type == store.Deleted {
				out = append(out, e.Key)
			}
		}
		return out
	}
	first := deletions()
	require.Len(t, first, 7, "the owner and its six dependents")
	for range 20 {
		require.Equal(t, first, deletions())
	}
}
