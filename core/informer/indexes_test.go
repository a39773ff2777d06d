package informer_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
	inf := informer.New(s, api.Pods)
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
	each, n := inf.EachByIndexes(informer.IndexOwner, "u1", informer.IndexControllerless, "default")
	assert.Equal(t, 3, n)
	assert.Equal(t, []string{"a-orphan", "b-owned", "c-orphan"}, names(slices.Collect(each)), "the same walk as ByIndexes")
	for o := range each {
		assert.Equal(t, "a-orphan", o.GetObjectMeta().Name, "a walk stops when asked")
		break
	}

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

	_, err = s.Delete(api.Pods, "default", "a-orphan", storeDeleteNow())
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
	inf := informer.New(s, api.Pods)
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

// TestIndexesAgreeWithAScan: after random creates, label, owner and image
// updates, binds, status writes and deletes, each standard index and one
// added by a caller list exactly the cached objects a scan of them all
// finds, in key order, and count and visit the same. Checked after every
// step, and after every fifth: the sorted lists are brought up to date on
// reading (order.go), so several changes between two reads — a pod that
// leaves a set and comes back, one deleted and made again under its name —
// must come out as a fresh sort would. A list handed out earlier does not
// change afterwards.
func TestIndexesAgreeWithAScan(t *testing.T) {
	for _, every := range []int{1, 5, 97} { // 97: each index is first built after that many changes (lazy.go)
		t.Run(fmt.Sprintf("read every %d steps", every), func(t *testing.T) { indexesAgreeWithAScan(t, every) })
	}
}

func indexesAgreeWithAScan(t *testing.T, every int) {
	s := newStore(t)
	inf := informer.New(s, api.Pods)
	image := func(o api.Object) []string { return []string{o.(*api.Pod).Spec.Containers[0].Image} }
	inf.AddIndexer("image", image)
	require.NoError(t, inf.Start())
	want := map[string]func(*api.Pod) []string{
		informer.IndexNamespace: func(p *api.Pod) []string { return []string{p.Namespace} },
		informer.IndexNode:      func(p *api.Pod) []string { return []string{p.Spec.NodeName} },
		"image":                 func(p *api.Pod) []string { return image(p) },
		informer.IndexOwner: func(p *api.Pod) []string {
			var out []string
			for _, r := range p.OwnerReferences {
				out = append(out, r.UID)
			}
			return out
		},
		informer.IndexLabel: func(p *api.Pod) []string {
			var out []string
			for k, v := range p.Labels {
				out = append(out, k+"="+v)
			}
			return out
		},
		informer.IndexControllerless: func(p *api.Pod) []string {
			if api.ControllerOf(p) != nil {
				return nil
			}
			return []string{p.Namespace}
		},
	}
	r := rand.New(rand.NewPCG(7, 8))
	pick := func(choices ...string) string { return choices[r.IntN(len(choices))] }
	var earlier []api.Object
	var earlierWeb []string
	for step := 0; step < 600; step++ {
		name := pick("a", "b", "c", "d", "e", "f", "g", "h")
		cur, exists := inf.Get("default", name)
		var err error
		switch {
		case !exists:
			p := pod(name, "", map[string]string{"app": pick("web", "db")})
			_, err = s.Create(p)
		case r.IntN(6) == 0:
			_, err = s.Delete(api.Pods, "default", name, storeDeleteNow())
		case r.IntN(5) == 0 && cur.(*api.Pod).Spec.NodeName == "":
			_, err = s.Bind("default", name, pick("n1", "n2"))
		case r.IntN(4) == 0:
			p := api.DeepCopy(cur.(*api.Pod))
			p.Status.Phase = pick(api.PodPending, api.PodRunning)
			_, err = s.UpdateStatus(p)
		default:
			p := api.DeepCopy(cur.(*api.Pod))
			switch r.IntN(4) {
			case 0:
				p.Labels = map[string]string{"app": pick("web", "db"), pick("tier", "zone"): pick("x", "y")}
			case 1:
				p.OwnerReferences = nil
				for _, uid := range []string{"u1", "u2", "u3"}[:r.IntN(3)] {
					p.OwnerReferences = append(p.OwnerReferences, api.OwnerReference{APIVersion: "apps/v1", Kind: "ReplicaSet",
						Name: "rs-" + uid, UID: uid, Controller: api.Ptr(r.IntN(2) == 0)})
				}
			case 2:
				p.Spec.Containers[0].Image = pick("nginx", "nginx:2", "busybox")
			case 3:
				p.Annotations = map[string]string{"n": pick("1", "2")}
			}
			_, err = s.Update(p)
		}
		require.NoError(t, err)
		settle(s)
		if step%every != every-1 {
			continue
		}
		require.Equal(t, earlierWeb, names(earlier), "a list handed out earlier stays as it was")
		earlier = inf.ByIndex(informer.IndexLabel, "app=web")
		earlierWeb = names(earlier)
		for index, values := range want {
			scan := map[string][]string{}
			for _, o := range inf.List("") {
				for _, v := range values(o.(*api.Pod)) {
					scan[v] = append(scan[v], o.GetObjectMeta().Name)
				}
			}
			for _, v := range []string{"default", "", "n1", "n2", "u1", "u2", "u3", "nginx", "nginx:2", "busybox",
				"app=web", "app=db", "tier=x", "tier=y", "zone=x", "zone=y"} {
				got := names(inf.ByIndex(index, v))
				require.Equal(t, scan[v], got, "step %d: index %s, value %q", step, index, v)
				require.Equal(t, len(scan[v]), inf.CountByIndex(index, v))
				var each []string
				inf.EachByIndex(index, v, func(o api.Object) { each = append(each, o.GetObjectMeta().Name) })
				require.ElementsMatch(t, scan[v], each)
				for _, o := range inf.ByIndex(index, v) {
					cached, _ := inf.Get("default", o.GetObjectMeta().Name)
					require.Same(t, cached, o, "the index lists the newest object")
				}
			}
		}
	}
}

