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

// PodDisplayStatus is the STATUS kubectl shows for a pod (PodRow's).
func PodDisplayStatus(p *Pod) string { return PodRow(p).Status }

// PodColumns are the columns kubectl get computes from a pod's status.
type PodColumns struct {
	// Status: Init:1/2, Init:Error, PodInitializing, a container's waiting
	// or terminated reason, Terminating, else the phase.
	Status string
	// Ready of Total containers; a sidecar counts in both.
	Ready, Total int
	// Restarts, and when the last restart's container finished.
	Restarts    int
	LastRestart time.Time
}

// PodRow is upstream's printPod over a pod: while the init containers
// run, the first unfinished one decides the status (Init:i/n or
// Init:reason) and their restarts count; once the pod is initialized, the
// last container with a reason decides it and the regular containers'
// and sidecars' restarts count.
func PodRow(p *Pod) PodColumns {
	var col PodColumns
	reason := p.Status.Phase
	if p.Status.Reason != "" {
		reason = p.Status.Reason
	}
	col.Total = len(p.Spec.Containers)
	for i := range p.Spec.InitContainers {
		if IsSidecar(&p.Spec.InitContainers[i]) {
			col.Total++
		}
	}
	var sidecarRestarts int
	var sidecarLast time.Time
	initializing := false
	for i, cs := range p.Status.InitContainerStatuses {
		col.Restarts += int(cs.RestartCount)
		if t := cs.LastState.Terminated; t != nil && t.FinishedAt.After(col.LastRestart) {
			col.LastRestart = t.FinishedAt.Time
		}
		sidecar := isSidecarNamed(p, cs.Name)
		if sidecar {
			sidecarRestarts += int(cs.RestartCount)
			if t := cs.LastState.Terminated; t != nil && t.FinishedAt.After(sidecarLast) {
				sidecarLast = t.FinishedAt.Time
			}
		}
		switch {
		case cs.State.Terminated != nil && cs.State.Terminated.ExitCode == 0:
			continue
		case sidecar && cs.Started != nil && *cs.Started:
			if cs.Ready {
				col.Ready++
			}
			continue
		case cs.State.Terminated != nil && cs.State.Terminated.Reason == "":
			reason = "Init:ExitCode:" + strconv.Itoa(int(cs.State.Terminated.ExitCode))
		case cs.State.Terminated != nil:
			reason = "Init:" + cs.State.Terminated.Reason
		case cs.State.Waiting != nil && cs.State.Waiting.Reason != "" && cs.State.Waiting.Reason != "PodInitializing":
			reason = "Init:" + cs.State.Waiting.Reason
		default:
			reason = "Init:" + strconv.Itoa(i) + "/" + strconv.Itoa(len(p.Spec.InitContainers))
		}
		initializing = true
		break
	}
	if c := p.Condition(PodInitialized); !initializing || c != nil && c.Status == ConditionTrue {
		col.Restarts, col.LastRestart = sidecarRestarts, sidecarLast
		running := false
		for i := len(p.Status.ContainerStatuses) - 1; i >= 0; i-- {
			cs := p.Status.ContainerStatuses[i]
			col.Restarts += int(cs.RestartCount)
			if t := cs.LastState.Terminated; t != nil && t.FinishedAt.After(col.LastRestart) {
				col.LastRestart = t.FinishedAt.Time
			}
			switch {
			case cs.State.Waiting != nil && cs.State.Waiting.Reason != "":
				reason = cs.State.Waiting.Reason
			case cs.State.Terminated != nil && cs.State.Terminated.Reason != "":
				reason = cs.State.Terminated.Reason
			case cs.State.Terminated != nil:
				reason = "ExitCode:" + strconv.Itoa(int(cs.State.Terminated.ExitCode))
			case cs.Ready && cs.State.Running != nil:
				running = true
				col.Ready++
			}
		}
		// A pod whose restarting container completed but another still runs.
		if reason == "Completed" && running {
			reason = PodRunning
			if !IsPodReady(p) {
				reason = "NotReady"
			}
		}
	}
	switch {
	case p.DeletionTimestamp != nil && p.Status.Reason == "NodeLost":
		reason = PodUnknown
	case p.DeletionTimestamp != nil && p.Status.Phase != PodSucceeded && p.Status.Phase != PodFailed:
		reason = "Terminating"
	case reason == "":
		reason = PodPending // the API server sets it on create
	}
	col.Status = reason
	return col
}

// IsSidecar reports a restartable init container (restartPolicy Always).
func IsSidecar(c *Container) bool {
	return c.RestartPolicy != nil && *c.RestartPolicy == "Always"
}

func isSidecarNamed(p *Pod, name string) bool {
	for i := range p.Spec.InitContainers {
		if p.Spec.InitContainers[i].Name == name {
			return IsSidecar(&p.Spec.InitContainers[i])
		}
	}
	return false
}
