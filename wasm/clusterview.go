//go:build js && wasm

package main

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// clusterView draws the snapshot: the ownership tree and the node lanes.
// Pod cards are keyed by namespace/name and updated in place, so a card
// keeps its identity (and the eye can follow it) from Pending to Running.
type clusterView struct {
	a       *app
	pods    map[string]*podCard
	lanes   map[string]*lane
	pending *lane
	// laneOrder is the node lanes as shown; paintCells starts each draw
	// where the last one stopped (paintFrom).
	laneOrder []*lane
	paintFrom int
	laneList  dom.HTMLElement // the node lanes, after the pending tray
	owners    ownerTree
	nodeSig   string // which nodes the lanes were drawn for
	langSig   string
	// behind is set when a draw left work for the next frame — pods
	// whose card is not drawn yet (at most maxCardsDrawn per draw, so that a
	// 10,000-pod scale-up is drawn over a few frames instead of in one long
	// task), lanes of cells not repainted yet (paintCells), an ownership
	// tree not redrawn yet (ownersDue); the next frame draws again even if
	// nothing changed.
	behind bool
	// freshCards are the cards still marked new, oldest first: a card
	// loses the mark after freshMS, when the draw that sees it old redraws it.
	freshCards []*podCard
	// cells: the cluster has too many pods for cards, and each pod is
	// drawn as a small square in its status colour (cellsAbove).
	cells  bool
	legend dom.HTMLElement // says what a cell is; shown with the cells
	// cursor marks the pod the keyboard is on in a lane's cells, cursorIn
	// that lane (cellcanvas.go); said is the live region that reads the
	// pod out.
	cursor   dom.HTMLElement
	cursorIn *lane
	said     cachedText
	// readyWords are "not ready" and "ready" in the page's language
	// (drawLang), looked up once: a rollout redraws thousands of cards.
	readyWords [2]string
	// queue is the pods to look at, replayed the revision replay draws
	// (podsdraw.go, replaydraw.go).
	queue    podQueue
	replayed replayedPods
	// eventsDue: the Events changed since they were last drawn, at
	// eventsDrawnAt (the page's clock, ms).
	eventsDue     bool
	eventsDrawnAt float64
}

// freshMS is how long a new card is marked as new.
const freshMS = 1500

// Above cellsAbove pods the lanes draw each pod as a cell — a square in
// its status colour, filled when ready — and the ownership tree counts
// pods by status instead of a chip per pod; at or below cardsAtOrBelow,
// cards and chips again (the gap keeps a rollout's surge from switching
// back and forth). A 10,000-pod cluster as cards was 91 lanes of some 7,000
// pixels and 150,000 elements, which the browser laid out and painted
// on every draw; as cells it is a few screens a learner can scan for a
// colour, and the lessons (1–10 pods) keep their cards.
const (
	cellsAbove     = 100
	cardsAtOrBelow = 80
)

// maxTrayCells bounds the cells the pending tray shows, in name order; it
// counts the others ("+3,290 more"). The tray is on screen above the
// lanes and was one wrapping row of every pending pod: during a
// 10,000-pod rollout some 3,500 cells, which the browser laid out and
// painted again on each draw that moved one. The node lanes hold at most
// a node's pods.
const maxTrayCells = 200

// maxCardsDrawn bounds the pod cards one draw makes or redraws, and
// cardsMS the time it spends on the pods; the others wait for the next
// draw (clusterView.queue). On a loaded machine 200 cards can take longer
// than a frame of Go, and as long again for the browser to style, lay out
// and paint.
const (
	maxCardsDrawn = 200
	cardsMS       = 5
)

// podCard is one pod's card. A pod drawn as a cell has no element (its
// cardElem is nil until it is drawn as a card): its lane's canvas draws
// its code.
type podCard struct {
	*cardElem
	code     byte             // the cell drawn for it (cellCode)
	in       *lane            // the lane the card is in (placeCards)
	last     *cluster.PodView // the mirror's view drawn (never changed: mirror.pods)
	lang     string
	drawn    bool // last and lang are what the card shows
	cell     bool // drawn as a cell (clusterView.cells)
	ns, name string
	bornMS   float64
	fresh    bool
}

