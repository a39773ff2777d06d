//go:build js && wasm

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A draw is expected slow after a slow one, or after a burst of writes
// however cheap the last draw was.
func TestDrawLooksSlowAfterASlowDrawOrABurstOfWrites(t *testing.T) {
	for _, c := range []struct {
		costMS float64
		writes int64
		slow   bool
	}{
		{0.5, 0, false},
		{0.5, burstWrites - 1, false},
		{0.5, burstWrites, true},
		{slowRenderMS, 0, true},
		{slowRenderMS - 0.1, 10, false},
		{40, 10000, true},
	} {
		assert.Equal(t, c.slow, drawLooksSlow(c.costMS, c.writes), "cost %.1f ms, %d writes", c.costMS, c.writes)
	}
}
