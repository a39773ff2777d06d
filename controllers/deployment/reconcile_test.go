package deployment

// Whole-loop tests: a real store, real informers and the manager's runner
// drive the Deployment controller. There is no ReplicaSet controller here;
// a fake one in this file reports each ReplicaSet's status as if its pods
// came up at once (or, per test, stay unavailable).

import (
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

type env struct {
	t   *testing.T
	clk *clock.Sim
	s   *store.Store
	m   *controller.Manager
	// available says how many of an RS's pods the fake RS controller reports
	// available; nil: all of them.
	available func(rs *api.ReplicaSet) int32
	fakeRS    *controller.Controller
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{t: t}
	e.clk, e.s, e.m = controllertest.Start(t, nil, Register, e.registerFakeReplicaSetStatus)
	return e
}

// registerFakeReplicaSetStatus stands in for the ReplicaSet controller:
// status.replicas follows spec.replicas at once, availability per e.available.
func (e *env) registerFakeReplicaSetStatus(m *controller.Manager) *controller.Controller {
	inf := m.Informers.For(api.ReplicaSets)
	e.fakeRS = m.NewController("fake-replicaset-status", controller.ReconcileFunc(func(ctx *controller.Context, req controller.Request) (controller.Result, error) {
		o, ok := inf.Get(req.Namespace, req.Name)
		if !ok {
			return controller.Result{}, nil
		}
		rs := o.(*api.ReplicaSet)
		spec := specOf(rs)
		avail := spec
		if e.available != nil {
			avail = min(spec, e.available(rs))
		}
		want := api.ReplicaSetStatus{Replicas: spec, FullyLabeledReplicas: spec, ReadyReplicas: avail,
			AvailableReplicas: avail, ObservedGeneration: rs.Generation}
		if reflect.DeepEqual(rs.Status, want) {
			return controller.Result{}, nil
		}
		cp := api.DeepCopy(rs)
		cp.Status = want
		_, err := ctx.UpdateStatus(cp, "fake status")
		return controller.Result{}, err
	}), controller.Options{})
	inf.AddHandler(informer.Handler{OnAdd: e.fakeRS.EnqueueObject, OnUpdate: func(_, o api.Object) { e.fakeRS.EnqueueObject(o) }})
	return e.fakeRS
}

// settle runs everything due now, repeatedly, until nothing is.
func (e *env) settle() {
	for i := 0; e.clk.StepDue(); i++ {
		require.Less(e.t, i, 100000, "the loop does not settle")
	}
}

// resyncRS makes the fake RS controller look at every ReplicaSet again
// (after a test changed e.available).
func (e *env) resyncRS() {
	for _, o := range e.s.List(api.ReplicaSets, "default") {
		e.fakeRS.EnqueueObject(o)
	}
	e.settle()
}

func (e *env) create(o api.Object) {
	e.t.Helper()
	_, err := e.s.Create(o)
	require.NoError(e.t, err)
	e.settle()
}

func (e *env) deployment(name string) *api.Deployment {
	e.t.Helper()
	o, err := e.s.Get(api.Deployments, "default", name)
	require.NoError(e.t, err)
	return o.(*api.Deployment)
}

// update edits a Deployment's spec in the store, as kubectl would.
func (e *env) update(name string, edit func(d *api.Deployment)) {
	e.t.Helper()
	d := api.DeepCopy(e.deployment(name))
	edit(d)
	_, err := e.s.Update(d)
	require.NoError(e.t, err)
	e.settle()
}

// replicaSets lists the ReplicaSets, by revision.
func (e *env) replicaSets() []*api.ReplicaSet {
	rss := informer.Typed[*api.ReplicaSet](e.s.List(api.ReplicaSets, "default"))
	sort.Slice(rss, func(i, j int) bool { return revisionOf(rss[i]) < revisionOf(rss[j]) })
	return rss
}

// events returns the messages of one reason's events in the order they
// were recorded (creation revision), independent of names and hashes.
func (e *env) events(reason string) []string {
	var evs []*api.Event
	for _, o := range e.s.List(api.Events, "default") {
		if ev := o.(*api.Event); ev.Reason == reason {
			evs = append(evs, ev)
		}
	}
	sort.Slice(evs, func(i, j int) bool { return createdAt(evs[i]) < createdAt(evs[j]) })
	out := make([]string, len(evs))
	for i, ev := range evs {
		out[i] = ev.Message
	}
	return out
}

// createdAt reads the recorder's name suffix: simulated nanoseconds plus the
// store revision at creation, in hex — increasing in creation order.
func createdAt(ev *api.Event) uint64 {
	n, _ := strconv.ParseUint(ev.Name[strings.LastIndex(ev.Name, ".")+1:], 16, 64)
	return n
}

func webDeployment(name string, replicas int32, image string) *api.Deployment {
	labels := map[string]string{"app": name}
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: api.Ptr(replicas),
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "web", Image: image}}},
			},
		},
	}
}

