//go:build js && wasm

package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// A draw removes the rows of the Events gone and adds those of the new
// ones in their places, when the rows kept are in the new list's order;
// otherwise the list is drawn whole.
func TestEventsPatch(t *testing.T) {
	ev := func(i int) cluster.EventView {
		return cluster.EventView{Time: clock.Epoch.Add(time.Duration(i) * time.Second), Reason: "Started", Object: "pod/p" + itoa64(int64(i)), Count: 1}
	}
	list := func(ids ...int) []cluster.EventView { // newest first, as drawn
		var out []cluster.EventView
		for _, i := range ids {
			out = append(out, ev(i))
		}
		return out
	}
	seenAgain := ev(3)
	seenAgain.Count, seenAgain.Time = 2, ev(9).Time
	drawn := list(5, 4, 3, 2, 1)

	cases := []struct {
		name           string
		next           []cluster.EventView
		removed, added []int
		ok             bool
	}{
		{"unchanged", list(5, 4, 3, 2, 1), nil, nil, true},
		{"two new on top, the list grows", list(7, 6, 5, 4, 3, 2, 1), nil, []int{0, 1}, true},
		{"two new on top, the two oldest dropped", list(7, 6, 5, 4, 3), []int{3, 4}, []int{0, 1}, true},
		{"a new one between (the same second, name order)", list(5, 4, 8, 3, 2, 1), nil, []int{2}, true},
		{"an Event seen again moves to the top", append(append([]cluster.EventView{seenAgain}, list(5, 4)...), list(2, 1)...), []int{2}, []int{0}, true},
		{"kept rows out of order", list(4, 5, 3, 2, 1), nil, nil, false},
		{"all new", list(10, 9, 8), nil, nil, false},
		{"two rows alike", list(6, 6, 5, 4, 3, 2, 1), nil, nil, false},
		{"none left", nil, nil, nil, false},
	}
	for _, c := range cases {
		removed, added, ok := eventsPatch(drawn, c.next)
		assert.Equal(t, c.ok, ok, c.name)
		assert.Equal(t, c.removed, removed, c.name)
		assert.Equal(t, c.added, added, c.name)
	}
	assert.Equal(t, "3,17,0", joinInts([]int{3, 17, 0}))
	assert.Equal(t, "", joinInts(nil))
}

// A live draw adds at most a few rows: the newest, down to the last that
// adds no more than its limit; the rows it keeps count for nothing.
func TestEventsShownAddsAtMostALimit(t *testing.T) {
	ev := func(i int) cluster.EventView {
		return cluster.EventView{Time: clock.Epoch.Add(time.Duration(i) * time.Second), Reason: "Started", Object: "pod/p" + itoa64(int64(i)), Count: 1}
	}
	list := func(from, to int) []cluster.EventView { // newest first
		var out []cluster.EventView
		for i := from; i >= to; i-- {
			out = append(out, ev(i))
		}
		return out
	}
	ids := func(ids ...int) []cluster.EventView {
		var out []cluster.EventView
		for _, i := range ids {
			out = append(out, ev(i))
		}
		return out
	}
	cases := []struct {
		name        string
		drawn, next []cluster.EventView
		most, shown int
	}{
		{"nothing drawn: the newest three", nil, list(10, 1), 3, 3},
		{"fewer than the limit: all", nil, list(2, 1), 3, 2},
		{"three new on top of the drawn: all", list(7, 1), list(10, 1), 3, 10},
		{"five new on top: the newest three, none of the drawn", list(5, 1), list(10, 1), 3, 3},
		{"a burst, none kept: the newest three", list(10, 1), list(20, 11), 3, 3},
		{"the drawn newest, the older still to come: three more", list(10, 8), list(10, 1), 3, 6},
		{"new rows among kept ones: cut before the third new", list(5, 1), ids(5, 12, 4, 11, 3, 13, 2, 1), 2, 5},
		{"no limit: all", nil, list(10, 1), 10, 10},
	}
	for _, c := range cases {
		assert.Equal(t, c.shown, eventsShown(c.drawn, c.next, c.most), c.name)
	}
}
