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
	if p, ok := o.(*api.Pod); ok {
		return shallowPod(p) // without reflection (podcopy.go)
	}
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
func (s *Store) shareAllBut(dst, src api.Object, keep string) {
	if d, ok := dst.(*api.Pod); ok && keep == "Status" {
		if p, ok := src.(*api.Pod); ok { // without reflection (podcopy.go)
			d.TypeMeta, d.ObjectMeta, d.Spec = p.TypeMeta, p.ObjectMeta, p.Spec
			d.Finalizers = slices.Clip(d.Finalizers)
			return
		}
	}
	d, v := reflect.ValueOf(dst).Elem(), reflect.ValueOf(src).Elem()
	for _, i := range s.otherFields(d.Type(), keep) {
		d.Field(i).Set(v.Field(i))
	}
	m := dst.GetObjectMeta()
	m.Finalizers = slices.Clip(m.Finalizers)
}

// fieldsBut is a struct type and the name of one of its fields.
type fieldsBut struct {
	t    reflect.Type
	keep string
}

// otherFields is the indexes of t's fields but the one named keep, found
// once per type: reflect.Type.Field for each field of each write cost the
// kubelet's status writes as much as the rest of shareAllBut.
func (s *Store) otherFields(t reflect.Type, keep string) []int {
	key := fieldsBut{t, keep}
	if idx, ok := s.otherFieldIndexes[key]; ok {
		return idx
	}
	var idx []int
	for i := range t.NumField() {
		if t.Field(i).Name != keep {
			idx = append(idx, i)
		}
	}
	if s.otherFieldIndexes == nil {
		s.otherFieldIndexes = map[fieldsBut][]int{}
	}
	s.otherFieldIndexes[key] = idx
	return idx
}
