//go:build js && wasm

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A collection is due ahead before the runtime would start one: its
// pacer's lowest trigger is 45/64 of the way from the live heap to the
// goal (runtime/mgcpacer.go, minTriggerRatioNum), and collectDue stops
// short of it by a tenth of that way.
func TestACollectionIsDueBeforeTheRuntimeStartsOne(t *testing.T) {
	for _, goal := range []uint64{20 << 20, 55 << 20, 200 << 20} {
		live := goal / 5
		lowestTrigger := live + (goal-live)/64*45
		assert.False(t, collectDue(live, goal), "just collected")
		assert.False(t, collectDue(live+(goal-live)/2, goal), "half-way")
		assert.True(t, collectDue(lowestTrigger-(goal-live)/10, goal), "a tenth of the way before the runtime's earliest")
		assert.True(t, collectDue(lowestTrigger, goal))
	}
	// Near the memory limit, what is live can be most of the goal: a
	// collection ahead would be due after every frame.
	goal := uint64(memoryLimit) / 20 * 19
	assert.False(t, collectDue(goal-1, goal), "near the limit, the runtime's own")
}
