//go:build js && wasm

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The queue hands out its keys in order, a front at a time, keeps a key
// added twice twice, and starts afresh once every key was looked at.
func TestPodQueueHandsOutItsKeysInOrder(t *testing.T) {
	var q podQueue
	assert.True(t, q.done())
	q.add([]string{"a", "b", "c"})
	assert.Equal(t, []string{"a", "b"}, q.front(2))
	q.next += 1
	q.add([]string{"a"}) // changed again before it was looked at
	assert.Equal(t, []string{"b", "c", "a"}, q.front(10))
	q.next += 3
	assert.True(t, q.done())
	q.add([]string{"d"})
	assert.Equal(t, []string{"d"}, q.front(10), "looked at, the keys before are dropped")
	assert.Equal(t, 0, q.next)
	q.clear()
	assert.True(t, q.done())
	assert.Empty(t, q.front(10))
}