// TestAnIndexIsBuiltWhenFirstRead: an index nobody reads costs nothing —
// its function is not called — and the first read finds every object.
func TestAnIndexIsBuiltWhenFirstRead(t *testing.T) {
	s := newStore(t)
	inf := informer.New(s, api.Pods)
	calls := 0
	inf.AddIndexer("image", func(o api.Object) []string {
		calls++
		return []string{o.(*api.Pod).Spec.Containers[0].Image}
	})
	require.NoError(t, inf.Start())
	for _, name := range []string{"a", "b", "c"} {
		_, err := s.Create(pod(name, "", nil))
		require.NoError(t, err)
	}
	settle(s)
	assert.Zero(t, calls, "nobody has read the index")
	assert.Equal(t, []string{"a", "b", "c"}, names(inf.ByIndex("image", "nginx")))
	assert.Equal(t, 3, calls)
	_, err := s.Create(pod("d", "", nil))
	require.NoError(t, err)
	settle(s)
	assert.Equal(t, 4, calls, "once built, the index is kept")
	assert.Equal(t, 4, inf.CountByIndex("image", "nginx"))
}

// TestAFirstReadOfABigIndexIsSortedByKey: objects cached out of key order
// come back sorted from the read that builds the index and sorts the set,
// and the same from the next read, which finds the order kept.
func TestAFirstReadOfABigIndexIsSortedByKey(t *testing.T) {
	s := newStore(t)
	const n = 3000
	owner := api.OwnerReference{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "rs", UID: "rs-uid"}
	for k := range n {
		p := pod(fmt.Sprintf("p-%05d", (k*7919)%n), "", nil) // created out of key order
		p.OwnerReferences = []api.OwnerReference{owner}
		_, err := s.Create(p)
		require.NoError(t, err)
	}
	inf := informer.New(s, api.Pods)
	require.NoError(t, inf.Start())

	owned := inf.ByIndex(informer.IndexOwner, "rs-uid")
	require.Len(t, owned, n)
	for k, o := range owned {
		require.Equal(t, fmt.Sprintf("p-%05d", k), o.GetObjectMeta().Name, "sorted by key")
	}
	assert.Equal(t, names(owned), names(inf.ByIndex(informer.IndexOwner, "rs-uid")), "the kept order")
}
