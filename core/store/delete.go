package store

import (
	"slices"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// Deletion propagation policies (kubectl --cascade).
const (
	PropagationBackground = "Background"
	PropagationForeground = "Foreground"
	PropagationOrphan     = "Orphan"

	FinalizerForeground = "foregroundDeletion"
	FinalizerOrphan     = "orphan"
)

// DeleteOptions tune a delete as metav1.DeleteOptions does.
type DeleteOptions struct {
	// GracePeriodSeconds overrides a pod's terminationGracePeriodSeconds;
	// 0 deletes a pod at once (the kubelet's final delete uses it).
	GracePeriodSeconds *int64
	// PropagationPolicy is Background (default), Foreground or Orphan.
	PropagationPolicy string
	// UID, when set, must match the stored object's uid.
	UID string
}

// Delete removes an object. A pod on a node is first marked Terminating
// (deletionTimestamp = now + grace) and is removed when the kubelet deletes
// it again with grace 0. An object with finalizers is marked and stays until
// they are removed. It returns the object as it stands after the call.
func (s *Store) Delete(kind *api.Kind, namespace, name string, opts DeleteOptions) (api.Object, error) {
	key := Key(namespace, name)
	old, ok := s.objects[kind][key]
	if !ok {
		return nil, api.NewNotFound(kind, name)
	}
	om := old.GetObjectMeta()
	if opts.UID != "" && opts.UID != om.UID {
		return nil, api.NewConflict(kind, name)
	}
	if err := s.admitDelete(kind, old); err != nil {
		return nil, err
	}
	o := shallowCopy(old) // only metadata changes (copy.go)
	m := o.GetObjectMeta()
	switch opts.PropagationPolicy {
	case PropagationForeground:
		addFinalizer(m, FinalizerForeground)
	case PropagationOrphan:
		addFinalizer(m, FinalizerOrphan)
	}
	grace := s.gracePeriod(o, opts)
	held := holdsNamespace(o) // a namespace with spec.finalizers: Terminating
	if grace == 0 && len(m.Finalizers) == 0 && !held {
		s.write(Deleted, kind, key, o, old)
		return o, nil
	}
	// Mark it Terminating; a shorter grace period than the one already
	// running moves the deadline closer, never further.
	if m.DeletionTimestamp == nil || grace < deref(m.DeletionGracePeriodSeconds) {
		t := api.NewTime(s.clk.Now().Add(time.Duration(grace) * time.Second))
		m.DeletionTimestamp, m.DeletionGracePeriodSeconds = &t, &grace
	}
	if om.DeletionTimestamp != nil && m.DeletionTimestamp.Equal(om.DeletionTimestamp.Time) && slices.Equal(m.Finalizers, om.Finalizers) {
		return old, nil // already terminating; nothing changes
	}
	s.write(Modified, kind, key, o, old)
	return o, nil
}

// gracePeriod is how long a deleted object stays Terminating: only pods
// bound to a node that has not finished them get one.
func (s *Store) gracePeriod(o api.Object, opts DeleteOptions) int64 {
	p, ok := o.(*api.Pod)
	if !ok {
		return 0
	}
	if opts.GracePeriodSeconds != nil {
		return *opts.GracePeriodSeconds
	}
	if p.Spec.NodeName == "" || p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
		return 0
	}
	return api.Deref(p.Spec.TerminationGracePeriodSeconds, 30)
}

func deref(p *int64) int64 { return api.Deref(p, 0) }

func addFinalizer(m *api.ObjectMeta, f string) {
	if !slices.Contains(m.Finalizers, f) {
		m.Finalizers = append(m.Finalizers, f)
	}
}
