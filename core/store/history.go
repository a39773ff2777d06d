package store

import "github.com/kubeloop/kubeloop/core/api"

// Snapshot is a read-only view of the store at one revision.
type Snapshot struct {
	Revision int64
	objects  map[*api.Kind]map[string]api.Object
}

// List returns a kind's objects at the snapshot's revision, sorted.
func (v *Snapshot) List(kind *api.Kind, namespace string) []api.Object {
	return sortedObjects(v.objects[kind], namespace)
}

// Get returns one object at the snapshot's revision.
func (v *Snapshot) Get(kind *api.Kind, namespace, name string) (api.Object, bool) {
	o, ok := v.objects[kind][Key(namespace, name)]
	return o, ok
}

// At reads the store back as it was at revision rev (replay). A rev before
// the compacted revision is Gone; a rev past the newest is the newest.
func (s *Store) At(rev int64) (*Snapshot, error) {
	if rev < s.compacted {
		return nil, api.NewGone(rev, s.compacted)
	}
	if rev > s.rev {
		rev = s.rev
	}
	objs := cloneState(s.base)
	for _, ev := range s.log[:s.logIndex(rev)] {
		apply(objs, ev)
	}
	return &Snapshot{Revision: rev, objects: objs}, nil
}

// Compact forgets history up to revision rev: later reads and watches from
// before it are Gone. The state at rev becomes the new base.
func (s *Store) Compact(rev int64) {
	if rev <= s.compacted {
		return
	}
	if rev > s.rev {
		rev = s.rev
	}
	n := s.logIndex(rev)
	for _, ev := range s.log[:n] {
		apply(s.base, ev)
	}
	s.log = append([]Event(nil), s.log[n:]...)
	s.compacted = rev
}

// Compacted is the oldest revision still readable.
func (s *Store) Compacted() int64 { return s.compacted }

func apply(objs map[*api.Kind]map[string]api.Object, ev Event) {
	m := objs[ev.Kind]
	if m == nil {
		m = map[string]api.Object{}
		objs[ev.Kind] = m
	}
	if ev.Type == Deleted {
		delete(m, KeyOf(ev.Object))
	} else {
		m[KeyOf(ev.Object)] = ev.Object
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
