//go:build js && wasm

package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// The ownership tree — Deployment → ReplicaSets → pods, then the pods of
// other owners and those of none — drawn keyed, as the node lanes are. A
// chip per pod lives in its owner's chips element and is redrawn only when
// its pod changes; the blocks around the chips (a few per workload, with
// their counts) are written anew when what they show changed, and the
// chips elements are put back into them. Writing the whole tree on every
// change put a chip per pod into one call: at 10,000 pods, a long task on
// every draw of a rollout.

// ownerTree is what the tree shows and what it was drawn from.
type ownerTree struct {
	a *app
	// views are the pods as the tree knows them, by key, each with its
	// group; groups holds them by owner ("ns/Kind/name", "" for no owner)
	// with their counts.
	views  map[string]treePod
	groups map[string]*podGroup
	chips  map[string]*chip // the chips drawn, by pod key
	// stale are the pods whose chip is not drawn as views says yet: at
	// most maxChipsDrawn are drawn per draw.
	stale    map[string]bool
	blockSig string // what the blocks were written from
	// summary: each owner's pods are counted by status instead of drawn
	// as chips (a big cluster: clusterView.cells).
	summary bool
}

// treePod is a pod as the tree knows it, and the group it is counted in:
// a pod that changes keeps its owner, and its counts move between
// statuses in that group without spelling the group's key again (a
// string made per pod and per draw, thousands per draw in a 10,000-pod
// scale-up).
type treePod struct {
	*cluster.PodView // the view drawn (never changed: podGetter)
	group            *podGroup
}

// maxChipsDrawn bounds the chips one draw makes, redraws or moves.
const maxChipsDrawn = 300

// podGroup is the pods of one owner.
type podGroup struct {
	key   string
	bare  bool // the pods with no owner, ordered by namespace/name
	pods  int
	ready int
	el    dom.HTMLElement // the chips element, made on first use
	keys  []string        // the chips in it, in order
	// byStatus counts the pods by the status a chip would show; sumSig is
	// the summary as last written into el.
	byStatus map[string]int
	sumSig   string
}

// chip is one pod's tag in its owner's block.
type chip struct {
	el           dom.HTMLElement
	group        *podGroup
	class, title cachedAttr
}

func (t *ownerTree) reset(a *app) {
	*t = ownerTree{a: a, views: map[string]treePod{}, groups: map[string]*podGroup{},
		chips: map[string]*chip{}, stale: map[string]bool{}, blockSig: "-"}
}

func groupKey(p *cluster.PodView) string {
	if p.Owner == "" {
		return ""
	}
	return p.Namespace + "/" + p.OwnerKind + "/" + p.Owner
}

// take brings what the tree knows up to the pods keys name (get says what
// each is now; nil: gone), for drawViews to draw.
func (t *ownerTree) take(keys []string, get podGetter) {
	for _, key := range keys {
		p := get(key)
		ok := p != nil
		old, had := t.views[key]
		if ok && had && !chipDiffers(old.PodView, p) {
			// What a chip shows of it and where it sits are as they were:
			// the mirror's view is kept, so that the one drawn can go.
			t.views[key] = treePod{p, old.group}
			continue
		}
		switch {
		case ok && had && sameOwner(old.PodView, p):
			old.group.count(old.PodView, -1)
			old.group.count(p, +1)
			t.views[key] = treePod{p, old.group}
		case ok:
			if had {
				old.group.count(old.PodView, -1)
			}
			g := t.group(p)
			g.count(p, +1)
			t.views[key] = treePod{p, g}
		case had:
			old.group.count(old.PodView, -1)
			delete(t.views, key)
		}
		if !t.summary { // a summary has no chips to draw
			t.stale[key] = true
		}
	}
}

// drawViews draws the tree as take left it, with w's workloads (force:
// the blocks written anew). It reports whether chips are left to draw.
func (t *ownerTree) drawViews(w *cluster.Snapshot, force bool) (behind bool) {
	if force {
		t.blockSig = "-"
	}
	b := t.blocks(w)
	if t.summary {
		clear(t.stale) // no chips to draw
		t.drawSummaries(b.shown)
	} else {
		t.drawChips()
	}
	t.drawBlocks(&b)
	return len(t.stale) > 0
}

// chipDiffers reports whether a chip drawn from o would look different
// drawn from p, or sit in another group.
func chipDiffers(o, p *cluster.PodView) bool {
	return o.Owner != p.Owner || o.OwnerKind != p.OwnerKind || o.Status != p.Status || o.Ready != p.Ready || o.Deleting != p.Deleting
}

func sameOwner(o, p *cluster.PodView) bool {
	return o.Owner == p.Owner && o.OwnerKind == p.OwnerKind && o.Namespace == p.Namespace
}

// group is the group of p's owner, made on first use.
func (t *ownerTree) group(p *cluster.PodView) *podGroup {
	k := groupKey(p)
	g := t.groups[k]
	if g == nil {
		g = &podGroup{key: k, bare: k == ""}
		t.groups[k] = g
	}
	return g
}

