package replicaset

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
)

// podTally keeps, from the pod informer's events, the counts a sync would
// get by walking every pod a ReplicaSet controls: how many are active,
// Pending, running but not Ready, and Ready. A sync that only needs those
// counts — one that creates pods, or finds nothing to do — reads them
// here instead of walking its pods (claimPods), which at 10,000 pods was
// 17% of a 10,000-pod rollout's CPU: 171 syncs, each of ~10,000 pods.
//
// The counts are kept per controller uid and, within it, per namespace and
// label set, because whether a pod is counted also depends on the
// ReplicaSet's selector (and its template, for fullyLabeledReplicas),
// which may change without any pod event: a sync matches its selector
// against each label set once, not against each pod. The pods of one
// ReplicaSet share one label set, unless someone relabels them.
//
// The tally follows the informer's cache exactly: the informer calls the
// handler after every change to its cache, with the object it replaced
// (update) or removed (delete), so what is subtracted is what was added.
type podTally struct {
	kind         string                   // the controllers' kind ("ReplicaSet")
	byController map[string][]*labelGroup // controller uid → groups
	// others counts, per namespace, the pods whose controller is of
	// another kind (a StatefulSet's, a Job's). They are not grouped: a
	// StatefulSet's pods each have labels of their own, and as many groups
	// made each update search them all. So onNode does not answer for
	// their namespace.
	others map[string]int
	// lost is set if the tally was ever told to uncount a pod it had not
	// counted, which the informer's contract rules out: from then on it
	// answers nothing, and every sync walks its pods as before (a wrong
	// count would be worse, and a panic would end the page).
	lost bool
}

// labelGroup counts the pods of one controller in one namespace with one
// label set.
type labelGroup struct {
	namespace string
	// labels are the group's pods' labels: the map of the pod that made
	// the group (cached objects are never modified).
	labels map[string]string
	tallyCounts
}

// tallyCounts are the counts of one group. Pending, notReady and ready
// count active pods only, as a sync does. onNode counts the active pods
// per spec.nodeName ("" for the unscheduled), which a scale-down ranks
// by (relatedOnNode); a node whose count falls to 0 is removed.
type tallyCounts struct {
	all, active, pending, notReady, ready int
	onNode                                map[string]int
}

func newPodTally(kind string) *podTally {
	return &podTally{kind: kind, byController: map[string][]*labelGroup{}, others: map[string]int{}}
}

// update moves a pod's counts from old to o; either may be nil (an add, a
// delete).
func (t *podTally) update(old, o *api.Pod) {
	if old != nil && o != nil {
		if ref := api.ControllerOf(old); ref != nil && ref.Kind == t.kind && sameGroup(old, o, ref.UID) {
			// Most updates are status writes, which leave the pod in its
			// group: the group is looked up once, not once per version.
			if g, _ := t.group(ref.UID, old); g != nil {
				// A status write seldom changes a pod's node or ends it:
				// the per-node count is left alone unless it must change.
				a, b := api.IsPodActive(old), api.IsPodActive(o)
				moved := a != b || a && old.Spec.NodeName != o.Spec.NodeName
				g.count(old, -1, moved)
				g.count(o, 1, moved)
			} else {
				t.lost = true
			}
			return
		}
	}
	if old != nil {
		t.add(old, -1)
	}
	if o != nil {
		t.add(o, 1)
	}
}

// sameGroup reports whether o, a new version of old, whose controller's uid
// is uid, still belongs in old's group.
func sameGroup(old, o *api.Pod, uid string) bool {
	ref := api.ControllerOf(o)
	return ref != nil && ref.UID == uid && old.Namespace == o.Namespace && api.SameLabels(old.Labels, o.Labels)
}

// group finds the group of p, controlled by uid, and its index in
// byController[uid]; nil if it has none.
func (t *podTally) group(uid string, p *api.Pod) (*labelGroup, int) {
	for i, have := range t.byController[uid] {
		if have.namespace == p.Namespace && api.SameLabels(have.labels, p.Labels) {
			return have, i
		}
	}
	return nil, -1
}

