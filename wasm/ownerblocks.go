//go:build js && wasm

package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// maxOwnerBlocks bounds the blocks the ownership tree draws (a Deployment
// with its ReplicaSets is one block, and so is each other owner): a
// learner reads a few dozen, and a thousand Deployments written as markup
// on every change of one held the page's thread. The blocks left out are
// counted in a last line; kubectl lists them.
const maxOwnerBlocks = 50

// treeBlocks is what the tree's blocks show: the Deployments with their
// ReplicaSets, the ReplicaSets of no Deployment, the other owners' groups
// and the ownerless pods', in that order, the first maxOwnerBlocks of them.
type treeBlocks struct {
	deployments []cluster.DeploymentView
	rsOf        map[string][]cluster.ReplicaSetView // "ns/deployment" → its ReplicaSets
	lonelyRS    []cluster.ReplicaSetView
	owners      []*podGroup // other owners' pods (StatefulSet, DaemonSet, Job …)
	bare        *podGroup   // the pods with no owner; nil when none or left out
	jobs        map[string]cluster.JobView
	more        int // the blocks left out
	// shown are the groups whose chips have a block: the shown
	// ReplicaSets', the owners' and the ownerless pods'.
	shown []*podGroup
}

// blocks picks the blocks to draw from w's workloads and the tree's
// groups of pods.
func (t *ownerTree) blocks(w *cluster.Snapshot) treeBlocks {
	b := treeBlocks{rsOf: map[string][]cluster.ReplicaSetView{}, jobs: map[string]cluster.JobView{}}
	for _, j := range w.Jobs {
		b.jobs[j.Namespace+"/Job/"+j.Name] = j
	}
	deployments := map[string]bool{}
	for _, d := range w.Deployments {
		deployments[d.Namespace+"/"+d.Name] = true
	}
	rsGroups := map[string]bool{}
	for _, r := range w.ReplicaSets {
		rsGroups[r.Namespace+"/ReplicaSet/"+r.Name] = true
		if k := r.Namespace + "/" + r.Owner; r.Owner != "" && deployments[k] {
			b.rsOf[k] = append(b.rsOf[k], r)
		} else {
			b.lonelyRS = append(b.lonelyRS, r)
		}
	}
	var owners []*podGroup
	for _, g := range t.groups {
		switch {
		case g.pods <= 0 || rsGroups[g.key]:
		case g.bare:
			b.bare = g
		default:
			owners = append(owners, g)
		}
	}
	sort.Slice(owners, func(i, j int) bool { return owners[i].key < owners[j].key })

	room := maxOwnerBlocks
	take := func(n int) int { // how many of n blocks fit, counting the rest
		k := min(n, room)
		room -= k
		b.more += n - k
		return k
	}
	b.deployments = w.Deployments[:take(len(w.Deployments))]
	b.lonelyRS = b.lonelyRS[:take(len(b.lonelyRS))]
	b.owners = owners[:take(len(owners))]
	if b.bare != nil && take(1) == 0 {
		b.bare = nil
	}
	b.shown = append(b.shown, b.owners...)
	if b.bare != nil {
		b.shown = append(b.shown, b.bare)
	}
	for _, r := range b.shownReplicaSets() {
		if g := t.groups[r.Namespace+"/ReplicaSet/"+r.Name]; g != nil && g.pods > 0 {
			b.shown = append(b.shown, g)
		}
	}
	return b
}

// shownReplicaSets are the ReplicaSets whose blocks are drawn: the shown
// Deployments' and the lonely ones shown.
func (b *treeBlocks) shownReplicaSets() []cluster.ReplicaSetView {
	var out []cluster.ReplicaSetView
	for _, d := range b.deployments {
		out = append(out, b.rsOf[d.Namespace+"/"+d.Name]...)
	}
	return append(out, b.lonelyRS...)
}

// signature is everything the blocks' markup shows, in lang: the blocks
// are written anew only when it changes.
func (b *treeBlocks) signature(lang string) string {
	var sig strings.Builder
	sig.WriteString(lang)
	for _, d := range b.deployments {
		fmt.Fprintf(&sig, "d%s/%s %d %d %d %d;", d.Namespace, d.Name, d.Replicas, d.Ready, d.Updated, d.Available)
	}
	for _, r := range b.shownReplicaSets() {
		fmt.Fprintf(&sig, "r%s/%s %s %d %d %s %s;", r.Namespace, r.Name, r.Owner, r.Replicas, r.Ready, r.Revision, r.Image)
	}
	for _, g := range b.shown {
		fmt.Fprintf(&sig, "g%s %d %d;", g.key, g.pods, g.ready)
		if j, ok := b.jobs[g.key]; ok {
			fmt.Fprintf(&sig, "j%d/%d %d %s;", j.Succeeded, j.Completions, j.Failed, j.Status)
		}
	}
	fmt.Fprintf(&sig, "+%d", b.more)
	return sig.String()
}