// cardElem is a card's element, and what it was last written with
// (cached: they spare DOM writes). Only the cards shown as cards have
// one: a big cluster's pods are thousands of cells, and each collection
// of the page's heap follows every field of every card.
type cardElem struct {
	root  dom.HTMLElement
	class cachedAttr
	title cachedAttr
	label cachedAttr
	inner string // the card's content as last written (one innerHTML)
}

// lane is a node's column (or the pending tray) holding pod cards.
type lane struct {
	root, body dom.HTMLElement
	// class is the lane's own class attribute, written only when it
	// changes: drawLanes runs on every draw, and a classList add or remove
	// writes the attribute even when the class is already as asked — at
	// 91 nodes, some 2,000 attribute writes a second on an idle page.
	class      cachedAttr
	baseClass  string // "lane" or "lane lane-pending"
	badge      cachedAttr
	badgeText  cachedText
	cidr       cachedText
	info       cachedText // conditions not healthy, and taints
	title      cachedText
	empty      dom.HTMLElement
	keys       []string // card order as drawn: the cards' keys, sorted
	codes      []byte   // the cells' codes (cellCode), in keys' order
	showsEmpty bool     // the "no pods" line is in the lane
	// more counts the cells past the lane's share (the pending tray's:
	// shareOf); only their first share is drawn.
	more     dom.HTMLElement
	moreText cachedText
	moreN    int
	name     string
	ready    bool
	// controlPlane is the control-plane node's lane, marked by its role
	// (roleEl); its pods are all the cluster's own.
	controlPlane bool
	roleEl       dom.HTMLElement
	menuBtn      dom.HTMLElement
	marks        *laneMarks // cordoned, partitioned, failed (lanefault.go)
	cells        *laneCells // the canvas its pods are drawn on as cells, if they are
}

func (v *clusterView) init(a *app, u *ui) {
	v.a = a
	v.reset()
	// One listener for every card and lane menu (event delegation): a JS
	// function per card made a 10,000-pod cluster slow to draw, and leaked
	// them; a lane's kept its own after the node was gone.
	a.listen(u.nodes, "click", func(ev event) {
		if l := v.laneMenuOf(ev); l != nil {
			a.showMenu(l.menuBtn, l.name, a.nodeItems(l.name))
		} else if c := v.cardOf(ev); c != nil {
			a.showMenu(c.root, c.name, a.podItems(c.ns, c.name))
		} else if l := v.cellsLane(ev); l != nil {
			v.clickCell(l, ev)
		}
	})
	a.listen(u.nodes, "keydown", func(ev event) {
		if l := v.cellsLane(ev); l != nil {
			if v.cellKey(l, ev.Key()) {
				ev.PreventDefault()
			}
			return
		}
		if k := ev.Key(); k != "Enter" && k != " " {
			return
		}
		if c := v.cardOf(ev); c != nil {
			ev.PreventDefault()
			a.showMenu(c.root, c.name, a.podItems(c.ns, c.name))
		}
	})
	// The cells' canvases (cellcanvas.go): the pod under the pointer, and
	// the keyboard cursor while a canvas has the focus — or its pod's menu.
	a.listen(u.nodes, "mousemove", func(ev event) {
		if l := v.cellsLane(ev); l != nil {
			v.hoverCell(l, ev)
		}
	})
	a.listen(u.nodes, "focusin", func(ev event) {
		if l := v.cellsLane(ev); l != nil {
			v.showCursor(l)
		}
	})
	a.listen(u.nodes, "focusout", func(ev event) {
		if l := v.cellsLane(ev); l != nil && l == v.cursorIn && u.popover.HasAttribute("hidden") {
			v.hideCursor()
		}
	})
}

