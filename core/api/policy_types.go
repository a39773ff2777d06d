package api

import "time"

// This file holds policy/v1: PodDisruptionBudget and the Eviction a drain
// posts for each pod.

// PodDisruptionBudget limits how many of a set of pods voluntary
// disruptions (evictions, so `kubectl drain`) may take down at once.
type PodDisruptionBudget struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodDisruptionBudgetSpec   `json:"spec,omitempty"`
	Status     PodDisruptionBudgetStatus `json:"status,omitempty"`
}

type PodDisruptionBudgetSpec struct {
	// MinAvailable and MaxUnavailable (one of them) are a number or a
	// percent of the expected pods.
	MinAvailable   *IntOrString   `json:"minAvailable,omitempty"`
	Selector       *LabelSelector `json:"selector,omitempty"`
	MaxUnavailable *IntOrString   `json:"maxUnavailable,omitempty"`
}

type PodDisruptionBudgetStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// DisruptedPods are pods evicted whose deletion the controller has not
	// seen yet, with when; they do not count as healthy meanwhile.
	DisruptedPods      map[string]Time `json:"disruptedPods,omitempty"`
	DisruptionsAllowed int32           `json:"disruptionsAllowed"`
	CurrentHealthy     int32           `json:"currentHealthy"`
	DesiredHealthy     int32           `json:"desiredHealthy"`
	ExpectedPods       int32           `json:"expectedPods"`
	Conditions         []Condition     `json:"conditions,omitempty"`
}

// Condition is metav1.Condition, the newer kinds' condition type.
type Condition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	ObservedGeneration int64  `json:"observedGeneration,omitempty"`
	LastTransitionTime Time   `json:"lastTransitionTime"`
	Reason             string `json:"reason"`
	Message            string `json:"message"`
}

// PodDisruptionBudget condition type and reasons.
const (
	DisruptionAllowedCondition = "DisruptionAllowed"
	SufficientPodsReason       = "SufficientPods"
	InsufficientPodsReason     = "InsufficientPods"
	SyncFailedReason           = "SyncFailed"
)

func validatePodDisruptionBudget(errs *FieldErrors, pdb *PodDisruptionBudget) {
	s := &pdb.Spec
	if s.MinAvailable != nil && s.MaxUnavailable != nil {
		errs.invalid("spec", "minAvailable and maxUnavailable", "minAvailable and maxUnavailable cannot be both set")
	}
	for _, f := range []struct {
		path string
		v    *IntOrString
	}{{"spec.minAvailable", s.MinAvailable}, {"spec.maxUnavailable", s.MaxUnavailable}} {
		if f.v != nil {
			validateIntOrPercent(errs, f.path, f.v)
		}
	}
	if s.Selector != nil {
		if _, err := s.Selector.AsSelector(); err != nil {
			errs.invalid("spec.selector", s.Selector, err.Error())
		}
	}
}

// SetDisruptionAllowed sets the DisruptionAllowed condition, keeping its
// transition time when its status does not change.
func (st *PodDisruptionBudgetStatus) SetDisruptionAllowed(now time.Time, allowed bool, reason, message string) {
	status := "False"
	if allowed {
		status = "True"
	}
	c := Condition{Type: DisruptionAllowedCondition, Status: status, ObservedGeneration: st.ObservedGeneration,
		LastTransitionTime: NewTime(now), Reason: reason, Message: message}
	for i := range st.Conditions {
		if st.Conditions[i].Type == DisruptionAllowedCondition {
			if st.Conditions[i].Status == status {
				c.LastTransitionTime = st.Conditions[i].LastTransitionTime
			}
			st.Conditions[i] = c
			return
		}
	}
	st.Conditions = append(st.Conditions, c)
}
