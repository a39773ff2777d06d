package controller

// maxRecentEvents bounds the recorder's memory of recent Events, as
// upstream's event correlator keeps an LRU cache of 4096 entries
// (maxLruCacheEntries): a repeat of an Event evicted from it starts a new
// Event instead of bumping the old one's count. Without the bound, every
// pod of a 10,000-replica rollout would leave its keys behind for good.
const maxRecentEvents = 4096

// eventKey is what makes two Events the same one, repeated: the object
// (by uid), type, reason and message.
type eventKey struct {
	uid, eventType, reason, message string
}

// eventCache is a least-recently-used map of aggregation key → Event name.
// Its entries form a ring, most recently used first; once the cache is
// full a new key takes over the least recently used entry, so recording
// an Event allocates nothing here.
type eventCache struct {
	items map[eventKey]*eventCacheEntry
	// head is the most recently used entry; head.prev the least.
	head *eventCacheEntry
}

type eventCacheEntry struct {
	key        eventKey
	name       string
	prev, next *eventCacheEntry
}

func newEventCache() *eventCache {
	return &eventCache{items: map[eventKey]*eventCacheEntry{}}
}

func (c *eventCache) get(key eventKey) (string, bool) {
	e, ok := c.items[key]
	if !ok {
		return "", false
	}
	c.toFront(e)
	return e.name, true
}

func (c *eventCache) put(key eventKey, name string) {
	if e, ok := c.items[key]; ok {
		e.name = name
		c.toFront(e)
		return
	}
	if len(c.items) == maxRecentEvents {
		// The least recently used entry becomes the new one, which is
		// then the most recently used: the ring turns one step back.
		e := c.head.prev
		delete(c.items, e.key)
		e.key, e.name = key, name
		c.items[key] = e
		c.head = e
		return
	}
	e := &eventCacheEntry{key: key, name: name}
	if c.head == nil {
		e.prev, e.next = e, e
	} else {
		c.link(e, c.head)
	}
	c.head = e
	c.items[key] = e
}

// toFront makes e the most recently used entry.
func (c *eventCache) toFront(e *eventCacheEntry) {
	if e == c.head {
		return
	}
	e.prev.next, e.next.prev = e.next, e.prev // unlink
	c.link(e, c.head)
	c.head = e
}

// link puts e just before at in the ring.
func (c *eventCache) link(e, at *eventCacheEntry) {
	e.prev, e.next = at.prev, at
	at.prev.next = e
	at.prev = e
}