// cardOf is the pod card an event happened in, or nil.
func (v *clusterView) cardOf(ev event) *podCard {
	if key, ok := ev.closestAttr(".pod[data-pod]", "data-pod"); ok {
		return v.pods[key]
	}
	return nil
}

// laneMenuOf is the lane whose menu button an event happened in, or nil.
func (v *clusterView) laneMenuOf(ev event) *lane {
	if name, ok := ev.closestAttr(".lane-menu[data-node]", "data-node"); ok {
		return v.lanes[name]
	}
	return nil
}

func (v *clusterView) reset() {
	a := v.a
	v.hideCursor()
	for _, l := range v.lanes {
		v.dropCells(l)
	}
	if v.pending != nil {
		v.dropCells(v.pending)
	}
	v.pods = map[string]*podCard{}
	v.lanes = map[string]*lane{}
	v.laneOrder, v.paintFrom = nil, 0
	v.queue, v.replayed = podQueue{}, replayedPods{}
	v.freshCards = nil
	v.owners.reset(a)
	v.nodeSig, v.langSig = "-", ""
	clearNode(a.ui.nodes)
	v.pending = v.newLane("pending", true)
	a.ui.nodes.AppendChild(v.pending.root)
	v.cells = false
	setClass(a.ui.nodes, "cells", false)
	v.legend = a.el("p", "cells-legend")
	v.legend.SetAttribute("hidden", "")
	a.ui.nodes.AppendChild(v.legend)
	v.laneList = a.el("div", "lanes")
	a.ui.nodes.AppendChild(v.laneList)
	v.cursor = a.el("div", "cell-cursor")
	v.cursor.SetAttribute("aria-hidden", "true")
	v.cursor.SetAttribute("hidden", "")
	said := a.el("div", "sr-only")
	said.SetAttribute("role", "status")
	said.SetAttribute("aria-live", "polite")
	v.said = cachedText{el: said}
	a.ui.nodes.AppendChild(said)
}

func (v *clusterView) newLane(name string, pending bool) *lane {
	a := v.a
	l := &lane{}
	l.body = a.el("div", "lane-body")
	head := a.el("div", "lane-head")
	nameEl := a.el("span", "lane-name")
	l.title.el = nameEl
	head.AppendChild(nameEl)
	if pending {
		l.baseClass = "lane lane-pending"
		l.more = a.el("span", "lane-more")
		l.more.SetAttribute("hidden", "")
		l.moreText.el = l.more
		l.root = a.el("div", l.baseClass, head, l.body, l.more)
		l.root.SetAttribute("data-lane", "pending")
	} else {
		badge := a.el("span", "badge")
		l.badge = cachedAttr{el: badge, name: "class"}
		l.badgeText.el = badge
		cidr := a.el("span", "lane-cidr")
		l.cidr.el = cidr
		l.name = name
		head.AppendChild(badge)
		// The node's role, as kubectl get nodes prints it (a Kubernetes
		// word, the same in every language); shown on the control plane's.
		l.roleEl = a.el("span", "lane-role")
		l.roleEl.SetTextContent("control-plane")
		l.roleEl.SetAttribute("hidden", "")
		head.AppendChild(l.roleEl)
		l.marks = a.newLaneMarks()
		head.AppendChild(l.marks.cordon)
		head.AppendChild(l.marks.fault)
		menu := a.el("button", "btn btn-ghost btn-icon lane-menu", a.el("span", "ico ico-dots"))
		menu.SetAttribute("type", "button")
		menu.SetAttribute("aria-haspopup", "menu")
		menu.SetAttribute("aria-label", a.tr("node.menu", name))
		menu.SetAttribute("title", a.tr("node.menu", name))
		if !hasSim("node") {
			menu.SetAttribute("hidden", "")
		}
		// Opened from the cluster view's one click listener (init).
		menu.SetAttribute("data-node", name)
		l.menuBtn = menu
		head.AppendChild(menu)
		head.AppendChild(cidr)
		info := a.el("span", "lane-info")
		l.info.el = info
		head.AppendChild(info)
		l.baseClass = "lane"
		l.root = a.el("div", l.baseClass, head, l.body)
		l.root.SetAttribute("data-node", name)
		l.title.Set(name)
	}
	l.empty = a.el("div", "lane-empty")
	l.body.AppendChild(l.empty)
	l.showsEmpty = true
	l.ready = true
	l.class = cachedAttr{el: l.root, name: "class", value: l.baseClass, set: true}
	return l
}

