package controller

import "container/list"

// maxRecentEvents bounds the recorder's memory of recent Events, as
// upstream's event correlator keeps an LRU cache of 4096 entries
// (maxLruCacheEntries): a repeat of an Event evicted from it starts a new
// Event instead of bumping the old one's count. Without the bound, every
// pod of a 10,000-replica rollout would leave its keys behind for good.
const maxRecentEvents = 4096

// eventCache is a least-recently-used map of aggregation key → Event name.
type eventCache struct {
	items map[string]*list.Element
	order *list.List // front: most recently used
}

type eventCacheEntry struct{ key, name string }

func newEventCache() *eventCache {
	return &eventCache{items: map[string]*list.Element{}, order: list.New()}
}

func (c *eventCache) get(key string) (string, bool) {
	e, ok := c.items[key]
	if !ok {
		return "", false
	}
	c.order.MoveToFront(e)
	return e.Value.(*eventCacheEntry).name, true
}

func (c *eventCache) put(key, name string) {
	if e, ok := c.items[key]; ok {
		e.Value.(*eventCacheEntry).name = name
		c.order.MoveToFront(e)
		return
	}
	c.items[key] = c.order.PushFront(&eventCacheEntry{key: key, name: name})
	if c.order.Len() > maxRecentEvents {
		old := c.order.Back()
		c.order.Remove(old)
		delete(c.items, old.Value.(*eventCacheEntry).key)
	}
}
