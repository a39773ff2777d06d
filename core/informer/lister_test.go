package informer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
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
