package kubeloop

import (
	"fmt"
	"reflect"

	"github.com/kubeloop/kubeloop/core/api"
)

// Get returns the object of type T named name in namespace ("" for a kind
// that has none: *api.Node, *api.Namespace, *api.PersistentVolume), as the
// API server holds it now. It is a copy: change it freely. The error
// satisfies api.IsNotFound when there is no such object.
func Get[T api.Object](c *Cluster, namespace, name string) (T, error) {
	var zero T
	kind, err := kindOf[T]()
	if err != nil {
		return zero, err
	}
	o, err := c.sim.Store().Get(kind, namespace, name)
	if err != nil {
		return zero, err
	}
	return api.DeepCopy(o.(T)), nil
}

// List returns the objects of type T in namespace ("" for every namespace)
// whose labels match selector, in kubectl's -l syntax ("app=web",
// "tier in (a,b),!canary"; "" matches all), in the order the API server
// lists them: by namespace, then name. They are copies: change them freely.
func List[T api.Object](c *Cluster, namespace, selector string) ([]T, error) {
	kind, err := kindOf[T]()
	if err != nil {
		return nil, err
	}
	sel, err := api.ParseSelector(selector)
	if err != nil {
		return nil, err
	}
	matches := func(o api.Object) bool { return sel.Matches(o.GetObjectMeta().Labels) }
	objs := c.sim.Store().ListMatching(kind, namespace, matches)
	out := make([]T, len(objs))
	for i, o := range objs {
		out[i] = api.DeepCopy(o.(T))
	}
	return out, nil
}

// kindOf is the kind whose objects have Go type T (*api.Pod: pods).
func kindOf[T api.Object]() (*api.Kind, error) {
	t := reflect.TypeFor[T]()
	for _, k := range api.Kinds {
		if reflect.TypeOf(k.New()) == t {
			return k, nil
		}
	}
	return nil, fmt.Errorf("kubeloop: %v is not a kind the cluster serves (see api.Kinds)", t)
}
