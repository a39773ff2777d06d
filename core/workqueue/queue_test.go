package workqueue

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQueue(t *testing.T) {
	tests := []struct{ name, script string }{
		{"hands out items in the order they were added", `
			add a
			add b
			add c
			get a
			get b
			get c
			get -`},
		{"collapses an item added twice before it is processed", `
			add bar
			add bar
			len 1
			get bar
			done bar
			len 0
			get -`},
		{"counts distinct ready items", `
			add foo
			len 1
			add bar
			len 2
			add foo
			len 2`},
		{"requeues an item re-added while processing, after Done", `
			add foo
			get foo
			add foo
			len 0
			get -
			done foo
			len 1
			get foo
			done foo
			len 0`},
		{"collapses many adds while processing into one requeue", `
			add foo
			get foo
			add foo
			add foo
			add foo
			len 0
			done foo
			len 1
			get foo
			done foo
			get -`},
		{"skips an item being processed and hands out the next", `
			add foo
			get foo
			add foo
			add bar
			get bar
			get -
			done foo
			get foo`},
		{"puts a requeued item behind items already ready", `
			add a
			add b
			get a
			add a
			done a
			get b
			get a`},
		{"forgets an item that was not re-added", `
			add a
			get a
			done a
			len 0
			get -`},
		{"ignores Done of an item that is not processing", `
			add a
			done a
			len 1
			get a
			done a
			done a
			len 0
			get -`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { newFixture().run(t, tt.script) })
	}
}

// Workers take turns on one queue while producers re-add keys mid-reconcile
// (upstream's TestAddWhileProcessing, with turns instead of goroutines): a key
// re-added during its reconcile is processed exactly once more, and is never
// handed to a second worker while the first still holds it.
func TestAddWhileProcessing(t *testing.T) {
	const workers, keys = 3, 20
	q := New[int](clock.New(1), "test", nil)
	for k := range keys {
		q.Add(k)
	}
	holder := map[int]int{} // key → worker processing it
	held := make([]int, workers)
	busy := make([]bool, workers)
	passes := map[int]int{}
	for round := 0; ; round++ {
		require.Less(t, round, 1000, "queue never drained")
		progressed := false
		for w := range workers {
			if busy[w] {
				delete(holder, held[w])
				q.Done(held[w])
				busy[w], progressed = false, true
				continue
			}
			k, ok := q.Get()
			if !ok {
				continue
			}
			other, clash := holder[k]
			require.False(t, clash, "key %d given to worker %d while worker %d holds it", k, w, other)
			holder[k], held[w], busy[w], progressed = w, k, true, true
			if passes[k]++; passes[k] == 1 {
				q.Add(k) // two producers notice a change mid-reconcile
				q.Add(k)
			}
		}
		if !progressed {
			break
		}
	}
	for k := range keys {
		assert.Equal(t, 2, passes[k], "key %d", k)
	}
	assert.Equal(t, Metrics{Name: "test", Adds: 2 * keys}, q.Metrics())
}

func TestShutDown(t *testing.T) {
	tests := []struct{ name, script string }{
		{"ignores adds after shutdown", `
			shutdown
			add a
			after b 1s
			limited c
			len 0
			waiting 0
			requeues c 0
			get -`},
		{"still hands out items that were ready", `
			add a
			add b
			shutdown
			get a
			done a
			get b
			done b
			get -`},
		{"requeues an item re-added before shutdown when it is done", `
			add a
			get a
			add a
			shutdown
			done a
			get a`},
		{"drops delayed items", `
			after a 1s
			limited b
			waiting 2
			shutdown
			waiting 0
			advance 1h
			len 0
			ready 0`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { newFixture().run(t, tt.script) })
	}

	t.Run("reports that it is shutting down and leaves no timer behind", func(t *testing.T) {
		f := newFixture()
		f.q.AddAfter("a", time.Second)
		assert.False(t, f.q.ShuttingDown())
		f.q.ShutDown()
		assert.True(t, f.q.ShuttingDown())
		assert.False(t, f.clk.Busy(), "a stopped controller must not keep the cluster busy")
	})
}

