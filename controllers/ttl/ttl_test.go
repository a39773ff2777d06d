package ttl_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/ttl"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// Upstream's steps and their hysteresis (pkg/controller/ttl
// TestDesiredTTL): up when the count passes a step's maximum, down only
// below its minimum.
func TestNextStep(t *testing.T) {
	ttlAt := func(step int) int { return ttl.Boundaries[step].TTLSeconds }
	cases := []struct {
		from, count, ttl int
	}{
		{0, 0, 0}, {0, 100, 0}, {0, 101, 15}, {1, 95, 15}, {1, 90, 15}, {1, 89, 0},
		{1, 500, 15}, {1, 501, 30}, {2, 460, 30}, {2, 449, 15}, {2, 1001, 60},
		{3, 2001, 300}, {4, 1800, 300}, {4, 1799, 60},
		{0, 2500, 300}, // a jump crosses several steps
		{4, 10, 0},
	}
	for _, c := range cases {
		assert.Equal(t, c.ttl, ttlAt(ttl.NextStep(c.from, c.count)), "from step %d with %d nodes", c.from, c.count)
	}
}

type fixture struct {
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
	n     int
}

func newFixture(t *testing.T, nodes int) *fixture {
	f := &fixture{}
	f.clk, f.store, f.mgr = controllertest.Start(t, func(s *store.Store) { f.store = s; f.add(t, nodes) }, ttl.Register)
	f.settle()
	return f
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) add(t *testing.T, n int) {
	for i := 0; i < n; i++ {
		f.n++
		_, err := f.store.Create(&api.Node{ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("node-%d", f.n)}})
		require.NoError(t, err)
	}
}

func (f *fixture) remove(t *testing.T, n int) {
	for i := 0; i < n; i++ {
		_, err := f.store.Delete(api.Nodes, "", fmt.Sprintf("node-%d", f.n), store.DeleteOptions{})
		require.NoError(t, err)
		f.n--
	}
}

// ttls counts the nodes by their annotation.
func (f *fixture) ttls() map[string]int {
	out := map[string]int{}
	for _, o := range f.store.List(api.Nodes, "") {
		v, ok := o.GetObjectMeta().Annotations[ttl.Annotation]
		if !ok {
			v = "<none>"
		}
		out[v]++
	}
	return out
}

func TestSmallClusterGetsZero(t *testing.T) {
	f := newFixture(t, 3)
	assert.Equal(t, map[string]int{"0": 3}, f.ttls())
}

func TestTheTTLFollowsTheClusterSize(t *testing.T) {
	f := newFixture(t, 100)
	assert.Equal(t, map[string]int{"0": 100}, f.ttls())
	f.add(t, 1)
	f.settle()
	assert.Equal(t, map[string]int{"15": 101}, f.ttls(), "the 101st node moves every node to 15s")
	f.remove(t, 6)
	f.settle()
	assert.Equal(t, map[string]int{"15": 95}, f.ttls(), "95 nodes: still 15s (hysteresis down to 90)")
	f.remove(t, 6)
	f.settle()
	assert.Equal(t, map[string]int{"0": 89}, f.ttls(), "below 90: back to 0")
}

func TestARemovedAnnotationComesBack(t *testing.T) {
	f := newFixture(t, 2)
	o, err := f.store.Get(api.Nodes, "", "node-1")
	require.NoError(t, err)
	n := api.DeepCopy(o.(*api.Node))
	delete(n.Annotations, ttl.Annotation)
	_, err = f.store.Update(n)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"0": 1, "<none>": 1}, f.ttls())
	f.settle()
	assert.Equal(t, map[string]int{"0": 2}, f.ttls())
}
