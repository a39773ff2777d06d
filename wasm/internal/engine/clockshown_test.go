package engine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestClockShownIsFineWhileThingsHappenFast(t *testing.T) {
	for d, want := range map[time.Duration]time.Duration{
		-time.Second:                          0,
		1254 * time.Millisecond:               1250 * time.Millisecond,
		9996 * time.Millisecond:               10 * time.Second,
		12345 * time.Millisecond:              12300 * time.Millisecond,
		83*time.Second + 900*time.Millisecond: 83 * time.Second,
		time.Hour + 3*time.Second + 999999999: time.Hour + 3*time.Second,
	} {
		assert.Equal(t, want, ClockShown(d), d.String())
	}
}

// Past its first minute, an idle cluster's clock shows whole seconds: a
// frame is due when one passes or a task runs, not on every turn of the
// worker, which an idle cluster makes about a frame apart (idleTurn).
func TestAFrameThatOnlyMovesTheClockIsDueWhenWhatItShowsChanges(t *testing.T) {
	const idleTurn = 16 * time.Millisecond
	e := started(t)
	e.Run(2*time.Minute, 1<<30)
	e.Frame()
	frames, withTasks := 0, 0
	for range int(10 * time.Second / idleTurn) {
		before, _ := e.c.Clock().Ran()
		e.Run(idleTurn, 1<<30)
		after, _ := e.c.Clock().Ran()
		if after != before {
			withTasks++
		}
		if e.Moved() {
			frames++
			e.Frame()
		}
	}
	assert.GreaterOrEqual(t, frames, 10, "each second the clock shows")
	assert.LessOrEqual(t, frames, 10+withTasks, "a second passed or a task ran")
	assert.Less(t, withTasks, 100, "the cluster is idle")
}
