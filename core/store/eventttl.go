package store

import (
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
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
	at  int64 // unix nanoseconds
	key string
	rev int64 // the write's revision: a later write renews the lease
}

// eventLeases are the leases of the Events written, oldest first: the TTL
// is one length for all, so they run out in the order they were written,
// and a queue is all it takes. One housekeeping timer waits for the
// oldest.
//
// The queue is a list of fixed blocks, not one slice (as fifo.Queue is):
// it holds every Event write of the last hour, about 128,000 in the
// 10,000-pod benchmark, and a slice grown by doubling allocates a new
// array, and copies every entry, each time it fills; a block is allocated
// once and never copied.
type eventLeases struct {
	head, tail *leaseBlock
	first      int // head.entries[:first] are done with
	timer      *clock.Timer
}

const leaseBlockLen = 1024

type leaseBlock struct {
	entries []eventExpiry // up to leaseBlockLen
	next    *leaseBlock
}

func (l *eventLeases) push(e eventExpiry) {
	if l.tail == nil || len(l.tail.entries) == leaseBlockLen {
		b := &leaseBlock{entries: make([]eventExpiry, 0, leaseBlockLen)}
		if l.tail == nil {
			l.head = b
		} else {
			l.tail.next = b
		}
		l.tail = b
	}
	l.tail.entries = append(l.tail.entries, e)
}

// oldest is the oldest lease not done with, if any.
func (l *eventLeases) oldest() (*eventExpiry, bool) {
	for l.head != nil && l.first == len(l.head.entries) {
		if l.head == l.tail { // empty: the block is reused
			l.head.entries, l.first = l.head.entries[:0], 0
			return nil, false
		}
		l.head, l.first = l.head.next, 0
	}
	if l.head == nil {
		return nil, false
	}
	return &l.head.entries[l.first], true
}

// pop is done with the oldest lease.
func (l *eventLeases) pop() {
	l.head.entries[l.first] = eventExpiry{} // let go of the key
	l.first++
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
	l.push(eventExpiry{at: s.clk.Now().Add(s.EventTTL()).UnixNano(), key: key, rev: rev})
	if l.timer == nil {
		s.awaitEventExpiry()
	}
}

// awaitEventExpiry sets the timer for the oldest lease, if any.
func (s *Store) awaitEventExpiry() {
	l := &s.eventLeases
	l.timer = nil
	if e, ok := l.oldest(); ok {
		l.timer = s.clk.Housekeeping(time.Duration(e.at-s.clk.Now().UnixNano()), "apiserver: expire Events (--event-ttl)", s.expireEvents)
	}
}

// expireEvents deletes the Events whose lease has run out: those not
// written again since the write the lease is for.
func (s *Store) expireEvents() {
	l := &s.eventLeases
	now := s.clk.Now().UnixNano()
	for {
		e, ok := l.oldest()
		if !ok || e.at > now {
			break
		}
		key, rev := e.key, e.rev
		l.pop()
		cur, ok := s.objects[api.Events][key]
		if !ok {
			continue
		}
		if rv, err := strconv.ParseInt(cur.GetObjectMeta().ResourceVersion, 10, 64); err != nil || rv != rev {
			continue // written again since: its lease is further down the queue
		}
		s.write(Deleted, api.Events, key, shallowCopy(cur), cur)
	}
	s.awaitEventExpiry()
}