func setImage(image string) func(*api.Deployment) {
	return func(d *api.Deployment) { d.Spec.Template.Spec.Containers[0].Image = image }
}

func condition(d *api.Deployment, t string) api.DeploymentCondition {
	if c := getCondition(&d.Status, t); c != nil {
		return *c
	}
	return api.DeploymentCondition{}
}

func TestNewDeploymentCreatesItsReplicaSet(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 3, "nginx:1.25"))

	d := e.deployment("web")
	rss := e.replicaSets()
	require.Len(t, rss, 1)
	rs := rss[0]
	hash := ComputeHash(&d.Spec.Template, nil)
	assert.Equal(t, "web-"+hash, rs.Name)
	assert.Equal(t, map[string]string{"app": "web", PodTemplateHashLabel: hash}, rs.Labels)
	assert.Equal(t, rs.Labels, rs.Spec.Template.Labels)
	assert.Equal(t, rs.Labels, rs.Spec.Selector.MatchLabels)
	assert.Equal(t, int32(3), specOf(rs))
	require.Len(t, rs.OwnerReferences, 1)
	assert.Equal(t, api.OwnerReference{APIVersion: "apps/v1", Kind: "Deployment", Name: "web", UID: d.UID,
		Controller: api.Ptr(true), BlockOwnerDeletion: api.Ptr(true)}, rs.OwnerReferences[0])
	assert.Equal(t, "1", rs.Annotations[RevisionAnnotation])
	assert.Equal(t, "3", rs.Annotations[DesiredReplicasAnnotation])
	assert.Equal(t, "4", rs.Annotations[MaxReplicasAnnotation], "3 + maxSurge 25% rounded up")
	assert.Equal(t, map[string]string{"app": "web"}, d.Spec.Selector.MatchLabels, "the Deployment's selector is never changed")
	assert.Nil(t, d.Labels)

	assert.Equal(t, "1", d.Annotations[RevisionAnnotation])
	assert.Equal(t, api.DeploymentStatus{ObservedGeneration: 1, Replicas: 3, UpdatedReplicas: 3, ReadyReplicas: 3, AvailableReplicas: 3,
		Conditions: d.Status.Conditions}, d.Status)
	avail := condition(d, api.DeploymentAvailable)
	assert.Equal(t, [3]string{"True", ReasonMinimumReplicasAvailable, "Deployment has minimum availability."},
		[3]string{avail.Status, avail.Reason, avail.Message})
	prog := condition(d, api.DeploymentProgressing)
	assert.Equal(t, [3]string{"True", ReasonNewReplicaSetAvailable, `ReplicaSet "` + rs.Name + `" has successfully progressed.`},
		[3]string{prog.Status, prog.Reason, prog.Message})
	assert.Equal(t, []string{"Scaled up replica set " + rs.Name + " from 0 to 3"}, e.events("ScalingReplicaSet"))
}

func TestSettledDeploymentMakesNoWrites(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 3, "nginx:1.25"))
	rev := e.s.Revision()
	ctrl := e.m.Controllers()[0]
	ctrl.Enqueue(controller.Request{Namespace: "default", Name: "web"})
	e.settle()
	assert.Equal(t, rev, e.s.Revision(), "a reconcile of a settled Deployment writes nothing")
	last := e.m.Trace.Since(e.m.Trace.Last() - 1)
	require.Len(t, last, 1)
	assert.Equal(t, "done", last[0].Result)
	assert.Empty(t, last[0].Actions)
	assert.Contains(t, last[0].Observed[0], "spec.replicas=3, maxSurge 25% of 3 → 1, maxUnavailable 25% → 0")
}

