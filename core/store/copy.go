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

// shareAllBut sets every top-level field of dst but the one named keep to
// src's, shallowly, with the finalizers clipped as shallowCopy clips them:
// dst then is what shallowCopy(src) with dst's field keep would be, without
// a new object. dst and src are of the same kind, whose fields are all
// exported (a test checks every kind).
func shareAllBut(dst, src api.Object, keep string) {
	d, s := reflect.ValueOf(dst).Elem(), reflect.ValueOf(src).Elem()
	t := d.Type()
	for i := range t.NumField() {
		if t.Field(i).Name != keep {
			d.Field(i).Set(s.Field(i))
		}
	}
	m := dst.GetObjectMeta()
	m.Finalizers = slices.Clip(m.Finalizers)
}
