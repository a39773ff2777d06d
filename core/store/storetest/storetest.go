// Package storetest is a conformance suite for kubeloop's API server: the
// contract of package store, as tests any implementation must pass (after
// testing/fstest.TestFS). The store runs it in its own tests; informers and
// controllers are tested against the real store, never mocks.
package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Run checks the store contract on stores made by newStore, each holding
// only the namespace "default".
func Run(t *testing.T, newStore func() *store.Store) {
	cases := []struct {
		name string
		fn   func(*testing.T, *store.Store)
	}{
		{"RevisionsIncreaseWithEveryWrite", revisionsIncrease},
		{"StaleResourceVersionConflicts", staleConflicts},
		{"GenerationBumpsOnSpecChangesOnly", generationOnSpec},
		{"UpdateKeepsStatusAndUpdateStatusKeepsSpec", statusSubresource},
		{"GenerateNameMakesUniqueNames", generateName},
		{"AdmissionDefaultsAndValidates", admission},
		{"TypedErrors", typedErrors},
		{"GracefulPodDeletion", gracefulPodDeletion},
		{"FinalizersHoldDeletion", finalizersHold},
		{"WatchDeliversInOrderAsTasks", watchInOrder},
		{"WatchFromOldRevisionReplays", watchReplays},
		{"CompactedRevisionIsGone", compactedGone},
		{"HistoryReadsBackEarlierRevisions", historyReadsBack},
		{"NamespaceMustExist", namespaceMustExist},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.fn(t, newStore()) })
	}
}

func pod(name string) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
}

func rs(name string, replicas int32) *api.ReplicaSet {
	l := map[string]string{"app": name}
	return &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ReplicaSetSpec{Replicas: api.Ptr(replicas), Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l}, Spec: pod("x").Spec}}}
}

func settle(s *store.Store) {
	for s.Clock().StepDue() {
	}
}

func revisionsIncrease(t *testing.T, s *store.Store) {
	start := s.Revision()
	a, err := s.Create(pod("a"))
	require.NoError(t, err)
	b, err := s.Create(pod("b"))
	require.NoError(t, err)
	assert.Equal(t, start+1, s.Revision()-1)
	assert.Less(t, a.GetObjectMeta().ResourceVersion, b.GetObjectMeta().ResourceVersion)
	assert.NotEmpty(t, a.GetObjectMeta().UID)
	assert.NotEqual(t, a.GetObjectMeta().UID, b.GetObjectMeta().UID)
	assert.Equal(t, s.Clock().Now().Truncate(time.Second), a.GetObjectMeta().CreationTimestamp.Time)
}

func staleConflicts(t *testing.T, s *store.Store) {
	o, err := s.Create(rs("web", 1))
	require.NoError(t, err)
	first := api.DeepCopy(o.(*api.ReplicaSet))
	second := api.DeepCopy(o.(*api.ReplicaSet))
	first.Spec.Replicas = api.Ptr[int32](2)
	_, err = s.Update(first)
	require.NoError(t, err)
	second.Spec.Replicas = api.Ptr[int32](3)
	_, err = s.Update(second)
	require.True(t, api.IsConflict(err), "got %v", err)
	assert.Contains(t, err.Error(), `Operation cannot be fulfilled on replicasets.apps "web": the object has been modified`)
	// An empty resourceVersion is an unconditional write.
	second.ResourceVersion = ""
	_, err = s.Update(second)
	assert.NoError(t, err)
}

func generationOnSpec(t *testing.T, s *store.Store) {
	o, err := s.Create(rs("web", 1))
	require.NoError(t, err)
	assert.Equal(t, int64(1), o.GetObjectMeta().Generation)
	c := api.DeepCopy(o.(*api.ReplicaSet))
	c.Labels = map[string]string{"team": "a"}
	o, err = s.Update(c)
	require.NoError(t, err)
	assert.Equal(t, int64(1), o.GetObjectMeta().Generation, "metadata changes keep the generation")
	c = api.DeepCopy(o.(*api.ReplicaSet))
	c.Spec.Replicas = api.Ptr[int32](5)
	o, err = s.Update(c)
	require.NoError(t, err)
	assert.Equal(t, int64(2), o.GetObjectMeta().Generation)
	c = api.DeepCopy(o.(*api.ReplicaSet))
	c.Status.Replicas = 5
	o, err = s.UpdateStatus(c)
	require.NoError(t, err)
	assert.Equal(t, int64(2), o.GetObjectMeta().Generation, "status changes keep the generation")
}

