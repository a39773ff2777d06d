package informer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// TestListerReadsAsTheInformerDoes: each typed read hands out the objects
// the informer's read does, in its order, and counts as many visits.
func TestListerReadsAsTheInformerDoes(t *testing.T) {
	s := newStore(t)
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "other"}})
	require.NoError(t, err)
	for _, p := range []*api.Pod{
		pod("c", "node-1", map[string]string{"app": "web"}),
		pod("a", "node-2", map[string]string{"app": "web"}),
		pod("b", "node-1", map[string]string{"app": "db"}),
	} {
		_, err := s.Create(p)
		require.NoError(t, err)
	}
	elsewhere := pod("a", "node-1", nil)
	elsewhere.Namespace = "other"
	_, err = s.Create(elsewhere)
	require.NoError(t, err)

	f := informer.NewFactory(s)
	pods := informer.ListerFor[*api.Pod](f)
	require.Same(t, f.For(api.Pods), pods.Informer, "the factory's shared informer")
	require.NoError(t, f.Start())

	same := func(name string, untyped []api.Object, typed []*api.Pod) {
		t.Helper()
		require.Len(t, typed, len(untyped), name)
		for n := range untyped {
			assert.Same(t, untyped[n], typed[n], name)
		}
	}
	visits := func(read func()) int64 {
		before := pods.Visited()
		read()
		return pods.Visited() - before
	}

	same("List all", pods.Informer.List(""), pods.List(""))
	same("List default", pods.Informer.List("default"), pods.List("default"))
	same("List none", pods.Informer.List("none"), pods.List("none"))
	same("ByIndex", pods.Informer.ByIndex(informer.IndexNode, "node-1"), pods.ByIndex(informer.IndexNode, "node-1"))
	same("ByIndexes", pods.Informer.ByIndexes(informer.IndexLabel, "app=web", informer.IndexNode, "node-1"),
		pods.ByIndexes(informer.IndexLabel, "app=web", informer.IndexNode, "node-1"))
	assert.Equal(t, []string{"a", "b", "c", "a"}, podNames(pods.List("")), "sorted by key: default/… before other/…")
	assert.Equal(t, visits(func() { pods.Informer.List("") }), visits(func() { pods.List("") }))

	p, ok := pods.Get("default", "b")
	require.True(t, ok)
	assert.Equal(t, "node-1", p.Spec.NodeName)
	p, ok = pods.Get("default", "gone")
	assert.False(t, ok)
	assert.Nil(t, p)

	all, n := pods.EachByIndexes(informer.IndexNode, "node-1")
	var walked []*api.Pod
	for p := range all {
		walked = append(walked, p)
	}
	assert.Equal(t, 3, n)
	same("EachByIndexes", pods.Informer.ByIndex(informer.IndexNode, "node-1"), walked)
	walked = nil
	pods.EachSortedByIndex(informer.IndexLabel, "app=web", func(p *api.Pod) { walked = append(walked, p) })
	same("EachSortedByIndex", pods.Informer.ByIndex(informer.IndexLabel, "app=web"), walked)
	count := 0
	pods.EachByIndex(informer.IndexNamespace, "default", func(*api.Pod) { count++ })
	assert.Equal(t, 3, count)
}

// TestListerAllocatesAsTheInformerDoes: a typed list is one slice, as the
// informer's is — no copy of an untyped one.
func TestListerAllocatesAsTheInformerDoes(t *testing.T) {
	s := newStore(t)
	for _, name := range []string{"a", "b", "c"} {
		_, err := s.Create(pod(name, "node-1", nil))
		require.NoError(t, err)
	}
	inf := informer.New(s, api.Pods)
	require.NoError(t, inf.Start())
	pods := informer.NewLister[*api.Pod](inf)
	pods.List("")
	pods.List("default")
	assert.Equal(t, testing.AllocsPerRun(10, func() { inf.List("") }), testing.AllocsPerRun(10, func() { pods.List("") }))
	assert.Equal(t, testing.AllocsPerRun(10, func() { inf.List("default") }), testing.AllocsPerRun(10, func() { pods.List("default") }))
	assert.Zero(t, testing.AllocsPerRun(10, func() { pods.Get("default", "b") }))
}

