package workqueue

import (
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/stretchr/testify/assert"
)

func TestAddAfter(t *testing.T) {
	tests := []struct{ name, script string }{
		{"adds the item once the delay has passed", `
			after foo 50ms
			waiting 1
			len 0
			advance 49ms
			len 0
			advance 1ms
			len 1
			waiting 0
			get foo
			done foo
			advance 10s
			len 0`},
		{"adds at once for a zero or negative delay", `
			after a 0s
			after b -1s
			len 2
			waiting 0`},
		{"fires the earliest deadline first", `
			after first 1s
			after second 50ms
			advance 60ms
			len 1
			get second
			after third 2s
			advance 1s
			len 1
			get first
			advance 1s
			len 1
			get third`},
		{"orders ready items by deadline, not by call", `
			after first 1s
			after second 500ms
			after third 250ms
			advance 2s
			len 3
			get third
			get second
			get first`},
		{"orders equal deadlines by call", `
			after a 1s
			after b 1s
			advance 1s
			get a
			get b`},
		{"collapses a fired item that is already ready", `
			add a
			after a 1s
			advance 1s
			len 1
			get a
			done a
			get -`},
		{"requeues a fired item that is processing when it is done", `
			add a
			get a
			after a 1s
			advance 1s
			len 0
			done a
			len 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { newFixture().run(t, tt.script) })
	}
}

func TestDeduping(t *testing.T) {
	tests := []struct{ name, script string }{
		{"keeps the earlier wait when a longer one follows", `
			after foo 50ms
			after foo 70ms
			waiting 1
			advance 60ms
			len 1
			get foo
			done foo
			advance 20ms
			len 0`},
		{"replaces the wait when a shorter one follows", `
			after foo 70ms
			after foo 50ms
			waiting 1
			advance 60ms
			len 1
			get foo
			done foo
			advance 20ms
			len 0`},
		{"keeps the wait when a later call ends at the same instant", `
			after foo 50ms
			advance 10ms
			after foo 40ms
			waiting 1
			advance 40ms
			len 1
			get foo
			done foo
			advance 1h
			len 0`},
		{"leaves a wait pending when the item is added now", `
			after foo 1s
			add foo
			len 1
			waiting 1
			get foo
			done foo
			advance 1s
			len 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { newFixture().run(t, tt.script) })
	}
}

func TestAddAfterKeepsOneTimerPerItem(t *testing.T) {
	clk := clock.New(1)
	q := New[string](clk, "test", nil)
	q.AddAfter("foo", 70*time.Millisecond)
	q.AddAfter("foo", 50*time.Millisecond)
	q.AddAfter("foo", 60*time.Millisecond)

	next, ok := clk.Next()
	assert.True(t, ok)
	assert.Equal(t, clock.Epoch.Add(50*time.Millisecond), next)
	steps := 0
	for clk.Step() {
		steps++
	}
	assert.Equal(t, 1, steps, "replaced timers must be stopped")
	assert.Equal(t, 1, q.Len())
}
