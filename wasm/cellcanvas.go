//go:build js && wasm

package main

import (
	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// Past cellsAbove pods each lane draws its pods as cells on one <canvas>
// (site/static/cells.js): a square per pod in its status colour, filled
// when ready. They were a <div> per pod, with a class, a title and a label
// each, which every draw of a 10,000-pod rollout wrote and the browser
// styled, laid out and painted again. A lane whose pods changed is
// repainted with one call, which redraws the cells whose code changed.
//
// To a person the cells work as they did: hovering one shows which pod it
// is and how (the canvas' title follows the pointer), a click opens its
// menu. From the keyboard a lane is one stop, not 110: Tab reaches its
// canvas, the arrow keys move a cursor between its pods, whose name and
// status a live region reads out, and Enter opens the pod's menu.

// laneCells is a lane's canvas and what it shows.
type laneCells struct {
	canvas dom.HTMLElement
	label  cachedAttr // the canvas' aria-label: the lane and its count
	// labelled and labelLang are the count and language label says.
	labelled  int
	labelLang string
	title     cachedAttr // the canvas' title: the pod under the pointer
	dirty     bool       // a pod came, went or changed since the last paint
	cursor    int        // the pod the keyboard cursor is on
}

// Cell codes, as cells.js reads them: the status in the low bits (the
// order of its STATUS list), cellReady for a ready pod.
const (
	cellPending byte = iota
	cellCreating
	cellRunning
	cellTerminating
	cellError
	cellDone
	cellReady byte = 8
)

// cellCode is how a pod is drawn as a cell: statusClass's colour, and
// whether it is ready.
func cellCode(p *cluster.PodView) byte {
	var c byte
	switch statusClass(p.Status, p.Deleting) {
	case "st-creating":
		c = cellCreating
	case "st-running":
		c = cellRunning
	case "st-terminating":
		c = cellTerminating
	case "st-error":
		c = cellError
	case "st-done":
		c = cellDone
	}
	if p.Ready {
		c |= cellReady
	}
	return c
}

// cells is cells.js's window.kubeloopCells.
func cells() safejs.Value { return keptGlobal(&cellsJS, "kubeloopCells") }

var cellsJS safejs.Value

// cellBytes is the JavaScript Uint8Array a lane's codes go through, grown
// as needed.
var (
	cellBytes  safejs.Value
	cellBytesN int
)

// cellsOf is l's canvas, made and put in its body the first time.
func (v *clusterView) cellsOf(l *lane) *laneCells {
	if l.cells != nil {
		return l.cells
	}
	a := v.a
	c := &laneCells{canvas: a.el("canvas", "cells-canvas"), labelled: -1}
	setAttr(c.canvas, "tabindex", jsStringOf("0"))
	setAttr(c.canvas, "role", jsStringOf("group"))
	setAttr(c.canvas, "data-cells", l.name) // "" for the pending tray (cellsLane)
	c.label = cachedAttr{el: c.canvas, name: "aria-label"}
	c.title = cachedAttr{el: c.canvas, name: "title"}
	prepend(l.body, c.canvas)
	l.cells = c
	return c
}

// dropCells takes l's canvas away (the view went back to cards).
func (v *clusterView) dropCells(l *lane) {
	if l.cells == nil {
		return
	}
	cells().Call("forget", safejs.Safe(l.cells.canvas.Underlying()))
	l.cells.canvas.Remove()
	l.cells = nil
	if v.cursorIn == l {
		v.hideCursor()
	}
}

// markCells notes that l's cells are to be repainted.
func (v *clusterView) markCells(l *lane) {
	if v.cells && l != nil {
		v.cellsOf(l).dirty = true
	}
}

// paintCells repaints the canvases whose pods changed: each lane's codes
// (kept in its order as pods come, go and change), up to its share, in one
// copy and one call. It stops after paintMS, the lanes left dirty painted
// by the next draw, which starts with them; it reports whether it painted
// every lane. In a 10,000-pod scale-up every lane gains pods and grows
// its canvas (a resize, which clears it) on almost every draw: painting
// all 91 at once made a long task.
func (v *clusterView) paintCells() (all bool) {
	if !v.cells {
		return true
	}
	start := v.a.now()
	v.paintLane(v.pending)
	n := len(v.laneOrder)
	for i := 0; i < n; i++ {
		at := (v.paintFrom + i) % n
		if v.paintLane(v.laneOrder[at]) && v.a.now()-start > paintMS {
			v.paintFrom = (at + 1) % n
			for _, l := range v.laneOrder {
				if l.cells != nil && l.cells.dirty {
					return false
				}
			}
			return true
		}
	}
	return true
}

// paintMS bounds the time one draw spends painting lanes of cells.
const paintMS = 4

// paintLane repaints l's canvas if its pods changed, and reports whether
// it did.
func (v *clusterView) paintLane(l *lane) bool {
	c := l.cells
	if c == nil || !c.dirty {
		return false
	}
	c.dirty = false
	n := v.shown(l)
	if n > cellBytesN || cellBytes.IsUndefined() {
		cellBytesN = max(n, 256, 2*cellBytesN)
		var err error
		if cellBytes, err = uint8Array().New(cellBytesN); err != nil {
			return true
		}
	}
	if _, err := safejs.CopyBytesToJS(cellBytes, l.codes[:n]); err != nil {
		return true
	}
	cells().Call("draw", safejs.Safe(c.canvas.Underlying()), cellBytes, n)
	if n != c.labelled || v.a.lang != c.labelLang {
		// Only when the count or the language changed: tr formats.
		c.labelled, c.labelLang = n, v.a.lang
		c.label.Set(v.a.tr("cells.lane", l.title.text, n))
	}
	if v.cursorIn == l {
		v.placeCursor(l)
	}
	return true
}

// cellsLane is the lane whose canvas an event happened on, or nil.
func (v *clusterView) cellsLane(ev event) *lane {
	target, err := ev.v.Get("target")
	if err != nil || target.Type() != safejs.TypeObject {
		return nil
	}
	key, err := target.Call("getAttribute", "data-cells")
	if err != nil || key.Type() != safejs.TypeString {
		return nil
	}
	k, _ := key.String()
	if k == "" {
		if v.pending.cells != nil {
			return v.pending
		}
		return nil
	}
	if l := v.lanes[k]; l != nil && l.cells != nil {
		return l
	}
	return nil
}

// shown is how many of l's pods its canvas draws: its share of them.
func (v *clusterView) shown(l *lane) int { return min(len(l.keys), v.shareOf(l)) }

// cellAt is the index of the cell under the pointer of a mouse event on
// l's canvas as last painted, or -1 (cellCard checks it against the lane).
func (v *clusterView) cellAt(l *lane, ev event) int {
	x, _ := ev.v.Get("clientX")
	y, _ := ev.v.Get("clientY")
	i, err := cells().Call("at", safejs.Safe(l.cells.canvas.Underlying()), x, y)
	if err != nil {
		return -1
	}
	n, err := i.Int()
	if err != nil {
		return -1
	}
	return n
}

// cellCard is the card of l's i-th shown pod, or nil (none, or not drawn
// yet).
func (v *clusterView) cellCard(l *lane, i int) *podCard {
	if i < 0 || i >= v.shown(l) {
		return nil
	}
	if c := v.pods[l.keys[i]]; c != nil && c.last != nil {
		return c
	}
	return nil
}

// hoverCell titles the canvas with the pod under the pointer, as a cell's
// own title did.
func (v *clusterView) hoverCell(l *lane, ev event) {
	title := ""
	if c := v.cellCard(l, v.cellAt(l, ev)); c != nil {
		title = v.podTitle(c.last)
	}
	l.cells.title.Set(title)
}

// clickCell opens the menu of the pod clicked, the cursor on it.
func (v *clusterView) clickCell(l *lane, ev event) {
	i := v.cellAt(l, ev)
	c := v.cellCard(l, i)
	if c == nil {
		return
	}
	l.cells.cursor = i
	v.showCursor(l)
	v.a.showMenuFor(v.cursor, l.cells.canvas, c.name, v.a.podItems(c.ns, c.name))
}

// cellKey moves the keyboard cursor on l's canvas, or opens the menu of
// the pod it is on; it reports whether it used the key.
func (v *clusterView) cellKey(l *lane, key string) bool {
	n := v.shown(l)
	if n == 0 {
		return false
	}
	cols := 1
	if c, err := cells().Call("columns", safejs.Safe(l.cells.canvas.Underlying())); err == nil {
		cols, _ = c.Int()
	}
	i := min(l.cells.cursor, n-1)
	switch key {
	case "ArrowRight":
		i++
	case "ArrowLeft":
		i--
	case "ArrowDown":
		i += cols
	case "ArrowUp":
		i -= cols
	case "Home":
		i = 0
	case "End":
		i = n - 1
	case "Enter", " ":
		if c := v.cellCard(l, i); c != nil {
			v.a.showMenuFor(v.cursor, l.cells.canvas, c.name, v.a.podItems(c.ns, c.name))
		}
		return true
	default:
		return false
	}
	l.cells.cursor = max(0, min(i, n-1))
	v.showCursor(l)
	return true
}

// showCursor puts the keyboard cursor on l's cursor pod and reads the pod
// out.
func (v *clusterView) showCursor(l *lane) {
	if v.cursorIn != l {
		v.hideCursor()
		l.body.AppendChild(v.cursor)
		v.cursor.RemoveAttribute("hidden")
		v.cursorIn = l
	}
	v.placeCursor(l)
}

// placeCursor moves the cursor over its pod, clamped to the lane's pods,
// and says which pod it is.
func (v *clusterView) placeCursor(l *lane) {
	n := v.shown(l)
	if n == 0 {
		v.hideCursor()
		return
	}
	l.cells.cursor = max(0, min(l.cells.cursor, n-1))
	cells().Call("place", safejs.Safe(l.cells.canvas.Underlying()), safejs.Safe(v.cursor.Underlying()), l.cells.cursor)
	if c := v.cellCard(l, l.cells.cursor); c != nil {
		v.said.Set(v.podLabel(c.last))
	}
}

// hideCursor takes the cursor off the lanes.
func (v *clusterView) hideCursor() {
	if v.cursorIn == nil {
		return
	}
	v.cursor.SetAttribute("hidden", "")
	v.cursor.Remove()
	v.cursorIn = nil
}

// podTitle is what a pod's card or cell says on hover: its name, status,
// readiness and image, and why it is not running when it says.
func (v *clusterView) podTitle(p *cluster.PodView) string {
	title := p.Name + "\n" + p.Status + " · " + p.ReadyText + " " + v.readyWord(p) + " · " + imageTag(p.Image)
	if p.Reason != "" {
		title += "\n" + p.Reason
	}
	return title
}

// podLabel is what a screen reader says of a pod's cell.
func (v *clusterView) podLabel(p *cluster.PodView) string {
	return v.a.tr("pod.aria", p.Name, p.Status+", "+v.readyWord(p))
}

func (v *clusterView) readyWord(p *cluster.PodView) string {
	if p.Ready {
		return v.readyWords[1]
	}
	return v.readyWords[0]
}

// drawnReady counts the pods drawn Running and ready, with image when it
// is not empty: what the page shows, cards or cells, not what the cluster
// holds.
func (v *clusterView) drawnReady(image string) int {
	n := 0
	for _, c := range v.pods {
		if c.drawn && c.in != nil && cellCode(c.last) == cellRunning|cellReady && (image == "" || c.last.Image == image) {
			n++
		}
	}
	return n
}