// count adds a pod to the group's counts (d = +1) or takes it out (-1).
func (g *podGroup) count(p *cluster.PodView, d int) {
	g.pods += d
	if p.Ready {
		g.ready += d
	}
	if g.byStatus == nil {
		g.byStatus = map[string]int{}
	}
	g.byStatus[chipStatus(p)] += d
}

// chipStatus is the status word a chip shows for p.
func chipStatus(p *cluster.PodView) string {
	if p.Deleting {
		return "Terminating"
	}
	return p.Status
}

// setSummary switches between a chip per pod and counts by status. The
// chips elements are emptied either way; chips are drawn again, a share
// per draw, from every pod the tree knows.
func (t *ownerTree) setSummary(on bool) {
	if t.summary == on {
		return
	}
	t.summary = on
	for _, g := range t.groups {
		if g.el != nil {
			clearNode(g.el)
		}
		g.keys, g.sumSig = nil, ""
	}
	t.chips = map[string]*chip{}
	t.stale = map[string]bool{}
	if !on {
		for k := range t.views {
			t.stale[k] = true
		}
	}
}

// drawSummaries writes the counts by status of the groups shown where
// they changed: "9,950 Running · 50 ContainerCreating", each in its
// status colour.
func (t *ownerTree) drawSummaries(shown []*podGroup) {
	for _, g := range shown {
		if g.pods <= 0 {
			continue
		}
		words := make([]string, 0, len(g.byStatus))
		for w, n := range g.byStatus {
			if n > 0 {
				words = append(words, w)
			}
		}
		sort.Strings(words)
		var sig strings.Builder
		for _, w := range words {
			fmt.Fprintf(&sig, "%s=%d;", w, g.byStatus[w])
		}
		if sig.String() == g.sumSig && g.el != nil {
			continue
		}
		g.sumSig = sig.String()
		if g.el == nil {
			g.el = t.a.el("div", "chips")
		}
		var m markup
		for _, w := range words {
			m.elem("span", "chip chip-count "+statusClass(w, false), fmt.Sprintf("%d %s", g.byStatus[w], w))
		}
		setHTML(g.el, &m)
	}
}

// drawChips draws up to maxChipsDrawn stale chips: made, redrawn, moved
// to another owner, or removed.
func (t *ownerTree) drawChips() {
	a, n := t.a, 0
	for key := range t.stale {
		if n == maxChipsDrawn {
			return
		}
		n++
		delete(t.stale, key)
		p, ok := t.views[key]
		c := t.chips[key]
		if c != nil && (!ok || c.group != p.group) {
			c.group.remove(key)
			c.el.Remove()
			delete(t.chips, key)
			c = nil
		}
		if !ok {
			continue
		}
		_, suffix := splitPodName(p.Name, p.Owner)
		if c == nil {
			g := p.group
			c = &chip{el: a.el("span", ""), group: g}
			if suffix != "" {
				c.el.AppendChild(a.text(suffix))
			}
			c.class = cachedAttr{el: c.el, name: "class"}
			c.title = cachedAttr{el: c.el, name: "title"}
			t.chips[key] = c
			g.insert(t, key, c)
		}
		setAttrs(c.el, attrValue{&c.class, "chip " + statusClass(p.Status, p.Deleting)}, attrValue{&c.title, p.Name + " · " + p.Status})
	}
}

// insert puts a chip into the group's chips element at its place: by
// namespace/name for pods with no owner, by ordinal (web-2 before web-10)
// for an owner's.
func (g *podGroup) insert(t *ownerTree, key string, c *chip) {
	if g.el == nil {
		g.el = t.a.el("div", "chips")
	}
	i := sort.Search(len(g.keys), func(i int) bool { return g.less(key, g.keys[i]) })
	g.keys = slices.Insert(g.keys, i, key)
	if i+1 < len(g.keys) {
		g.el.InsertBefore(c.el, t.chips[g.keys[i+1]].el)
	} else {
		g.el.AppendChild(c.el)
	}
}

func (g *podGroup) less(x, y string) bool {
	if g.bare {
		return x < y
	}
	return ordinalLess(x, y) // one namespace: "ns/" does not change the order
}

func (g *podGroup) remove(key string) {
	i := sort.Search(len(g.keys), func(i int) bool { return !g.less(g.keys[i], key) })
	if i < len(g.keys) && g.keys[i] == key {
		g.keys = append(g.keys[:i], g.keys[i+1:]...)
	}
}

// drawBlocks writes the blocks — a Deployment's, each ReplicaSet's, each
// other owner's, the ownerless pods' — when what they show changed, then
// puts each shown owner's chips element back into its block.
func (t *ownerTree) drawBlocks(b *treeBlocks) {
	if sig := b.signature(t.a.lang); sig != t.blockSig {
		t.blockSig = sig
		t.writeBlocks(b)
	}
	// Chips elements whose pods came after the blocks were written (the
	// block had none) or that a rewrite took out: back in.
	for _, g := range b.shown {
		if g.el != nil && !g.attached() {
			if block := t.blockOf(g); block != nil {
				block.AppendChild(g.el)
			}
		}
	}
}

