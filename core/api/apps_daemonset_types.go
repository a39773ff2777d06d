package api

// This file holds apps/v1 DaemonSet: its types, defaults and validation.

// DaemonSet runs one copy of a pod on every eligible node.
type DaemonSet struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       DaemonSetSpec   `json:"spec,omitempty"`
	Status     DaemonSetStatus `json:"status,omitempty"`
}

type DaemonSetSpec struct {
	Selector             *LabelSelector          `json:"selector"`
	Template             PodTemplateSpec         `json:"template"`
	UpdateStrategy       DaemonSetUpdateStrategy `json:"updateStrategy,omitempty"`
	MinReadySeconds      int32                   `json:"minReadySeconds,omitempty"`
	RevisionHistoryLimit *int32                  `json:"revisionHistoryLimit,omitempty"`
}

type DaemonSetUpdateStrategy struct {
	Type          string                  `json:"type,omitempty"`
	RollingUpdate *RollingUpdateDaemonSet `json:"rollingUpdate,omitempty"`
}

type RollingUpdateDaemonSet struct {
	MaxUnavailable *IntOrString `json:"maxUnavailable,omitempty"`
	MaxSurge       *IntOrString `json:"maxSurge,omitempty"`
}

// DaemonSet update strategy types.
const (
	RollingUpdateDaemonSetStrategyType = "RollingUpdate"
	OnDeleteDaemonSetStrategyType      = "OnDelete"
)

type DaemonSetStatus struct {
	CurrentNumberScheduled int32                `json:"currentNumberScheduled"`
	NumberMisscheduled     int32                `json:"numberMisscheduled"`
	DesiredNumberScheduled int32                `json:"desiredNumberScheduled"`
	NumberReady            int32                `json:"numberReady"`
	ObservedGeneration     int64                `json:"observedGeneration,omitempty"`
	UpdatedNumberScheduled int32                `json:"updatedNumberScheduled,omitempty"`
	NumberAvailable        int32                `json:"numberAvailable,omitempty"`
	NumberUnavailable      int32                `json:"numberUnavailable,omitempty"`
	CollisionCount         *int32               `json:"collisionCount,omitempty"`
	Conditions             []DaemonSetCondition `json:"conditions,omitempty"`
}

type DaemonSetCondition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	LastTransitionTime Time   `json:"lastTransitionTime,omitempty"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
}

// defaultDaemonSet applies the apps/v1 defaults: RollingUpdate with
// maxUnavailable 1 and maxSurge 0, revisionHistoryLimit 10.
func defaultDaemonSet(ds *DaemonSet) {
	s := &ds.Spec
	if s.UpdateStrategy.Type == "" {
		s.UpdateStrategy.Type = RollingUpdateDaemonSetStrategyType
	}
	if s.UpdateStrategy.Type == RollingUpdateDaemonSetStrategyType {
		if s.UpdateStrategy.RollingUpdate == nil {
			s.UpdateStrategy.RollingUpdate = &RollingUpdateDaemonSet{}
		}
		if s.UpdateStrategy.RollingUpdate.MaxUnavailable == nil {
			s.UpdateStrategy.RollingUpdate.MaxUnavailable = Ptr(FromInt(1))
		}
		if s.UpdateStrategy.RollingUpdate.MaxSurge == nil {
			s.UpdateStrategy.RollingUpdate.MaxSurge = Ptr(FromInt(0))
		}
	}
	if s.RevisionHistoryLimit == nil {
		s.RevisionHistoryLimit = Ptr[int32](10)
	}
	defaultPodSpec(&s.Template.Spec, false)
}

// validateDaemonSet: the workload rules (selector, template labels,
// immutable selector), restartPolicy Always, and the update strategy —
// exactly one of maxUnavailable and maxSurge non-zero.
func validateDaemonSet(errs *FieldErrors, ds *DaemonSet, old Object) {
	var oldSel *LabelSelector
	if o, ok := old.(*DaemonSet); ok {
		oldSel = o.Spec.Selector
	}
	validateWorkload(errs, nil, ds.Spec.Selector, &ds.Spec.Template, oldSel, "daemonset")
	if rp := ds.Spec.Template.Spec.RestartPolicy; rp != "Always" && rp != "" {
		*errs = filterField(*errs, "spec.template.spec.restartPolicy")
		errs.unsupported("spec.template.spec.restartPolicy", rp, "Always")
	}
	switch ds.Spec.UpdateStrategy.Type {
	case RollingUpdateDaemonSetStrategyType:
		if ru := ds.Spec.UpdateStrategy.RollingUpdate; ru != nil {
			const path = "spec.updateStrategy.rollingUpdate"
			unavail := validateIntOrPercent(errs, path+".maxUnavailable", ru.MaxUnavailable)
			surge := validateIntOrPercent(errs, path+".maxSurge", ru.MaxSurge)
			switch {
			case unavail > 0 && surge > 0:
				errs.invalid(path+".maxSurge", formatIntOrString(ru.MaxSurge), "may not be set when maxUnavailable is non-zero")
			case unavail <= 0 && surge <= 0:
				errs.required(path+".maxUnavailable", "cannot be 0 when maxSurge is 0")
			}
		}
	case OnDeleteDaemonSetStrategyType:
	default:
		errs.unsupported("spec.updateStrategy.type", ds.Spec.UpdateStrategy.Type, OnDeleteDaemonSetStrategyType, RollingUpdateDaemonSetStrategyType)
	}
	if ds.Spec.MinReadySeconds < 0 {
		errs.invalid("spec.minReadySeconds", int64(ds.Spec.MinReadySeconds), "must be greater than or equal to 0")
	}
	if r := ds.Spec.RevisionHistoryLimit; r != nil && *r < 0 {
		errs.invalid("spec.revisionHistoryLimit", int64(*r), "must be greater than or equal to 0")
	}
}