// add counts p (sign 1) or uncounts it (sign -1). A pod without a
// controller is not counted: the orphans are the informer's controllerless
// index.
func (t *podTally) add(p *api.Pod, sign int) {
	ref := api.ControllerOf(p)
	if ref == nil {
		return
	}
	if ref.Kind != t.kind {
		if addCount(t.others, p.Namespace, sign) < 0 {
			t.lost = true
		}
		return
	}
	groups := t.byController[ref.UID]
	g, at := t.group(ref.UID, p)
	if g == nil {
		if sign < 0 {
			t.lost = true
			return
		}
		g = &labelGroup{namespace: p.Namespace, labels: p.Labels}
		groups = append(groups, g)
		at = len(groups) - 1
		t.byController[ref.UID] = groups
	}
	g.count(p, sign, true)
	if g.all < 0 {
		t.lost = true
	}
	if g.all <= 0 {
		groups = slices.Delete(groups, at, at+1)
		if len(groups) == 0 {
			delete(t.byController, ref.UID)
		} else {
			t.byController[ref.UID] = groups
		}
	}
}

// count adds sign to the counts p belongs in, with podCounts.count's
// rules; to its node's count too if node is set.
func (c *tallyCounts) count(p *api.Pod, sign int, node bool) {
	c.all += sign
	if !api.IsPodActive(p) {
		return
	}
	c.active += sign
	if node {
		if c.onNode == nil {
			c.onNode = map[string]int{}
		}
		addCount(c.onNode, p.Spec.NodeName, sign)
	}
	cond := p.Condition(api.PodReady)
	ready := cond != nil && cond.Status == api.ConditionTrue
	switch {
	case p.Status.Phase == api.PodPending || p.Status.Phase == "":
		c.pending += sign
	case !ready:
		c.notReady += sign
	}
	if ready {
		c.ready += sign
	}
}

// counts fills c with the counts of the active pods that the ReplicaSet
// with uid, in namespace, controls and that match sel, and returns how
// many there are. It returns ok false when a sync must walk the pods
// anyway: some pod it controls no longer matches sel (the sync releases
// it), c needs each Ready pod's transition time (minReadySeconds), or the
// tally is lost.
func (t *podTally) counts(uid, namespace string, sel api.Selector, c *podCounts) (active int, ok bool) {
	if t.lost || c.minReady != 0 {
		return 0, false
	}
	for _, g := range t.byController[uid] {
		if g.namespace != namespace {
			continue // as claimPods: an owner reference cannot cross namespaces
		}
		if !sel.Matches(g.labels) {
			return 0, false
		}
		active += g.active
		c.pending += g.pending
		c.notReady += g.notReady
		c.ready += int32(g.ready)
		c.available += int32(g.ready) // with minReadySeconds 0, Ready is available
		if c.allLabeled || c.tmplSel.Matches(g.labels) {
			c.fullyLabeled += int32(g.active)
		}
	}
	return active, true
}

// controlled is how many pods, active or not, the controller with uid
// controls, in all namespaces.
func (t *podTally) controlled(uid string) (n int) {
	if t.lost {
		return -1 // no answer: as many as no owner list has
	}
	for _, g := range t.byController[uid] {
		n += g.all
	}
	return n
}

// onNode adds to onNode, per node, the active pods in namespace whose
// labels match any of sels, of whatever controller: what a walk over the
// namespace's pods counts, for a scale-down's ranks, when every such pod
// has a controller (no orphan in the namespace). ok is false if the tally
// is lost, or if pods of another kind of controller are in the namespace.
func (t *podTally) onNode(namespace string, sels []api.Selector, onNode map[string]int) (ok bool) {
	if t.lost || t.others[namespace] > 0 {
		return false
	}
	for _, groups := range t.byController {
		for _, g := range groups {
			if g.namespace != namespace || g.active == 0 || !matchesAny(sels, g.labels) {
				continue
			}
			for node, n := range g.onNode {
				onNode[node] += n
			}
		}
	}
	return true
}

// addCount adds d to m[k] and returns the sum; a count of 0 leaves m, so
// that a map of counts holds only what is counted.
func addCount(m map[string]int, k string, d int) int {
	n := m[k] + d
	if n == 0 {
		delete(m, k)
	} else {
		m[k] = n
	}
	return n
}

func matchesAny(sels []api.Selector, labels map[string]string) bool {
	for _, sel := range sels {
		if sel.Matches(labels) {
			return true
		}
	}
	return false
}