// drawClass writes the lane's class from its state, when that changed.
func (l *lane) drawClass() {
	cls := l.baseClass
	if !l.ready {
		cls += " notready"
	}
	if !l.showsEmpty {
		cls += " has-pods"
	}
	l.class.Set(cls)
}

// drawnKeys are the pods that have a card or a chip and that has says
// are not there any more.
func (v *clusterView) drawnKeys(has func(key string) bool) []string {
	var out []string
	for k := range v.pods {
		if !has(k) {
			out = append(out, k)
		}
	}
	for k := range v.owners.views {
		if !has(k) && v.pods[k] == nil {
			out = append(out, k)
		}
	}
	return out
}

// drawLang writes the lanes' own texts in the page's language.
func (v *clusterView) drawLang(force bool) {
	a := v.a
	if force || v.langSig != a.lang {
		v.langSig = a.lang
		v.readyWords = [2]string{a.tr("pod.notready"), a.tr("pod.ready")}
		v.pending.title.Set(a.tr("nodes.pending"))
		for _, l := range v.lanes {
			l.empty.SetTextContent(v.emptyText(l))
			l.roleEl.SetAttribute("title", a.tr("nodes.controlplane.title"))
			l.menuBtn.SetAttribute("aria-label", a.tr("node.menu", l.name))
			l.menuBtn.SetAttribute("title", a.tr("node.menu", l.name))
		}
		v.pending.empty.SetTextContent(a.tr("nodes.none"))
		v.pending.moreN = -1 // "+N more" in the new language
		v.showEmpty(v.pending)
		v.drawLegend()
	}
}

// drawLegend writes what a cell means, with a swatch per status colour.
// The swatches are not pods (no .pod class): tests and the pod menu count
// pods by that class.
func (v *clusterView) drawLegend() {
	a := v.a
	var m markup
	m.elem("span", "cells-legend-text", a.tr("nodes.cells"))
	for _, st := range []struct{ class, word string }{
		{"st-running ready", "Running"}, {"st-running", "Running, " + a.tr("pod.notready")},
		{"st-creating", "ContainerCreating"}, {"st-pending", "Pending"},
		{"st-terminating", "Terminating"}, {"st-error", "Error, …BackOff"}, {"st-done", "Completed"},
	} {
		m.open("span", "cells-key").elem("span", "cell-swatch "+st.class, "").text(st.word).close("span")
	}
	setHTML(v.legend, &m)
}

// chooseCells switches between cards and cells for a cluster of n pods;
// it reports a switch (then every card is to be redrawn).
func (v *clusterView) chooseCells(n int) bool {
	want := v.cells
	switch {
	case n > cellsAbove:
		want = true
	case n <= cardsAtOrBelow:
		want = false
	}
	if want == v.cells {
		return false
	}
	v.cells = want
	setClass(v.a.ui.nodes, "cells", want)
	if want {
		v.legend.RemoveAttribute("hidden")
	} else {
		v.legend.SetAttribute("hidden", "")
	}
	v.owners.setSummary(want)
	v.unplaceAll()
	return true
}

// unplaceAll empties the lanes — their cards, or their canvases — for the
// draw that follows a switch between cards and cells to place every pod
// again.
func (v *clusterView) unplaceAll() {
	v.hideCursor()
	for _, c := range v.pods {
		if c.cardElem != nil {
			c.root.Remove()
			c.cardElem = nil // made again if it is drawn as a card again
		}
		c.in = nil
	}
	for _, l := range append([]*lane{v.pending}, v.laneOrder...) {
		l.keys, l.codes = nil, nil
		if !v.cells {
			v.dropCells(l)
		}
		v.showEmpty(l)
	}
}

