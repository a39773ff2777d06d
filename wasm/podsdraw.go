//go:build js && wasm

package main

import (
	"math"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// A draw of the pods brings their cards (or cells) and the ownership tree
// up to what a getter says each pod is: the live mirror's, or a replayed
// revision's. The pods to look at wait in a queue, in the order they
// changed: each draw takes from its front until the pods' share of the
// frame (cardsMS, maxCardsDrawn) is gone, and the next draws go on. Every
// pod is put in it when each card may have to change: a revision replayed,
// the language, the nodes, the system view, or cards and cells switched.
// At 10,000 pods one look at all of them — a few map lookups per pod, each
// hashing its key — was a long task of its own.

// podQueue is the pods to look at, in order. A pod may be in it twice
// (it changed again before it was looked at): the second look finds its
// card as its pod and moves on.
type podQueue struct {
	keys []string
	next int // keys[:next] are looked at
}

func (q *podQueue) add(keys []string) {
	if q.next == len(q.keys) {
		q.keys, q.next = q.keys[:0], 0
	}
	q.keys = append(q.keys, keys...)
}

func (q *podQueue) clear() { q.keys, q.next = nil, 0 }

func (q *podQueue) done() bool { return q.next == len(q.keys) }

// front is the queue's next keys, at most n.
func (q *podQueue) front(n int) []string { return q.keys[q.next:min(q.next+n, len(q.keys))] }

// lookChunk is how many keys a draw looks at between two looks at the
// clock (a call into JavaScript).
const lookChunk = 256

// drawPods brings the cards and the ownership tree (with w's workloads;
// force: its blocks written anew) up to what get says (ok false: the pod
// is gone), looking at the pods keys name after those already queued,
// for the pods' share of the frame. Cards whose pod did not change are
// not touched. A card is moved between lanes with one DOM call, to its
// place in name order.
func (v *clusterView) drawPods(keys []string, get podGetter, w *cluster.Snapshot, force bool) {
	v.queue.add(keys)
	d := v.newPodsDraw(get)
	for !v.queue.done() && v.a.now()-d.start < cardsMS {
		front := v.queue.front(lookChunk)
		n := d.look(front)
		v.queue.next += n
		if n < len(front) {
			break // the share is spent
		}
	}
	d.end()
	if v.owners.drawViews(v.shownOverview(w), force) {
		v.behind = true
	}
}

// podGetter is a pod's view by key (nil: no such pod), the mirror's or a
// replayed revision's: never changed once given, so that a card and the
// ownership tree keep the view they drew.
type podGetter func(key string) *cluster.PodView

// podsDraw is one draw of the pods' cards.
type podsDraw struct {
	v     *clusterView
	get   podGetter
	start float64
	// drawn counts the cards drawn, at most maxDrawn; spent is set once
	// the draw has taken cardsMS: the cards still to draw wait.
	drawn, maxDrawn int
	spent           bool
	touched         map[*lane]bool // the lanes a card came into or left
}

func (v *clusterView) newPodsDraw(get podGetter) *podsDraw {
	d := &podsDraw{v: v, get: get, start: v.a.now(), maxDrawn: maxCardsDrawn, touched: map[*lane]bool{}}
	// A cell is a byte to set (its lane is repainted once, after): only
	// the time bounds a draw of cells.
	if v.cells {
		d.maxDrawn = math.MaxInt
	}
	return d
}

// look brings the cards of keys up to their pods, and the tree's views,
// until the draw's share is spent; it returns how many keys it looked at.
func (d *podsDraw) look(keys []string) int {
	n := 0
	for _, key := range keys {
		if !d.one(key) {
			break
		}
		n++
	}
	d.v.owners.take(keys[:n], d.get)
	return n
}

// one brings one card up to its pod; it reports false when the card
// needs drawing and the draw's share is spent.
func (d *podsDraw) one(key string) bool {
	v, a := d.v, d.v.a
	p := d.get(key)
	c := v.pods[key]
	if p == nil {
		if c != nil {
			v.unplace(c, d.touched)
			if c.cardElem != nil {
				c.root.Remove()
			}
			delete(v.pods, key)
		}
		return true
	}
	// Most cards do not change from one draw to the next: skip them
	// without building their text (Go work per card, per draw).
	stale := c == nil || !c.drawn || c.last != p && *c.last != *p || c.lang != a.lang || c.cell != v.cells
	if stale && (d.spent || d.drawn == d.maxDrawn) {
		return false
	}
	if stale && d.drawn%16 == 15 && a.now()-d.start > cardsMS {
		d.spent = true // looked at every 16 cards: the clock is a JS call
	}
	if c == nil {
		c = v.newCard(p)
		c.bornMS = d.start
		v.pods[key] = c
		if v.cells {
			c.fresh = false // no entrance for a cell: hundreds at once, each a layer
		} else {
			v.freshCards = append(v.freshCards, c)
		}
	}
	if stale {
		d.drawn++
		v.updateCard(c, p)
		c.last, c.lang, c.drawn = p, a.lang, true
	}
	l := v.lanes[p.Node]
	if p.Node == "" || l == nil {
		l = v.pending
	}
	if c.in != l {
		v.unplace(c, d.touched)
		v.place(c, key, l)
		d.touched[l] = true
	}
	return true
}

// end ends the draw: the cards made more than freshMS ago lose the mark,
// the lanes touched show their counts, the cells are painted.
func (d *podsDraw) end() {
	v := d.v
	for len(v.freshCards) > 0 && d.start-v.freshCards[0].bornMS > freshMS {
		c := v.freshCards[0]
		v.freshCards = v.freshCards[1:]
		if c.fresh && v.pods[c.key()] == c && !c.cell {
			c.fresh = false
			v.updateCard(c, c.last)
		}
	}
	for l := range d.touched {
		v.showEmpty(l)
	}
	painted := v.paintCells()
	v.behind = !v.queue.done() || !painted
}
