package clock

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// laneTask is a task that checks, as it runs, that it is the earliest of
// the tasks the test knows to be queued, in (deadline, sequence) order.
type laneTask struct {
	c   *laneCheck
	at  time.Time
	seq int
}

type laneCheck struct {
	t      *testing.T
	s      *Sim
	r      *rand.Rand
	queued []*laneTask // every queued task, in no order
	seq    int
	ran    int
}

func (k *laneTask) TaskName() string { return "lane task" }

func (k *laneTask) Run() {
	c := k.c
	earliest := slices.MinFunc(c.queued, func(a, b *laneTask) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return a.seq - b.seq
	})
	require.Same(c.t, earliest, k, "task %d at %s ran before task %d at %s", k.seq, k.at, earliest.seq, earliest.at)
	require.Equal(c.t, k.at, c.s.Now())
	c.queued = slices.DeleteFunc(c.queued, func(x *laneTask) bool { return x == k })
	c.ran++
	if c.ran < 3000 {
		c.spawn(1 + c.r.IntN(3))
	}
}

// spawn queues n tasks the ways a run does: Schedule now (the lane),
// Schedule later, and After/AfterTask timers, some of them stopped.
func (c *laneCheck) spawn(n int) {
	for range n {
		c.seq++
		k := &laneTask{c: c, seq: c.seq}
		d := time.Duration(c.r.IntN(4)) * time.Millisecond
		k.at = c.s.Now().Add(d)
		switch c.r.IntN(4) {
		case 0, 1:
			k.at = c.s.Now()
			c.s.Schedule(0, k)
		case 2:
			c.s.Schedule(d, k)
		default:
			tm := c.s.AfterTask(d, k)
			if c.r.IntN(3) == 0 {
				require.True(c.t, tm.Stop())
				continue
			}
		}
		c.queued = append(c.queued, k)
	}
}

// TestLaneKeepsDeadlineThenSequenceOrder: tasks scheduled for now through
// the lane and timers in the heap, queued from within running tasks and
// some stopped, run as one heap would run them, and Next, DueNow and Busy
// see the lane's tasks.
func TestLaneKeepsDeadlineThenSequenceOrder(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		s := New(seed)
		c := &laneCheck{t: t, s: s, r: rand.New(rand.NewPCG(seed, 3))}
		c.spawn(20)
		for {
			next, ok := s.Next()
			require.Equal(t, len(c.queued) > 0, ok)
			require.Equal(t, len(c.queued) > 0, s.Busy())
			if !ok {
				break
			}
			require.Equal(t, !next.After(s.Now()), s.DueNow())
			require.True(t, s.Step())
		}
		require.Empty(t, c.queued)
		require.GreaterOrEqual(t, c.ran, 3000)
	}
}

// TestLaneRunsAfterTasksAlreadyDueNow: a task scheduled for now runs after
// a timer due now that was queued before it, and before one queued after.
func TestLaneRunsAfterTasksAlreadyDueNow(t *testing.T) {
	s := New(1)
	var ran []string
	s.After(0, "timer before", func() { ran = append(ran, "timer before") })
	s.Schedule(0, laneNamed{"lane", &ran})
	s.After(0, "timer after", func() { ran = append(ran, "timer after") })
	for s.Step() {
	}
	require.Equal(t, []string{"timer before", "lane", "timer after"}, ran)
}

type laneNamed struct {
	name string
	ran  *[]string
}

func (n laneNamed) Run()             { *n.ran = append(*n.ran, n.name) }
func (n laneNamed) TaskName() string { return n.name }
