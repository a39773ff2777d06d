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
	c.add(key).value = value
}

// slot is the value kept for key, most recently used from now on, and
// whether the key was there. A key that was not is added, its value the
// zero value or, once the cache is full, the one of the least recently used
// key it takes over, which the caller resets — and may reuse what it
// holds: the similar cache keeps its records' message lists this way
// (aggregate.go), instead of a new record per new key.
func (c *eventCache[K, V]) slot(key K) (*V, bool) {
	if e, ok := c.items[key]; ok {
		c.toFront(e)
		return &e.value, true
	}
	return &c.add(key).value, false
}

// add makes key, which is not in the cache, its most recently used entry
// and returns it. Once the cache is full the least recently used entry
// becomes the new one, its value left as it was: the ring turns one step
// back.
func (c *eventCache[K, V]) add(key K) *eventCacheEntry[K, V] {
	var e *eventCacheEntry[K, V]
	switch {
	case len(c.items) == maxRecentEvents:
		e = c.head.prev
		delete(c.items, e.key)
		e.key = key
	case c.head == nil:
		e = &eventCacheEntry[K, V]{key: key}
		e.prev, e.next = e, e
	default:
		e = &eventCacheEntry[K, V]{key: key}
		c.link(e, c.head)
	}
	c.head = e
	c.items[key] = e
	return e
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
