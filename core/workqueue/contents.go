package workqueue

import "time"

// Contents is what a queue holds at one instant, for a picture of it: the
// keys ready in the order Get hands them out (at most the limit asked for;
// MoreReady counts the rest), the keys being processed, and every key
// waiting out a delay with the instant it is due (in no set order: the
// caller picks the soonest it shows).
type Contents[T comparable] struct {
	Ready      []Queued[T]
	MoreReady  int
	Processing []T // in no set order
	Delayed    []Delayed[T]
}

// Queued is a ready key and how many adds it stands for: an add that found
// the key already queued changed nothing ("added twice, queued once").
type Queued[T comparable] struct {
	Item T
	Adds int
}

// Delayed is a key waiting on AddAfter (a requeue, a back-off) and when it
// is due.
type Delayed[T comparable] struct {
	Item T
	At   time.Time
}

// Contents lists what the queue holds, its ready keys cut at limit.
func (q *Queue[T]) Contents(limit int) Contents[T] {
	var c Contents[T]
	for i, item := range q.ready.Items() {
		if i == limit {
			c.MoreReady = q.ready.Len() - limit
			break
		}
		c.Ready = append(c.Ready, Queued[T]{Item: item, Adds: 1 + q.collapsed[item]})
	}
	for item := range q.processing {
		c.Processing = append(c.Processing, item)
	}
	for item, t := range q.waiting {
		c.Delayed = append(c.Delayed, Delayed[T]{Item: item, At: t.When()})
	}
	return c
}
