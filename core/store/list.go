package store

import (
	"sort"

	"github.com/kubeloop/kubeloop/core/api"
)

// List returns a kind's objects in a namespace ("" for all), sorted by
// namespace then name, as the API server returns them.
func (s *Store) List(kind *api.Kind, namespace string) []api.Object {
	return sortedObjects(s.objects[kind], namespace, nil)
}

// ListMatching is List of the objects match accepts, as a field selector
// asks the API server: each object is looked at once, and only those kept
// are sorted. `kubectl describe` wants the Events about one object, and
// sorting all 128,000 of a 10,000-pod cluster's Events to keep a dozen
// took 0.7 s of the page's time.
func (s *Store) ListMatching(kind *api.Kind, namespace string, match func(api.Object) bool) []api.Object {
	return sortedObjects(s.objects[kind], namespace, match)
}

// sortedObjects lists m's objects in namespace ("": all) that match accepts
// (nil: all), sorted by namespace then name.
func sortedObjects(m map[string]api.Object, namespace string, match func(api.Object) bool) []api.Object {
	n := len(m)
	if match != nil {
		n = 0 // most are left out
	}
	items := make(byName, 0, n)
	for _, o := range m {
		meta := o.GetObjectMeta()
		if namespace != "" && meta.Namespace != namespace || match != nil && !match(o) {
			continue
		}
		items = append(items, named{meta.Namespace, meta.Name, o})
	}
	// Namespace and name are unique, so any sort gives this order.
	sort.Sort(items)
	out := make([]api.Object, len(items))
	for i, it := range items {
		out[i] = it.o
	}
	return out
}

// named is an object with its namespace and name read once: compared
// through the object (an interface call for each side of each comparison),
// sorting a 10,000-pod cluster's Events took 270 ms natively.
type named struct {
	namespace, name string
	o               api.Object
}

// byName sorts named objects by namespace, then name. It is a
// sort.Interface, not a slices.SortFunc: each element type of SortFunc is
// a copy of pdqsort in the page's binary.
type byName []named

func (b byName) Len() int      { return len(b) }
func (b byName) Swap(i, j int) { b[i], b[j] = b[j], b[i] }
func (b byName) Less(i, j int) bool {
	if b[i].namespace != b[j].namespace {
		return b[i].namespace < b[j].namespace
	}
	return b[i].name < b[j].name
}

// EachUnordered calls fn for each stored object of a kind, in no set
// order: for a caller that picks objects by an order of its own (the
// newest Events) and would throw List's sort away. fn must not write to
// the store.
func (s *Store) EachUnordered(kind *api.Kind, fn func(api.Object)) {
	for _, o := range s.objects[kind] {
		fn(o)
	}
}
