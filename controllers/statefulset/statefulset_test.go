package statefulset

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/history"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

func TestOrderedReadyCreatesOnePodAtATimeInOrder(t *testing.T) {
	f := newFixture(t)
	f.create(newSet("web", 3))
	f.run()
	assert.Equal(t, []string{"web-0"}, names(f.pods()), "web-1 is not created before web-0 is Ready")
	assert.Contains(t, f.why(), "OrderedReady: create web-0; web-1 waits until it is Running and Ready")
	f.run()
	assert.Len(t, f.pods(), 1)
	f.ready()
	f.run()
	assert.Equal(t, []string{"web-0", "web-1"}, names(f.pods()))
	f.settle(nil)
	assert.Equal(t, []string{"web-0", "web-1", "web-2"}, names(f.pods()))
	st := f.set("web").Status
	assert.Equal(t, int32(3), st.Replicas)
	assert.Equal(t, int32(3), st.ReadyReplicas)
	assert.Equal(t, int32(3), st.CurrentReplicas)
	assert.Equal(t, int32(3), st.UpdatedReplicas)
	assert.Equal(t, st.CurrentRevision, st.UpdateRevision)
}

func TestWaitingPodIsExplainedInTheTrace(t *testing.T) {
	f := newFixture(t)
	f.create(newSet("web", 2))
	f.run()
	p := f.pods()[0]
	c := api.DeepCopy(p)
	c.Status.Phase = api.PodRunning // running, not yet ready
	_, err := f.store.UpdateStatus(c)
	require.NoError(t, err)
	f.run()
	assert.Contains(t, f.why(), "web-1 waits: web-0 is not Ready")
	assert.Len(t, f.pods(), 1)
}

func TestPodIdentityLabelsHostnameAndSubdomain(t *testing.T) {
	f := newFixture(t)
	s := newSet("web", 1)
	s.Spec.ServiceName = "nginx"
	f.create(s)
	f.run()
	p := f.pods()[0]
	set := f.set("web")
	assert.Equal(t, "web-0", p.Spec.Hostname)
	assert.Equal(t, "nginx", p.Spec.Subdomain)
	assert.Equal(t, "web-0", p.Labels[PodNameLabel])
	assert.Equal(t, "0", p.Labels[PodIndexLabel])
	assert.Equal(t, set.Status.UpdateRevision, p.Labels[history.ControllerRevisionKey])
	assert.Regexp(t, `^web-[456789bcdf]+$`, p.Labels[history.ControllerRevisionKey])
	ref := api.ControllerOf(p)
	require.NotNil(t, ref)
	assert.Equal(t, "StatefulSet", ref.Kind)
	assert.True(t, *ref.BlockOwnerDeletion)
}

func TestOrdinalsStart(t *testing.T) {
	f := newFixture(t)
	s := parallel(newSet("web", 2))
	s.Spec.Ordinals = &api.StatefulSetOrdinals{Start: 5}
	f.create(s)
	f.settle(nil)
	assert.Equal(t, []string{"web-5", "web-6"}, names(f.pods()))
}

func TestParallelCreatesAllAtOnce(t *testing.T) {
	f := newFixture(t)
	f.create(parallel(newSet("web", 3)))
	f.run()
	assert.Equal(t, []string{"web-0", "web-1", "web-2"}, names(f.pods()))
}

// A Parallel sync creates at most burstPods; the creations it sees bring
// the next sync, at the same instant, until every ordinal exists. Scaling
// down goes the same way.
func TestParallelCreatesInBurstsOfBurstPods(t *testing.T) {
	f := newFixture(t)
	f.create(parallel(newSet("web", 2*burstPods+1)))
	assert.True(t, f.clk.StepDue(), "the first sync")
	for !strings.Contains(strings.Join(f.why(), "\n"), "more than") {
		require.True(t, f.clk.StepDue(), "a sync that stops at the burst")
	}
	assert.Len(t, f.pods(), burstPods, "one sync creates burstPods")
	f.run()
	assert.Len(t, f.pods(), 2*burstPods+1, "the rest follow at the same instant")

	s := f.set("web")
	s.Spec.Replicas = api.Ptr(int32(0))
	f.update(s)
	f.run()
	for _, p := range f.pods() {
		assert.NotNil(t, p.DeletionTimestamp, "%s is being deleted", p.Name)
	}
}

