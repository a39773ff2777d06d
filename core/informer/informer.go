// Package informer keeps a local, read-only cache of one kind, fed by a
// list and then a watch of the store, and tells handlers what changed.
//
// Controllers read from the cache (listers), never from the store, and
// react to handler calls by enqueueing keys: that is the "observe" of the
// control loop. The cache may lag the store by the watch latency; a
// controller must tolerate that, as a real one must.
//
// Objects in the cache are shared with the store: NEVER modify them.
package informer

import (
	"sort"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Handler is called as the cache changes. Any field may be nil. OnDelete
// receives either the deleted object or a DeletedFinalStateUnknown when the
// informer learned of the deletion by relisting.
type Handler struct {
	OnAdd    func(obj api.Object)
	OnUpdate func(old, obj api.Object)
	OnDelete func(obj any)
}

// DeletedFinalStateUnknown is the tombstone passed to OnDelete when an
// object vanished while the watch was broken: Obj is its last known state.
type DeletedFinalStateUnknown struct {
	Key string
	Obj api.Object
}

// IndexFunc returns the index values of an object.
type IndexFunc func(api.Object) []string

// Informer caches one kind.
type Informer struct {
	kind     *api.Kind
	store    *store.Store
	items    map[string]api.Object
	indexers map[string]IndexFunc
	indexes  map[string]map[string]map[string]struct{}
	// indexNames orders the indexers, and values holds, per cached key,
	// the values each indexer gave when the key was last indexed (in that
	// order): an update then re-indexes only the indexes whose values
	// changed — a pod's status write changes none — and removing a key
	// needs no index function at all.
	indexNames []string
	values     map[string][][]string
	// sorted caches the sorted keys of each index set (index name →
	// value → keys) and of all items (allSorted), dropped when a key
	// joins or leaves: listing 10,000 pods after a status write — which
	// moves no key — then costs no sort.
	sorted    map[string]map[string][]string
	allSorted []string
	handlers  []Handler
	synced    bool
	rev       int64
	stop      func()
	// observe is told of every delivered event (for the page and traces).
	observe func(*api.Kind, store.Event)
}

// Standard index names every informer has.
const (
	IndexNamespace = "namespace"
	IndexOwner     = "owner" // uid of each owner
	IndexLabel     = "label" // "key=value" for each label
	IndexNode      = "node"  // pods: spec.nodeName
	// IndexControllerless: pods with no controller reference, by
	// namespace — the orphans a controller may adopt, found without
	// scanning every pod of the namespace.
	IndexControllerless = "controllerless"
)

// New returns an informer for kind with the standard indexes; Start it.
func New(s *store.Store, kind *api.Kind) *Informer {
	i := &Informer{kind: kind, store: s, items: map[string]api.Object{},
		indexers: map[string]IndexFunc{}, indexes: map[string]map[string]map[string]struct{}{},
		values: map[string][][]string{}, sorted: map[string]map[string][]string{}}
	i.AddIndexer(IndexNamespace, func(o api.Object) []string { return []string{o.GetObjectMeta().Namespace} })
	i.AddIndexer(IndexOwner, func(o api.Object) []string {
		var uids []string
		for _, r := range o.GetObjectMeta().OwnerReferences {
			uids = append(uids, r.UID)
		}
		return uids
	})
	i.AddIndexer(IndexLabel, func(o api.Object) []string {
		var kv []string
		for k, v := range o.GetObjectMeta().Labels {
			kv = append(kv, k+"="+v)
		}
		sort.Strings(kv) // a stable order, so put sees unchanged labels as unchanged
		return kv
	})
	if kind.Kind == "Pod" {
		i.AddIndexer(IndexNode, func(o api.Object) []string { return []string{o.(*api.Pod).Spec.NodeName} })
		i.AddIndexer(IndexControllerless, func(o api.Object) []string {
			if api.ControllerOf(o) != nil {
				return nil
			}
			return []string{o.GetObjectMeta().Namespace}
		})
	}
	return i
}

// Kind is the kind this informer caches.
func (i *Informer) Kind() *api.Kind { return i.kind }

// AddIndexer adds a named index (or replaces the one of that name). Add
// indexers before Start.
func (i *Informer) AddIndexer(name string, f IndexFunc) {
	pos := -1
	for n, have := range i.indexNames {
		if have == name {
			pos = n
		}
	}
	if pos < 0 {
		pos = len(i.indexNames)
		i.indexNames = append(i.indexNames, name)
	}
	i.indexers[name] = f
	idx := map[string]map[string]struct{}{}
	i.indexes[name] = idx
	i.sorted[name] = map[string][]string{}
	for key, o := range i.items {
		v := f(o)
		addToIndex(idx, key, v)
		if vals := i.values[key]; pos < len(vals) {
			vals[pos] = v
		} else {
			i.values[key] = append(vals, v)
		}
	}
}

// AddHandler registers a handler. One added after the initial list first
// receives OnAdd for everything already cached, as client-go does.
func (i *Informer) AddHandler(h Handler) {
	i.handlers = append(i.handlers, h)
	if h.OnAdd != nil {
		for _, o := range i.List("") {
			h.OnAdd(o)
		}
	}
}

// Start lists the kind at the store's current revision, then watches from
// there. The list is synchronous: after Start the cache is synced.
func (i *Informer) Start() error {
	if i.stop != nil {
		return nil
	}
	return i.relist()
}

// relist replaces the cache with the store's contents and (re)starts the
// watch; objects that vanished get OnDelete with a tombstone.
func (i *Informer) relist() error {
	listed := map[string]api.Object{}
	for _, o := range i.store.List(i.kind, "") {
		listed[store.KeyOf(o)] = o
	}
	rev := i.store.Revision()
	for _, key := range sortedKeys(i.items) {
		if _, ok := listed[key]; !ok {
			old := i.items[key]
			i.remove(key, old)
			for _, h := range i.handlers {
				if h.OnDelete != nil {
					h.OnDelete(DeletedFinalStateUnknown{Key: key, Obj: old})
				}
			}
		}
	}
	for _, key := range sortedKeys(listed) {
		o := listed[key]
		old, had := i.items[key]
		i.put(key, o)
		i.notify(had, old, o)
	}
	i.rev, i.synced = rev, true
	stop, err := i.store.Watch(i.kind, rev, "informer "+i.kind.Resource, i.deliver)
	if err != nil {
		return err
	}
	i.stop = stop
	return nil
}

// Stop ends the watch; the cache stays as it was.
func (i *Informer) Stop() {
	if i.stop != nil {
		i.stop()
		i.stop = nil
	}
}

// HasSynced reports whether the initial list has completed.
func (i *Informer) HasSynced() bool { return i.synced }

// LastSyncRevision is the revision of the newest event the cache reflects.
func (i *Informer) LastSyncRevision() int64 { return i.rev }

func (i *Informer) deliver(ev store.Event) {
	if ev.Revision <= i.rev {
		return // already reflected by a relist
	}
	i.rev = ev.Revision
	key := store.KeyOf(ev.Object)
	if i.observe != nil {
		i.observe(i.kind, ev)
	}
	switch ev.Type {
	case store.Deleted:
		old, had := i.items[key]
		if !had {
			return
		}
		i.remove(key, old)
		for _, h := range i.handlers {
			if h.OnDelete != nil {
				h.OnDelete(ev.Object)
			}
		}
	default:
		old, had := i.items[key]
		i.put(key, ev.Object)
		i.notify(had, old, ev.Object)
	}
}

func (i *Informer) notify(had bool, old, o api.Object) {
	for _, h := range i.handlers {
		if had && h.OnUpdate != nil {
			h.OnUpdate(old, o)
		} else if !had && h.OnAdd != nil {
			h.OnAdd(o)
		}
	}
}

func (i *Informer) put(key string, o api.Object) {
	old, had := i.values[key]
	// An update usually leaves every index value as it was: keep the old
	// slice then, and copy it only when one changes.
	vals, copied := old, false
	if !had {
		vals, copied = make([][]string, len(i.indexNames)), true
	}
	for n, name := range i.indexNames {
		v := i.indexers[name](o)
		if had && sameValues(old[n], v) {
			continue
		}
		if !copied {
			vals, copied = append([][]string(nil), old...), true
		}
		idx := i.indexes[name]
		if had {
			dropFromIndex(idx, key, old[n])
			i.unsort(name, old[n])
		}
		addToIndex(idx, key, v)
		i.unsort(name, v)
		vals[n] = v
	}
	if !had {
		i.allSorted = nil
	}
	i.items[key] = o
	if copied {
		i.values[key] = vals
	}
}

// unsort drops the cached order of the sets a key joined or left.
func (i *Informer) unsort(name string, values []string) {
	for _, v := range values {
		delete(i.sorted[name], v)
	}
}

func (i *Informer) remove(key string, _ api.Object) {
	for n, name := range i.indexNames {
		dropFromIndex(i.indexes[name], key, i.values[key][n])
		i.unsort(name, i.values[key][n])
	}
	i.allSorted = nil
	delete(i.values, key)
	delete(i.items, key)
}

func addToIndex(idx map[string]map[string]struct{}, key string, values []string) {
	for _, v := range values {
		set := idx[v]
		if set == nil {
			set = map[string]struct{}{}
			idx[v] = set
		}
		set[key] = struct{}{}
	}
}

func dropFromIndex(idx map[string]map[string]struct{}, key string, values []string) {
	for _, v := range values {
		delete(idx[v], key)
		if len(idx[v]) == 0 {
			delete(idx, v)
		}
	}
}

// sameValues: the same index values in the same order (an index function
// over a map — labels — may order them differently; that only costs a
// re-index).
func sameValues(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for n := range a {
		if a[n] != b[n] {
			return false
		}
	}
	return true
}

// Get returns a cached object.
func (i *Informer) Get(namespace, name string) (api.Object, bool) {
	o, ok := i.items[store.Key(namespace, name)]
	return o, ok
}

// List returns cached objects in a namespace ("" for all), sorted by key.
func (i *Informer) List(namespace string) []api.Object {
	if namespace != "" {
		return i.ByIndex(IndexNamespace, namespace)
	}
	if i.allSorted == nil {
		i.allSorted = sortedKeys(i.items)
	}
	out := make([]api.Object, len(i.allSorted))
	for n, key := range i.allSorted {
		out[n] = i.items[key]
	}
	return out
}

// ByIndex returns the cached objects whose index name has value, sorted.
func (i *Informer) ByIndex(name, value string) []api.Object {
	keys := i.sortedKeys(name, value)
	out := make([]api.Object, len(keys))
	for n, k := range keys {
		out[n] = i.items[k]
	}
	return out
}

// sortedKeys is the (cached, shared: read only) sorted keys of one set.
func (i *Informer) sortedKeys(name, value string) []string {
	keys, ok := i.sorted[name][value]
	if !ok {
		set := i.indexes[name][value]
		keys = make([]string, 0, len(set))
		for k := range set {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if cache := i.sorted[name]; cache != nil {
			cache[value] = keys
		}
	}
	return keys
}

// ByIndexes returns the cached objects in any of the given sets — index
// name and value, in pairs — sorted by key, each once.
func (i *Informer) ByIndexes(nameValue ...string) []api.Object {
	var keys []string
	for n := 0; n+1 < len(nameValue); n += 2 {
		keys = mergeSorted(keys, i.sortedKeys(nameValue[n], nameValue[n+1]))
	}
	out := make([]api.Object, len(keys))
	for n, k := range keys {
		out[n] = i.items[k]
	}
	return out
}

// mergeSorted is the sorted union of two sorted key lists.
func mergeSorted(a, b []string) []string {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]string, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case b[0] < a[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// Len is the number of cached objects.
func (i *Informer) Len() int { return len(i.items) }

func sortedKeys(m map[string]api.Object) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// CountByIndex is len(ByIndex(name, value)) without building the list.
func (i *Informer) CountByIndex(name, value string) int { return len(i.indexes[name][value]) }

// EachByIndex calls fn for every cached object whose index name has value,
// in no particular order: for sums and counts, where order cannot matter
// and sorting would cost more than the work.
func (i *Informer) EachByIndex(name, value string, fn func(api.Object)) {
	for k := range i.indexes[name][value] {
		fn(i.items[k])
	}
}
