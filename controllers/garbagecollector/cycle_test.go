package garbagecollector_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// createCircle makes ConfigMaps each owned by the next, the last by the
// first, every reference blocking its owner's deletion: a → b → … → a.
func (f *fixture) createCircle(names ...string) {
	f.t.Helper()
	uids := map[string]string{}
	for _, n := range names {
		o, err := f.store.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: n, Namespace: "default"}})
		require.NoError(f.t, err)
		uids[n] = o.GetObjectMeta().UID
	}
	for i, n := range names {
		owner := names[(i+1)%len(names)]
		o, err := f.store.Get(api.ConfigMaps, "default", n)
		require.NoError(f.t, err)
		c := api.DeepCopyObject(o)
		c.GetObjectMeta().OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: owner, UID: uids[owner],
			BlockOwnerDeletion: api.Ptr(true)}}
		_, err = f.store.Update(c)
		require.NoError(f.t, err)
	}
	f.settle()
	require.Len(f.t, f.store.List(api.ConfigMaps, "default"), len(names), "owners that exist keep their dependents")
}

// TestForegroundDeletionOfACircleEnds is upstream's "should not be blocked
// by dependency circle": each dependent in the circle waits for the owner
// that waits for it, so the collector makes the dependent's references
// non-blocking and deletes it in the foreground; then nothing waits.
func TestForegroundDeletionOfACircleEnds(t *testing.T) {
	for _, circle := range [][]string{{"a", "b"}, {"a", "b", "c"}} {
		t.Run(circle[len(circle)-1], func(t *testing.T) {
			f := newFixture(t)
			f.createCircle(circle...)
			_, err := f.store.Delete(api.ConfigMaps, "default", "a", store.DeleteOptions{PropagationPolicy: store.PropagationForeground})
			require.NoError(t, err)
			f.settle()
			assert.Empty(t, names(f.store.List(api.ConfigMaps, "default")), "no finalizer is left waiting")
		})
	}
}

func TestBackgroundDeletionOfACircleEnds(t *testing.T) {
	f := newFixture(t)
	f.createCircle("a", "b", "c")
	_, err := f.store.Delete(api.ConfigMaps, "default", "a", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	assert.Empty(t, names(f.store.List(api.ConfigMaps, "default")))
}

// A dependent whose reference does not block its owner's deletion is
// deleted all the same, but the owner does not wait for it.
func TestForegroundDeletionWaitsOnlyForBlockingDependents(t *testing.T) {
	f := newFixture(t)
	owner, err := f.store.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "owner", Namespace: "default", Finalizers: []string{"example.com/hold"}}})
	require.NoError(t, err)
	ref := func(block bool) []api.OwnerReference {
		return []api.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: "owner", UID: owner.GetObjectMeta().UID, BlockOwnerDeletion: api.Ptr(block)}}
	}
	// The dependents hold a finalizer of their own, so they stay
	// Terminating until the test lets them go.
	for name, block := range map[string]bool{"blocking": true, "free": false} {
		_, err := f.store.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default",
			Finalizers: []string{"example.com/hold"}, OwnerReferences: ref(block)}})
		require.NoError(t, err)
	}
	f.settle()
	_, err = f.store.Delete(api.ConfigMaps, "default", "owner", store.DeleteOptions{PropagationPolicy: store.PropagationForeground})
	require.NoError(t, err)
	f.settle()
	for _, n := range []string{"blocking", "free"} {
		o, err := f.store.Get(api.ConfigMaps, "default", n)
		require.NoError(t, err)
		assert.NotNil(t, o.GetObjectMeta().DeletionTimestamp, "%s is being deleted", n)
	}
	o, err := f.store.Get(api.ConfigMaps, "default", "owner")
	require.NoError(t, err)
	assert.Contains(t, o.GetObjectMeta().Finalizers, store.FinalizerForeground, "the blocking dependent is still there")

	f.release("blocking")
	f.settle()
	o, err = f.store.Get(api.ConfigMaps, "default", "owner")
	require.NoError(t, err, "the owner's own finalizer keeps it")
	assert.Equal(t, []string{"example.com/hold"}, o.GetObjectMeta().Finalizers, "the collector no longer waits: the free dependent does not block")
}

// A dependent with another owner that stays loses only its reference to
// the owner being deleted in the foreground, and lives on.
func TestADependentWithAnotherOwnerOutlivesAForegroundDeletion(t *testing.T) {
	f := newFixture(t)
	var refs []api.OwnerReference
	for _, n := range []string{"going", "staying"} {
		o, err := f.store.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: n, Namespace: "default"}})
		require.NoError(t, err)
		refs = append(refs, api.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: n, UID: o.GetObjectMeta().UID, BlockOwnerDeletion: api.Ptr(true)})
	}
	_, err := f.store.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "shared", Namespace: "default", OwnerReferences: refs}})
	require.NoError(t, err)
	f.settle()
	_, err = f.store.Delete(api.ConfigMaps, "default", "going", store.DeleteOptions{PropagationPolicy: store.PropagationForeground})
	require.NoError(t, err)
	f.settle()
	assert.Equal(t, []string{"shared", "staying"}, names(f.store.List(api.ConfigMaps, "default")))
	shared, err := f.store.Get(api.ConfigMaps, "default", "shared")
	require.NoError(t, err)
	assert.Equal(t, refs[1:], shared.GetObjectMeta().OwnerReferences)
}

// release removes the test's finalizer from an object.
func (f *fixture) release(name string) {
	f.t.Helper()
	o, err := f.store.Get(api.ConfigMaps, "default", name)
	require.NoError(f.t, err)
	c := api.DeepCopyObject(o)
	c.GetObjectMeta().Finalizers = nil
	_, err = f.store.Update(c)
	require.NoError(f.t, err)
}
