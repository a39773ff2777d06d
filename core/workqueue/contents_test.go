package workqueue

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/clock"
)

// Contents shows what a learner should see in a queue: keys in Get's
// order, a key added three times while queued as one key standing for
// three adds, the key being processed, and delayed keys with their time.
func TestContentsShowsWhatTheQueueHolds(t *testing.T) {
	clk := clock.New(1)
	q := New[string](clk, "test", nil)
	q.Add("a")
	q.Add("b")
	q.Add("b")
	q.Add("b")
	q.Add("c")
	got, _ := q.Get() // a
	assert.Equal(t, "a", got)
	q.AddAfter("d", 5*time.Second)
	q.Add("a") // while processing: ready again after Done
	q.Add("a")

	c := q.Contents(2)
	assert.Equal(t, []Queued[string]{{"b", 3}, {"c", 1}}, c.Ready)
	assert.Equal(t, 0, c.MoreReady)
	assert.Equal(t, []string{"a"}, c.Processing)
	assert.Equal(t, []Delayed[string]{{"d", clk.Now().Add(5 * time.Second)}}, c.Delayed)

	q.Done("a")
	q.Add("e")
	c = q.Contents(2)
	assert.Equal(t, []Queued[string]{{"b", 3}, {"c", 1}}, c.Ready)
	assert.Equal(t, 2, c.MoreReady, "a (back after Done) and e")
	got, _ = q.Get()
	assert.Equal(t, "b", got)
	q.Done("b")
	q.Add("b")
	// a, added twice while processing, is one key standing for two adds;
	// b's count starts again with its new add.
	assert.Equal(t, []Queued[string]{{"c", 1}, {"a", 2}, {"e", 1}, {"b", 1}}, q.Contents(10).Ready)
}
