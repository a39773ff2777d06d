//go:build js && wasm

package main

import (
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// mirror is the page's copy of the cluster as the worker's frames have
// told it (wasm/internal/engine.Frame): a view of each pod, the nodes and
// workloads, the newest Events and reconciles, the picture of the
// controller manager. The page draws from it and from nothing else; it
// holds views, never objects, so that a 10,000-pod cluster's objects and
// their collection stay in the worker.
type mirror struct {
	rev, compacted int64
	elapsed        time.Duration
	tasks          uint64
	seed           uint64

	// pods are the pods' views, each never changed once kept: a frame's
	// change keeps a new one, so that the cards and the ownership tree
	// can hold the view they drew instead of a copy of it.
	pods     map[string]*cluster.PodView
	count    engine.PodCount
	overview *cluster.Snapshot
	events   []cluster.EventView
	// eventsText is the newest Events as they came, until Events reads
	// them into events.
	eventsText engine.EventsText
	// trace are the newest reconciles, oldest first, at most maxTraceKept,
	// each read when drawn (engine.EntryRecord).
	trace     []engine.EntryRecord
	traceLast int64
	picture   engine.Picture
	dns       engine.Table[cluster.DNSRecord]
	volumes   engine.Table[engine.Volume]

	// pending is what the frames applied since the last draw changed.
	pending cluster.FeedChanges
	// dnsDue and volumesDue: their tables changed since last drawn.
	dnsDue, volumesDue bool
	// shared are the pods' strings kept once each (keep).
	shared map[string]string
}

// maxTraceKept bounds the reconciles the page keeps: the trace draws at
// most maxTraceDrawn, and a filter looks back through these.
const maxTraceKept = 2000

func newMirror() *mirror {
	return &mirror{pods: map[string]*cluster.PodView{}, overview: &cluster.Snapshot{}}
}

// apply brings the mirror up to a frame.
func (m *mirror) apply(f *engine.Frame) {
	m.rev, m.compacted, m.elapsed, m.tasks, m.seed = f.Revision, f.Compacted, f.Elapsed, f.Tasks, f.Seed
	if f.Reset {
		m.pods = make(map[string]*cluster.PodView, len(f.Pods))
		m.pending.Reset = true
	}
	for _, p := range f.Pods {
		// The key is the mirror's own, as the view's strings are (keep):
		// the draws keep the changed keys in their own maps, where a piece
		// of the frame's text would keep the whole post it came in alive.
		key := strings.Clone(p.Key)
		if p.Gone {
			delete(m.pods, key)
		} else {
			v := m.keep(p.View)
			m.pods[key] = &v
		}
		m.pending.Pods = append(m.pending.Pods, key)
	}
	m.count = f.Count
	if f.Has("overview") {
		m.overview = f.Overview
		m.pending.Nodes, m.pending.Workloads = true, true
	}
	if f.Has("events") {
		m.eventsText, m.events = f.EventsText, nil
		m.pending.Events = true
	}
	m.addTrace(f.Trace, f.TraceLast)
	if !f.PictureLater {
		m.picture = f.Picture
	}
	if f.Has("dns") {
		m.dns, m.dnsDue = f.DNS, true
	}
	if f.Has("volumes") {
		m.volumes, m.volumesDue = f.Volumes, true
	}
}

// keep is a pod's view as the mirror keeps it, its strings its own: the
// frame's are pieces of the one text the frame came in (engine.PodList),
// which a kept piece would keep whole. The fields most pods share — their
// namespace, phase, node, owner, image — are kept once each.
func (m *mirror) keep(v cluster.PodView) cluster.PodView {
	if m.shared == nil || len(m.shared) > maxShared {
		m.shared = map[string]string{}
	}
	share := func(s string) string {
		if t, ok := m.shared[s]; ok {
			return t
		}
		t := strings.Clone(s)
		m.shared[t] = t
		return t
	}
	v.Name, v.IP = strings.Clone(v.Name), strings.Clone(v.IP)
	v.Namespace, v.Phase, v.Status, v.ReadyText = share(v.Namespace), share(v.Phase), share(v.Status), share(v.ReadyText)
	v.Node, v.Owner, v.OwnerKind, v.Image, v.Reason = share(v.Node), share(v.Owner), share(v.OwnerKind), share(v.Image), share(v.Reason)
	return v
}

// maxShared bounds the strings keep shares; past it they are shared anew
// (a long lecture's pods name many owners and reasons over time).
const maxShared = 10000

// addTrace keeps the frame's reconciles. A new cluster starts its trace
// again at 1: what the page kept of the old one goes.
func (m *mirror) addTrace(entries engine.EntryRecords, last int64) {
	if last < m.traceLast {
		m.trace = m.trace[:0]
	}
	m.traceLast = last
	m.trace = append(m.trace, entries...)
	if over := len(m.trace) - maxTraceKept; over > 0 {
		m.trace = slices.Delete(m.trace, 0, over)
	}
}

// takeChanges is what changed since the last call: the pods (sorted, each
// once), and whether the nodes, workloads or Events did.
func (m *mirror) takeChanges() cluster.FeedChanges {
	ch := m.pending
	m.pending = cluster.FeedChanges{}
	slices.Sort(ch.Pods)
	ch.Pods = slices.Compact(ch.Pods)
	return ch
}

// Pod is a pod's view by key, nil for a pod that is gone. It is the
// mirror's: a reader must not change it.
func (m *mirror) Pod(key string) *cluster.PodView { return m.pods[key] }

// Pods counts the pods; Running those whose Status is Running.
func (m *mirror) Pods() int    { return len(m.pods) }
func (m *mirror) Running() int { return m.count.Running }

// SystemPods counts the cluster's own pods among Pods, and among Running.
func (m *mirror) SystemPods() (pods, running int) { return m.count.System, m.count.SystemRunning }

// EachPod calls fn with every pod, in no particular order. Each view is
// the mirror's, as Pod's: fn must not change it.
func (m *mirror) EachPod(fn func(key string, v *cluster.PodView)) {
	for key, v := range m.pods {
		fn(key, v)
	}
}

// Events are the newest Events, oldest first.
func (m *mirror) Events() []cluster.EventView {
	if m.eventsText != "" {
		events, err := m.eventsText.Read()
		if err != nil {
			panic(err) // the worker wrote them: a bug, which the page reports
		}
		m.events, m.eventsText = events, ""
	}
	return m.events
}

// traceBetween is the kept reconciles whose Seq is over after and under
// before, oldest first. It is the mirror's: a draw reads it before the
// next frame comes.
func (m *mirror) traceBetween(after, before int64) engine.EntryRecords {
	from := sort.Search(len(m.trace), func(i int) bool { return m.trace[i].Seq > after })
	under := sort.Search(len(m.trace), func(i int) bool { return m.trace[i].Seq >= before })
	return m.trace[from:max(from, under)]
}
