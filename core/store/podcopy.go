package store

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
)

// A Pod's status writes — the kubelet's and the scheduler's, about half of
// a large run's writes — copy the pod and its status by hand instead of by
// reflection (copy.go, api.DeepCopyField): these are the copies a large
// run makes most, reflection is slow under wasm, and each slice a
// reflective copy makes costs an allocation more for its reflect.Value.
// Every other kind goes by reflection. TestPodCopiesAreDeep holds these to
// the Pod's fields: a field added to the Pod or its status that the hand
// copies miss fails it.

// copyStatus sets dst's status to a deep copy of src's, as
// api.DeepCopyField(dst, src, "Status"); dst may be src, whose status then
// becomes its own.
func copyStatus(dst, src api.Object) {
	d, ok1 := dst.(*api.Pod)
	s, ok2 := src.(*api.Pod)
	if !ok1 || !ok2 {
		api.DeepCopyField(dst, src, "Status")
		return
	}
	d.Status = s.Status
	st := &d.Status
	st.Conditions = cloneSlice(st.Conditions)
	st.PodIPs = cloneSlice(st.PodIPs)
	if t := st.StartTime; t != nil {
		c := *t
		st.StartTime = &c
	}
	st.InitContainerStatuses = cloneContainerStatuses(st.InitContainerStatuses)
	st.ContainerStatuses = cloneContainerStatuses(st.ContainerStatuses)
}

// cloneContainerStatuses deep-copies a pod's container statuses.
func cloneContainerStatuses(s []api.ContainerStatus) []api.ContainerStatus {
	cs := cloneSlice(s)
	for i := range cs {
		c := &cs[i]
		deepenContainerState(&c.State)
		deepenContainerState(&c.LastState)
		if b := c.Started; b != nil {
			started := *b
			c.Started = &started
		}
	}
	return cs
}

// The pointers are copied as written out rather than by a generic
// function: one instance each was more code in the page's binary.
func deepenContainerState(s *api.ContainerState) {
	if w := s.Waiting; w != nil {
		c := *w
		s.Waiting = &c
	}
	if r := s.Running; r != nil {
		c := *r
		s.Running = &c
	}
	if t := s.Terminated; t != nil {
		c := *t
		s.Terminated = &c
	}
}

// cloneSlice copies s as api.DeepCopy copies a slice of values that refer
// to no memory: nil stays nil, and the copy's capacity is its length, so
// that no append to it reaches memory another may append to.
func cloneSlice[T any](s []T) []T {
	if s == nil {
		return nil
	}
	c := make([]T, len(s))
	copy(c, s)
	return c
}

// shallowPod is shallowCopy of a pod.
func shallowPod(p *api.Pod) *api.Pod {
	c := *p
	c.Finalizers = slices.Clip(c.Finalizers)
	return &c
}