func TestTemplateChangeCreatesRevision2SizedByMaxSurge(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 10, "nginx:1.25"))
	e.clk.Advance(time.Minute)
	e.available = func(rs *api.ReplicaSet) int32 {
		if rs.Annotations[RevisionAnnotation] == "2" {
			return 0 // the new pods never become available
		}
		return specOf(rs)
	}
	seq := e.m.Trace.Last()
	e.update("web", setImage("nginx:1.26"))

	rss := e.replicaSets()
	require.Len(t, rss, 2)
	old, cur := rss[0], rss[1]
	assert.Equal(t, "2", cur.Annotations[RevisionAnnotation])
	assert.NotEqual(t, old.Name, cur.Name)
	// Created at maxSurge 25% of 10 → 3 while 10 old pods run; in the same
	// pass maxUnavailable 25% of 10 → 2 lets two old pods go (8 stay
	// available); that leaves room for two more new pods; then nothing can
	// move until new pods become available.
	assert.Equal(t, []string{
		"Scaled up replica set " + old.Name + " from 0 to 10",
		"Scaled up replica set " + cur.Name + " from 0 to 3",
		"Scaled down replica set " + old.Name + " from 10 to 8",
		"Scaled up replica set " + cur.Name + " from 3 to 5",
	}, e.events("ScalingReplicaSet"))
	assert.Equal(t, int32(5), specOf(cur))
	assert.Equal(t, int32(8), specOf(old))
	rsWrites := slices.DeleteFunc(controllertest.DetailsSince(e.m.Trace, seq, "deployment"),
		func(a string) bool { return !strings.Contains(a, " ReplicaSet ") })
	assert.Equal(t, []string{
		"create ReplicaSet default/" + cur.Name + ": revision 2, 3 replicas",
		"update ReplicaSet default/" + old.Name + ": replicas 10 → 8",
		"update ReplicaSet default/" + cur.Name + ": replicas 3 → 5",
	}, rsWrites)

	d := e.deployment("web")
	assert.Equal(t, "2", d.Annotations[RevisionAnnotation])
	assert.Equal(t, api.DeploymentStatus{ObservedGeneration: 2, Replicas: 13, UpdatedReplicas: 5, ReadyReplicas: 8,
		AvailableReplicas: 8, UnavailableReplicas: 5, Conditions: d.Status.Conditions}, d.Status)
	prog := condition(d, api.DeploymentProgressing)
	assert.Equal(t, [3]string{"True", ReasonReplicaSetUpdated, `ReplicaSet "` + cur.Name + `" is progressing.`},
		[3]string{prog.Status, prog.Reason, prog.Message})
	assert.Equal(t, "True", condition(d, api.DeploymentAvailable).Status, "8 available ≥ 10 − 2")

	var whys []string
	for _, en := range e.m.Trace.Since(0) {
		whys = append(whys, en.Why...)
	}
	assert.Contains(t, strings.Join(whys, "\n"), "maxSurge 25% of 10 → 3: may have 13 pods, ReplicaSets ask for 10; new ReplicaSet 0 → 3")

	t.Run("once new pods are available, the rollout completes", func(t *testing.T) {
		e.available = nil
		e.resyncRS()
		rss := e.replicaSets()
		require.Len(t, rss, 2)
		assert.Equal(t, int32(0), specOf(rss[0]))
		assert.Equal(t, int32(10), specOf(rss[1]))
		d := e.deployment("web")
		assert.Equal(t, ReasonNewReplicaSetAvailable, condition(d, api.DeploymentProgressing).Reason)
		assert.Equal(t, int32(10), d.Status.UpdatedReplicas)
		assert.Equal(t, int32(10), d.Status.AvailableReplicas)
	})
}

