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
	"iter"
	"slices"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Handler is called as the cache changes. Any field may be nil. OnDelete
// receives either the deleted object or a DeletedFinalStateUnknown when the
// informer learned of the deletion by relisting. A handler of one kind is
// better a HandlerFor, added through the kind's Lister (lister.go).
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
	kind  *api.Kind
	store *store.Store
	// items holds one entry per cached key. An update replaces the
	// entry's object in place, so the index sets and sorted lists, which
	// hold entries, stay valid without a lookup by key.
	items map[string]*entry
	// indexers are in the order they were added; an entry's values follow
	// that order. indexes finds them by name.
	indexers []*indexer
	indexes  map[string]*indexer
	// allSorted caches all items sorted by key, dropped when a key joins
	// or leaves (as each index caches its sets sorted).
	allSorted []*entry
	handlers  []Handler
	synced    bool
	broken    bool // the watch was dropped by Break (watchbreak.go)
	rev       int64
	started   int64 // the store's revision at the first list
	stop      func()
	// observe is told of every delivered event (for the page and traces).
	observe func(*api.Kind, store.Event)
	// last is the newest event delivered, for a picture of the informer.
	last store.Event
	// keyBuf is where Get spells the key it looks up.
	keyBuf []byte
	// visited counts the cached objects reads handed out (Visited).
	visited int64
}

// entry is one cached object and the values each indexer gave when it was
// last indexed: an update then re-indexes only the indexes whose values
// changed — a pod's status write changes none — and removing a key needs
// no index function at all.
type entry struct {
	key    string
	obj    api.Object
	values [][]string
}

// indexer is one named index. same, when set, reports cheaply that an
// update cannot have changed the index's values (for the standard indexes:
// the fields they read are equal), so the index function is not called —
// the label index would otherwise build and sort "k=v" strings on every
// status write of every pod.
type indexer struct {
	name string
	fn   IndexFunc
	same func(old, obj api.Object) bool
	// pos is the index's place in Informer.indexers and entry.values;
	// built says whether it is kept yet (lazy.go): an entry's value for
	// an index not built is nil.
	pos   int
	built bool
	// sets maps each value to the set of entries with it. A set is keyed
	// by the entries themselves: a pointer hashes faster than the key
	// string, and every pod write of a 10,000-pod run touches the sets of
	// four informers.
	sets map[string]map[*entry]struct{}
	// orders keeps the entries of each set that has been listed sorted by
	// key (order.go): listing 10,000 pods after a status write — which
	// moves no entry — costs no sort, and after a few pods came or went it
	// costs a merge.
	orders map[string]*order
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
	i := &Informer{kind: kind, store: s, items: map[string]*entry{}, indexes: map[string]*indexer{}}
	// An update keeps the key, so the namespace too.
	i.addIndexer(IndexNamespace, func(o api.Object) []string { return []string{o.GetObjectMeta().Namespace} },
		func(_, _ api.Object) bool { return true })
	// The index functions size their slices up front: they run for every
	// new object in every informer of its kind, and growing the slice by
	// append was an allocation more each time.
	i.addIndexer(IndexOwner, func(o api.Object) []string {
		refs := o.GetObjectMeta().OwnerReferences
		if len(refs) == 0 {
			return nil
		}
		uids := make([]string, 0, len(refs))
		for _, r := range refs {
			uids = append(uids, r.UID)
		}
		return uids
	}, sameOwnerUIDs)
	i.addIndexer(IndexLabel, func(o api.Object) []string {
		labels := o.GetObjectMeta().Labels
		if len(labels) == 0 {
			return nil
		}
		kv := make([]string, 0, len(labels))
		for k, v := range labels {
			kv = append(kv, k+"="+v)
		}
		sort.Strings(kv) // a stable order, so put sees unchanged labels as unchanged
		return kv
	}, func(old, o api.Object) bool {
		return api.SameLabels(old.GetObjectMeta().Labels, o.GetObjectMeta().Labels)
	})
	if kind.Kind == "Pod" {
		i.addIndexer(IndexNode, func(o api.Object) []string { return []string{o.(*api.Pod).Spec.NodeName} },
			func(old, o api.Object) bool { return old.(*api.Pod).Spec.NodeName == o.(*api.Pod).Spec.NodeName })
		i.addIndexer(IndexControllerless, func(o api.Object) []string {
			if api.ControllerOf(o) != nil {
				return nil
			}
			return []string{o.GetObjectMeta().Namespace}
		}, func(old, o api.Object) bool { return (api.ControllerOf(old) == nil) == (api.ControllerOf(o) == nil) })
		i.addIndexer(IndexClaim, podClaimKeys, sameClaimVolumes)
	}
	return i
}

