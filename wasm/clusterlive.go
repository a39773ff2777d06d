//go:build js && wasm

package main

import (
	"github.com/kubeloop/kubeloop/core/cluster"
)

// The live cluster view follows the cluster through a cluster.Feed: a
// draw touches the cards of the pods that changed since the last one, the
// lanes they leave and enter, and the counts, instead of viewing every pod
// of a copied Snapshot (a 10,000-pod cluster made each draw a long task
// even when nothing moved). Replay still draws from a Snapshot.

// liveView is what the live draw keeps between draws.
type liveView struct {
	feed     *cluster.Feed
	of       *cluster.Cluster  // the cluster feed follows
	overview *cluster.Snapshot // the nodes and workloads
	// faultEpoch is the cluster's FaultEpoch the overview was read at: a
	// node fault changes the lanes without writing an object.
	faultEpoch int
}

// sync reads what changed in the cluster since the last live draw.
func (v *clusterView) sync(c *cluster.Cluster) cluster.FeedChanges {
	l := &v.live
	if !l.follows(c) {
		l.feed, l.of = c.NewFeed(), c
	}
	ch := l.feed.Sync()
	if l.overview == nil || ch.Nodes || ch.Workloads || l.faultEpoch != c.FaultEpoch() {
		o := c.Overview()
		l.overview, l.faultEpoch = &o, c.FaultEpoch()
	}
	return ch
}

// drawLive brings the cards, lanes and ownership tree up to the feed.
func (v *clusterView) drawLive(ch cluster.FeedChanges, force bool) {
	a, l := v.a, &v.live
	langChanged := v.langSig != a.lang
	v.drawLang(force)
	keys := ch.Pods
	full := force || langChanged || ch.Reset
	if v.chooseCells(l.feed.Pods()) {
		full = true
	}
	if v.drawLanes(l.overview.Nodes) || full {
		// Every card may have to move or be redrawn: look at all of them.
		keys = make([]string, 0, l.feed.Pods()+len(v.pods))
		l.feed.EachPod(func(key string, _ *cluster.PodView) { keys = append(keys, key) })
		keys = append(keys, v.drawnKeys(func(key string) bool { _, ok := l.feed.Pod(key); return ok })...)
	}
	get := v.visible(l.feed.Pod)
	v.drawPods(keys, get)
	if v.owners.draw(v.shownOverview(l.overview), keys, get, full) {
		v.behind = true
	}
}

// writesSinceSync is how many writes the cluster's store took since the
// feed's last sync: what the next draw has to catch up with.
func (v *clusterView) writesSinceSync(c *cluster.Cluster) int64 {
	l := &v.live
	if !l.follows(c) {
		return 0
	}
	return c.Store().Revision() - l.feed.Revision()
}

// follows reports whether the feed follows c: a new cluster (reset, a
// replay's end) needs a feed of its own.
func (l *liveView) follows(c *cluster.Cluster) bool { return l.feed != nil && l.of == c }
