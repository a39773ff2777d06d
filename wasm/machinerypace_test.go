//go:build js && wasm

package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// A busy controller's rate: none until simulated time has passed since it
// was first seen (its count alone says nothing of speed), then the rate over
// the time there has been, then over each whole simulated second.
func TestAControllersRateIsMeasuredOverTheTimeThatPassed(t *testing.T) {
	start := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return start.Add(time.Duration(ms) * time.Millisecond) }
	p := pace{}
	for _, c := range []struct {
		ms         int
		reconciles int64
		rate       int
		measured   bool
	}{
		{0, 500, 0, false},     // first seen: 500 reconciles done before, at no known pace
		{0, 520, 0, false},     // still no time has passed
		{100, 540, 400, true},  // 40 in a tenth of a second
		{500, 700, 400, true},  // 200 in half a second
		{1000, 900, 400, true}, // a whole second: 400, kept for the next second
		{1400, 1500, 400, true},
		{2000, 1900, 1000, true}, // the next whole second: 1,000
	} {
		rate, measured := p.rate("replicaset", c.reconciles, at(c.ms))
		assert.Equal(t, c.measured, measured, "at %d ms", c.ms)
		assert.Equal(t, c.rate, rate, "at %d ms", c.ms)
	}
	_, measured := p.rate("deployment", 3, at(2000))
	assert.False(t, measured, "each controller has its own sample")
}