// sameOwnerUIDs: the same owner uids in the same order.
func sameOwnerUIDs(old, o api.Object) bool {
	a, b := old.GetObjectMeta().OwnerReferences, o.GetObjectMeta().OwnerReferences
	if len(a) != len(b) {
		return false
	}
	for n := range a {
		if a[n].UID != b[n].UID {
			return false
		}
	}
	return true
}

// Kind is the kind this informer caches.
func (i *Informer) Kind() *api.Kind { return i.kind }

// AddIndexer adds a named index (or replaces the one of that name). Add
// indexers before Start.
func (i *Informer) AddIndexer(name string, f IndexFunc) { i.addIndexer(name, f, nil) }

func (i *Informer) addIndexer(name string, f IndexFunc, same func(old, obj api.Object) bool) {
	pos := -1
	for n, have := range i.indexers {
		if have.name == name {
			pos = n
		}
	}
	if pos < 0 {
		pos = len(i.indexers)
		i.indexers = append(i.indexers, nil)
	}
	ix := &indexer{name: name, fn: f, same: same, pos: pos, sets: map[string]map[*entry]struct{}{}, orders: map[string]*order{}}
	i.indexers[pos] = ix
	i.indexes[name] = ix
	for _, e := range i.items { // the new index is built when first read
		if pos < len(e.values) {
			e.values[pos] = nil
		} else {
			e.values = append(e.values, nil)
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
	if i.stop != nil || i.broken {
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
			old := i.items[key].obj
			i.remove(key)
			for _, h := range i.handlers {
				if h.OnDelete != nil {
					h.OnDelete(DeletedFinalStateUnknown{Key: key, Obj: old})
				}
			}
		}
	}
	for _, key := range sortedKeys(listed) {
		o := listed[key]
		old, had := i.put(key, o)
		i.notify(had, old, o)
	}
	if !i.synced {
		i.started = rev
	}
	i.rev, i.synced = rev, true
	return i.watch()
}

// watch starts the watch from the newest revision the cache reflects.
func (i *Informer) watch() error {
	stop, err := i.store.Watch(i.kind, i.rev, "informer "+i.kind.Resource, i.deliver)
	if err != nil {
		return err
	}
	i.stop = stop
	return nil
}

// Stop ends the watch; the cache stays as it was.
func (i *Informer) Stop() {
	i.broken = false
	if i.stop != nil {
		i.stop()
		i.stop = nil
	}
}

// LastEvent is the newest watch event the informer delivered — its type,
// key and revision, without the object — and false before the first.
func (i *Informer) LastEvent() (store.Event, bool) { return i.last, i.last.Revision > 0 }

// HasSynced reports whether the initial list has completed.
func (i *Informer) HasSynced() bool { return i.synced }

// StartRevision is the store's revision at the informer's first list: it
// has been told of every event after it (a process's informers start when
// it does, or — a kube-controller-manager's — when it first leads).
func (i *Informer) StartRevision() int64 { return i.started }

// LastSyncRevision is the revision of the newest event the cache reflects.
func (i *Informer) LastSyncRevision() int64 { return i.rev }

func (i *Informer) deliver(ev store.Event) {
	if ev.Revision <= i.rev {
		return // already reflected by a relist
	}
	i.rev = ev.Revision
	i.last = store.Event{Type: ev.Type, Kind: ev.Kind, Key: ev.Key, Revision: ev.Revision}
	key := ev.Key
	if i.observe != nil {
		i.observe(i.kind, ev)
	}
	switch ev.Type {
	case store.Deleted:
		if _, had := i.items[key]; !had {
			return
		}
		i.remove(key)
		for _, h := range i.handlers {
			if h.OnDelete != nil {
				h.OnDelete(ev.Object)
			}
		}
	default:
		old, had := i.put(key, ev.Object)
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

// put caches o under key and returns the object it replaced, if any.
func (i *Informer) put(key string, o api.Object) (old api.Object, had bool) {
	e, had := i.items[key]
	if !had {
		e = &entry{key: key, obj: o, values: make([][]string, len(i.indexers))}
		for n, ix := range i.indexers {
			if !ix.built {
				continue
			}
			v := ix.fn(o)
			ix.add(e, v)
			e.values[n] = v
		}
		i.items[key] = e
		i.allSorted = nil
		return nil, false
	}
	old = e.obj
	for n, ix := range i.indexers {
		if !ix.built || ix.same != nil && ix.same(old, o) {
			continue
		}
		v := ix.fn(o)
		if sameValues(e.values[n], v) {
			continue
		}
		ix.drop(e, e.values[n])
		ix.add(e, v)
		e.values[n] = v
	}
	e.obj = o
	return old, true
}

func (i *Informer) remove(key string) {
	e := i.items[key]
	for n, ix := range i.indexers {
		if ix.built {
			ix.drop(e, e.values[n])
		}
	}
	i.allSorted = nil
	delete(i.items, key)
}

// add puts e in the sets of values.
func (ix *indexer) add(e *entry, values []string) {
	for _, v := range values {
		set := ix.sets[v]
		if set == nil {
			set = map[*entry]struct{}{}
			ix.sets[v] = set
		}
		set[e] = struct{}{}
		if o := ix.orders[v]; o != nil && !o.join(e) {
			delete(ix.orders, v) // the next read sorts the set afresh
		}
	}
}

// drop takes e out of the sets of values. An emptied set goes, with its
// order: the garbage collector asks for the dependents of every uid it
// sees, and a set per uid ever asked about would only grow.
func (ix *indexer) drop(e *entry, values []string) {
	for _, v := range values {
		set := ix.sets[v]
		delete(set, e)
		if len(set) == 0 {
			delete(ix.sets, v)
			delete(ix.orders, v)
		} else if o := ix.orders[v]; o != nil {
			o.leave()
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
	// The key is spelled in a buffer kept for it: a map lookup by
	// string(bytes) copies nothing, where store.Key would allocate the key
	// on every reconcile's Get.
	key := i.keyBuf[:0]
	if namespace != "" {
		key = append(append(key, namespace...), '/')
	}
	key = append(key, name...)
	i.keyBuf = key
	if e, ok := i.items[string(key)]; ok {
		return e.obj, true
	}
	return nil, false
}

// List returns cached objects in a namespace ("" for all), sorted by key.
func (i *Informer) List(namespace string) []api.Object {
	return i.objects(i.listEntries(namespace))
}

// listEntries is the (kept, shared: read only) sorted entries List hands
// out.
func (i *Informer) listEntries(namespace string) []*entry {
	if namespace != "" {
		return i.sortedEntries(IndexNamespace, namespace)
	}
	if i.allSorted == nil {
		i.allSorted = sortedItems(i.items)
	}
	return i.allSorted
}

// ByIndex returns the cached objects whose index name has value, sorted.
func (i *Informer) ByIndex(name, value string) []api.Object {
	return i.objects(i.sortedEntries(name, value))
}

// sortedEntries is the (kept, shared: read only) sorted entries of one
// set.
func (i *Informer) sortedEntries(name, value string) []*entry {
	ix := i.index(name)
	if ix == nil {
		return nil
	}
	set := ix.sets[value]
	if len(set) == 0 {
		return nil // no order is kept for an empty set (drop)
	}
	o := ix.orders[value]
	if o == nil {
		o = &order{sorted: sortedSet(set)}
		ix.orders[value] = o
	}
	return o.entries(set)
}

// ByIndexes returns the cached objects in any of the given sets — index
// name and value, in pairs — sorted by key, each once.
func (i *Informer) ByIndexes(nameValue ...string) []api.Object {
	return i.objects(i.byIndexes(nameValue))
}

// EachByIndexes is ByIndexes one object at a time, and how many there
// are, without a slice of them all: a ReplicaSet's sync walks its 10,000
// pods this way, and their slice was 2% of the bytes a 10,000-pod rollout
// allocates. The walk is over the sets as they were when it began; each
// object is the one cached when the walk reaches it.
func (i *Informer) EachByIndexes(nameValue ...string) (all iter.Seq[api.Object], n int) {
	entries := i.byIndexes(nameValue)
	return func(yield func(api.Object) bool) {
		for _, e := range entries {
			i.visited++
			if !yield(e.obj) {
				return
			}
		}
	}, len(entries)
}

func (i *Informer) byIndexes(nameValue []string) []*entry {
	var entries []*entry
	for n := 0; n+1 < len(nameValue); n += 2 {
		entries = mergeSorted(entries, i.sortedEntries(nameValue[n], nameValue[n+1]))
	}
	return entries
}

func (i *Informer) objects(entries []*entry) []api.Object {
	i.visited += int64(len(entries))
	out := make([]api.Object, len(entries))
	for n, e := range entries {
		out[n] = e.obj
	}
	return out
}

// mergeSorted is the sorted union of two lists sorted by key.
func mergeSorted(a, b []*entry) []*entry {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]*entry, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0].key < b[0].key:
			out, a = append(out, a[0]), a[1:]
		case b[0].key < a[0].key:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// Visited is how many cached objects the informer's lists and index reads
// (List, ByIndex, ByIndexes and the Each walks; not Get) have handed out
// since it was made: the work its readers did, which a test can hold to
// the size of what changed without timing anything.
func (i *Informer) Visited() int64 { return i.visited }

// Len is the number of cached objects.
func (i *Informer) Len() int { return len(i.items) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// sortedItems is every item, sorted by key.
func sortedItems(m map[string]*entry) []*entry {
	out := make([]*entry, 0, len(m))
	for _, e := range m {
		out = append(out, e)
	}
	return sortByKey(out)
}

// sortedSet is a set's entries, sorted by key.
func sortedSet(set map[*entry]struct{}) []*entry {
	out := make([]*entry, 0, len(set))
	for e := range set {
		out = append(out, e)
	}
	return sortByKey(out)
}

// sortByKey sorts entries in place and returns them.
func sortByKey(entries []*entry) []*entry {
	// Keys are unique, so any sort gives this order; slices.SortFunc
	// swaps without reflection, unlike sort.Slice.
	slices.SortFunc(entries, func(a, b *entry) int {
		return strings.Compare(a.key, b.key)
	})
	return entries
}

// EachSortedByIndex calls fn for every cached object whose index name has
// value, sorted by key, as ByIndex lists them but without a list: the
// Services of a pod's namespace are looked at for every pod event by three
// controllers (endpoints.servicesFor), and a list each time was 3% of the
// allocations of a 10,000-pod rollout. fn must not change the informer.
func (i *Informer) EachSortedByIndex(name, value string, fn func(api.Object)) {
	for _, e := range i.sortedEntries(name, value) {
		i.visited++
		fn(e.obj)
	}
}

// CountByIndex is len(ByIndex(name, value)) without building the list.
func (i *Informer) CountByIndex(name, value string) int {
	if ix := i.index(name); ix != nil {
		return len(ix.sets[value])
	}
	return 0
}

// EachByIndex calls fn for every cached object whose index name has value,
// in no particular order: for sums and counts, where order cannot matter
// and sorting would cost more than the work.
func (i *Informer) EachByIndex(name, value string, fn func(api.Object)) {
	if ix := i.index(name); ix != nil {
		for e := range ix.sets[value] {
			i.visited++
			fn(e.obj)
		}
	}
}