func TestClaimsAreCreatedBeforeThePodAndMounted(t *testing.T) {
	f := newFixture(t)
	f.create(withClaims(newSet("web", 2)))
	f.settle(nil)
	for _, ord := range []string{"0", "1"} {
		o, err := f.store.Get(api.PersistentVolumeClaims, "default", "www-web-"+ord)
		require.NoError(t, err)
		c := o.(*api.PersistentVolumeClaim)
		pod, err := f.store.Get(api.Pods, "default", "web-"+ord)
		require.NoError(t, err)
		assert.Less(t, rv(t, c), rv(t, pod), "the claim is written before its pod")
		assert.Equal(t, "web", c.Labels["app"])
		assert.Empty(t, c.OwnerReferences, "Retain: claims are not owned")
		vols := pod.(*api.Pod).Spec.Volumes
		require.Len(t, vols, 1)
		assert.Equal(t, "www", vols[0].Name)
		assert.Equal(t, "www-web-"+ord, vols[0].PersistentVolumeClaim.ClaimName)
	}
	var msgs []string
	for _, o := range f.store.List(api.Events, "default") {
		msgs = append(msgs, o.(*api.Event).Message)
	}
	assert.Contains(t, msgs, "create Claim www-web-0 Pod web-0 in StatefulSet web success")
	assert.Contains(t, msgs, "create Pod web-0 in StatefulSet web successful")
}

func rv(t *testing.T, o api.Object) int {
	n, err := strconv.Atoi(o.GetObjectMeta().ResourceVersion)
	require.NoError(t, err)
	return n
}

func TestDeletedPodsComeBackInOrderWithTheSameNames(t *testing.T) {
	f := newFixture(t)
	f.create(withClaims(newSet("web", 2)))
	f.settle(nil)
	for _, p := range f.pods() {
		_, err := f.store.Delete(api.Pods, "default", p.Name, store.DeleteOptions{})
		require.NoError(t, err)
	}
	f.run()
	f.ready() // the kubelet stops them
	f.run()
	assert.Equal(t, []string{"web-0"}, names(f.pods()), "web-0 first")
	f.settle(nil)
	assert.Equal(t, []string{"web-0", "web-1"}, names(f.pods()))
	assert.Len(t, f.store.List(api.PersistentVolumeClaims, "default"), 2, "the same claims, none new")
}

func TestFailedPodIsRecreatedWithTheSameName(t *testing.T) {
	f := newFixture(t)
	f.create(newSet("web", 1))
	f.settle(nil)
	old := f.pods()[0]
	c := api.DeepCopy(old)
	c.Status.Phase = api.PodFailed
	_, err := f.store.UpdateStatus(c)
	require.NoError(t, err)
	f.run()
	pods := f.pods()
	require.Len(t, pods, 1)
	assert.Equal(t, "web-0", pods[0].Name)
	assert.NotEqual(t, old.UID, pods[0].UID)
	var reasons []string
	for _, o := range f.store.List(api.Events, "default") {
		reasons = append(reasons, o.(*api.Event).Reason+": "+o.(*api.Event).Message)
	}
	assert.Contains(t, reasons, "RecreatingFailedPod: StatefulSet default/web is recreating failed Pod web-0")
}

func TestScaleDownFromTheHighestOrdinalOneAtATime(t *testing.T) {
	f := newFixture(t)
	f.create(withClaims(newSet("web", 3)))
	f.settle(nil)
	s := f.set("web")
	s.Spec.Replicas = api.Ptr[int32](1)
	f.update(s)
	f.run()
	assert.Equal(t, []string{"web-0", "web-1"}, names(live(f.pods())), "web-2 goes first, alone")
	assert.NotNil(t, f.pods()[2].DeletionTimestamp)
	f.settle(nil)
	assert.Equal(t, []string{"web-0"}, names(f.pods()))
	assert.Len(t, f.store.List(api.PersistentVolumeClaims, "default"), 3, "claims are kept (Retain)")
}

