package controller

import (
	"slices"
	"time"
)

// Upstream's event correlator (client-go tools/record) does two things to
// an Event before it writes it. Its logger counts repeats of the same
// Event (the Recorder's eventKey). Before that, its aggregator notices
// similar Events — the same object, type and reason, different messages,
// as a ReplicaSet's "Created pod: …" for each of its pods — and from the
// tenth distinct message within ten minutes on records them as one Event,
// "(combined from similar events): <latest message>", whose count grows.
// `kubectl describe rs` after a scale-up to 20 shows nine "Created pod"
// Events and one combined Event (x11).
const (
	aggregateMaxEvents = 10               // defaultAggregateMaxEvents
	aggregateInterval  = 10 * time.Minute // defaultAggregateIntervalInSeconds
	combinedPrefix     = "(combined from similar events): "
)

// similarRecord holds the distinct messages of similar Events seen
// recently, oldest first.
type similarRecord struct {
	messages []string
	last     time.Time
}

// aggregate returns the message to record and the key to count it under.
func (r *Recorder) aggregate(uid, eventType, reason, message string, now time.Time) (string, eventKey) {
	sk := similarKeyOf(uid, eventType, reason)
	// The record lives in the cache's entry: a key seen anew, or seen again
	// after the interval, starts an empty list in place of the one its
	// entry held (that of an evicted key, or its own expired one), reusing
	// its array: nothing else holds it.
	rec, ok := r.similar.slot(sk)
	if !ok || now.Sub(rec.last) > aggregateInterval {
		clear(rec.messages)
		rec.messages = rec.messages[:0]
	}
	if !slices.Contains(rec.messages, message) {
		rec.messages = append(rec.messages, message)
	}
	rec.last = now
	if len(rec.messages) < aggregateMaxEvents {
		return message, sk.eventKey(message, false)
	}
	// Upstream then forgets an arbitrary one of the messages (a set's
	// PopAny); kubeloop forgets the oldest, so that a run is repeatable.
	rec.messages = slices.Delete(rec.messages, 0, 1)
	return combinedPrefix + message, sk.eventKey("", true)
}
