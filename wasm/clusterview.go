//go:build js && wasm

package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// clusterView draws the snapshot: the ownership tree and the node lanes.
// Pod cards are keyed by namespace/name and updated in place, so a card
// keeps its identity (and the eye can follow it) from Pending to Running.
type clusterView struct {
	a        *app
	pods     map[string]*podCard
	lanes    map[string]*lane
	pending  *lane
	laneList dom.HTMLElement // the node lanes, after the pending tray
	ownerSig string          // what the ownership tree was drawn from
	nodeSig  string          // which nodes the lanes were drawn for
	langSig  string
	// behind is set when a draw left pods without a card (at most
	// maxNewCards are made per draw, so that a 10,000-pod scale-up is
	// drawn over a few frames instead of in one long task); the next
	// frame draws again even if nothing changed.
	behind bool
}

// maxNewCards bounds the pod cards one draw creates.
const maxNewCards = 200

// podCard is one pod's card; the cached fields spare DOM writes.
type podCard struct {
	root     dom.HTMLElement
	class    cachedAttr
	title    cachedAttr
	label    cachedAttr
	inner    string // the card's content as last written (one innerHTML)
	in       *lane  // the lane the card is in (placeCards)
	last     cluster.PodView
	lang     string
	drawn    bool // last and lang are what the card shows
	lane     string
	ns, name string
	bornMS   float64
	fresh    bool
}

// lane is a node's column (or the pending tray) holding pod cards.
type lane struct {
	root, body dom.HTMLElement
	badge      cachedAttr
	badgeText  cachedText
	cidr       cachedText
	info       cachedText // conditions not healthy, and taints
	title      cachedText
	empty      dom.HTMLElement
	keys       []string // card order as drawn
	name       string
	ready      bool
	menuBtn    dom.HTMLElement
}

func (v *clusterView) init(a *app, u *ui) {
	v.a = a
	v.reset()
	// One listener for every card (event delegation): a JS function per
	// card made a 10,000-pod cluster slow to draw, and leaked them.
	a.listen(u.nodes, "click", func(ev event) {
		if c := v.cardOf(ev); c != nil {
			a.showMenu(c.root, c.name, a.podItems(c.ns, c.name))
		}
	})
	a.listen(u.nodes, "keydown", func(ev event) {
		if k := ev.Key(); k != "Enter" && k != " " {
			return
		}
		if c := v.cardOf(ev); c != nil {
			ev.PreventDefault()
			a.showMenu(c.root, c.name, a.podItems(c.ns, c.name))
		}
	})
}

// cardOf is the pod card an event happened in, or nil.
func (v *clusterView) cardOf(ev event) *podCard {
	target, err := ev.v.Get("target")
	if err != nil || target.Type() != safejs.TypeObject {
		return nil
	}
	if closest, err := target.Get("closest"); err != nil || closest.Type() != safejs.TypeFunction {
		return nil // a text node
	}
	card, err := target.Call("closest", ".pod[data-pod]")
	if err != nil || card.IsNull() || card.IsUndefined() {
		return nil
	}
	key, err := card.Call("getAttribute", "data-pod")
	if err != nil || key.Type() != safejs.TypeString {
		return nil
	}
	k, _ := key.String()
	return v.pods[k]
}

func (v *clusterView) reset() {
	a := v.a
	v.pods = map[string]*podCard{}
	v.lanes = map[string]*lane{}
	v.ownerSig, v.nodeSig, v.langSig = "-", "-", ""
	clearNode(a.ui.nodes)
	v.pending = v.newLane("pending", true)
	a.ui.nodes.AppendChild(v.pending.root)
	v.laneList = a.el("div", "lanes")
	a.ui.nodes.AppendChild(v.laneList)
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
		l.root = a.el("div", "lane lane-pending", head, l.body)
		l.root.SetAttribute("data-lane", "pending")
	} else {
		badge := a.el("span", "badge")
		l.badge = cachedAttr{el: badge, name: "class"}
		l.badgeText.el = badge
		cidr := a.el("span", "lane-cidr")
		l.cidr.el = cidr
		l.name = name
		head.AppendChild(badge)
		menu := a.el("button", "btn btn-ghost btn-icon lane-menu", a.el("span", "ico ico-dots"))
		menu.SetAttribute("type", "button")
		menu.SetAttribute("aria-haspopup", "menu")
		menu.SetAttribute("aria-label", a.tr("node.menu", name))
		menu.SetAttribute("title", a.tr("node.menu", name))
		if !hasSim("node") {
			menu.SetAttribute("hidden", "")
		}
		l.menuBtn = menu
		a.listen(menu, "click", func(event) {
			a.showMenu(menu, name, a.nodeItems(name, l.ready))
		})
		head.AppendChild(menu)
		head.AppendChild(cidr)
		info := a.el("span", "lane-info")
		l.info.el = info
		head.AppendChild(info)
		l.root = a.el("div", "lane", head, l.body)
		l.root.SetAttribute("data-node", name)
		l.title.Set(name)
	}
	l.empty = a.el("div", "lane-empty")
	l.body.AppendChild(l.empty)
	return l
}

