package deployment

// This file computes a Deployment's status from its ReplicaSets and keeps
// its two conditions: Available (enough pods serve) and Progressing (the
// rollout moves, finished, or is stuck past its deadline).

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// Condition reasons, as upstream.
const (
	ReasonReplicaSetUpdated          = "ReplicaSetUpdated"
	ReasonReplicaSetCreateError      = "ReplicaSetCreateError"
	ReasonNewReplicaSetCreated       = "NewReplicaSetCreated"
	ReasonFoundNewReplicaSet         = "FoundNewReplicaSet"
	ReasonNewReplicaSetAvailable     = "NewReplicaSetAvailable"
	ReasonProgressDeadlineExceeded   = "ProgressDeadlineExceeded"
	ReasonDeploymentPaused           = "DeploymentPaused"
	ReasonDeploymentResumed          = "DeploymentResumed"
	ReasonMinimumReplicasAvailable   = "MinimumReplicasAvailable"
	ReasonMinimumReplicasUnavailable = "MinimumReplicasUnavailable"
)

// calculateStatus is the status the ReplicaSets imply. Counts come from the
// ReplicaSets' status, which the ReplicaSet controller keeps (it checks each
// pod's readiness against minReadySeconds). The Available condition is set
// here; Progressing is left to the caller.
func calculateStatus(allRSs []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment, now time.Time) api.DeploymentStatus {
	st := api.DeploymentStatus{
		ObservedGeneration: d.Generation,
		CollisionCount:     d.Status.CollisionCount,
		Conditions:         slices.Clone(d.Status.Conditions),
	}
	for _, rs := range allRSs {
		st.Replicas += rs.Status.Replicas
		st.ReadyReplicas += rs.Status.ReadyReplicas
		st.AvailableReplicas += rs.Status.AvailableReplicas
	}
	if newRS != nil {
		st.UpdatedReplicas = newRS.Status.Replicas
	}
	// Counted against what the ReplicaSets ask for (upstream does the same):
	// more available than asked for, as while scaling down, is 0.
	st.UnavailableReplicas = max(0, sumSpec(allRSs)-st.AvailableReplicas)
	if st.AvailableReplicas >= replicasOf(d)-MaxUnavailable(d) {
		setCondition(&st, newCondition(api.DeploymentAvailable, api.ConditionTrue, ReasonMinimumReplicasAvailable,
			"Deployment has minimum availability.", now))
	} else {
		setCondition(&st, newCondition(api.DeploymentAvailable, api.ConditionFalse, ReasonMinimumReplicasUnavailable,
			"Deployment does not have minimum availability.", now))
	}
	return st
}

// rolloutStatus is the status a rollout step writes: what the ReplicaSets
// imply (calculateStatus) plus the Progressing condition, judged against
// the stored status d.Status — the rollout finished (NewReplicaSetAvailable),
// moved since (ReplicaSetUpdated: the deadline restarts, a True condition
// keeps its lastTransitionTime), or stood still longer than
// progressDeadlineSeconds (ProgressDeadlineExceeded) — and a ReplicaSet's
// ReplicaFailure condition. A Deployment without a deadline has no
// Progressing condition; a finished rollout's is left alone. why explains a
// finish or a timeout for the trace ("" otherwise). allRSs includes newRS.
func rolloutStatus(d *api.Deployment, allRSs []*api.ReplicaSet, newRS *api.ReplicaSet, now time.Time) (st api.DeploymentStatus, why string) {
	st = calculateStatus(allRSs, newRS, d, now)
	if !hasProgressDeadline(d) {
		removeCondition(&st, api.DeploymentProgressing)
	}
	cur := getCondition(&d.Status, api.DeploymentProgressing)
	complete := st.Replicas == st.UpdatedReplicas && cur != nil && cur.Reason == ReasonNewReplicaSetAvailable
	if hasProgressDeadline(d) && !complete {
		switch {
		case DeploymentComplete(d, &st):
			setCondition(&st, newCondition(api.DeploymentProgressing, api.ConditionTrue, ReasonNewReplicaSetAvailable,
				rsOrDeployment(d, newRS)+" has successfully progressed.", now))
			why = fmt.Sprintf("all %d replicas are updated and available: the rollout is complete", replicasOf(d))
			if replicasOf(d) == 1 {
				why = "its 1 replica is updated and available: the rollout is complete"
			}
		case DeploymentProgressing(d, &st):
			c := newCondition(api.DeploymentProgressing, api.ConditionTrue, ReasonReplicaSetUpdated,
				rsOrDeployment(d, newRS)+" is progressing.", now)
			// setCondition would leave an equal reason alone; progress must
			// move lastUpdateTime, so the old condition goes first.
			if cur != nil {
				if cur.Status == api.ConditionTrue {
					c.LastTransitionTime = cur.LastTransitionTime
				}
				removeCondition(&st, api.DeploymentProgressing)
			}
			setCondition(&st, c)
		case DeploymentTimedOut(d, &st, now):
			setCondition(&st, newCondition(api.DeploymentProgressing, api.ConditionFalse, ReasonProgressDeadlineExceeded,
				rsOrDeployment(d, newRS)+" has timed out progressing.", now))
			why = fmt.Sprintf("no progress for progressDeadlineSeconds=%d: ProgressDeadlineExceeded", *d.Spec.ProgressDeadlineSeconds)
		}
	}
	if c := replicaFailure(newRS, allRSs); c != nil {
		setCondition(&st, *c)
	} else {
		removeCondition(&st, api.DeploymentReplicaFailure)
	}
	return st, why
}

