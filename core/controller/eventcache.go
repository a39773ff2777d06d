package controller

// maxRecentEvents bounds the recorder's memory of recent Events, as
// upstream's event correlator keeps an LRU cache of 4096 entries
// (maxLruCacheEntries): a repeat of an Event evicted from it starts a new
// Event instead of bumping the old one's count. Without the bound, every
// pod of a 10,000-replica rollout would leave its keys behind for good.
const maxRecentEvents = 4096

// eventCache is a least-recently-used map, of aggregation key → Event name
// and of similar-events key → their record. Its entries form a ring, most
// recently used first; once the cache is full a new key takes over the
// least recently used entry, so a put allocates nothing then.
type eventCache[K comparable, V any] struct {
	items map[K]*eventCacheEntry[K, V]
	// head is the most recently used entry; head.prev the least.
	head *eventCacheEntry[K, V]
}

type eventCacheEntry[K comparable, V any] struct {
	key        K
	value      V
	prev, next *eventCacheEntry[K, V]
}

func newEventCache[K comparable, V any]() *eventCache[K, V] {
	return &eventCache[K, V]{items: map[K]*eventCacheEntry[K, V]{}}
}

func (c *eventCache[K, V]) get(key K) (V, bool) {
	e, ok := c.items[key]
	if !ok {
		var zero V
		return zero, false
	}
	c.toFront(e)
	return e.value, true
}

func (c *eventCache[K, V]) put(key K, value V) {
	if e, ok := c.items[key]; ok {
		e.value = value
		c.toFront(e)
		return
	}
	if len(c.items) == maxRecentEvents {
		// The least recently used entry becomes the new one, which is
		// then the most recently used: the ring turns one step back.
		e := c.head.prev
		delete(c.items, e.key)
		e.key, e.value = key, value
		c.items[key] = e
		c.head = e
		return
	}
	e := &eventCacheEntry[K, V]{key: key, value: value}
	if c.head == nil {
		e.prev, e.next = e, e
	} else {
		c.link(e, c.head)
	}
	c.head = e
	c.items[key] = e
}

// toFront makes e the most recently used entry.
func (c *eventCache[K, V]) toFront(e *eventCacheEntry[K, V]) {
	if e == c.head {
		return
	}
	e.prev.next, e.next.prev = e.next, e.prev // unlink
	c.link(e, c.head)
	c.head = e
}

// link puts e just before at in the ring.
func (c *eventCache[K, V]) link(e, at *eventCacheEntry[K, V]) {
	e.prev, e.next = at.prev, at
	at.prev.next = e
	at.prev = e
}