func statusSubresource(t *testing.T, s *store.Store) {
	o, err := s.Create(rs("web", 1))
	require.NoError(t, err)
	c := api.DeepCopy(o.(*api.ReplicaSet))
	c.Status.Replicas = 7
	c.Spec.Replicas = api.Ptr[int32](9)
	o, err = s.UpdateStatus(c)
	require.NoError(t, err)
	assert.Equal(t, int32(7), o.(*api.ReplicaSet).Status.Replicas)
	assert.Equal(t, int32(1), *o.(*api.ReplicaSet).Spec.Replicas, "UpdateStatus ignores the spec")
	c = api.DeepCopy(o.(*api.ReplicaSet))
	c.Status.Replicas = 0
	c.Spec.Replicas = api.Ptr[int32](2)
	o, err = s.Update(c)
	require.NoError(t, err)
	assert.Equal(t, int32(7), o.(*api.ReplicaSet).Status.Replicas, "Update ignores the status")
	assert.Equal(t, int32(2), *o.(*api.ReplicaSet).Spec.Replicas)
}

func generateName(t *testing.T, s *store.Store) {
	seen := map[string]bool{}
	for i := 0; i < 50; i++ {
		p := pod("")
		p.GenerateName = "web-7d4b9c8f5d-"
		o, err := s.Create(p)
		require.NoError(t, err)
		name := o.GetObjectMeta().Name
		assert.Regexp(t, `^web-7d4b9c8f5d-[bcdfghjklmnpqrstvwxz2456789]{5}$`, name)
		assert.False(t, seen[name])
		seen[name] = true
	}
	long := pod("")
	long.GenerateName = "a-very-long-name-that-goes-on-and-on-and-on-beyond-fifty-eight-characters-"
	o, err := s.Create(long)
	require.NoError(t, err)
	assert.Len(t, o.GetObjectMeta().Name, 63)
}

func admission(t *testing.T, s *store.Store) {
	o, err := s.Create(pod("a"))
	require.NoError(t, err)
	p := o.(*api.Pod)
	assert.Equal(t, "Always", p.Spec.RestartPolicy)
	assert.Equal(t, int64(30), *p.Spec.TerminationGracePeriodSeconds)
	assert.Len(t, p.Spec.Tolerations, 2, "not-ready and unreachable, 300s")
	bad := rs("bad", 1)
	bad.Spec.Template.Labels = map[string]string{"app": "other"}
	_, err = s.Create(bad)
	require.True(t, api.IsInvalid(err))
	assert.Contains(t, err.Error(), "`selector` does not match template `labels`")
	_, err = s.Get(api.ReplicaSets, "default", "bad")
	assert.True(t, api.IsNotFound(err), "a rejected object is not stored")
}

func typedErrors(t *testing.T, s *store.Store) {
	_, err := s.Get(api.Pods, "default", "nope")
	assert.True(t, api.IsNotFound(err))
	assert.EqualError(t, err, `pods "nope" not found`)
	_, err = s.Create(pod("a"))
	require.NoError(t, err)
	_, err = s.Create(pod("a"))
	assert.True(t, api.IsAlreadyExists(err))
	assert.EqualError(t, err, `pods "a" already exists`)
	_, err = s.Get(api.ReplicaSets, "default", "nope")
	assert.EqualError(t, err, `replicasets.apps "nope" not found`)
}

