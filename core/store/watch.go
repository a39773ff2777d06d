package store

import "github.com/kubeloop/kubeloop/core/api"

// WatchFunc receives one event. It runs as its own task on the clock.
type WatchFunc func(Event)

type watcher struct {
	kind    *api.Kind
	name    string
	fn      WatchFunc
	stopped bool
}

// Watch delivers every event of kind after revision from, in order, then
// every future one, until the returned stop is called. name labels the
// delivery tasks (for traces). A from older than the compacted revision is
// Gone.
func (s *Store) Watch(kind *api.Kind, from int64, name string, fn WatchFunc) (stop func(), err error) {
	if from < s.compacted {
		return nil, api.NewGone(from, s.compacted)
	}
	w := &watcher{kind: kind, name: name, fn: fn}
	for _, ev := range s.log[s.logIndex(from):] {
		if ev.Kind == kind {
			s.deliver(w, ev)
		}
	}
	s.watchers = append(s.watchers, w)
	return func() { w.stopped = true; s.dropStopped() }, nil
}

func (s *Store) deliver(w *watcher, ev Event) {
	d := s.freeDeliveries
	if d != nil {
		s.freeDeliveries = d.next
	} else {
		d = &delivery{}
	}
	d.s, d.w, d.ev = s, w, ev
	s.clk.Schedule(s.WatchLatency, d)
}

// delivery is the task that hands one event to one watcher. Every write
// makes one per watcher of its kind — five or so per pod write — so they
// are reused: a delivery goes back to the store's free list as it runs.
type delivery struct {
	s    *Store
	w    *watcher
	ev   Event
	next *delivery // in the free list
}

func (d *delivery) Run() {
	s, w, ev := d.s, d.w, d.ev
	*d = delivery{next: s.freeDeliveries} // keep no object alive from the free list
	s.freeDeliveries = d
	if !w.stopped {
		w.fn(ev)
	}
}

func (d *delivery) TaskName() string { return d.w.name }

func (s *Store) dropStopped() {
	live := s.watchers[:0]
	for _, w := range s.watchers {
		if !w.stopped {
			live = append(live, w)
		}
	}
	s.watchers = live
}

// logIndex is the index in log of the first event after revision rev.
func (s *Store) logIndex(rev int64) int {
	// Revisions in the log are consecutive from compacted+1.
	i := int(rev - s.compacted)
	if i < 0 {
		return 0
	}
	if i > len(s.log) {
		return len(s.log)
	}
	return i
}

// Events returns the events after revision rev (for renderers that draw
// only what changed). A rev before the compacted revision returns Gone.
// The slice is the store's own log: read it before the next write, which
// may compact the log in place.
func (s *Store) Events(rev int64) ([]Event, error) {
	if rev < s.compacted {
		return nil, api.NewGone(rev, s.compacted)
	}
	return s.log[s.logIndex(rev):], nil
}
