package store

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
)

// FinalizerKubernetes is the namespace lifecycle's finalizer, in a
// namespace's spec.finalizers (not metadata.finalizers): the namespace
// controller removes it once the namespace is empty.
const FinalizerKubernetes = "kubernetes"

// holdsNamespace marks a namespace being deleted as Terminating, as the API
// server's namespace registry does: while spec.finalizers is not empty the
// namespace stays, with a deletionTimestamp and phase Terminating.
func holdsNamespace(o api.Object) bool {
	ns, ok := o.(*api.Namespace)
	if !ok || len(ns.Spec.Finalizers) == 0 {
		return false
	}
	ns.Status.Phase = "Terminating"
	return true
}

// FinalizeNamespace removes one finalizer from a namespace's
// spec.finalizers, as the namespaces/NAME/finalize subresource does (an
// ordinary update would default it back). A namespace being deleted whose
// finalizers are all gone is removed. It returns the namespace as it stands.
func (s *Store) FinalizeNamespace(name, finalizer string) (api.Object, error) {
	kind := api.Namespaces
	key := Key("", name)
	old, ok := s.objects[kind][key]
	if !ok {
		return nil, api.NewNotFound(kind, name)
	}
	ns := api.DeepCopy(old.(*api.Namespace))
	ns.Spec.Finalizers = slices.DeleteFunc(ns.Spec.Finalizers, func(f string) bool { return f == finalizer })
	if len(ns.Spec.Finalizers) == len(old.(*api.Namespace).Spec.Finalizers) {
		return old, nil
	}
	if ns.DeletionTimestamp != nil && len(ns.Spec.Finalizers) == 0 && len(ns.Finalizers) == 0 {
		s.write(Deleted, kind, key, ns, old)
		return ns, nil
	}
	s.write(Modified, kind, key, ns, old)
	return ns, nil
}