// attached reports whether the group's chips element is in the tree.
func (g *podGroup) attached() bool {
	v, err := safejs.Safe(g.el.Underlying()).Get("isConnected")
	if err != nil {
		return false
	}
	ok, _ := v.Bool()
	return ok
}

// blockOf finds the block a group's chips go in.
func (t *ownerTree) blockOf(g *podGroup) dom.HTMLElement {
	sel := `[data-owner="` + g.key + `"]`
	switch {
	case g.bare:
		sel = ".own-bare"
	case strings.Count(g.key, "/") == 2 && strings.Contains(g.key, "/ReplicaSet/"):
		ns, rest, _ := strings.Cut(g.key, "/")
		_, name, _ := strings.Cut(rest, "/")
		sel = `[data-replicaset="` + ns + "/" + name + `"], ` + sel
	}
	v, err := safejs.Safe(t.a.ui.owners.Underlying()).Call("querySelector", sel)
	if err != nil || v.IsNull() || v.IsUndefined() {
		return nil
	}
	return wrap(v)
}

// writeBlocks writes the blocks b holds, without their chips, and a last
// line counting those left out.
func (t *ownerTree) writeBlocks(b *treeBlocks) {
	a := t.a
	var m markup
	if len(b.deployments) == 0 && len(b.lonelyRS) == 0 && len(b.owners) == 0 && b.bare == nil {
		setHTML(a.ui.owners, m.elem("div", "empty", a.tr("owners.empty")))
		return
	}
	for _, d := range b.deployments {
		t.deploymentBlock(&m, d, b.rsOf[d.Namespace+"/"+d.Name])
	}
	for _, r := range b.lonelyRS {
		m.open("div", "own-deploy")
		t.rsBlock(&m, r, false)
		m.close("div")
	}
	for _, g := range b.owners {
		t.ownerBlock(&m, g, b.jobs)
	}
	if b.bare != nil {
		m.open("div", "own-deploy own-bare")
		m.open("div", "own-row").elem("span", "kind kind-pod", "Pod").elem("span", "count", a.tr("owners.bare")).close("div")
		m.close("div")
	}
	if b.more > 0 {
		m.elem("div", "own-more", a.tr("owners.more", b.more))
	}
	setHTML(a.ui.owners, &m)
}

// deploymentBlock writes a Deployment's block: its counts, then its
// ReplicaSets, newest first.
func (t *ownerTree) deploymentBlock(m *markup, d cluster.DeploymentView, rss []cluster.ReplicaSetView) {
	a := t.a
	m.open("div", "own-deploy", "data-deployment", d.Namespace+"/"+d.Name)
	counts := []string{countText(a, "owners.ready", d.Ready, d.Replicas),
		fmt.Sprintf("%d %s", d.Updated, a.tr("owners.updated")), fmt.Sprintf("%d %s", d.Available, a.tr("owners.avail"))}
	m.open("div", "own-row").
		elem("span", "kind", "Deployment").
		elem("span", "obj-name", d.Name).
		open("span", "counts", "title", strings.Join(counts, " · "))
	for _, c := range counts {
		m.elem("span", "count", c)
	}
	m.close("span").
		close("div")
	sort.SliceStable(rss, func(i, j int) bool { return revNum(rss[i].Revision) > revNum(rss[j].Revision) })
	for _, r := range rss {
		t.rsBlock(m, r, true)
	}
	m.close("div")
}

// ownerBlock writes the block of another owner's pods (a StatefulSet, a
// DaemonSet, a Job with its progress …).
func (t *ownerTree) ownerBlock(m *markup, g *podGroup, jobs map[string]cluster.JobView) {
	a := t.a
	_, rest, _ := strings.Cut(g.key, "/")
	kind, name, _ := strings.Cut(rest, "/")
	m.open("div", "own-deploy", "data-owner", g.key)
	m.open("div", "own-row").elem("span", "kind kind-owner", kind).elem("span", "obj-name", name).
		elem("span", "count", countText(a, "owners.ready", int32(g.ready), int32(g.pods)))
	if j, ok := jobs[g.key]; ok {
		// A Job's progress: completions, failures, its status.
		m.elem("span", "count job-progress", a.tr("owners.job", j.Succeeded, j.Completions, j.Failed, j.Status))
	}
	m.close("div")
	m.close("div")
}

func (t *ownerTree) rsBlock(m *markup, r cluster.ReplicaSetView, nested bool) {
	a := t.a
	cls := "own-rs"
	if !nested {
		cls = "own-rs top"
	}
	if g := t.groups[r.Namespace+"/ReplicaSet/"+r.Name]; r.Replicas == 0 && (g == nil || g.pods == 0) {
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
	m.close("div")
}
