// Package clock is kubeloop's simulated time and its one task queue.
//
// Nothing in core/ or controllers/ reads the wall clock or sleeps. Instead,
// everything that should happen later — a watch event delivered to an
// informer, a reconcile, a kubelet step, a retry — is a task scheduled on a
// Sim. Tasks run one at a time in (deadline, sequence) order, so the same
// seed and the same inputs give the same history, byte for byte.
//
// Sim is not safe for concurrent use; kubeloop has one loop and no
// goroutines.
package clock

import (
	"math/rand/v2"
	"sort"
	"time"
)

// Epoch is where every simulated cluster's time starts: a fixed instant, so
// that creationTimestamps and names are reproducible.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Sim is a simulated clock with a priority queue of tasks.
type Sim struct {
	now   time.Time
	start time.Time
	seq   uint64
	tasks taskHeap
	// lane holds the tasks Schedule queued for the current instant, in
	// order (lane.go); tasks the rest.
	lane nowLane
	rand *rand.Rand
	seed uint64
	// pending counts queued tasks that are not housekeeping, so Busy is O(1).
	pending int
	// free holds run timers for reuse (Schedule).
	free *Timer
	// ran counts the tasks run since New, and ranAt is the time after the
	// last of them: with Now they say where a history stands, so that a
	// recording of it (core/session) can be replayed task for task.
	ran   uint64
	ranAt time.Time
	// afterTask, when set, is called after every task (AfterEachTask).
	afterTask func()
}

// Timer is a scheduled task. Stop cancels it if it has not run yet.
type Timer struct {
	at   time.Time
	name string
	fn   func()
	// task, when set, is run instead of fn and names the timer instead
	// of name (AfterTask).
	task         Task
	housekeeping bool
	index        int // position in the heap; -1 once run or stopped, and in the lane
	sim          *Sim
	// reuse: no caller holds the timer (Schedule), so once run it goes to
	// the clock's free list, linked by next.
	reuse bool
	next  *Timer
}

// New returns a clock at Epoch whose randomness comes from seed alone.
func New(seed uint64) *Sim { return NewAt(seed, Epoch) }

