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

// TestUpdatesThatChangeIndexedFieldsMoveTheKey: an update skips an index
// only when the fields it reads are unchanged; a label change, an owner
// change and a controller reference added each move the key between sets,
// and an index added late follows updates too.
func TestUpdatesThatChangeIndexedFieldsMoveTheKey(t *testing.T) {
	s := newStore(t)
	inf := informer.New(s, podKind)
	inf.AddIndexer("image", func(o api.Object) []string { return []string{o.(*api.Pod).Spec.Containers[0].Image} })
	require.NoError(t, inf.Start())
	_, err := s.Create(pod("a", "", map[string]string{"app": "web"}))
	require.NoError(t, err)
	settle(s)
	update := func(change func(p *api.Pod)) {
		t.Helper()
		cur, _ := inf.Get("default", "a")
		p := api.DeepCopy(cur.(*api.Pod))
		change(p)
		_, err := s.Update(p)
		require.NoError(t, err)
		settle(s)
	}

	update(func(p *api.Pod) { p.Labels["app"] = "db" })
	assert.Empty(t, inf.ByIndex(informer.IndexLabel, "app=web"))
	assert.Equal(t, []string{"a"}, names(inf.ByIndex(informer.IndexLabel, "app=db")))

	update(func(p *api.Pod) { p.Labels["tier"] = "x" })
	assert.Equal(t, []string{"a"}, names(inf.ByIndex(informer.IndexLabel, "tier=x")))
	assert.Equal(t, []string{"a"}, names(inf.ByIndex(informer.IndexLabel, "app=db")))

	assert.Empty(t, inf.ByIndex(informer.IndexOwner, "u1"), "asked before any object has the value")
	update(func(p *api.Pod) {
		p.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: "c", UID: "u1"}}
	})
	assert.Equal(t, []string{"a"}, names(inf.ByIndex(informer.IndexOwner, "u1")))
	assert.Equal(t, []string{"a"}, names(inf.ByIndex(informer.IndexControllerless, "default")), "not a controller")

	update(func(p *api.Pod) {
		p.OwnerReferences = []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "rs", UID: "u2", Controller: api.Ptr(true)}}
	})
	assert.Empty(t, inf.ByIndex(informer.IndexOwner, "u1"))
	assert.Equal(t, []string{"a"}, names(inf.ByIndex(informer.IndexOwner, "u2")))
	assert.Empty(t, inf.ByIndex(informer.IndexControllerless, "default"))

	update(func(p *api.Pod) { p.Annotations = map[string]string{"note": "no index reads it"} })
	got := inf.ByIndex(informer.IndexOwner, "u2")
	require.Len(t, got, 1)
	assert.Equal(t, "no index reads it", got[0].GetObjectMeta().Annotations["note"], "a kept set lists the newest object")

	update(func(p *api.Pod) { p.Spec.Containers[0].Image = "nginx:2" })
	assert.Empty(t, inf.ByIndex("image", "nginx"), "an index without a shortcut is recomputed")
	assert.Equal(t, []string{"a"}, names(inf.ByIndex("image", "nginx:2")))
}