// draw brings the view up to the snapshot.
func (v *clusterView) draw(s *cluster.Snapshot, force bool) {
	a := v.a
	if force || v.langSig != a.lang {
		v.langSig = a.lang
		v.ownerSig = "-"
		v.pending.title.Set(a.tr("nodes.pending"))
		for _, l := range v.lanes {
			l.empty.SetTextContent(a.tr("nodes.none"))
			l.menuBtn.SetAttribute("aria-label", a.tr("node.menu", l.name))
			l.menuBtn.SetAttribute("title", a.tr("node.menu", l.name))
		}
		v.pending.empty.SetTextContent(a.tr("nodes.none"))
	}
	v.drawLanes(s)
	v.drawPods(s)
	v.drawOwners(s)
}

func (v *clusterView) drawLanes(s *cluster.Snapshot) {
	a := v.a
	var sig strings.Builder
	for _, n := range s.Nodes {
		sig.WriteString(n.Name + ",")
	}
	if sig.String() != v.nodeSig {
		v.nodeSig = sig.String()
		clearNode(v.laneList)
		keep := map[string]*lane{}
		for _, n := range s.Nodes {
			l := v.lanes[n.Name]
			if l == nil {
				l = v.newLane(n.Name, false)
				l.empty.SetTextContent(a.tr("nodes.none"))
			}
			keep[n.Name] = l
			v.laneList.AppendChild(l.root)
		}
		v.lanes = keep
	}
	for _, n := range s.Nodes {
		l := v.lanes[n.Name]
		l.ready = n.Ready
		setClass(l.root, "notready", !n.Ready)
		if n.Ready {
			l.badge.Set("badge badge-ready")
			l.badgeText.Set(a.tr("nodes.ready"))
		} else {
			l.badge.Set("badge badge-notready")
			l.badgeText.Set(a.tr("nodes.notready"))
		}
		l.cidr.Set(n.PodCIDR)
		// The node's non-healthy conditions and its taints, as kubectl
		// describe node names them: what decides which pods may stay.
		l.info.Set(strings.Join(append(append([]string(nil), n.Conditions...), n.Taints...), " · "))
	}
}

func podKey(p *cluster.PodView) string { return p.Namespace + "/" + p.Name }

func (v *clusterView) drawPods(s *cluster.Snapshot) {
	a := v.a
	now := a.now()
	seen := make(map[string]bool, len(s.Pods))
	perLane := map[string][]string{}
	made := 0
	v.behind = false
	for i := range s.Pods {
		p := &s.Pods[i]
		key := podKey(p)
		seen[key] = true
		c := v.pods[key]
		if c == nil {
			if made == maxNewCards {
				v.behind = true
				continue
			}
			made++
			c = v.newCard(p)
			c.bornMS = now
			v.pods[key] = c
		}
		if c.fresh && now-c.bornMS > 1500 {
			c.fresh = false
			c.drawn = false
		}
		// Most cards do not change from one draw to the next: skip them
		// without building their text (Go work per card, per draw).
		if !c.drawn || c.last != *p || c.lang != a.lang {
			v.updateCard(c, p)
			c.last, c.lang, c.drawn = *p, a.lang, true
		}
		laneName := p.Node
		if laneName == "" || v.lanes[laneName] == nil {
			laneName = "pending"
		}
		c.lane = laneName
		perLane[laneName] = append(perLane[laneName], key)
	}
	for key, c := range v.pods {
		if !seen[key] {
			c.root.Remove()
			delete(v.pods, key)
		}
	}
	v.placeCards(v.pending, perLane["pending"])
	for name, l := range v.lanes {
		v.placeCards(l, perLane[name])
	}
}

