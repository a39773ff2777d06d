package api

import "time"

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
	c := p.Condition(PodReady)
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

// IsControlledBy reports whether o's controller reference has owner's uid.
func IsControlledBy(o Object, ownerUID string) bool {
	r := ControllerOf(o)
	return r != nil && r.UID == ownerUID
}
