//go:build js && wasm

package main

import (
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/store"
)

// The Events list, newest first. A draw adds the rows of the new Events
// where they belong and removes those of the Events gone, instead of
// writing the whole list again: during a 10,000-pod rollout the list
// changed nearly every draw, and each time its 200 rows (1,000 elements)
// were replaced, for the browser to style and lay out anew. The rows kept
// stay in order: the list is sorted by each Event's last time, then its
// name, and an Event that changes (seen again: its count and time move)
// is a new row. New ones do not all come on top: Events of the same
// second are in name order. A new language redraws the list anew, and a
// replayed revision whole. A live draw adds at most maxEventsAdded rows.

// drawEvents lists events (oldest first, as the feed and snapshots give
// them), newest first: all of them, or as many as a draw that adds at most
// most rows can show (eventsShown). It reports whether all are drawn.
func (a *app) drawEvents(events []cluster.EventView, force bool, most int) (all bool) {
	u := a.ui
	next := newestFirst(events, u.eventsNext)
	drawn := u.eventsDrawn
	if force {
		drawn = nil
	}
	shown := next[:eventsShown(drawn, next, most)]
	all = len(shown) == len(next)
	if drawn != nil {
		if removed, added, ok := eventsPatch(drawn, shown); ok {
			if len(removed)+len(added) > 0 {
				var m markup
				for _, i := range added {
					eventRow(&m, &shown[i])
				}
				patchChildren(u.events, removed, &m, added)
			}
			u.eventsDrawn, u.eventsNext = shown, u.eventsDrawn
			return all
		}
	}
	u.eventsDrawn, u.eventsNext = shown, u.eventsDrawn
	var m markup
	if len(events) == 0 {
		setHTML(u.events, m.elem("div", "empty pad", a.tr(a.noEventsKey())))
		return all
	}
	for i := range shown {
		eventRow(&m, &shown[i])
	}
	setHTML(u.events, &m)
	return all
}

// maxEventsAdded is how many rows a live draw of the Events adds at most.
// In a burst every draw brings a list of new Events, each row new: 200
// rows made, styled and laid out at each draw, of which the pane
// shows a dozen. The newest come first, and the older ones follow over
// the next draws, once the Events come slower than this.
const maxEventsAdded = 40

// eventsShown is how many of next's rows (newest first) a draw shows
// when drawn is on the page (nil: nothing is) and it may add at most
// most rows: the rows down to the last that adds no more than most. The
// rows shown are always the newest, with no gap between them.
func eventsShown(drawn, next []cluster.EventView, most int) int {
	inDrawn := make(map[cluster.EventView]bool, len(drawn))
	for _, e := range drawn {
		inDrawn[e] = true
	}
	added := 0
	for i, e := range next {
		if inDrawn[e] {
			continue
		}
		if added++; added > most {
			return i
		}
	}
	return len(next)
}

// noEventsKey is what an empty list says: "none yet" in the cluster's
// first hour, and past it that Events expire, as a real API server's do
// an hour after their last write (store.DefaultEventTTL) — a cluster at
// ×100 outlives its Events in under a minute.
func (a *app) noEventsKey() string {
	elapsed := a.elapsed()
	if a.replay.on {
		elapsed = a.replay.elapsed
	}
	if elapsed > store.DefaultEventTTL {
		return "events.expired"
	}
	return "events.empty"
}

// eventsPatch is how the rows of drawn become those of next (both newest
// first): the indexes in drawn of the rows to remove, and the indexes in
// next of the rows to add. ok is false when the rows kept would not be in
// next's order, when a list has two rows alike, or when no row is kept:
// then the list is drawn whole.
func eventsPatch(drawn, next []cluster.EventView) (removed, added []int, ok bool) {
	inNext := make(map[cluster.EventView]bool, len(next))
	for _, e := range next {
		inNext[e] = true
	}
	inDrawn := make(map[cluster.EventView]bool, len(drawn))
	for _, e := range drawn {
		inDrawn[e] = true
	}
	if len(inNext) != len(next) || len(inDrawn) != len(drawn) {
		return nil, nil, false
	}
	var kept []int // indexes in drawn
	for i, e := range drawn {
		if inNext[e] {
			kept = append(kept, i)
		} else {
			removed = append(removed, i)
		}
	}
	if len(kept) == 0 {
		return nil, nil, false
	}
	k := 0
	for j, e := range next {
		switch {
		case k < len(kept) && drawn[kept[k]] == e:
			k++
		case inDrawn[e]:
			return nil, nil, false // a kept row out of order
		default:
			added = append(added, j)
		}
	}
	return removed, added, true
}

// newestFirst is events in reverse order, in buf's room.
func newestFirst(events, buf []cluster.EventView) []cluster.EventView {
	buf = buf[:0]
	for i := len(events) - 1; i >= 0; i-- {
		buf = append(buf, events[i])
	}
	if buf == nil {
		buf = []cluster.EventView{} // drawn, with none: not nil, which means nothing drawn
	}
	return buf
}

// eventRow writes one Event: when, why, about what, and its message.
func eventRow(m *markup, e *cluster.EventView) {
	cls := "ev"
	if e.Type == "Warning" {
		cls += " warn"
	}
	reason := e.Reason
	if e.Count > 1 {
		reason += " ×" + itoa64(int64(e.Count))
	}
	m.open("div", cls).
		elem("span", "ev-time", formatElapsed(e.Time.Sub(clock.Epoch))).
		elem("span", "ev-reason", reason).
		elem("span", "ev-obj", e.Object, "title", e.Object).
		elem("span", "ev-msg", e.Message).
		close("div")
}