// drawLanes draws a lane per node, the workers' first; it reports whether
// the nodes are not those of the last draw (then every pod may have to
// move).
func (v *clusterView) drawLanes(nodes []cluster.NodeView) (changed bool) {
	a := v.a
	nodes = workersFirst(nodes)
	var sig strings.Builder
	for _, n := range nodes {
		sig.WriteString(n.Name + ",")
	}
	if sig.String() != v.nodeSig {
		changed = true
		v.nodeSig = sig.String()
		clearNode(v.laneList)
		keep := map[string]*lane{}
		for _, n := range nodes {
			l := v.lanes[n.Name]
			if l == nil {
				l = v.newLane(n.Name, false)
			}
			keep[n.Name] = l
			v.laneList.AppendChild(l.root)
		}
		v.lanes = keep
		v.laneOrder = v.laneOrder[:0]
		for _, n := range nodes {
			v.laneOrder = append(v.laneOrder, keep[n.Name])
		}
	}
	for _, n := range nodes {
		l := v.lanes[n.Name]
		l.ready = n.Ready
		if changed || l.controlPlane != n.ControlPlane {
			v.markControlPlane(l, n.ControlPlane)
		}
		l.drawClass()
		if n.Ready {
			l.badge.Set("badge badge-ready")
			l.badgeText.Set(a.tr("nodes.ready"))
		} else {
			l.badge.Set("badge badge-notready")
			l.badgeText.Set(a.tr("nodes.notready"))
		}
		l.marks.draw(a, n)
		l.cidr.Set(n.PodCIDR)
		// The node's non-healthy conditions and its taints, as kubectl
		// describe node names them: what decides which pods may stay.
		l.info.Set(strings.Join(append(append([]string(nil), n.Conditions...), laneTaints(n)...), " · "))
	}
	return changed
}

// workersFirst is nodes in their order, but the control plane's after the
// workers': the learner's pods run on the workers, and their lanes are the
// first a person sees, at the top of the pane, however short the window;
// the control plane's lane, a slim row of the cluster's own pods, comes
// below them (kubectl get nodes lists it first, by name).
func workersFirst(nodes []cluster.NodeView) []cluster.NodeView {
	out := make([]cluster.NodeView, 0, len(nodes))
	for _, n := range nodes {
		if !n.ControlPlane {
			out = append(out, n)
		}
	}
	for _, n := range nodes {
		if n.ControlPlane {
			out = append(out, n)
		}
	}
	return out
}

// laneTaints are the taints a node's lane lists: all of them, but the
// control-plane node's own NoSchedule taint, which its role mark stands for
// (the mark's title says so).
func laneTaints(n cluster.NodeView) []string {
	if !n.ControlPlane {
		return n.Taints
	}
	var out []string
	for _, t := range n.Taints {
		if t != "node-role.kubernetes.io/control-plane:NoSchedule" {
			out = append(out, t)
		}
	}
	return out
}

// markControlPlane marks the lane of the control-plane node (its role, its
// class) or unmarks it, and writes its "no pods" line.
func (v *clusterView) markControlPlane(l *lane, on bool) {
	l.controlPlane = on
	l.baseClass = "lane"
	if on {
		l.baseClass = "lane lane-control-plane"
		l.roleEl.RemoveAttribute("hidden")
	} else {
		l.roleEl.SetAttribute("hidden", "")
	}
	l.roleEl.SetAttribute("title", v.a.tr("nodes.controlplane.title"))
	l.empty.SetTextContent(v.emptyText(l))
}

// emptyText is a node lane's line when it shows no pod: on the control
// plane's, with the system view off, where its pods are.
func (v *clusterView) emptyText(l *lane) string {
	if l.controlPlane && !v.a.ui.showSystem {
		return v.a.tr("nodes.controlplane.hidden")
	}
	return v.a.tr("nodes.none")
}