func TestOnReady(t *testing.T) {
	tests := []struct{ name, script string }{
		{"runs once for each item entering the ready list", `
			add a
			ready 1
			add a
			ready 1
			add b
			ready 2`},
		{"runs when Done requeues, not when an add only marks dirty", `
			add a
			get a
			add a
			add a
			ready 1
			done a
			ready 2`},
		{"runs when a delayed add fires", `
			after a 1s
			ready 0
			advance 1s
			ready 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { newFixture().run(t, tt.script) })
	}

	t.Run("may take the item at once", func(t *testing.T) {
		q := New[string](clock.New(1), "test", nil)
		var got []string
		q.SetOnReady(func() {
			item, ok := q.Get()
			require.True(t, ok)
			got = append(got, item)
		})
		q.Add("a")
		q.Add("a") // processing now: only dirty
		q.Done("a")
		assert.Equal(t, []string{"a", "a"}, got)
		assert.Equal(t, Metrics{Name: "test", Processing: 1, Adds: 2}, q.Metrics())
	})
}

func TestMetrics(t *testing.T) {
	f := newFixture()
	f.run(t, `
		add a
		add a
		add b
		get a
		add a
		after c 1s
		limited d
		limited d`)
	m := f.q.Metrics()
	// a's second add collapsed; its add while processing counts (it costs a
	// reconcile). d waits on one timer though it was retried twice.
	assert.Equal(t, Metrics{Name: "test", Depth: 1, Processing: 1, Waiting: 2, Adds: 3, Retries: 2}, m)

	js, err := json.Marshal(m)
	require.NoError(t, err)
	assert.JSONEq(t, `{"name":"test","depth":1,"processing":1,"waiting":2,"adds":3,"retries":2}`, string(js))

	// d's retry (1ms) fires before c's delay (1s).
	f.run(t, `
		advance 1s
		get b
		get d
		get c`)
	assert.Equal(t, Metrics{Name: "test", Processing: 4, Adds: 5, Retries: 2}, f.q.Metrics())
}

func TestReadyListStaysCompactUnderSteadyLoad(t *testing.T) {
	// A queue that never empties must reuse its array, not grow without end.
	q := New[int](clock.New(1), "test", nil)
	for i := range 10 {
		q.Add(i)
	}
	for i := 10; i < 100_000; i++ {
		item, ok := q.Get()
		require.True(t, ok)
		require.Equal(t, i-10, item)
		q.Done(item)
		q.Add(i)
	}
	assert.Equal(t, 10, q.Len())
	assert.LessOrEqual(t, q.ready.Cap(), 128)
}

func ExampleQueue() {
	clk := clock.New(1)
	q := New[string](clk, "deployment", nil)
	q.Add("default/web")
	q.Add("default/web") // collapses into the pending add

	key, _ := q.Get()
	fmt.Println("reconcile", key)
	q.AddRateLimited(key) // the reconcile failed: retry after a backoff
	q.Done(key)

	clk.Advance(5 * time.Millisecond)
	key, _ = q.Get()
	fmt.Println("retry", key, "after", q.NumRequeues(key), "failure")
	q.Forget(key) // it succeeded: the next failure starts from 5ms again
	q.Done(key)
	fmt.Printf("%+v\n", q.Metrics())
	// Output:
	// reconcile default/web
	// retry default/web after 1 failure
	// {Name:deployment Depth:0 Processing:0 Waiting:0 Adds:2 Retries:1}
}

func TestCancelAfterDropsAPendingDelay(t *testing.T) {
	clk := clock.New(1)
	q := New[string](clk, "test", nil)
	q.AddAfter("a", time.Second)
	assert.Equal(t, 1, q.Waiting())
	assert.True(t, clk.Busy())
	q.CancelAfter("a")
	q.CancelAfter("never-added")
	assert.Equal(t, 0, q.Waiting())
	assert.False(t, clk.Busy())
	clk.Advance(time.Minute)
	assert.Equal(t, 0, q.Len())
}
