package api

import (
	"strconv"
	"time"
)

// PodCondition returns the pod's condition of type t, or nil.
func (p *Pod) Condition(t string) *PodCondition {
	for i := range p.Status.Conditions {
		if p.Status.Conditions[i].Type == t {
			return &p.Status.Conditions[i]
		}
	}
	return nil
}

// IsPodReady reports the Ready condition.
func IsPodReady(p *Pod) bool {
	c := p.Condition(PodReady)
	return c != nil && c.Status == ConditionTrue
}

// IsPodAvailable reports whether a pod has been Ready for at least
// minReadySeconds at now — what Deployments and ReplicaSets count.
func IsPodAvailable(p *Pod, minReadySeconds int32, now time.Time) bool {
	return IsReadyAvailable(p.Condition(PodReady), minReadySeconds, now)
}

// IsReadyAvailable is IsPodAvailable of the pod whose Ready condition is c
// (nil if it has none), for a loop that has looked the condition up already.
func IsReadyAvailable(c *PodCondition, minReadySeconds int32, now time.Time) bool {
	if c == nil || c.Status != ConditionTrue {
		return false
	}
	if minReadySeconds == 0 {
		return true
	}
	ready := c.LastTransitionTime.Add(time.Duration(minReadySeconds) * time.Second)
	return !c.LastTransitionTime.IsZero() && !ready.After(now)
}

// IsPodActive reports a pod that counts toward a workload's replicas: not
// finished and not being deleted.
func IsPodActive(p *Pod) bool {
	return p.Status.Phase != PodSucceeded && p.Status.Phase != PodFailed && p.DeletionTimestamp == nil
}

// PodReadySince is when the pod last became Ready, or the zero time if it
// is not Ready.
func PodReadySince(p *Pod) time.Time {
	if c := p.Condition(PodReady); c != nil && c.Status == ConditionTrue {
		return c.LastTransitionTime.Time
	}
	return time.Time{}
}

// PodPhaseOrdinal orders phases as upstream's pod orderings do: Pending 0,
// Unknown 1, Running 2; any other (no phase, or a finished one) ranks
// with Pending.
func PodPhaseOrdinal(p *Pod) int {
	switch p.Status.Phase {
	case PodUnknown:
		return 1
	case PodRunning:
		return 2
	}
	return 0
}

// MaxRestarts is the restart count of the pod's most-restarted container:
// upstream's pod orderings compare the maximum, not the sum.
func MaxRestarts(p *Pod) int32 {
	var n int32
	for _, c := range p.Status.ContainerStatuses {
		n = max(n, c.RestartCount)
	}
	return n
}

// IsControlledBy reports whether o's controller reference has owner's uid.
func IsControlledBy(o Object, ownerUID string) bool {
	r := ControllerOf(o)
	return r != nil && r.UID == ownerUID
}

// PodDisplayStatus is the STATUS kubectl shows for a pod: a container's
// waiting or terminated reason when there is one (ContainerCreating,
// ErrImagePull, ImagePullBackOff, CrashLoopBackOff, Completed),
// Terminating while being deleted, else the phase.
func PodDisplayStatus(p *Pod) string {
	reason := p.Status.Phase
	if p.Status.Reason != "" {
		reason = p.Status.Reason
	}
	running := false
	for i := len(p.Status.ContainerStatuses) - 1; i >= 0; i-- {
		cs := p.Status.ContainerStatuses[i]
		switch {
		case cs.State.Waiting != nil && cs.State.Waiting.Reason != "":
			reason = cs.State.Waiting.Reason
		case cs.State.Terminated != nil && cs.State.Terminated.Reason != "":
			reason = cs.State.Terminated.Reason
		case cs.State.Terminated != nil:
			reason = "ExitCode:" + strconv.Itoa(int(cs.State.Terminated.ExitCode))
		case cs.Ready && cs.State.Running != nil:
			running = true
		}
	}
	if reason == "Completed" && running {
		reason = "Running"
		if !IsPodReady(p) {
			reason = "NotReady"
		}
	}
	if p.DeletionTimestamp != nil {
		if p.Status.Reason == "NodeLost" {
			return PodUnknown
		}
		return "Terminating"
	}
	if reason == "" {
		return PodPending
	}
	return reason
}
