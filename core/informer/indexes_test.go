package informer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

func names(objs []api.Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, o.GetObjectMeta().Name)
	}
	return out
}

// TestIndexesFollowUpdates: the cached, sorted index sets follow creates,
// updates that move a key between sets, and deletes; ByIndexes merges sets
// in key order, each object once.
func TestIndexesFollowUpdates(t *testing.T) {
	s := newStore(t)
	inf := informer.New(s, podKind)
	require.NoError(t, inf.Start())
	owned := pod("b-owned", "", nil)
	owned.OwnerReferences = []api.OwnerReference{{Kind: "ReplicaSet", Name: "rs", UID: "u1", Controller: api.Ptr(true)}}
	for _, p := range []*api.Pod{pod("c-orphan", "n1", nil), owned, pod("a-orphan", "", nil)} {
		_, err := s.Create(p)
		require.NoError(t, err)
	}
	settle(s)
	assert.Equal(t, []string{"a-orphan", "c-orphan"}, names(inf.ByIndex(informer.IndexControllerless, "default")))
	assert.Equal(t, []string{"a-orphan", "b-owned", "c-orphan"},
		names(inf.ByIndexes(informer.IndexOwner, "u1", informer.IndexControllerless, "default")))

	// Bind a-orphan: it moves between node sets; a status write moves none.
	_, err := s.Bind("default", "a-orphan", "n1")
	require.NoError(t, err)
	settle(s)
	assert.Equal(t, []string{"a-orphan", "c-orphan"}, names(inf.ByIndex(informer.IndexNode, "n1")))
	assert.Equal(t, []string{"b-owned"}, names(inf.ByIndex(informer.IndexNode, "")))
	cur, _ := inf.Get("default", "c-orphan")
	p := api.DeepCopy(cur.(*api.Pod))
	p.Status.Phase = api.PodRunning
	_, err = s.UpdateStatus(p)
	require.NoError(t, err)
	settle(s)
	got, _ := inf.Get("default", "c-orphan")
	assert.Equal(t, api.PodRunning, got.(*api.Pod).Status.Phase, "the list returns the newest object")
	assert.Equal(t, api.PodRunning, inf.ByIndex(informer.IndexNode, "n1")[1].(*api.Pod).Status.Phase)

	_, err = s.Delete(podKind, "default", "a-orphan", storeDeleteNow())
	require.NoError(t, err)
	settle(s)
	assert.Equal(t, []string{"c-orphan"}, names(inf.ByIndex(informer.IndexNode, "n1")))
	assert.Equal(t, []string{"b-owned", "c-orphan"}, names(inf.List("")))
}

func storeDeleteNow() store.DeleteOptions {
	return store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)}
}