// placeCards puts the lane's cards in name order, moving only what
// changed: the lane's last order minus what left is still in order, so the
// new cards are inserted into it (one JS call each) instead of every card
// being appended again (a JS call per card of the lane, each draw of a
// scale-up).
func (v *clusterView) placeCards(l *lane, keys []string) {
	sort.Strings(keys)
	if equalStrings(keys, l.keys) {
		return
	}
	want := make(map[string]bool, len(keys))
	for _, k := range keys {
		want[k] = true
	}
	cur := make([]*podCard, 0, len(l.keys)) // what the lane shows, in order
	for _, k := range l.keys {
		if c := v.pods[k]; c != nil && c.in == l && want[k] {
			cur = append(cur, c)
		}
	}
	j := 0
	for _, k := range keys {
		c := v.pods[k]
		if j < len(cur) && cur[j] == c {
			j++
			continue
		}
		if j < len(cur) {
			l.body.InsertBefore(c.root, cur[j].root)
		} else {
			l.body.AppendChild(c.root) // moves the card if it was elsewhere
		}
		c.in = l
	}
	l.keys = keys
	if len(keys) == 0 {
		l.body.AppendChild(l.empty)
	} else {
		l.empty.Remove()
	}
	setClass(l.root, "has-pods", len(keys) > 0)
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// newCard makes a pod's card: one element whose content updateCard
// writes as one piece of markup. A card made element by element took some
// fifty JS calls; a card is now about ten, and a status change three.
func (v *clusterView) newCard(p *cluster.PodView) *podCard {
	a := v.a
	c := &podCard{fresh: true}
	c.root = a.el("div", "pod fresh")
	c.root.SetAttribute("data-pod", podKey(p))
	c.ns, c.name = p.Namespace, p.Name
	c.root.SetAttribute("tabindex", "0")
	c.root.SetAttribute("role", "button")
	c.root.SetAttribute("aria-haspopup", "menu") // clicks and keys: clusterView.init
	c.class = cachedAttr{el: c.root, name: "class", value: "pod fresh", set: true}
	c.title = cachedAttr{el: c.root, name: "title"}
	c.label = cachedAttr{el: c.root, name: "aria-label"}
	return c
}

func (v *clusterView) updateCard(c *podCard, p *cluster.PodView) {
	a := v.a
	cls := "pod " + statusClass(p.Status, p.Deleting)
	if c.fresh {
		cls += " fresh"
	}
	c.class.Set(cls)
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
	readyWord := a.tr("pod.notready")
	if p.Ready {
		readyWord = a.tr("pod.ready")
	}
	title := fmt.Sprintf("%s\n%s · %s %s", p.Name, p.Status, p.ReadyText, readyWord)
	if p.Reason != "" {
		title += "\n" + p.Reason
	}
	c.title.Set(title)
	c.label.Set(a.tr("pod.aria", p.Name, p.Status))
}

// drawOwners draws Deployment → ReplicaSets → pods, redrawn only when
// something it shows changed.
func (v *clusterView) drawOwners(s *cluster.Snapshot) {
	a := v.a
	var sig strings.Builder
	for _, d := range s.Deployments {
		fmt.Fprintf(&sig, "d%s/%s %d %d %d %d %s;", d.Namespace, d.Name, d.Replicas, d.Ready, d.Updated, d.Available, d.Revision)
	}
	for _, r := range s.ReplicaSets {
		fmt.Fprintf(&sig, "r%s/%s %s %d %d %d %s %s;", r.Namespace, r.Name, r.Owner, r.Replicas, r.Ready, r.Available, r.Revision, r.Image)
	}
	for _, p := range s.Pods {
		fmt.Fprintf(&sig, "p%s/%s %s %s %s %v %v;", p.Namespace, p.Name, p.Owner, p.OwnerKind, p.Status, p.Ready, p.Deleting)
	}
	jobs := map[string]cluster.JobView{} // "ns/Job/name" → its progress
	for _, j := range s.Jobs {
		jobs[j.Namespace+"/Job/"+j.Name] = j
		fmt.Fprintf(&sig, "j%s/%s %d/%d %d %s;", j.Namespace, j.Name, j.Succeeded, j.Completions, j.Failed, j.Status)
	}
	if sig.String() == v.ownerSig {
		return
	}
	v.ownerSig = sig.String()

	podsOf := map[string][]cluster.PodView{} // "ns/kind/owner" → pods
	var bare []cluster.PodView
	for _, p := range s.Pods {
		if p.Owner == "" {
			bare = append(bare, p)
			continue
		}
		k := p.Namespace + "/" + p.OwnerKind + "/" + p.Owner
		podsOf[k] = append(podsOf[k], p)
	}
	rsOf := map[string][]cluster.ReplicaSetView{} // "ns/deployment" → its ReplicaSets
	var lonelyRS []cluster.ReplicaSetView
	deployments := map[string]bool{}
	for _, d := range s.Deployments {
		deployments[d.Namespace+"/"+d.Name] = true
	}
	for _, r := range s.ReplicaSets {
		if k := r.Namespace + "/" + r.Owner; r.Owner != "" && deployments[k] {
			rsOf[k] = append(rsOf[k], r)
		} else {
			lonelyRS = append(lonelyRS, r)
		}
	}
	var m markup
	if len(s.Deployments) == 0 && len(s.ReplicaSets) == 0 && len(s.Pods) == 0 {
		setHTML(a.ui.owners, m.elem("div", "empty", a.tr("owners.empty")))
		return
	}
	for _, d := range s.Deployments {
		m.open("div", "own-deploy", "data-deployment", d.Namespace+"/"+d.Name)
		m.open("div", "own-row").
			elem("span", "kind", "Deployment").
			elem("span", "obj-name", d.Name).
			elem("span", "count", countText(a, "owners.ready", d.Ready, d.Replicas)).
			elem("span", "count", fmt.Sprintf("%d %s", d.Updated, a.tr("owners.updated"))).
			elem("span", "count", fmt.Sprintf("%d %s", d.Available, a.tr("owners.avail"))).
			close("div")
		rss := rsOf[d.Namespace+"/"+d.Name]
		sort.SliceStable(rss, func(i, j int) bool { return revNum(rss[i].Revision) > revNum(rss[j].Revision) })
		for _, r := range rss {
			v.rsBlock(&m, r, podsOf[r.Namespace+"/ReplicaSet/"+r.Name], true)
		}
		m.close("div")
	}
	for _, r := range lonelyRS {
		m.open("div", "own-deploy")
		v.rsBlock(&m, r, podsOf[r.Namespace+"/ReplicaSet/"+r.Name], false)
		m.close("div")
	}
	// Pods of other owners (StatefulSet, DaemonSet, Job …): one group per
	// owner, pods by name (a StatefulSet's by ordinal); then pods with no owner.
	drawn := map[string]bool{}
	for _, r := range s.ReplicaSets {
		drawn[r.Namespace+"/ReplicaSet/"+r.Name] = true
	}
	var others []string
	for k := range podsOf {
		if !drawn[k] {
			others = append(others, k)
		}
	}
	sort.Strings(others)
	for _, k := range others {
		pods := podsOf[k]
		sort.Slice(pods, func(i, j int) bool { return ordinalLess(pods[i].Name, pods[j].Name) })
		kind, name := pods[0].OwnerKind, pods[0].Owner
		m.open("div", "own-deploy", "data-owner", k)
		m.open("div", "own-row").elem("span", "kind kind-owner", kind).elem("span", "obj-name", name).
			elem("span", "count", countPods(a, pods))
		if j, ok := jobs[k]; ok {
			// A Job's progress: completions, failures, its status.
			m.elem("span", "count job-progress", a.tr("owners.job", j.Succeeded, j.Completions, j.Failed, j.Status))
		}
		m.close("div")
		v.chips(&m, pods)
		m.close("div")
	}
	if len(bare) > 0 {
		sort.Slice(bare, func(i, j int) bool { return podKey(&bare[i]) < podKey(&bare[j]) })
		m.open("div", "own-deploy own-bare")
		m.open("div", "own-row").elem("span", "kind kind-pod", "Pod").elem("span", "count", a.tr("owners.bare")).close("div")
		v.chips(&m, bare)
		m.close("div")
	}
	setHTML(a.ui.owners, &m)
}

func (v *clusterView) rsBlock(m *markup, r cluster.ReplicaSetView, pods []cluster.PodView, nested bool) {
	a := v.a
	cls := "own-rs"
	if !nested {
		cls = "own-rs top"
	}
	if r.Replicas == 0 && len(pods) == 0 {
		cls += " old"
	}
	m.open("div", cls, "data-replicaset", r.Namespace+"/"+r.Name)
	m.open("div", "own-row").elem("span", "kind kind-rs", "ReplicaSet").elem("span", "obj-name", r.Name)
	if r.Revision != "" {
		m.elem("span", "tag", a.tr("owners.rev", r.Revision))
	}
	if r.Image != "" {
		m.elem("span", "tag", imageTag(r.Image))
	}
	m.elem("span", "count", countText(a, "owners.ready", r.Ready, r.Replicas))
	m.close("div")
	sort.Slice(pods, func(i, j int) bool { return pods[i].Name < pods[j].Name })
	if len(pods) > 0 {
		v.chips(m, pods)
	}
	m.close("div")
}

// chips writes pods as small status-coloured tags named by their random
// suffix (the full name is the tooltip).
func (v *clusterView) chips(m *markup, pods []cluster.PodView) {
	m.open("div", "chips")
	for _, p := range pods {
		_, suffix := splitPodName(p.Name, p.Owner)
		m.elem("span", "chip "+statusClass(p.Status, p.Deleting), suffix, "title", p.Name+" · "+p.Status)
	}
	m.close("div")
}

// countPods prints "2/3 ready" for a group of pods.
func countPods(a *app, pods []cluster.PodView) string {
	ready := 0
	for _, p := range pods {
		if p.Ready {
			ready++
		}
	}
	return countText(a, "owners.ready", int32(ready), int32(len(pods)))
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