// visible is get without the cluster's own pods (PodView.System) while the
// system view is off: the lanes and the ownership tree show the learner's
// work, and the control plane, CoreDNS, kube-proxy and kindnet only when
// asked.
func (v *clusterView) visible(get podGetter) podGetter {
	if v.a.ui.showSystem {
		return get
	}
	return func(key string) *cluster.PodView {
		if p := get(key); p != nil && !p.System {
			return p
		}
		return nil
	}
}

// shownOverview is w without the cluster's own workloads while the system
// view is off (visible).
func (v *clusterView) shownOverview(w *cluster.Snapshot) *cluster.Snapshot {
	if v.a.ui.showSystem {
		return w
	}
	out := *w
	out.Deployments = nil
	for _, d := range w.Deployments {
		if !cluster.IsSystemWorkload(d.Namespace, "Deployment", d.Name) {
			out.Deployments = append(out.Deployments, d)
		}
	}
	out.ReplicaSets = nil
	for _, r := range w.ReplicaSets {
		if !cluster.IsSystemWorkload(r.Namespace, "Deployment", r.Owner) {
			out.ReplicaSets = append(out.ReplicaSets, r)
		}
	}
	return &out
}

func podKey(p *cluster.PodView) string { return p.Namespace + "/" + p.Name }

// shareOf is how many of a lane's pods it shows: the first maxTrayCells
// of the pending tray's cells, else all.
func (v *clusterView) shareOf(l *lane) int {
	if l == v.pending && v.cells {
		return maxTrayCells
	}
	return math.MaxInt
}

// unplace takes a card out of its lane's order (the DOM node moves or
// goes with the caller's next call; a cell goes with its lane's repaint).
func (v *clusterView) unplace(c *podCard, touched map[*lane]bool) {
	l := c.in
	if l == nil {
		return
	}
	if i := l.indexOf(c.key()); i >= 0 {
		l.keys = append(l.keys[:i], l.keys[i+1:]...)
		l.codes = append(l.codes[:i], l.codes[i+1:]...)
		v.markCells(l)
	}
	c.in = nil
	touched[l] = true
}

// place puts a card into a lane at its place in name order: before the
// card that follows it, with one JS call — or, for a cell, into the order
// its lane's canvas is repainted in.
func (v *clusterView) place(c *podCard, key string, l *lane) {
	i := sort.SearchStrings(l.keys, key)
	l.keys = slices.Insert(l.keys, i, key)
	l.codes = slices.Insert(l.codes, i, c.code)
	c.in = l
	if v.cells {
		v.markCells(l)
		return
	}
	switch {
	case i+1 < len(l.keys):
		l.body.InsertBefore(c.root, v.pods[l.keys[i+1]].root)
	default:
		l.body.AppendChild(c.root) // moves the card if it was elsewhere
	}
}

// showEmpty shows the lane's "no pods" line when it has no card, and
// the count of those past its share.
func (v *clusterView) showEmpty(l *lane) {
	if more := max(0, len(l.keys)-v.shareOf(l)); l.more != nil && more != l.moreN {
		if more == 0 {
			l.more.SetAttribute("hidden", "")
		} else {
			l.more.RemoveAttribute("hidden")
		}
		l.moreN = more
		l.moreText.Set(v.a.tr("nodes.more", more))
	}
	empty := len(l.keys) == 0
	if empty == l.showsEmpty {
		return
	}
	l.showsEmpty = empty
	if empty {
		l.body.AppendChild(l.empty)
	} else {
		l.empty.Remove()
	}
	l.drawClass()
}

// key is the card's pod's key, namespace/name (podKey).
func (c *podCard) key() string { return c.ns + "/" + c.name }

// indexOf is where key is in the lane's order, or -1.
func (l *lane) indexOf(key string) int {
	if i := sort.SearchStrings(l.keys, key); i < len(l.keys) && l.keys[i] == key {
		return i
	}
	return -1
}