func TestRollingUpdateNeverBreaksItsLimits(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 10, "nginx:1.25"))
	// Check after every task that the ReplicaSets never ask for more than
	// replicas + maxSurge pods, nor report fewer than replicas − maxUnavailable available.
	d := api.DeepCopy(e.deployment("web"))
	setImage("nginx:1.26")(d)
	_, err := e.s.Update(d)
	require.NoError(t, err)
	for i := 0; ; i++ {
		require.Less(t, i, 10000)
		total, avail := int32(0), int32(0)
		for _, rs := range e.replicaSets() {
			total += specOf(rs)
			avail += rs.Status.AvailableReplicas
		}
		require.LessOrEqual(t, total, int32(13))
		require.GreaterOrEqual(t, avail, int32(8))
		if !e.clk.StepDue() {
			break
		}
	}
	d = e.deployment("web")
	assert.Equal(t, ReasonNewReplicaSetAvailable, condition(d, api.DeploymentProgressing).Reason)
}

func TestPausedDeploymentCreatesNoReplicaSet(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 3, "nginx:1.25"))
	e.update("web", func(d *api.Deployment) {
		d.Spec.Paused = true
		setImage("nginx:1.26")(d)
	})
	require.Len(t, e.replicaSets(), 1)
	d := e.deployment("web")
	prog := condition(d, api.DeploymentProgressing)
	assert.Equal(t, [3]string{"Unknown", ReasonDeploymentPaused, "Deployment is paused"}, [3]string{prog.Status, prog.Reason, prog.Message})

	t.Run("scaling still works while paused", func(t *testing.T) {
		e.update("web", func(d *api.Deployment) { d.Spec.Replicas = api.Ptr[int32](5) })
		rss := e.replicaSets()
		require.Len(t, rss, 1)
		assert.Equal(t, int32(5), specOf(rss[0]))
		assert.Equal(t, "5", rss[0].Annotations[DesiredReplicasAnnotation])
		assert.Contains(t, e.events("ScalingReplicaSet"), "Scaled up replica set "+rss[0].Name+" from 3 to 5")
	})
	t.Run("resume rolls the new template out", func(t *testing.T) {
		e.update("web", func(d *api.Deployment) { d.Spec.Paused = false })
		rss := e.replicaSets()
		require.Len(t, rss, 2)
		assert.Equal(t, int32(5), specOf(rss[1]))
		assert.Equal(t, "nginx:1.26", rss[1].Spec.Template.Spec.Containers[0].Image)
		assert.Equal(t, ReasonNewReplicaSetAvailable, condition(e.deployment("web"), api.DeploymentProgressing).Reason)
	})
}

func TestRevisionHistoryLimitDeletesOldestReplicaSets(t *testing.T) {
	e := newEnv(t)
	d := webDeployment("web", 2, "app:1")
	d.Spec.RevisionHistoryLimit = api.Ptr[int32](1)
	e.create(d)
	for _, image := range []string{"app:2", "app:3", "app:4"} {
		e.clk.Advance(time.Minute)
		e.update("web", setImage(image))
	}
	rss := e.replicaSets()
	require.Len(t, rss, 2, "the current ReplicaSet and one old one")
	assert.Equal(t, []string{"3", "4"}, []string{rss[0].Annotations[RevisionAnnotation], rss[1].Annotations[RevisionAnnotation]})
	assert.Equal(t, "app:4", rss[1].Spec.Template.Spec.Containers[0].Image)
	assert.Equal(t, int32(0), specOf(rss[0]))
	assert.Equal(t, "4", e.deployment("web").Annotations[RevisionAnnotation])
}

func TestRollbackReusesTheOldReplicaSet(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 2, "app:1"))
	first := e.replicaSets()[0].Name
	e.clk.Advance(time.Minute)
	e.update("web", setImage("app:2"))
	e.clk.Advance(time.Minute)
	e.update("web", setImage("app:1")) // kubectl rollout undo copies the old template back

	rss := e.replicaSets()
	require.Len(t, rss, 2)
	back := rss[1]
	assert.Equal(t, first, back.Name, "same template, same ReplicaSet")
	assert.Equal(t, "3", back.Annotations[RevisionAnnotation])
	assert.Equal(t, "1", back.Annotations[RevisionHistoryAnnotation])
	assert.Equal(t, int32(2), specOf(back))
	assert.Equal(t, int32(0), specOf(rss[0]))
	assert.Equal(t, "3", e.deployment("web").Annotations[RevisionAnnotation])
}

