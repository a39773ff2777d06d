package store

import (
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
)

// DefaultEventTTL is how long the API server keeps an Event after its
// last write: kube-apiserver's --event-ttl, 1h by default. etcd holds each
// Event under a lease of that length, renewed by every write, and deletes
// it when the lease runs out; watchers see it deleted, and `kubectl get
// events` no longer lists it. Events are most of what a big cluster
// stores (at 10,000 pods about seven per pod), so without the TTL a long
// lecture's heap only grew.
const DefaultEventTTL = time.Hour

// eventExpiry is one Event write and when its lease runs out.
type eventExpiry struct {
	at  time.Time
	key string
	rev int64 // the write's revision: a later write renews the lease
}

// eventLeases are the leases of the Events written, oldest first: the TTL
// is one length for all, so they run out in the order they were written,
// and a queue is all it takes. One housekeeping timer waits for the
// oldest.
type eventLeases struct {
	queue []eventExpiry
	head  int // queue[:head] are done with
	timer *clock.Timer
}

// EventTTL is the Events' time to live: s.eventTTL, or DefaultEventTTL.
func (s *Store) EventTTL() time.Duration {
	if s.eventTTL > 0 {
		return s.eventTTL
	}
	return DefaultEventTTL
}

// SetEventTTL sets the Events' time to live (kube-apiserver --event-ttl);
// it applies to the writes from now on.
func (s *Store) SetEventTTL(d time.Duration) { s.eventTTL = d }

// leaseEvent notes a write of the Event at key, at revision rev.
func (s *Store) leaseEvent(key string, rev int64) {
	l := &s.eventLeases
	l.queue = append(l.queue, eventExpiry{at: s.clk.Now().Add(s.EventTTL()), key: key, rev: rev})
	if l.timer == nil {
		s.awaitEventExpiry()
	}
}

// awaitEventExpiry sets the timer for the oldest lease, if any.
func (s *Store) awaitEventExpiry() {
	l := &s.eventLeases
	l.timer = nil
	if l.head == len(l.queue) {
		l.queue, l.head = l.queue[:0], 0
		return
	}
	l.timer = s.clk.Housekeeping(l.queue[l.head].at.Sub(s.clk.Now()), "apiserver: expire Events (--event-ttl)", s.expireEvents)
}

// expireEvents deletes the Events whose lease has run out: those not
// written again since the write the lease is for.
func (s *Store) expireEvents() {
	l := &s.eventLeases
	now := s.clk.Now()
	for l.head < len(l.queue) && !l.queue[l.head].at.After(now) {
		e := l.queue[l.head]
		l.queue[l.head] = eventExpiry{}
		l.head++
		cur, ok := s.objects[eventsKind][e.key]
		if !ok {
			continue
		}
		if rv, err := strconv.ParseInt(cur.GetObjectMeta().ResourceVersion, 10, 64); err != nil || rv != e.rev {
			continue // written again since: its lease is further down the queue
		}
		s.write(Deleted, eventsKind, e.key, shallowCopy(cur), cur)
	}
	// The done part of the queue goes once it is half of it, so the
	// queue's array is reused rather than grown without end.
	if l.head > len(l.queue)/2 {
		l.queue = l.queue[:copy(l.queue, l.queue[l.head:])]
		l.head = 0
	}
	s.awaitEventExpiry()
}
