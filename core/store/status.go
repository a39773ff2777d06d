package store

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
)

// updateStatus replaces only an object's status: the new object is the
// stored one with a deep copy of in's status. Stored objects are never
// modified (informers and the history share them), so the new revision
// shares the old one's spec and metadata contents, copying only the
// top-level structs — one status copy per write instead of two whole
// objects, in the kubelet's and controllers' most frequent write.
//
// owned: in is the caller's, handed over (UpdateStatusOwned), and becomes
// the new object — its status deep-copied in place, everything else set
// to the stored object's — instead of a new copy of the stored one.
func (s *Store) updateStatus(in api.Object, owned bool) (api.Object, error) {
	kind := api.KindOf(in)
	if kind == nil {
		return nil, api.NewBadRequest(fmt.Sprintf("no kind %q is registered", in.GetTypeMeta().Kind))
	}
	im := in.GetObjectMeta()
	ns := im.Namespace
	if !kind.Namespaced {
		ns = ""
	} else if ns == "" {
		ns = "default"
	}
	key := Key(ns, im.Name)
	old, ok := s.objects[kind][key]
	if !ok {
		return nil, api.NewNotFound(kind, im.Name)
	}
	om := old.GetObjectMeta()
	if im.ResourceVersion != "" && im.ResourceVersion != om.ResourceVersion {
		return nil, api.NewConflict(kind, im.Name)
	}
	var o api.Object
	if owned {
		o = in
		copyStatus(o, o) // no part of it shared with the caller any more (podcopy.go)
		s.shareAllBut(o, old, "Status")
	} else {
		o = shallowCopy(old) // spec and metadata shared, read-only (copy.go)
		copyStatus(o, in)
	}
	m := o.GetObjectMeta()
	// An object being deleted goes once its last finalizer is removed.
	if m.DeletionTimestamp != nil && len(m.Finalizers) == 0 && len(om.Finalizers) > 0 && !holdsNamespace(o) {
		s.write(Deleted, kind, key, o, old)
		return o, nil
	}
	s.write(Modified, kind, key, o, old)
	return o, nil
}
