package workqueue

import (
	"strconv"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
)

func benchKeys(n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = "default/web-" + strconv.Itoa(i)
	}
	return keys
}

// BenchmarkAddGetDone is one reconcile's worth of queue work on distinct keys:
// one key in flight at a time, and a backlog of 1000 drained in order.
func BenchmarkAddGetDone(b *testing.B) {
	keys := benchKeys(1000)
	b.Run("one", func(b *testing.B) {
		q := New[string](clock.New(1), "bench", nil)
		b.ReportAllocs()
		for i := range b.N {
			q.Add(keys[i%len(keys)])
			item, _ := q.Get()
			q.Done(item)
		}
	})
	b.Run("backlog1000", func(b *testing.B) {
		q := New[string](clock.New(1), "bench", nil)
		b.ReportAllocs()
		for b.Loop() {
			for _, k := range keys {
				q.Add(k)
			}
			for range keys {
				item, _ := q.Get()
				q.Done(item)
			}
		}
	})
}

// BenchmarkAddRateLimited is a failing reconcile's path: a retry scheduled on
// the simulated clock, fired, taken and forgotten.
func BenchmarkAddRateLimited(b *testing.B) {
	keys := benchKeys(1000)
	clk := clock.New(1)
	q := New[string](clk, "bench", NewItemExponentialFailureRateLimiter[string](time.Millisecond, time.Second))
	b.ReportAllocs()
	for i := range b.N {
		k := keys[i%len(keys)]
		q.AddRateLimited(k)
		clk.Advance(time.Millisecond)
		item, _ := q.Get()
		q.Forget(item)
		q.Done(item)
	}
}
