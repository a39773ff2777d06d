package workqueue

import (
	"fmt"
	"math"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
)

// RateLimiter decides how long a failing item waits before it is retried.
type RateLimiter[T comparable] interface {
	// When returns how long item should wait before its next retry, and
	// counts a failure for it.
	When(item T) time.Duration
	// Forget stops tracking item, success or give-up alike, so its next
	// failure starts over.
	Forget(item T)
	// NumRequeues is how many failures item has had since it was forgotten.
	NumRequeues(item T) int
}

// DefaultControllerRateLimiter is what kube-controller-manager's controllers
// use: per-item exponential backoff from 5 ms up to 1000 s, but never faster
// than a 10 qps token bucket with a burst of 100 shared by all items, so a
// storm of failures cannot hot-loop the API server.
func DefaultControllerRateLimiter[T comparable](clk *clock.Sim) RateLimiter[T] {
	return NewMaxOfRateLimiter(
		NewItemExponentialFailureRateLimiter[T](5*time.Millisecond, 1000*time.Second),
		NewBucketRateLimiter[T](clk, 10, 100),
	)
}

type exponentialLimiter[T comparable] struct {
	base, maxDelay time.Duration
	failures       map[T]int
}

// NewItemExponentialFailureRateLimiter waits base·2^n before an item's retry
// after n earlier failures, capped at maxDelay.
func NewItemExponentialFailureRateLimiter[T comparable](base, maxDelay time.Duration) RateLimiter[T] {
	return &exponentialLimiter[T]{base: base, maxDelay: maxDelay, failures: map[T]int{}}
}

func (r *exponentialLimiter[T]) When(item T) time.Duration {
	n := r.failures[item]
	r.failures[item] = n + 1
	return backoff(r.base, r.maxDelay, n)
}

// backoff is min(base·2^n, maxDelay) without overflowing: base<<n ≤ maxDelay
// exactly when base ≤ maxDelay>>n, so the shift is only done when it fits.
func backoff(base, maxDelay time.Duration, n int) time.Duration {
	if base <= 0 {
		return 0
	}
	if n >= 63 || base > maxDelay>>n {
		return maxDelay
	}
	return base << n
}

func (r *exponentialLimiter[T]) Forget(item T) { delete(r.failures, item) }

func (r *exponentialLimiter[T]) NumRequeues(item T) int { return r.failures[item] }

// bucketLimiter is a token bucket kept as a "theoretical arrival time" (GCRA):
// tat is when the bucket would be full again if nothing else were reserved.
// Integer durations instead of float tokens keep every host — native or wasm,
// with or without fused multiply-add — on the same nanosecond.
type bucketLimiter[T comparable] struct {
	clk      *clock.Sim
	interval time.Duration // time to earn one token: 1/qps
	window   time.Duration // burst·interval: how far ahead tat may run free
	tat      time.Time
}

// NewBucketRateLimiter is a token bucket of burst tokens refilled at qps per
// second of simulated time, shared by all items. When reserves a token and
// returns how long the caller must wait for it, so reservations beyond the
// burst queue up one interval apart (as x/time/rate's Reserve().Delay()). It
// tracks no items: Forget does nothing and NumRequeues is 0. qps must be
// positive and burst at least 1.
func NewBucketRateLimiter[T comparable](clk *clock.Sim, qps float64, burst int) RateLimiter[T] {
	if !(qps > 0) || burst < 1 {
		panic(fmt.Sprintf("workqueue: bucket rate limiter needs qps > 0 and burst ≥ 1, got qps=%v burst=%d", qps, burst))
	}
	interval := time.Duration(math.Round(float64(time.Second) / qps))
	return &bucketLimiter[T]{
		clk:      clk,
		interval: interval,
		window:   time.Duration(burst) * interval,
		tat:      clk.Now(),
	}
}

func (r *bucketLimiter[T]) When(T) time.Duration {
	now := r.clk.Now()
	if r.tat.Before(now) {
		r.tat = now // a bucket never holds more than burst tokens
	}
	r.tat = r.tat.Add(r.interval)
	if wait := r.tat.Sub(now) - r.window; wait > 0 {
		return wait
	}
	return 0
}

func (r *bucketLimiter[T]) Forget(T) {}

func (r *bucketLimiter[T]) NumRequeues(T) int { return 0 }

type maxOfLimiter[T comparable] []RateLimiter[T]

// NewMaxOfRateLimiter waits as long as the slowest of limiters says. Every
// limiter sees every call, so each keeps its own count.
func NewMaxOfRateLimiter[T comparable](limiters ...RateLimiter[T]) RateLimiter[T] {
	return maxOfLimiter[T](limiters)
}

func (m maxOfLimiter[T]) When(item T) time.Duration {
	var d time.Duration
	for _, l := range m {
		d = max(d, l.When(item))
	}
	return d
}

func (m maxOfLimiter[T]) Forget(item T) {
	for _, l := range m {
		l.Forget(item)
	}
}

func (m maxOfLimiter[T]) NumRequeues(item T) int {
	n := 0
	for _, l := range m {
		n = max(n, l.NumRequeues(item))
	}
	return n
}
