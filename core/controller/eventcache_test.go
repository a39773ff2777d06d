package controller

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func key(s string) eventKey { return eventKeyOf(s, EventNormal, "Test", "", false) }

// TestEventCacheKeepsTheMostRecentKeys: past maxRecentEvents keys the
// least recently used one goes; a key used again stays.
func TestEventCacheKeepsTheMostRecentKeys(t *testing.T) {
	c := newEventCache[eventKey, string]()
	for i := 0; i < maxRecentEvents; i++ {
		c.put(key(fmt.Sprint(i)), fmt.Sprint("event-", i))
	}
	if _, ok := c.get(key("0")); !ok { // 0 is now the most recently used
		t.Fatal("key 0 is gone before the cache is full")
	}
	c.put(key("new"), "event-new")
	if _, ok := c.get(key("1")); ok {
		t.Fatal("key 1, the least recently used, should have been evicted")
	}
	if name, ok := c.get(key("0")); !ok || name != "event-0" {
		t.Fatalf("key 0: %q %v", name, ok)
	}
	if len(c.items) != maxRecentEvents {
		t.Fatalf("%d items; want %d", len(c.items), maxRecentEvents)
	}
}

// TestEventCacheIsAnLRU: random gets, puts and slots over more keys than fit
// agree with a plain list kept in order of use, and the ring holds every
// kept key once, in that order.
func TestEventCacheIsAnLRU(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	c := newEventCache[eventKey, string]()
	var order []eventKey // most recently used first
	names := map[eventKey]string{}
	for step := 0; step < 20000; step++ {
		k := key(fmt.Sprint(r.IntN(maxRecentEvents * 3 / 2)))
		at := slices.Index(order, k)
		op := r.IntN(3)
		var added *string // a slot's value, when it added the key
		if op == 2 {      // slot: a get that adds the key when it was not there
			v, ok := c.slot(k)
			if ok != (at >= 0) || (ok && *v != names[k]) {
				t.Fatalf("step %d: slot %v = %q %v; want present=%v %q", step, k, *v, ok, at >= 0, names[k])
			}
			if ok {
				order = slices.Insert(slices.Delete(order, at, at+1), 0, k)
				continue
			}
			added = v // then as a put of a new name
		}
		if op == 0 {
			name, ok := c.get(k)
			if ok != (at >= 0) || (ok && name != names[k]) {
				t.Fatalf("step %d: get %v = %q %v; want present=%v %q", step, k, name, ok, at >= 0, names[k])
			}
			if ok {
				order = slices.Insert(slices.Delete(order, at, at+1), 0, k)
			}
			continue
		}
		name := fmt.Sprint("event-", step)
		if added != nil {
			*added = name
		} else {
			c.put(k, name)
		}
		names[k] = name
		if at >= 0 {
			order = slices.Delete(order, at, at+1)
		}
		order = slices.Insert(order, 0, k)
		if len(order) > maxRecentEvents {
			delete(names, order[len(order)-1])
			order = order[:maxRecentEvents]
		}
	}
	if len(c.items) != len(order) {
		t.Fatalf("%d items; want %d", len(c.items), len(order))
	}
	e := c.head
	for i, k := range order {
		if e.key != k || e.next.prev != e {
			t.Fatalf("ring position %d holds %v; want %v", i, e.key, k)
		}
		e = e.next
	}
	if e != c.head {
		t.Fatal("the ring is longer than the cache")
	}
}
