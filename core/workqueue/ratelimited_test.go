package workqueue

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/clock"
)

// AddRateLimited returns the delay it gave, for the trace's "retry N in D":
// 5 ms doubling per failure, until Forget; nothing after ShutDown.
func TestAddRateLimitedReturnsTheDelay(t *testing.T) {
	q := New[string](clock.New(1), "test", nil)
	var got []time.Duration
	for i := 0; i < 4; i++ {
		got = append(got, q.AddRateLimited("x"))
	}
	assert.Equal(t, []time.Duration{5 * time.Millisecond, 10 * time.Millisecond, 20 * time.Millisecond, 40 * time.Millisecond}, got)
	assert.Equal(t, 4, q.NumRequeues("x"))
	q.Forget("x")
	assert.Equal(t, 5*time.Millisecond, q.AddRateLimited("x"))
	q.ShutDown()
	assert.Zero(t, q.AddRateLimited("x"))
}
