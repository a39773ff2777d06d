package clock

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTasksRunInDeadlineThenSequenceOrder(t *testing.T) {
	s := New(1)
	var got []string
	s.After(2*time.Second, "b", func() { got = append(got, "b") })
	s.After(time.Second, "a", func() { got = append(got, "a") })
	s.After(2*time.Second, "c", func() { got = append(got, "c") })
	s.After(0, "now", func() { got = append(got, "now") })
	s.Advance(5 * time.Second)
	assert.Equal(t, []string{"now", "a", "b", "c"}, got)
	assert.Equal(t, Epoch.Add(5*time.Second), s.Now())
}

func TestStopCancelsOnlyPendingTimers(t *testing.T) {
	s := New(1)
	ran := false
	tm := s.After(time.Second, "x", func() { ran = true })
	assert.True(t, s.Busy())
	assert.True(t, tm.Stop())
	assert.False(t, tm.Stop())
	assert.False(t, s.Busy())
	s.Advance(time.Minute)
	assert.False(t, ran)
}

func TestHousekeepingDoesNotMakeTheClockBusy(t *testing.T) {
	s := New(1)
	s.Housekeeping(time.Second, "heartbeat", func() {})
	assert.False(t, s.Busy())
	_, ok := s.Next()
	assert.True(t, ok)
}

func TestTasksScheduledWhileRunningKeepOrder(t *testing.T) {
	s := New(1)
	var got []int
	s.After(0, "first", func() {
		got = append(got, 1)
		s.After(0, "nested", func() { got = append(got, 3) })
	})
	s.After(0, "second", func() { got = append(got, 2) })
	for s.StepDue() {
	}
	assert.Equal(t, []int{1, 2, 3}, got)
}

func TestSameSeedSameRandomness(t *testing.T) {
	a, b := New(42), New(42)
	for i := 0; i < 10; i++ {
		require.Equal(t, a.Rand().Uint64(), b.Rand().Uint64())
	}
	assert.NotEqual(t, New(1).Rand().Uint64(), New(2).Rand().Uint64())
}

func TestTimeNeverGoesBackwards(t *testing.T) {
	s := New(1)
	s.Advance(time.Minute)
	s.AdvanceTo(Epoch)
	assert.Equal(t, Epoch.Add(time.Minute), s.Now())
}

func TestStreamIsIndependentOfRand(t *testing.T) {
	a, b := New(7), New(7)
	_ = a.Stream("leaderelection").Uint64()
	assert.Equal(t, a.Rand().Uint64(), b.Rand().Uint64(), "a stream's draws leave Rand alone")
	assert.Equal(t, New(7).Stream("x").Uint64(), New(7).Stream("x").Uint64(), "same seed and name, same stream")
	assert.NotEqual(t, New(7).Stream("x").Uint64(), New(7).Stream("y").Uint64())
	assert.NotEqual(t, New(7).Stream("x").Uint64(), New(8).Stream("x").Uint64())
}

type namedTask struct {
	name  string
	got   *[]string
	asked *int
}

func (t namedTask) Run()             { *t.got = append(*t.got, t.name) }
func (t namedTask) TaskName() string { *t.asked++; return "task " + t.name }

// TestTasksRunLikeFunctions: a Task takes its place in (deadline,
// sequence) order like a function, and is asked its name only when one is
// wanted.
func TestTasksRunLikeFunctions(t *testing.T) {
	s := New(1)
	var got []string
	asked := 0
	s.After(time.Second, "a", func() { got = append(got, "a") })
	tm := s.AfterTask(time.Second, namedTask{"b", &got, &asked})
	s.After(0, "now", func() { got = append(got, "now") })
	s.AfterTask(-time.Second, namedTask{"c", &got, &asked})
	assert.Equal(t, 0, asked)
	assert.Equal(t, []string{"0s now", "0s task c", "1s a", "1s task b"}, s.Pending(10))
	assert.Equal(t, "task b", tm.Name())
	s.Advance(time.Minute)
	assert.Equal(t, []string{"now", "c", "a", "b"}, got)
	assert.False(t, s.Busy())
}

// TestScheduledTimersAreReusedSafely: timers of Scheduled tasks go back to
// the clock once run and serve later tasks, while a timer a caller holds
// keeps its own task, order and Stop.
func TestScheduledTimersAreReusedSafely(t *testing.T) {
	s := New(1)
	var got []string
	asked := 0
	for i := range 3 {
		s.Schedule(time.Duration(i)*time.Second, namedTask{fmt.Sprint("s", i), &got, &asked})
	}
	s.Advance(time.Second) // s0 and s1 ran: their timers are free
	held := s.After(time.Second, "held", func() { got = append(got, "held") })
	stopped := s.After(time.Second, "stopped", func() { got = append(got, "stopped") })
	s.Schedule(time.Second, namedTask{"s3", &got, &asked})
	assert.True(t, stopped.Stop())
	assert.Equal(t, []string{"1s task s2", "1s held", "1s task s3"}, s.Pending(10))
	s.Advance(time.Minute)
	assert.Equal(t, []string{"s0", "s1", "s2", "held", "s3"}, got)
	assert.False(t, held.Stop(), "a timer that ran cannot be stopped, whoever reuses it")
	var again Task = namedTask{"again", &got, &asked}
	assert.Equal(t, 0.0, testing.AllocsPerRun(100, func() {
		s.Schedule(0, again)
		s.Step()
	}), "a task scheduled after another ran reuses its timer")
}

// TestNextNameIsTheTaskStepRuns: NextName names the task Step runs next,
// housekeeping included, and is empty once nothing is queued.
func TestNextNameIsTheTaskStepRuns(t *testing.T) {
	s := New(1)
	var got []string
	s.After(time.Second, "later", func() { got = append(got, "later") })
	s.Housekeeping(0, "renew", func() { got = append(got, "renew") })
	for _, want := range []string{"renew", "later"} {
		assert.Equal(t, want, s.NextName())
		require.True(t, s.Step())
		assert.Equal(t, want, got[len(got)-1])
	}
	assert.Equal(t, "", s.NextName())
}

// AfterEachTask's fn runs after each task, however the clock is moved,
// and sees the task done; nil stops it.
func TestAfterEachTaskFollowsEveryTask(t *testing.T) {
	s := New(1)
	var got []string
	last := ""
	s.AfterEachTask(func() { got = append(got, "after "+last) })
	for _, name := range []string{"a", "b", "c", "d"} {
		s.After(0, name, func() { last = name })
	}
	s.Step()
	s.StepDue()
	s.AdvanceTo(s.Now())
	assert.Equal(t, []string{"after a", "after b", "after c", "after d"}, got)
	s.AfterEachTask(nil)
	s.After(time.Second, "e", func() {})
	s.Advance(time.Second)
	assert.Len(t, got, 4, "nothing called once removed")
}
