package store

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
)

// List returns a kind's objects in a namespace ("" for all), in the order
// the API server lists them (sortedObjects).
func (s *Store) List(kind *api.Kind, namespace string) []api.Object {
	return sortedObjects(s.objects[kind], namespace, nil)
}

// ListMatching is List of the objects match accepts, as a field selector
// asks the API server: each object is looked at once, and only those kept
// are sorted. `kubectl describe` wants the Events about one object, and
// should not sort all 98,000 of a 10,000-pod cluster's Events to keep a
// dozen.
func (s *Store) ListMatching(kind *api.Kind, namespace string, match func(api.Object) bool) []api.Object {
	return sortedObjects(s.objects[kind], namespace, match)
}

// sortedObjects lists m's objects in namespace ("": all) that match accepts
// (nil: all) in the order of their keys, namespace/name: the order etcd
// keeps them in under /registry/<resource>/, in which the API server
// lists them — so namespace "a-b" comes before "a" ('-' is below '/').
// The keys are sorted as strings, and the objects looked up in that
// order: strings compare directly, where sorting the objects would make
// an interface call to read each side of every comparison (or a
// sort.Interface's Less) — over the 98,000 Events of a 10,000-pod cluster.
func sortedObjects(m map[string]api.Object, namespace string, match func(api.Object) bool) []api.Object {
	var keys []string
	if match == nil {
		keys = make([]string, 0, len(m)) // most are kept
	}
	for key, o := range m {
		if namespace != "" && o.GetObjectMeta().Namespace != namespace || match != nil && !match(o) {
			continue
		}
		keys = append(keys, key)
	}
	slices.Sort(keys)
	out := make([]api.Object, len(keys))
	for i, key := range keys {
		out[i] = m[key]
	}
	return out
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
