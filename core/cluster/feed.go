package cluster

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Feed follows the cluster for a page that redraws only what changed. It
// keeps a PodView per pod and the newest Events, and each Sync reads the
// store's log since the revision it last saw (store.Events): it reports
// which pods changed and whether the nodes, the workloads or the Events
// did. A Snapshot copies the whole state and builds a view of every pod,
// which at 10,000 pods took longer than a frame on every draw.
//
// It reads the log rather than watching the store: a watch delivers
// through tasks on the simulated clock, and looking must not add tasks —
// the same seed gives the same history whether or not a page is open.
//
// Not for replay: it follows the newest revision only (SnapshotAt reads an
// earlier one).
type Feed struct {
	c       *Cluster
	store   *store.Store
	rev     int64 // the newest revision applied; -1 before the first Sync
	pods    map[string]PodView
	running int // pods whose Status is Running
	// system and systemRunning count the cluster's own pods among them
	// (PodView.System).
	system, systemRunning int
	// newest are the MaxSnapshotEvents newest Events, oldest first, kept
	// up to date from what changed, each with its view. The feed keeps no
	// view of the others: at 10,000 pods a view of each of 100,000 Events
	// would weigh on the page's heap, for the rare sync that deletes one
	// of the newest.
	newest []feedEvent
}

// feedEvent is one of the newest Events and its view.
type feedEvent struct {
	event *api.Event
	view  EventView
}

// FeedChanges is what changed between two Syncs.
type FeedChanges struct {
	// Pods are the keys ("namespace/name") of the pods added, deleted or
	// shown differently, sorted. A write that changes nothing a PodView
	// shows is not a change.
	Pods []string
	// Reset is set when the feed read the store afresh (the first Sync, or
	// the store compacted history the feed had not read yet); Pods then
	// holds every pod there was or is.
	Reset bool
	// Nodes, Workloads (Deployments, ReplicaSets, Jobs) and Events tell
	// which other parts of the page's view changed.
	Nodes, Workloads, Events bool
}

// NewFeed starts a feed; its first Sync reads every pod.
func (c *Cluster) NewFeed() *Feed {
	return &Feed{c: c, store: c.store, rev: -1, pods: map[string]PodView{}}
}

// feedKinds are the kinds a sync tells apart, looked up once.
var feedKinds = struct{ pods, events, nodes, deployments, replicasets, jobs *api.Kind }{
	api.Pods, api.Events, api.Nodes,
	api.Deployments, api.ReplicaSets, api.Jobs,
}

// Sync brings the feed up to the store's newest revision. The feed
// follows writes only, so it asks for no reconciles and no queues.
func (f *Feed) Sync() FeedChanges {
	return f.Apply(f.c.writesSince(Cursor{Revision: f.rev, Trace: f.c.trace.Last()}))
}

// Apply brings the feed up to a batch of changes that starts where the
// feed stands (ch.From.Revision is its Revision).
func (f *Feed) Apply(batch Changes) FeedChanges {
	var ch FeedChanges
	rev, log := batch.To.Revision, batch.Writes
	if rev == f.rev {
		return ch
	}
	if f.rev < 0 || batch.Reset || batch.From.Revision != f.rev {
		f.reset(&ch)
		f.rev = rev
		return ch
	}
	f.rev = rev
	// The last state of each pod and Event that the log touched: a pod
	// written five times since the last draw is viewed once.
	lastPod := make(map[string]int, len(log)/4) // key → index in log
	lastEvent := map[string]store.Event{}
	for i, ev := range log {
		switch ev.Kind {
		case feedKinds.pods:
			lastPod[ev.Key] = i
		case feedKinds.events:
			lastEvent[ev.Key] = ev
		case feedKinds.nodes:
			ch.Nodes = true
		case feedKinds.deployments, feedKinds.replicasets, feedKinds.jobs:
			ch.Workloads = true
		}
	}
	for key, i := range lastPod {
		ev := &log[i]
		var v PodView
		deleted := ev.Type == store.Deleted
		if !deleted {
			v = podView(ev.Object.(*api.Pod))
		}
		if f.setPod(key, v, deleted) {
			ch.Pods = append(ch.Pods, key)
		}
	}
	slices.Sort(ch.Pods)
	if len(lastEvent) > 0 {
		ch.Events = true
		f.updateEvents(lastEvent)
	}
	return ch
}

// setPod records a pod's view (or its deletion) and reports whether it
// differs from what the feed had.
func (f *Feed) setPod(key string, v PodView, deleted bool) bool {
	old, had := f.pods[key]
	if had {
		f.count(&old, -1)
	}
	if deleted {
		delete(f.pods, key)
		return had
	}
	f.pods[key] = v
	f.count(&v, 1)
	return !had || old != v
}