// newCard is a pod's card, not drawn yet.
func (v *clusterView) newCard(p *cluster.PodView) *podCard {
	return &podCard{fresh: true, ns: p.Namespace, name: p.Name}
}

// makeRoot makes a card's element the first time the pod is drawn as a
// card: one element whose content updateCard writes as one piece of
// markup. A card made element by element took some fifty JS calls; a card
// is now about ten, and a status change three.
func (v *clusterView) makeRoot(c *podCard) {
	a := v.a
	c.cardElem = &cardElem{root: a.el("div", "pod fresh")}
	setAttr(c.root, "data-pod", c.key())
	setAttr(c.root, "tabindex", jsStringOf("0"))
	setAttr(c.root, "role", jsStringOf("button"))
	setAttr(c.root, "aria-haspopup", jsStringOf("menu")) // clicks and keys: clusterView.init
	c.class = cachedAttr{el: c.root, name: "class", value: "pod fresh", set: true}
	c.title = cachedAttr{el: c.root, name: "title"}
	c.label = cachedAttr{el: c.root, name: "aria-label"}
}

// updateCard draws a pod: its card, or its cell's code (its lane's canvas
// is repainted at the end of the draw).
func (v *clusterView) updateCard(c *podCard, p *cluster.PodView) {
	a := v.a
	c.cell = v.cells
	if v.cells {
		c.fresh = false
		if code := cellCode(p); code != c.code {
			c.code = code
			if l := c.in; l != nil {
				if i := l.indexOf(c.key()); i >= 0 {
					l.codes[i] = code
				}
				v.markCells(l)
			}
		}
		return
	}
	if c.cardElem == nil {
		v.makeRoot(c)
	}
	cls := "pod " + statusClass(p.Status, p.Deleting)
	if c.fresh {
		cls += " fresh"
	}
	prefix, suffix := splitPodName(p.Name, p.Owner)
	dot := "dot"
	if p.Ready {
		dot = "dot on"
	}
	restarts := ""
	if p.Restarts > 0 {
		restarts = a.tr("pod.restarts", p.Restarts)
	}
	var m markup
	m.open("div", "pod-name").elem("span", dot, "").elem("b", "sfx", suffix).elem("span", "status", p.Status).close("div")
	m.elem("div", "pod-prefix", strings.TrimSuffix(prefix, "-"))
	m.open("div", "pod-meta").elem("span", "ip", p.IP).elem("span", "img", imageTag(p.Image)).elem("span", "restarts", restarts).close("div")
	if inner := m.String(); inner != c.inner {
		setHTML(c.root, &m)
		c.inner = inner
	}
	// The title also says what the card shows in small type, and the image
	// a rollout changes.
	setAttrs(c.root, attrValue{&c.class, cls}, attrValue{&c.title, v.podTitle(p)}, attrValue{&c.label, a.tr("pod.aria", p.Name, p.Status)})
}

// ordinalLess orders pod names with a numeric suffix numerically
// (web-2 before web-10), else by name.
func ordinalLess(x, y string) bool {
	i, j := strings.LastIndexByte(x, '-'), strings.LastIndexByte(y, '-')
	if i > 0 && j > 0 && x[:i] == y[:j] {
		a, errA := strconv.Atoi(x[i+1:])
		b, errB := strconv.Atoi(y[j+1:])
		if errA == nil && errB == nil {
			return a < b
		}
	}
	return x < y
}

// countText prints "2/3 ready" — what is against what is desired.
func countText(a *app, word string, have, want int32) string {
	return fmt.Sprintf("%d/%d %s", have, want, a.tr(word))
}

// revNum orders revisions numerically ("10" after "9").
func revNum(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

// clusterSummary is the cluster pane's count line: its pods and nodes each
// counted in their own words, so that one of either reads as one.
func (a *app) clusterSummary(pods, running, nodes int) string {
	return a.tr("cluster.summary", a.tr("cluster.pods", pods), running, a.tr("cluster.nodes", nodes))
}