// hasProgressDeadline reports whether the Deployment asks to be told when a
// rollout stalls (progressDeadlineSeconds set and not "forever").
func hasProgressDeadline(d *api.Deployment) bool {
	return d.Spec.ProgressDeadlineSeconds != nil && *d.Spec.ProgressDeadlineSeconds != math.MaxInt32
}

// DeploymentTimedOut reports whether the rollout has made no progress for
// progressDeadlineSeconds since the Progressing condition last moved.
func DeploymentTimedOut(d *api.Deployment, st *api.DeploymentStatus, now time.Time) bool {
	if !hasProgressDeadline(d) {
		return false
	}
	c := getCondition(st, api.DeploymentProgressing)
	if c == nil {
		return false
	}
	switch c.Reason {
	case ReasonNewReplicaSetAvailable:
		return false
	case ReasonProgressDeadlineExceeded:
		return true
	}
	deadline := time.Duration(*d.Spec.ProgressDeadlineSeconds) * time.Second
	return c.LastUpdateTime.Add(deadline).Before(now)
}

func newCondition(t, status, reason, msg string, now time.Time) api.DeploymentCondition {
	at := api.NewTime(now)
	return api.DeploymentCondition{Type: t, Status: status, Reason: reason, Message: msg,
		LastUpdateTime: at, LastTransitionTime: at}
}

func getCondition(st *api.DeploymentStatus, t string) *api.DeploymentCondition {
	for i := range st.Conditions {
		if st.Conditions[i].Type == t {
			return &st.Conditions[i]
		}
	}
	return nil
}

// setCondition adds or replaces a condition. The same status and reason
// leave it alone (its times must not churn); the same status keeps the
// lastTransitionTime.
func setCondition(st *api.DeploymentStatus, c api.DeploymentCondition) {
	cur := getCondition(st, c.Type)
	if cur != nil && cur.Status == c.Status && cur.Reason == c.Reason {
		return
	}
	if cur != nil && cur.Status == c.Status {
		c.LastTransitionTime = cur.LastTransitionTime
	}
	removeCondition(st, c.Type)
	st.Conditions = append(st.Conditions, c)
}

func removeCondition(st *api.DeploymentStatus, t string) {
	st.Conditions = slices.DeleteFunc(st.Conditions, func(c api.DeploymentCondition) bool { return c.Type == t })
	if len(st.Conditions) == 0 {
		st.Conditions = nil
	}
}

// rsOrDeployment names what the Progressing messages talk about.
func rsOrDeployment(d *api.Deployment, newRS *api.ReplicaSet) string {
	if newRS != nil {
		return fmt.Sprintf("ReplicaSet %q", newRS.Name)
	}
	return fmt.Sprintf("Deployment %q", d.Name)
}

// statusSummary is the one-line detail of a status write in the trace.
func statusSummary(st *api.DeploymentStatus) string {
	s := fmt.Sprintf("replicas %d, updated %d, ready %d, available %d, unavailable %d",
		st.Replicas, st.UpdatedReplicas, st.ReadyReplicas, st.AvailableReplicas, st.UnavailableReplicas)
	for _, c := range st.Conditions {
		s += fmt.Sprintf("; %s=%s %s", c.Type, c.Status, c.Reason)
	}
	return s
}