// count adds d to the counts v is in.
func (f *Feed) count(v *PodView, d int) {
	running := v.Status == "Running"
	if running {
		f.running += d
	}
	if v.System {
		f.system += d
		if running {
			f.systemRunning += d
		}
	}
}

// reset reads every pod and Event from the store: the first Sync, or one
// after the store compacted what the feed had still to read.
func (f *Feed) reset(ch *FeedChanges) {
	*ch = FeedChanges{Reset: true, Nodes: true, Workloads: true, Events: true}
	seen := make(map[string]bool, len(f.pods))
	for key := range f.pods {
		seen[key] = true
	}
	f.pods, f.running, f.system, f.systemRunning = map[string]PodView{}, 0, 0, 0
	for _, o := range f.store.List(api.Pods, "") {
		key := store.KeyOf(o)
		f.setPod(key, podView(o.(*api.Pod)), false)
		seen[key] = true
	}
	for key := range seen {
		ch.Pods = append(ch.Pods, key)
	}
	slices.Sort(ch.Pods)
	f.newest = f.newestInStore()
}

// newestInStore finds the newest Events in the store again.
func (f *Feed) newestInStore() []feedEvent {
	return viewed(newestOf(allEvents(f.store)), nil)
}

// updateEvents applies the Events that changed and keeps the newest. An
// Event's last timestamp only moves forward, so the newest after a change
// are among the newest before it and the changed ones — unless one of the
// newest was deleted, and then every Event in the store is looked at again
// (rare: the Event TTL deletes the oldest first). Only the Events kept are
// viewed: at full speed a draw of a 10,000-pod rollout brings a thousand.
func (f *Feed) updateEvents(changed map[string]store.Event) {
	candidates := make([]*api.Event, 0, len(f.newest)+len(changed))
	for _, e := range f.newest {
		ev, ok := changed[store.Key(e.event.Namespace, e.event.Name)]
		switch {
		case !ok:
			candidates = append(candidates, e.event) // unchanged
		case ev.Type == store.Deleted:
			f.newest = f.newestInStore()
			return
		}
	}
	for _, ev := range changed {
		if ev.Type != store.Deleted {
			candidates = append(candidates, ev.Object.(*api.Event))
		}
	}
	f.newest = viewed(newestOf(candidates), f.newest)
}

// viewed pairs each Event with its view, reusing those of had: an Event
// that did not change is the same object in the store.
func viewed(events []*api.Event, had []feedEvent) []feedEvent {
	views := make(map[*api.Event]EventView, len(had))
	for _, e := range had {
		views[e.event] = e.view
	}
	out := make([]feedEvent, len(events))
	for i, e := range events {
		v, ok := views[e]
		if !ok {
			v = eventView(e)
		}
		out[i] = feedEvent{event: e, view: v}
	}
	return out
}

// Revision is the store revision the feed has read up to.
func (f *Feed) Revision() int64 { return f.rev }

// Pod is a pod's view by key; ok is false for a pod that is gone.
func (f *Feed) Pod(key string) (v PodView, ok bool) {
	v, ok = f.pods[key]
	return v, ok
}

// Pods counts the pods; Running counts those whose Status is Running.
func (f *Feed) Pods() int    { return len(f.pods) }
func (f *Feed) Running() int { return f.running }

// SystemPods counts the cluster's own pods among Pods, and among Running.
func (f *Feed) SystemPods() (pods, running int) { return f.system, f.systemRunning }

// EachPod calls fn with every pod, in no particular order.
func (f *Feed) EachPod(fn func(key string, v *PodView)) {
	for key, v := range f.pods {
		fn(key, &v)
	}
}

// Events are the newest Events, oldest first, as Snapshot.Events.
func (f *Feed) Events() []EventView {
	out := make([]EventView, len(f.newest))
	for i, e := range f.newest {
		out[i] = e.view
	}
	return out
}

// Then is what two syncs in a row changed, c then later: a host that syncs
// more often than it draws may sync again before it has drawn, and must
// not lose the first sync's pods.
func (c FeedChanges) Then(later FeedChanges) FeedChanges {
	pods := c.Pods
	switch {
	case len(pods) == 0:
		pods = later.Pods
	case len(later.Pods) > 0:
		pods = slices.Concat(c.Pods, later.Pods)
		slices.Sort(pods)
		pods = slices.Compact(pods)
	}
	return FeedChanges{
		Pods:      pods,
		Reset:     c.Reset || later.Reset,
		Nodes:     c.Nodes || later.Nodes,
		Workloads: c.Workloads || later.Workloads,
		Events:    c.Events || later.Events,
	}
}
