package workqueue

import (
	"fmt"
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/stretchr/testify/assert"
)

// fastSlow is upstream's ItemFastSlowRateLimiter, kept here only to encode
// upstream's TestMaxOfRateLimiter: fast for the first n failures, then slow.
type fastSlow struct {
	fast, slow time.Duration
	n          int
	failures   map[string]int
}

func (r *fastSlow) When(item string) time.Duration {
	r.failures[item]++
	if r.failures[item] <= r.n {
		return r.fast
	}
	return r.slow
}
func (r *fastSlow) Forget(item string)          { delete(r.failures, item) }
func (r *fastSlow) NumRequeues(item string) int { return r.failures[item] }

func TestItemExponentialFailureRateLimiter(t *testing.T) {
	tests := []struct {
		name           string
		base, maxDelay time.Duration
		script         string
	}{
		{"doubles per failure, per item, until forgotten", time.Millisecond, time.Second, `
			when one 1ms
			when one 2ms
			when one 4ms
			when one 8ms
			when one 16ms
			requeues one 5
			when two 1ms
			when two 2ms
			requeues two 2
			forget one
			requeues one 0
			when one 1ms
			requeues two 2`},
		{"caps the wait at the maximum", time.Millisecond, time.Second, `
			fail one 9
			when one 512ms
			when one 1s
			when one 1s
			requeues one 12`},
		{"does not overflow after many failures", time.Millisecond, 1000 * time.Second, `
			fail overflow1 5
			fail overflow1 1000
			when overflow1 1000s`},
		{"does not overflow with a large base", time.Minute, 1000 * time.Hour, `
			fail overflow2 2
			when overflow2 4m
			fail overflow2 100
			when overflow2 1000h`},
		{"waits the maximum when base exceeds it", 2 * time.Second, time.Second, `
			when one 1s`},
		{"never waits with a zero base", 0, time.Second, `
			when one 0s
			fail one 100
			when one 0s
			requeues one 102`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rl := NewItemExponentialFailureRateLimiter[string](tt.base, tt.maxDelay)
			runLimiter(t, clock.New(1), rl, tt.script)
		})
	}
}

func TestBackoffMatchesExactArithmetic(t *testing.T) {
	bases := []time.Duration{1, time.Millisecond, 5 * time.Millisecond, time.Minute, math.MaxInt64 / 3, math.MaxInt64}
	caps := []time.Duration{time.Second, 1000 * time.Second, math.MaxInt64}
	for _, base := range bases {
		for _, maxDelay := range caps {
			for n := range 70 {
				want := maxDelay
				exact := new(big.Int).Lsh(big.NewInt(int64(base)), uint(n))
				if exact.Cmp(big.NewInt(int64(maxDelay))) < 0 {
					want = time.Duration(exact.Int64())
				}
				assert.Equal(t, want, backoff(base, maxDelay, n), "base %v, max %v, n %d", base, maxDelay, n)
			}
		}
	}
}

func TestBucketRateLimiter(t *testing.T) {
	tests := []struct {
		name   string
		qps    float64
		burst  int
		script string
	}{
		{"lets a burst through, then spaces calls 100ms apart at 10 qps", 10, 100, `
			when a 0s x100
			when a 100ms
			when a 200ms
			when b 300ms
			requeues a 0
			forget a
			when a 400ms`},
		{"refills as simulated time passes", 10, 100, `
			when a 0s x100
			when a 100ms
			advance 100ms
			when a 100ms
			advance 50ms
			when a 150ms`},
		{"never holds more than its burst", 1, 2, `
			when a 0s x2
			when a 1s
			advance 1h
			when a 0s x2
			when a 1s`},
		{"handles fractional rates", 0.5, 1, `
			when a 0s
			when a 2s
			when a 4s
			advance 3s
			when a 3s`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := clock.New(1)
			runLimiter(t, clk, NewBucketRateLimiter[string](clk, tt.qps, tt.burst), tt.script)
		})
	}

	for _, bad := range []struct {
		qps   float64
		burst int
	}{{0, 1}, {-1, 1}, {math.NaN(), 1}, {10, 0}} {
		t.Run(fmt.Sprintf("rejects qps %v burst %d", bad.qps, bad.burst), func(t *testing.T) {
			assert.Panics(t, func() { NewBucketRateLimiter[string](clock.New(1), bad.qps, bad.burst) })
		})
	}
}

func TestMaxOfRateLimiter(t *testing.T) {
	tests := []struct {
		name     string
		limiters func(clk *clock.Sim) []RateLimiter[string]
		script   string
	}{
		{"waits as long as the slowest limiter", func(*clock.Sim) []RateLimiter[string] {
			return []RateLimiter[string]{
				&fastSlow{fast: 5 * time.Millisecond, slow: 3 * time.Second, n: 3, failures: map[string]int{}},
				NewItemExponentialFailureRateLimiter[string](time.Millisecond, time.Second),
			}
		}, `
			when one 5ms
			when one 5ms
			when one 5ms
			when one 3s
			when one 3s
			requeues one 5
			when two 5ms
			when two 5ms
			requeues two 2
			forget one
			requeues one 0
			when one 5ms`},
		{"never waits with no limiters", func(*clock.Sim) []RateLimiter[string] { return nil }, `
			when a 0s x3
			requeues a 0`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := clock.New(1)
			runLimiter(t, clk, NewMaxOfRateLimiter(tt.limiters(clk)...), tt.script)
		})
	}
}

func TestDefaultControllerRateLimiter(t *testing.T) {
	t.Run("backs off 5ms, 10ms, 20ms… per item", func(t *testing.T) {
		clk := clock.New(1)
		runLimiter(t, clk, DefaultControllerRateLimiter[string](clk), `
			when web 5ms
			when web 10ms
			when web 20ms
			when web 40ms
			when web 80ms
			requeues web 5
			forget web
			requeues web 0
			when web 5ms`)
	})

	t.Run("caps the per-item backoff at 1000s", func(t *testing.T) {
		clk := clock.New(1)
		runLimiter(t, clk, DefaultControllerRateLimiter[string](clk), `
			fail web 40
			when web 1000s`)
	})

	t.Run("holds all items to 10 qps after a burst of 100", func(t *testing.T) {
		clk := clock.New(1)
		rl := DefaultControllerRateLimiter[string](clk)
		for i := range 100 {
			assert.Equal(t, 5*time.Millisecond, rl.When(fmt.Sprint("key", i)), "key %d", i)
		}
		assert.Equal(t, 100*time.Millisecond, rl.When("key100"))
		assert.Equal(t, 200*time.Millisecond, rl.When("key101"))
	})
}

func TestRateLimitedQueue(t *testing.T) {
	tests := []struct{ name, script string }{
		// upstream's TestRateLimitingQueue
		{"delays each retry by the limiter and counts failures", `
			limited one
			waiting 1
			limited one
			waiting 1
			requeues one 2
			forget one
			requeues one 0
			limited two
			limited two
			requeues two 2
			advance 1ms
			len 2
			get one
			get two`},
		{"backs off 1ms, 2ms, 4ms as a reconcile keeps failing", `
			add a
			get a
			limited a
			done a
			advance 1ms
			get a
			limited a
			done a
			advance 1ms
			len 0
			advance 1ms
			get a
			limited a
			done a
			advance 3ms
			len 0
			advance 1ms
			get a
			requeues a 3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { newFixture().run(t, tt.script) })
	}
}
