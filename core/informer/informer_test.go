package informer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

func newStore(t *testing.T) *store.Store {
	s := store.New(clock.New(1))
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	return s
}

func pod(name, node string, labels map[string]string) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: labels},
		Spec: api.PodSpec{NodeName: node, Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
}

func settle(s *store.Store) {
	for s.Clock().StepDue() {
	}
}

func TestListThenWatchKeepsTheCacheInStep(t *testing.T) {
	s := newStore(t)
	_, err := s.Create(pod("before", "", nil))
	require.NoError(t, err)
	inf := informer.New(s, api.Pods)
	var log []string
	inf.AddHandler(informer.Handler{
		OnAdd:    func(o api.Object) { log = append(log, "add "+o.GetObjectMeta().Name) },
		OnUpdate: func(_, o api.Object) { log = append(log, "update "+o.GetObjectMeta().Name) },
		OnDelete: func(o any) { log = append(log, "delete "+o.(api.Object).GetObjectMeta().Name) },
	})
	require.NoError(t, inf.Start())
	assert.True(t, inf.HasSynced())
	assert.Equal(t, []string{"add before"}, log)

	_, err = s.Create(pod("after", "", nil))
	require.NoError(t, err)
	_, ok := inf.Get("default", "after")
	assert.False(t, ok, "the cache lags the store until the event is delivered")
	settle(s)
	_, ok = inf.Get("default", "after")
	assert.True(t, ok)
	_, err = s.Bind("default", "after", "node-1")
	require.NoError(t, err)
	_, err = s.Delete(api.Pods, "default", "before", store.DeleteOptions{})
	require.NoError(t, err)
	settle(s)
	assert.Equal(t, []string{"add before", "add after", "update after", "delete before"}, log)
	assert.Equal(t, s.Revision(), inf.LastSyncRevision())
}

func TestIndexesFollowChanges(t *testing.T) {
	s := newStore(t)
	inf := informer.New(s, api.Pods)
	require.NoError(t, inf.Start())
	_, err := s.Create(pod("a", "", map[string]string{"app": "web"}))
	require.NoError(t, err)
	_, err = s.Create(pod("b", "", map[string]string{"app": "db"}))
	require.NoError(t, err)
	settle(s)
	assert.Len(t, inf.ByIndex(informer.IndexNode, ""), 2)
	_, err = s.Bind("default", "a", "node-1")
	require.NoError(t, err)
	settle(s)
	assert.Len(t, inf.ByIndex(informer.IndexNode, ""), 1)
	got := inf.ByIndex(informer.IndexNode, "node-1")
	require.Len(t, got, 1)
	assert.Equal(t, "a", got[0].GetObjectMeta().Name)
	assert.Len(t, inf.ByIndex(informer.IndexLabel, "app=db"), 1)
	assert.Len(t, inf.ByIndex(informer.IndexNamespace, "default"), 2)
}

func TestLateHandlerSeesExistingObjects(t *testing.T) {
	s := newStore(t)
	_, err := s.Create(pod("a", "", nil))
	require.NoError(t, err)
	inf := informer.New(s, api.Pods)
	require.NoError(t, inf.Start())
	n := 0
	inf.AddHandler(informer.Handler{OnAdd: func(api.Object) { n++ }})
	assert.Equal(t, 1, n)
}

func TestFactorySharesOneInformerPerKind(t *testing.T) {
	s := newStore(t)
	f := informer.NewFactory(s)
	assert.Same(t, f.For(api.Pods), f.For(api.Pods))
	seen := 0
	f.Observe = func(*api.Kind, store.Event) { seen++ }
	require.NoError(t, f.Start())
	_, err := s.Create(pod("a", "", nil))
	require.NoError(t, err)
	settle(s)
	assert.Equal(t, 1, seen)
}

// TestGetFindsNamespacedAndClusterObjects: Get spells the store's key for
// both scopes, and looks it up without allocating.
func TestGetFindsNamespacedAndClusterObjects(t *testing.T) {
	s := newStore(t)
	_, err := s.Create(pod("web", "", nil))
	require.NoError(t, err)
	pods, namespaces := informer.New(s, api.Pods), informer.New(s, api.Namespaces)
	require.NoError(t, pods.Start())
	require.NoError(t, namespaces.Start())
	p, ok := pods.Get("default", "web")
	require.True(t, ok)
	require.Equal(t, "web", p.GetObjectMeta().Name)
	_, ok = pods.Get("", "web")
	require.False(t, ok, "a namespaced object is not found without its namespace")
	ns, ok := namespaces.Get("", "default")
	require.True(t, ok)
	require.Equal(t, "default", ns.GetObjectMeta().Name)
	require.Equal(t, 0.0, testing.AllocsPerRun(100, func() { pods.Get("default", "web") }))
}
