package fifo

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Items come out in the order they went in, whether the queue empties
// between them or never does, and a queue that never empties reuses its
// array.
func TestQueueIsFirstInFirstOutAndStaysCompact(t *testing.T) {
	var q Queue[*int]
	assert.Equal(t, 0, q.Len())
	next, want := 0, 0
	push := func() {
		v := next
		q.Push(&v)
		next++
	}
	pop := func() {
		require.Equal(t, want, **q.Front())
		require.Equal(t, want, *q.Pop())
		want++
	}
	for range 3 { // fills and empties
		push()
		push()
		assert.Equal(t, 2, q.Len())
		pop()
		pop()
		assert.Equal(t, 0, q.Len())
	}
	for range 10 {
		push()
	}
	for range 100_000 { // never empties
		pop()
		push()
		require.Equal(t, 10, q.Len())
	}
	items := q.Items()
	require.Len(t, items, 10)
	for i, p := range items {
		assert.Equal(t, want+i, *p, "Items lists the queue first first")
	}
	assert.LessOrEqual(t, q.Cap(), 128)
	for _, p := range q.items[:q.head] {
		assert.Nil(t, p, "a popped slot keeps nothing alive")
	}
}