func TestRecreateWaitsForOldPodsToGo(t *testing.T) {
	e := newEnv(t)
	d := webDeployment("web", 3, "app:1")
	d.Spec.Strategy = api.DeploymentStrategy{Type: api.RecreateDeploymentStrategyType}
	e.create(d)
	old := e.replicaSets()[0]
	assert.Equal(t, int32(3), specOf(old))

	// The pods the ReplicaSet controller would have made.
	var pods []string
	for i := 0; i < 3; i++ {
		p := &api.Pod{
			ObjectMeta: api.ObjectMeta{GenerateName: old.Name + "-", Namespace: "default", Labels: old.Spec.Template.Labels,
				OwnerReferences: []api.OwnerReference{api.NewControllerRef(old)}},
			Spec:   old.Spec.Template.Spec,
			Status: api.PodStatus{Phase: api.PodRunning},
		}
		out, err := e.s.Create(p)
		require.NoError(t, err)
		pods = append(pods, out.GetObjectMeta().Name)
	}
	e.settle()

	e.update("web", setImage("app:2"))
	rss := e.replicaSets()
	require.Len(t, rss, 1, "no new ReplicaSet while old pods exist")
	assert.Equal(t, int32(0), specOf(rss[0]))
	assert.Contains(t, e.events("ScalingReplicaSet"), "Scaled down replica set "+old.Name+" from 3 to 0")

	for i, name := range pods {
		_, err := e.s.Delete(api.Pods, "default", name, store.DeleteOptions{})
		require.NoError(t, err)
		e.settle()
		if i < len(pods)-1 {
			require.Len(t, e.replicaSets(), 1, "still %d old pods", len(pods)-1-i)
		}
	}
	rss = e.replicaSets()
	require.Len(t, rss, 2)
	assert.Equal(t, int32(3), specOf(rss[1]), "the new ReplicaSet gets all replicas at once")
	assert.Equal(t, "2", rss[1].Annotations[RevisionAnnotation])
	assert.Equal(t, ReasonNewReplicaSetAvailable, condition(e.deployment("web"), api.DeploymentProgressing).Reason)
}

func TestScalingMidRolloutIsProportional(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 10, "app:1"))
	e.clk.Advance(time.Minute)
	e.available = func(rs *api.ReplicaSet) int32 {
		if rs.Annotations[RevisionAnnotation] == "2" {
			return 0
		}
		return specOf(rs)
	}
	e.update("web", setImage("app:2")) // new 3, old 8: 11 of max 13
	e.update("web", func(d *api.Deployment) { d.Spec.Replicas = api.Ptr[int32](20) })

	rss := e.replicaSets()
	require.Len(t, rss, 2)
	// Before: old 8, new 5 (not available), 13 = max-replicas. Now 20 +
	// maxSurge 5 = 25 allowed: +12 shared by size, old 8×25/13 ≈ 15, new
	// 5×25/13 ≈ 10. Then the rollout is where it was: 25 pods, none may go.
	assert.Equal(t, int32(15), specOf(rss[0]))
	assert.Equal(t, int32(10), specOf(rss[1]))
	for _, rs := range rss {
		assert.Equal(t, "20", rs.Annotations[DesiredReplicasAnnotation])
		assert.Equal(t, "25", rs.Annotations[MaxReplicasAnnotation])
	}
}

func TestOrphanReplicaSetIsAdopted(t *testing.T) {
	e := newEnv(t)
	d := webDeployment("web", 2, "app:1")
	hash := ComputeHash(&d.Spec.Template, nil)
	orphan := NewReplicaSet(d, hash)
	orphan.OwnerReferences = nil
	orphan.Spec.Replicas = api.Ptr[int32](2)
	e.create(orphan)
	e.create(d)

	rss := e.replicaSets()
	require.Len(t, rss, 1, "adopted, not duplicated")
	assert.True(t, api.IsControlledBy(rss[0], e.deployment("web").UID))
	assert.Equal(t, "1", rss[0].Annotations[RevisionAnnotation])
}