func TestRetentionPolicyDeleteSetsOwnerReferences(t *testing.T) {
	f := newFixture(t)
	s := withClaims(newSet("web", 2))
	s.Spec.PersistentVolumeClaimRetentionPolicy = &api.StatefulSetPersistentVolumeClaimRetentionPolicy{WhenDeleted: "Delete", WhenScaled: "Delete"}
	f.create(s)
	f.settle(nil)
	set := f.set("web")
	claim := func(name string) *api.PersistentVolumeClaim {
		o, err := f.store.Get(api.PersistentVolumeClaims, "default", name)
		require.NoError(t, err)
		return o.(*api.PersistentVolumeClaim)
	}
	assert.True(t, hasOwner(&claim("www-web-0").ObjectMeta, set.UID), "whenDeleted=Delete: owned by the set")
	web1 := f.pods()[1]
	set.Spec.Replicas = api.Ptr[int32](1)
	f.update(set)
	f.run()
	assert.True(t, hasOwner(&claim("www-web-1").ObjectMeta, web1.UID), "whenScaled=Delete: owned by the condemned pod")
	assert.False(t, hasOwner(&claim("www-web-0").ObjectMeta, f.pods()[0].UID))
}

func TestOnDeleteReplacesOnlyDeletedPods(t *testing.T) {
	f := newFixture(t)
	s := newSet("web", 2)
	s.Spec.UpdateStrategy = api.StatefulSetUpdateStrategy{Type: api.OnDeleteStatefulSetStrategyType}
	f.create(s)
	f.settle(nil)
	s = f.set("web")
	s.Spec.Template.Spec.Containers[0].Image = "foo"
	f.update(s)
	f.settle(nil)
	assert.Equal(t, []string{"nginx", "nginx"}, images(f.pods()))
	_, err := f.store.Delete(api.Pods, "default", "web-1", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle(nil)
	assert.Equal(t, []string{"nginx", "foo"}, images(f.pods()))
}

func TestRollingUpdateGoesFromTheHighestOrdinalDown(t *testing.T) {
	f := newFixture(t)
	f.create(newSet("web", 3))
	f.settle(nil)
	s := f.set("web")
	s.Spec.Template.Spec.Containers[0].Image = "foo"
	f.update(s)
	var order []string
	seen := map[string]bool{}
	f.settle(func() {
		for _, p := range f.pods() {
			if p.Spec.Containers[0].Image == "foo" && !seen[p.Name] {
				seen[p.Name] = true
				order = append(order, p.Name)
			}
		}
		updating := 0
		for _, p := range f.pods() {
			if p.DeletionTimestamp != nil || !runningAndReady(p) {
				updating++
			}
		}
		assert.LessOrEqual(t, updating, 1, "one pod at a time")
	})
	assert.Equal(t, []string{"web-2", "web-1", "web-0"}, order)
	st := f.set("web").Status
	assert.Equal(t, st.UpdateRevision, st.CurrentRevision, "a finished rollout makes the update revision current")
	assert.Equal(t, int32(3), st.CurrentReplicas)
}

func TestRevisionHistoryIsLimited(t *testing.T) {
	f := newFixture(t)
	f.create(newSet("web", 2))
	f.settle(nil)
	for i := 0; i < 13; i++ {
		s := f.set("web")
		s.Spec.Template.Spec.Containers[0].Image = "foo-" + string(rune('a'+i))
		f.update(s)
		f.settle(nil)
		revs := f.store.List(api.ControllerRevisions, "default")
		assert.LessOrEqual(t, len(revs), 10+2)
	}
	revs := f.store.List(api.ControllerRevisions, "default")
	assert.Len(t, revs, 11, "the live one and the 10 newest old ones")
}

func TestRollbackReusesTheOldRevisionUnderANewNumber(t *testing.T) {
	f := newFixture(t)
	f.create(newSet("web", 1))
	f.settle(nil)
	first := f.set("web").Status.UpdateRevision
	for _, img := range []string{"foo", "nginx"} {
		s := f.set("web")
		s.Spec.Template.Spec.Containers[0].Image = img
		f.update(s)
		f.settle(nil)
	}
	st := f.set("web").Status
	assert.Equal(t, first, st.UpdateRevision)
	o, err := f.store.Get(api.ControllerRevisions, "default", first)
	require.NoError(t, err)
	assert.Equal(t, int64(3), o.(*api.ControllerRevision).Revision)
}
