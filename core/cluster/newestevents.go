package cluster

import (
	"cmp"
	"sort"

	"github.com/kubeloop/kubeloop/core/api"
)

// The views show the MaxSnapshotEvents newest Events, found among all of
// them: a 10,000-pod cluster keeps 98,000 (the Event TTL is an hour), too
// many to sort all to keep 200, as the snapshot did on each step back in a
// replay (by name, then again by time, with reflection).

// eventSource is the live store or one revision of its history.
type eventSource interface {
	EachUnordered(kind *api.Kind, fn func(api.Object))
}

// allEvents are every Event of v, in no set order.
func allEvents(v eventSource) []*api.Event {
	var out []*api.Event
	v.EachUnordered(api.Events, func(o api.Object) { out = append(out, o.(*api.Event)) })
	return out
}

// newestOf keeps the MaxSnapshotEvents newest of events — by last
// timestamp, then namespace and name — oldest first. It may reorder
// events. The order is total (namespace and name are unique), so what it
// keeps does not depend on the order events come in.
func newestOf(events []*api.Event) []*api.Event {
	if len(events) > MaxSnapshotEvents {
		events = newest(events, MaxSnapshotEvents)
	}
	// sort.Slice, not slices.SortFunc: one sort for every element type
	// instead of a copy per type in the wasm.
	sort.Slice(events, func(i, j int) bool { return olderEvent(events[i], events[j]) })
	return events
}

// olderEvent orders Events as the views list them: by last timestamp,
// then namespace and name.
func olderEvent(a, b *api.Event) bool {
	if c := a.LastTimestamp.Compare(b.LastTimestamp.Time); c != 0 {
		return c < 0
	}
	return cmp.Or(cmp.Compare(a.Namespace, b.Namespace), cmp.Compare(a.Name, b.Name)) < 0
}

// newest moves the n newest of events (n < len(events)) to its front, in
// no order, and returns them: a heap of the newest so far with the oldest
// of them on top, which every other Event is compared with once.
func newest(events []*api.Event, n int) []*api.Event {
	h := events[:n]
	for i := n/2 - 1; i >= 0; i-- {
		siftOldest(h, i)
	}
	for _, e := range events[n:] {
		if olderEvent(h[0], e) {
			h[0] = e
			siftOldest(h, 0)
		}
	}
	return h
}

// siftOldest moves h[i] down the heap h until it is older than neither of
// its children.
func siftOldest(h []*api.Event, i int) {
	for {
		older := 2*i + 1
		if older >= len(h) {
			return
		}
		if r := older + 1; r < len(h) && olderEvent(h[r], h[older]) {
			older = r
		}
		if !olderEvent(h[older], h[i]) {
			return
		}
		h[i], h[older] = h[older], h[i]
		i = older
	}
}