func TestNameCollisionBumpsCollisionCount(t *testing.T) {
	e := newEnv(t)
	d := webDeployment("web", 2, "app:1")
	// Someone else's ReplicaSet already has the name the template hashes to.
	foreign := webDeployment("web", 1, "other")
	foreign.Spec.Selector.MatchLabels = map[string]string{"app": "other"}
	foreign.Spec.Template.Labels = map[string]string{"app": "other"}
	stored := api.DeepCopy(d)
	api.Default(stored) // the hash is of the template as stored, defaults included
	taken := NewReplicaSet(foreign, ComputeHash(&stored.Spec.Template, nil))
	taken.OwnerReferences = nil
	e.create(taken)

	e.create(d)
	e.clk.Advance(time.Second) // the retry's back-off
	got := e.deployment("web")
	require.NotNil(t, got.Status.CollisionCount)
	assert.Equal(t, int32(1), *got.Status.CollisionCount)
	var ours []*api.ReplicaSet
	for _, rs := range e.replicaSets() {
		if api.IsControlledBy(rs, got.UID) {
			ours = append(ours, rs)
		}
	}
	require.Len(t, ours, 1)
	assert.Equal(t, "web-"+ComputeHash(&got.Spec.Template, api.Ptr[int32](1)), ours[0].Name)
	assert.Equal(t, int32(2), specOf(ours[0]))
}

func TestStalledRolloutExceedsItsProgressDeadline(t *testing.T) {
	e := newEnv(t)
	d := webDeployment("web", 2, "app:1")
	d.Spec.ProgressDeadlineSeconds = api.Ptr[int32](60)
	e.create(d)
	e.available = func(rs *api.ReplicaSet) int32 {
		if rs.Annotations[RevisionAnnotation] == "2" {
			return 0
		}
		return specOf(rs)
	}
	e.update("web", setImage("app:broken"))
	e.clk.Advance(59 * time.Second)
	assert.Equal(t, ReasonReplicaSetUpdated, condition(e.deployment("web"), api.DeploymentProgressing).Reason)

	e.clk.Advance(3 * time.Second) // nothing but the requeue wakes the controller
	cur := e.replicaSets()[1]
	prog := condition(e.deployment("web"), api.DeploymentProgressing)
	assert.Equal(t, [3]string{"False", ReasonProgressDeadlineExceeded, `ReplicaSet "` + cur.Name + `" has timed out progressing.`},
		[3]string{prog.Status, prog.Reason, prog.Message})
}

func TestAvailableConditionFollowsMinimumAvailability(t *testing.T) {
	e := newEnv(t)
	e.available = func(*api.ReplicaSet) int32 { return 1 }
	e.create(webDeployment("web", 4, "app:1")) // maxUnavailable 25% of 4 → 1: needs 3
	avail := condition(e.deployment("web"), api.DeploymentAvailable)
	assert.Equal(t, [3]string{"False", ReasonMinimumReplicasUnavailable, "Deployment does not have minimum availability."},
		[3]string{avail.Status, avail.Reason, avail.Message})
	assert.Equal(t, int32(3), e.deployment("web").Status.UnavailableReplicas)

	e.available = func(*api.ReplicaSet) int32 { return 3 }
	e.resyncRS()
	assert.Equal(t, "True", condition(e.deployment("web"), api.DeploymentAvailable).Status)
}

func TestDeletedDeploymentIsANoOp(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 1, "app:1"))
	_, err := e.s.Delete(api.Deployments, "default", "web", store.DeleteOptions{})
	require.NoError(t, err)
	e.settle()
	last := e.m.Trace.Since(e.m.Trace.Last() - 1)
	require.Len(t, last, 1)
	assert.Equal(t, "done", last[0].Result)
}

func TestReplicaSetThatStopsMatchingIsReleased(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 2, "app:1"))
	rs := api.DeepCopy(e.replicaSets()[0])
	rs.Labels = map[string]string{"app": "quarantined"} // its own selector still matches its pods
	_, err := e.s.Update(rs)
	require.NoError(t, err)
	e.settle()

	rss := e.replicaSets()
	require.Len(t, rss, 2, "released, and a new ReplicaSet made for the Deployment")
	var released, replacement *api.ReplicaSet
	for _, x := range rss {
		if x.Name == rs.Name {
			released = x
		} else {
			replacement = x
		}
	}
	require.NotNil(t, released)
	assert.Nil(t, api.ControllerOf(released))
	require.NotNil(t, replacement)
	assert.True(t, api.IsControlledBy(replacement, e.deployment("web").UID))
}
