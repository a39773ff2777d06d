package controller

import (
	"fmt"
	"testing"
)

// TestEventCacheKeepsTheMostRecentKeys: past maxRecentEvents keys the
// least recently used one goes; a key used again stays.
func TestEventCacheKeepsTheMostRecentKeys(t *testing.T) {
	c := newEventCache()
	for i := 0; i < maxRecentEvents; i++ {
		c.put(fmt.Sprint(i), fmt.Sprint("event-", i))
	}
	if _, ok := c.get("0"); !ok { // 0 is now the most recently used
		t.Fatal("key 0 is gone before the cache is full")
	}
	c.put("new", "event-new")
	if _, ok := c.get("1"); ok {
		t.Fatal("key 1, the least recently used, should have been evicted")
	}
	if name, ok := c.get("0"); !ok || name != "event-0" {
		t.Fatalf("key 0: %q %v", name, ok)
	}
	if len(c.items) != maxRecentEvents || c.order.Len() != maxRecentEvents {
		t.Fatalf("%d items, %d in order; want %d", len(c.items), c.order.Len(), maxRecentEvents)
	}
}
