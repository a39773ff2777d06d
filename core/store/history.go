package store

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
)

// HistoryWindow is how many of the newest revisions the store keeps for
// replay (the page's history slider, At) and for watches and Events that
// resume from the past. Older ones are compacted away, as etcd compacts:
// At, Watch and Events before Compacted() answer Gone, and the page starts
// its slider at Compacted(). Each retained revision holds one object as it
// was written, so the window bounds the history's memory to about
// HistoryWindow objects whatever the length of the run — at ~10 000 it
// covers a lesson from its first apply several times over, and about ten
// pod lifecycles of a 1,000-replica Deployment.
const HistoryWindow = 10000

// Snapshot is a read-only view of the store at one revision.
type Snapshot struct {
	Revision int64
	objects  map[*api.Kind]map[string]api.Object
}

// List returns a kind's objects at the snapshot's revision, sorted.
func (v *Snapshot) List(kind *api.Kind, namespace string) []api.Object {
	return sortedObjects(v.objects[kind], namespace, nil)
}

// EachUnordered calls fn for each object of a kind at the snapshot's
// revision, in no set order (Store.EachUnordered).
func (v *Snapshot) EachUnordered(kind *api.Kind, fn func(api.Object)) {
	for _, o := range v.objects[kind] {
		fn(o)
	}
}

// Get returns one object at the snapshot's revision.
func (v *Snapshot) Get(kind *api.Kind, namespace, name string) (api.Object, bool) {
	o, ok := v.objects[kind][Key(namespace, name)]
	return o, ok
}

// At reads the store back as it was at revision rev (replay). A rev before
// the compacted revision — older than the HistoryWindow — is Gone, with a
// message the page can show; a rev past the newest is the newest.
func (s *Store) At(rev int64) (*Snapshot, error) {
	if rev < s.compacted {
		return nil, &api.StatusError{Reason: api.ReasonGone, Message: fmt.Sprintf(
			"revision %d is no longer kept: the history holds the last %d revisions, from %d to %d",
			rev, s.window(), s.compacted, s.rev)}
	}
	if rev > s.rev {
		rev = s.rev
	}
	// Undo the newer events from the current state. The store keeps no
	// state at the compacted revision to replay forwards from: keeping it
	// cost every write a map update at its compaction and kept an old
	// version of every object alive, for a replay that copies the whole
	// state either way.
	objs := cloneState(s.objects)
	for j := len(s.log) - 1; j >= s.logIndex(rev); j-- {
		undo(objs, s.log[j])
	}
	return &Snapshot{Revision: rev, objects: objs}, nil
}

// window is the number of revisions kept (the test may shrink it).
func (s *Store) window() int {
	if s.historyWindow > 0 {
		return s.historyWindow
	}
	return HistoryWindow
}

// trimHistory compacts the log back to the window once it has grown a
// quarter past it, so each write pays O(1) amortised.
func (s *Store) trimHistory() {
	w := s.window()
	if len(s.log) >= w+max(w/4, 1) {
		s.Compact(s.rev - int64(w))
	}
}

// Retained is how many revisions the store holds for replay.
func (s *Store) Retained() int { return len(s.log) }

// Compact forgets history up to revision rev: later reads and watches from
// before it are Gone.
func (s *Store) Compact(rev int64) {
	if rev <= s.compacted {
		return
	}
	if rev > s.rev {
		rev = s.rev
	}
	n := s.logIndex(rev)
	// In place: the array keeps its room for the writes until the next
	// compaction, and the slots freed at its end are cleared so they hold
	// no object. A new array each time (a quarter of the window's writes
	// apart) was 11% of all the bytes a rollout allocates; Events says its
	// slice is read before the next write, which every caller does.
	kept := copy(s.log, s.log[n:])
	clear(s.log[kept:])
	s.log = s.log[:kept]
	s.compacted = rev
}

// Compacted is the oldest revision still readable.
func (s *Store) Compacted() int64 { return s.compacted }

// undo reverses ev: every Modified and Deleted event carries the state
// stored before it in Old.
func undo(objs map[*api.Kind]map[string]api.Object, ev Event) {
	m := objs[ev.Kind]
	if m == nil {
		m = map[string]api.Object{}
		objs[ev.Kind] = m
	}
	if ev.Type == Added {
		delete(m, ev.Key)
	} else {
		m[ev.Key] = ev.Old // the same name and namespace
	}
}

func cloneState(src map[*api.Kind]map[string]api.Object) map[*api.Kind]map[string]api.Object {
	out := make(map[*api.Kind]map[string]api.Object, len(src))
	for k, m := range src {
		c := make(map[string]api.Object, len(m))
		for key, o := range m {
			c[key] = o
		}
		out[k] = c
	}
	return out
}
