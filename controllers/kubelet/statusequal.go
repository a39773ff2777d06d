package kubelet

import "github.com/kubeloop/kubeloop/core/api"

// statusEqual is api.Equal(*a, *b) — reflect.DeepEqual's answer, nil
// against empty and all — spelled out for a pod status: sync compares the
// status it computes with the cached one on every reconcile, and the
// generic comparer, which visits every field through a table of offsets
// with no inlining under WebAssembly, was 1% of the 10,000-pod bench.
//
// statusequal_test.go checks it field by field against api.Equal, and
// fails when one of these types gains a field this does not compare.
func statusEqual(a, b *api.PodStatus) bool {
	return a.Phase == b.Phase && a.Message == b.Message && a.Reason == b.Reason &&
		a.NominatedNodeName == b.NominatedNodeName && a.HostIP == b.HostIP && a.PodIP == b.PodIP &&
		a.QOSClass == b.QOSClass && timePtrEqual(a.StartTime, b.StartTime) &&
		sliceEqual(a.Conditions, b.Conditions, conditionEqual) && sliceEqual(a.PodIPs, b.PodIPs, podIPEqual) &&
		sliceEqual(a.InitContainerStatuses, b.InitContainerStatuses, containerStatusEqual) &&
		sliceEqual(a.ContainerStatuses, b.ContainerStatuses, containerStatusEqual)
}

// sliceEqual is DeepEqual's answer for two slices whose elements eq
// compares: nil equals only nil, then the same length, then the same
// array or equal elements.
func sliceEqual[T any](a, b []T, eq func(x, y *T) bool) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	if len(a) > 0 && &a[0] == &b[0] {
		return true // the same array
	}
	for i := range a {
		if !eq(&a[i], &b[i]) {
			return false
		}
	}
	return true
}

func conditionEqual(x, y *api.PodCondition) bool {
	return x.Type == y.Type && x.Status == y.Status && x.Reason == y.Reason && x.Message == y.Message &&
		timeEqual(x.LastProbeTime, y.LastProbeTime) && timeEqual(x.LastTransitionTime, y.LastTransitionTime)
}

func podIPEqual(x, y *api.PodIP) bool { return *x == *y }

func containerStatusEqual(x, y *api.ContainerStatus) bool {
	return x.Name == y.Name && x.Ready == y.Ready && x.RestartCount == y.RestartCount && x.Image == y.Image &&
		x.ImageID == y.ImageID && x.ContainerID == y.ContainerID && boolPtrEqual(x.Started, y.Started) &&
		containerStateEqual(&x.State, &y.State) && containerStateEqual(&x.LastState, &y.LastState)
}

// Pointers, as DeepEqual: the same pointer, or neither nil and what they
// point to equal.

func containerStateEqual(a, b *api.ContainerState) bool {
	if a.Waiting != b.Waiting && (a.Waiting == nil || b.Waiting == nil || *a.Waiting != *b.Waiting) {
		return false
	}
	if a.Running != b.Running && (a.Running == nil || b.Running == nil || !timeEqual(a.Running.StartedAt, b.Running.StartedAt)) {
		return false
	}
	if x, y := a.Terminated, b.Terminated; x != y {
		if x == nil || y == nil || x.ExitCode != y.ExitCode || x.Reason != y.Reason || x.Message != y.Message ||
			x.ContainerID != y.ContainerID || !timeEqual(x.StartedAt, y.StartedAt) || !timeEqual(x.FinishedAt, y.FinishedAt) {
			return false
		}
	}
	return true
}

func boolPtrEqual(a, b *bool) bool {
	return a == b || a != nil && b != nil && *a == *b
}

func timePtrEqual(a, b *api.Time) bool {
	return a == b || a != nil && b != nil && timeEqual(*a, *b)
}

// timeEqual: == compares a time's location by pointer, DeepEqual by what
// it points to, so times == calls unequal go to api.Equal.
func timeEqual(a, b api.Time) bool {
	return a == b || api.Equal(a, b)
}