// TestListerOfTheWrongTypePanics: a Lister's type is its informer's kind's.
func TestListerOfTheWrongTypePanics(t *testing.T) {
	inf := informer.New(newStore(t), api.Pods)
	assert.Panics(t, func() { informer.NewLister[*api.Node](inf) })
	assert.Panics(t, func() { informer.ListerFor[*notAKind](informer.NewFactory(newStore(t))) })
}

// notAKind is an Object whose Go type no kind has.
type notAKind struct{ api.Pod }

func podNames[T api.Object](objs []T) []string {
	out := make([]string, len(objs))
	for n, o := range objs {
		out[n] = o.GetObjectMeta().Name
	}
	return out
}

// TestTypedHandlerIsToldOfChangesInItsKindsType: a HandlerFor[*api.Pod]
// registered late hears of the cached pod, then of each change with pods —
// the deleted one as last seen, whether the watch said so or a relist
// found it gone (a tombstone, unwrapped).
func TestTypedHandlerIsToldOfChangesInItsKindsType(t *testing.T) {
	for _, tc := range []struct {
		name string
		// change acts on a store holding pod a on node-1, watched by inf.
		change func(t *testing.T, s *store.Store, inf *informer.Informer)
		want   []string
	}{{
		name: "add",
		change: func(t *testing.T, s *store.Store, _ *informer.Informer) {
			_, err := s.Create(pod("b", "", nil))
			require.NoError(t, err)
		},
		want: []string{"add a on node-1", "add b on "},
	}, {
		name: "update",
		change: func(t *testing.T, s *store.Store, _ *informer.Informer) {
			_, err := s.Create(pod("b", "", nil))
			require.NoError(t, err)
			_, err = s.Bind("default", "b", "node-2")
			require.NoError(t, err)
		},
		want: []string{"add a on node-1", "add b on ", "update b from  to node-2"},
	}, {
		name: "delete",
		change: func(t *testing.T, s *store.Store, _ *informer.Informer) {
			_, err := deleteNow(s, "a")
			require.NoError(t, err)
		},
		want: []string{"add a on node-1", "delete a on node-1"},
	}, {
		name: "tombstone",
		change: func(t *testing.T, s *store.Store, inf *informer.Informer) {
			require.True(t, inf.Break())
			_, err := deleteNow(s, "a")
			require.NoError(t, err)
			settle(s)
			require.NoError(t, inf.Reconnect(true))
		},
		want: []string{"add a on node-1", "delete a on node-1"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(t)
			_, err := s.Create(pod("a", "node-1", nil))
			require.NoError(t, err)
			inf := informer.New(s, api.Pods)
			require.NoError(t, inf.Start())
			var log []string
			informer.NewLister[*api.Pod](inf).AddTypedHandler(informer.HandlerFor[*api.Pod]{
				OnAdd: func(p *api.Pod) { log = append(log, "add "+p.Name+" on "+p.Spec.NodeName) },
				OnUpdate: func(old, p *api.Pod) {
					log = append(log, "update "+p.Name+" from "+old.Spec.NodeName+" to "+p.Spec.NodeName)
				},
				OnDelete: func(p *api.Pod) { log = append(log, "delete "+p.Name+" on "+p.Spec.NodeName) },
			})
			tc.change(t, s, inf)
			settle(s)
			assert.Equal(t, tc.want, log)
		})
	}
}

// TestTypedHandlerLeavesOutWhatItDoesNotHandle: fields left nil are not
// called — an OnDelete alone hears nothing of adds and updates.
func TestTypedHandlerLeavesOutWhatItDoesNotHandle(t *testing.T) {
	s := newStore(t)
	_, err := s.Create(pod("a", "", nil))
	require.NoError(t, err)
	pods := informer.ListerFor[*api.Pod](informer.NewFactory(s))
	require.NoError(t, pods.Start())
	var deleted []string
	pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{OnDelete: func(p *api.Pod) { deleted = append(deleted, p.Name) }})
	_, err = s.Bind("default", "a", "node-1")
	require.NoError(t, err)
	_, err = deleteNow(s, "a")
	require.NoError(t, err)
	settle(s)
	assert.Equal(t, []string{"a"}, deleted)
}

// deleteNow deletes a pod at once, as the kubelet's final delete does.
func deleteNow(s *store.Store, name string) (api.Object, error) {
	return s.Delete(api.Pods, "default", name, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
}
