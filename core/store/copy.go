package store

import (
	"reflect"
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
)

// shallowCopy is a new object whose top-level struct is a copy of o's:
// spec, status and metadata contents are shared with o. The store makes
// its next revision of an object this way when the write changes only a
// few fields it sets itself (status, nodeName, deletionTimestamp), since
// stored objects are never modified in place — informers and the history
// share them. The finalizers slice is cloned so that an append cannot
// reach o's spare capacity.
func shallowCopy(o api.Object) api.Object {
	v := reflect.New(reflect.TypeOf(o).Elem())
	v.Elem().Set(reflect.ValueOf(o).Elem())
	c := v.Interface().(api.Object)
	m := c.GetObjectMeta()
	m.Finalizers = slices.Clip(m.Finalizers)
	return c
}