// NewAt is New with the clock starting at start instead of Epoch: a host
// that serves the cluster to real clients starts it at the wall clock's
// time, so that the ages those clients compute from its timestamps are
// the time since the cluster started, not since Epoch.
func NewAt(seed uint64, start time.Time) *Sim {
	return &Sim{now: start, start: start, seed: seed, rand: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Start is the instant the clock started at.
func (s *Sim) Start() time.Time { return s.start }

// Now is the current simulated time.
func (s *Sim) Now() time.Time { return s.now }

// Rand is the simulation's only source of randomness, seeded by New.
func (s *Sim) Rand() *rand.Rand { return s.rand }

// Stream returns a source of randomness of its own for one component (say,
// "leaderelection"), derived from the seed and name alone. Draws from it do
// not move Rand, so a component that draws at times of its own choosing —
// a jittered retry period — leaves every other random choice (pod names,
// uids) where it was.
func (s *Sim) Stream(name string) *rand.Rand {
	h := uint64(14695981039346656037) // FNV-1a of name
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return rand.New(rand.NewPCG(s.seed^h, h))
}

// After schedules fn to run d from now. A d ≤ 0 runs it at the current
// instant, after every task already due now (sequence order).
func (s *Sim) After(d time.Duration, name string, fn func()) *Timer {
	if d < 0 {
		d = 0
	}
	return s.schedule(s.now.Add(d), name, fn, false)
}

// Housekeeping schedules a periodic-maintenance task (heartbeats, lease
// renewals, resyncs). Such tasks run like any other but do not keep the
// cluster "busy": Settle stops when only housekeeping is left.
func (s *Sim) Housekeeping(d time.Duration, name string, fn func()) *Timer {
	if d < 0 {
		d = 0
	}
	return s.schedule(s.now.Add(d), name, fn, true)
}

// Task is work for the clock that carries its own state and gives its
// name only when asked: a caller that schedules many tasks (a watch
// delivery per event, a retry per requeue) makes one value per task
// instead of a closure and a name string that Pending would rarely read.
type Task interface {
	Run()
	TaskName() string
}

// AfterTask is After for a Task.
func (s *Sim) AfterTask(d time.Duration, task Task) *Timer {
	if d < 0 {
		d = 0
	}
	t := s.schedule(s.now.Add(d), "", nil, false)
	t.task = task
	return t
}

// Schedule is AfterTask for a task whose timer the caller has no use for:
// it is not returned, so the clock reuses it once the task has run. Watch
// deliveries and reconciles — most of a run's tasks — are scheduled so.
func (s *Sim) Schedule(d time.Duration, task Task) {
	if d > 0 {
		s.AfterTask(d, task).reuse = true
		return
	}
	t := s.newTimer(s.now, "", nil, false)
	t.task, t.reuse, t.index = task, true, -1
	s.lane.Push(heapEntry{int64(s.now.Sub(Epoch)), s.seq, t})
}

func (s *Sim) schedule(at time.Time, name string, fn func(), hk bool) *Timer {
	t := s.newTimer(at, name, fn, hk)
	s.tasks.push(t, s.seq)
	return t
}

// newTimer makes (or reuses) the timer of a task, with the next sequence.
func (s *Sim) newTimer(at time.Time, name string, fn func(), hk bool) *Timer {
	s.seq++
	t := s.free
	if t != nil {
		s.free = t.next
	} else {
		t = &Timer{}
	}
	*t = Timer{at: at, name: name, fn: fn, housekeeping: hk, sim: s}
	if !hk {
		s.pending++
	}
	return t
}

// first is the earliest queued task, from the lane or the heap; nil when
// none is queued.
func (s *Sim) first() *heapEntry {
	switch {
	case s.lane.Len() == 0 && len(s.tasks) == 0:
		return nil
	case s.lane.Len() == 0:
		return &s.tasks[0]
	case len(s.tasks) == 0 || s.lane.Front().before(&s.tasks[0]):
		return s.lane.Front()
	}
	return &s.tasks[0]
}

// Stop cancels the timer. It reports whether the timer was still pending.
func (t *Timer) Stop() bool {
	if t == nil || t.index < 0 {
		return false
	}
	t.sim.tasks.remove(t.index)
	if !t.housekeeping {
		t.sim.pending--
	}
	return true
}

// When is the instant the timer fires.
func (t *Timer) When() time.Time { return t.at }

// Name is the label given when the timer was scheduled (for traces).
func (t *Timer) Name() string {
	if t.task != nil {
		return t.task.TaskName()
	}
	return t.name
}

// Next reports the deadline of the earliest task, if any.
func (s *Sim) Next() (time.Time, bool) {
	e := s.first()
	if e == nil {
		return time.Time{}, false
	}
	return e.t.at, true
}

// NextName is the name of the task Step would run next, "" when none is
// queued.
func (s *Sim) NextName() string {
	if e := s.first(); e != nil {
		return e.t.Name()
	}
	return ""
}

// Busy reports whether any non-housekeeping task is queued.
func (s *Sim) Busy() bool { return s.pending > 0 }

// DueNow reports whether a task is due at the current instant.
func (s *Sim) DueNow() bool {
	e := s.first()
	return e != nil && !e.t.at.After(s.now)
}

// Step runs the earliest task, moving the clock forward to its deadline.
// It returns false when no task is queued.
func (s *Sim) Step() bool {
	e := s.first()
	if e == nil {
		return false
	}
	var t *Timer
	if s.lane.Len() > 0 && e == s.lane.Front() {
		t = s.lane.Pop().t
	} else {
		t = s.tasks.remove(0)
	}
	if !t.housekeeping {
		s.pending--
	}
	if t.at.After(s.now) {
		s.now = t.at
	}
	s.ran++
	s.ranAt = s.now
	if t.task != nil {
		t.task.Run()
	} else {
		t.fn()
	}
	if t.reuse {
		*t = Timer{index: -1, next: s.free} // keep no task alive from the free list
		s.free = t
	}
	if s.afterTask != nil {
		s.afterTask()
	}
	return true
}

// AfterEachTask has fn called after every task the clock runs, however it
// is run (Step, StepDue, AdvanceTo), until replaced; nil calls nothing.
// fn only looks: it schedules nothing and changes nothing a task reads, so
// the history is the same with it or without it.
func (s *Sim) AfterEachTask(fn func()) { s.afterTask = fn }

// Ran reports how many tasks have run since New, and the time at which the
// last one ran (Epoch when none has).
func (s *Sim) Ran() (tasks uint64, lastAt time.Time) {
	if s.ran == 0 {
		return 0, Epoch
	}
	return s.ran, s.ranAt
}

// StepDue runs the earliest task only if it is due now (no time passes).
func (s *Sim) StepDue() bool {
	if !s.DueNow() {
		return false
	}
	return s.Step()
}

// AdvanceTo runs every task with a deadline ≤ t, in order, then sets the
// clock to t. Time never goes backwards: a t before Now only runs what is
// already due.
func (s *Sim) AdvanceTo(t time.Time) {
	for e := s.first(); e != nil && !e.t.at.After(t); e = s.first() {
		s.Step()
	}
	if t.After(s.now) {
		s.now = t
	}
}

// Advance is AdvanceTo(Now()+d).
func (s *Sim) Advance(d time.Duration) { s.AdvanceTo(s.now.Add(d)) }

// Pending lists the names of up to limit queued non-housekeeping tasks,
// earliest first: what keeps the clock busy, for "why won't it settle?".
func (s *Sim) Pending(limit int) []string {
	sorted := append(append(taskHeap(nil), s.tasks...), s.lane.Items()...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].before(&sorted[j]) })
	var out []string
	for _, e := range sorted {
		t := e.t
		if len(out) == limit {
			break
		}
		if !t.housekeeping {
			out = append(out, t.at.Sub(s.now).String()+" "+t.Name())
		}
	}
	return out
}