func gracefulPodDeletion(t *testing.T, s *store.Store) {
	_, err := s.Create(pod("unbound"))
	require.NoError(t, err)
	_, err = s.Delete(api.Pods, "default", "unbound", store.DeleteOptions{})
	require.NoError(t, err)
	_, err = s.Get(api.Pods, "default", "unbound")
	assert.True(t, api.IsNotFound(err), "an unscheduled pod goes at once")

	_, err = s.Create(pod("bound"))
	require.NoError(t, err)
	_, err = s.Bind("default", "bound", "node-1")
	require.NoError(t, err)
	o, err := s.Delete(api.Pods, "default", "bound", store.DeleteOptions{})
	require.NoError(t, err)
	m := o.GetObjectMeta()
	require.NotNil(t, m.DeletionTimestamp, "a pod on a node is marked Terminating")
	assert.Equal(t, s.Clock().Now().Add(30*time.Second).Truncate(time.Second), m.DeletionTimestamp.Time)
	_, err = s.Get(api.Pods, "default", "bound")
	require.NoError(t, err)
	_, err = s.Delete(api.Pods, "default", "bound", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
	require.NoError(t, err)
	_, err = s.Get(api.Pods, "default", "bound")
	assert.True(t, api.IsNotFound(err), "the kubelet's grace-0 delete removes it")
}

func finalizersHold(t *testing.T, s *store.Store) {
	_, err := s.Create(rs("web", 1))
	require.NoError(t, err)
	o, err := s.Delete(api.ReplicaSets, "default", "web", store.DeleteOptions{PropagationPolicy: store.PropagationForeground})
	require.NoError(t, err)
	assert.Equal(t, []string{store.FinalizerForeground}, o.GetObjectMeta().Finalizers)
	assert.NotNil(t, o.GetObjectMeta().DeletionTimestamp)
	c := api.DeepCopy(o.(*api.ReplicaSet))
	c.Finalizers = nil
	_, err = s.Update(c)
	require.NoError(t, err)
	_, err = s.Get(api.ReplicaSets, "default", "web")
	assert.True(t, api.IsNotFound(err), "removing the last finalizer of a deleted object removes it")
}

func watchInOrder(t *testing.T, s *store.Store) {
	var got []string
	_, err := s.Watch(api.Pods, s.Revision(), "test", func(ev store.Event) {
		got = append(got, string(ev.Type)+" "+ev.Object.GetObjectMeta().Name)
	})
	require.NoError(t, err)
	_, err = s.Create(pod("a"))
	require.NoError(t, err)
	_, err = s.Create(pod("b"))
	require.NoError(t, err)
	_, err = s.Delete(api.Pods, "default", "a", store.DeleteOptions{})
	require.NoError(t, err)
	assert.Empty(t, got, "delivery is a task, never inside the write")
	settle(s)
	assert.Equal(t, []string{"ADDED a", "ADDED b", "DELETED a"}, got)
}

func watchReplays(t *testing.T, s *store.Store) {
	from := s.Revision()
	_, err := s.Create(pod("a"))
	require.NoError(t, err)
	_, err = s.Create(rs("web", 1))
	require.NoError(t, err)
	var got []string
	_, err = s.Watch(api.Pods, from, "test", func(ev store.Event) { got = append(got, ev.Object.GetObjectMeta().Name) })
	require.NoError(t, err)
	settle(s)
	assert.Equal(t, []string{"a"}, got, "only the watched kind, from the revision asked")
}

func compactedGone(t *testing.T, s *store.Store) {
	_, err := s.Create(pod("a"))
	require.NoError(t, err)
	old := s.Revision() - 1
	_, err = s.Create(pod("b"))
	require.NoError(t, err)
	s.Compact(s.Revision())
	_, err = s.Watch(api.Pods, old, "test", func(store.Event) {})
	assert.True(t, api.IsGone(err))
	assert.Contains(t, err.Error(), "too old resource version")
	_, err = s.At(old)
	assert.True(t, api.IsGone(err))
	v, err := s.At(s.Revision())
	require.NoError(t, err)
	assert.Len(t, v.List(api.Pods, "default"), 2)
}

func historyReadsBack(t *testing.T, s *store.Store) {
	_, err := s.Create(pod("a"))
	require.NoError(t, err)
	afterA := s.Revision()
	_, err = s.Create(pod("b"))
	require.NoError(t, err)
	_, err = s.Delete(api.Pods, "default", "a", store.DeleteOptions{})
	require.NoError(t, err)
	v, err := s.At(afterA)
	require.NoError(t, err)
	names := func(v *store.Snapshot) []string {
		var n []string
		for _, o := range v.List(api.Pods, "") {
			n = append(n, o.GetObjectMeta().Name)
		}
		return n
	}
	assert.Equal(t, []string{"a"}, names(v))
	v, err = s.At(s.Revision())
	require.NoError(t, err)
	assert.Equal(t, []string{"b"}, names(v))
}

func namespaceMustExist(t *testing.T, s *store.Store) {
	p := pod("a")
	p.Namespace = "missing"
	_, err := s.Create(p)
	assert.True(t, api.IsNotFound(err))
	assert.EqualError(t, err, `namespaces "missing" not found`)
}
