package api

import (
	"fmt"
	"strings"
)

// This file holds the v1 kinds ResourceQuota and ReplicationController, with
// their defaults and validation, and the quantity arithmetic quota needs.

// ResourceQuota caps what a namespace may hold: pods, cpu and memory
// requests and limits, and counts of objects. The resourcequota controller
// writes status.used; admission refuses a create that would exceed
// status.hard.
type ResourceQuota struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ResourceQuotaSpec   `json:"spec,omitempty"`
	Status     ResourceQuotaStatus `json:"status,omitempty"`
}

type ResourceQuotaSpec struct {
	// Hard maps resource names ("pods", "requests.cpu",
	// "count/deployments.apps") to the most the namespace may use.
	Hard ResourceList `json:"hard,omitempty"`
}

type ResourceQuotaStatus struct {
	Hard ResourceList `json:"hard,omitempty"`
	Used ResourceList `json:"used,omitempty"`
}

// ReplicationController is the ReplicaSet's predecessor: the same loop,
// with an equality-only selector (a plain label map) and an optional
// template.
type ReplicationController struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ReplicationControllerSpec   `json:"spec,omitempty"`
	Status     ReplicationControllerStatus `json:"status,omitempty"`
}

type ReplicationControllerSpec struct {
	Replicas        *int32            `json:"replicas,omitempty"`
	MinReadySeconds int32             `json:"minReadySeconds,omitempty"`
	Selector        map[string]string `json:"selector,omitempty"`
	Template        *PodTemplateSpec  `json:"template,omitempty"`
}

type ReplicationControllerStatus struct {
	Replicas             int32                 `json:"replicas"`
	FullyLabeledReplicas int32                 `json:"fullyLabeledReplicas,omitempty"`
	ReadyReplicas        int32                 `json:"readyReplicas,omitempty"`
	AvailableReplicas    int32                 `json:"availableReplicas,omitempty"`
	ObservedGeneration   int64                 `json:"observedGeneration,omitempty"`
	Conditions           []ReplicaSetCondition `json:"conditions,omitempty"`
}

// defaultReplicationController fills what the API server does: replicas 1,
// and an empty selector or empty labels taken from the template's labels.
func defaultReplicationController(rc *ReplicationController) {
	if rc.Spec.Replicas == nil {
		rc.Spec.Replicas = Ptr[int32](1)
	}
	if t := rc.Spec.Template; t != nil {
		if len(rc.Spec.Selector) == 0 && len(t.Labels) > 0 {
			rc.Spec.Selector = copyStrings(t.Labels)
		}
		if len(rc.Labels) == 0 && len(t.Labels) > 0 {
			rc.Labels = copyStrings(t.Labels)
		}
		defaultPodSpec(&t.Spec, false)
	}
}

func copyStrings(m map[string]string) map[string]string {
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func validateReplicationController(errs *FieldErrors, rc *ReplicationController) {
	if r := rc.Spec.Replicas; r != nil && *r < 0 {
		errs.invalid("spec.replicas", int64(*r), "must be greater than or equal to 0")
	}
	if len(rc.Spec.Selector) == 0 {
		errs.required("spec.selector", "")
	}
	t := rc.Spec.Template
	if t == nil {
		errs.required("spec.template", "")
		return
	}
	if len(rc.Spec.Selector) > 0 && !SelectorFromSet(rc.Spec.Selector).Matches(t.Labels) {
		errs.invalid("spec.template.metadata.labels", t.Labels, "`selector` does not match template `labels`")
	}
	validatePodSpec(errs, "spec.template.spec", &t.Spec)
	if rp := t.Spec.RestartPolicy; rp != "Always" && rp != "" {
		errs.unsupported("spec.template.spec.restartPolicy", rp, "Always")
	}
}

func validateResourceQuota(errs *FieldErrors, q *ResourceQuota) {
	for _, k := range sortedResourceNames(q.Spec.Hard) {
		v := q.Spec.Hard[k]
		validateNonnegative(errs, "spec.hard["+k+"]", v)
		base := strings.TrimPrefix(strings.TrimPrefix(k, "requests."), "limits.")
		compute := base == "cpu" || base == "memory" || base == "storage" || base == "ephemeral-storage"
		if !compute && v.MilliValue()%1000 != 0 {
			errs.invalid("spec.hard["+k+"]", v.String(), "must be an integer")
		}
	}
}

func sortedResourceNames(l ResourceList) []string {
	keys := make([]string, 0, len(l))
	for k := range l {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// IsBinary reports a quantity written with a binary suffix (Ki, Mi, Gi…),
// whose sums print in the same form.
func (q Quantity) IsBinary() bool { return strings.HasSuffix(q.text, "i") }

// NewMilliQuantity is a quantity of milli thousandths in canonical form, as
// the API server prints computed amounts: "250m", "2", "128Mi" (binary),
// "3k" (decimal).
func NewMilliQuantity(milli int64, binary bool) Quantity {
	if milli == 0 {
		return Quantity{text: "0", milli: 0}
	}
	if milli%1000 != 0 {
		return Quantity{text: fmt.Sprintf("%dm", milli), milli: milli}
	}
	v := milli / 1000
	suffix := ""
	if binary {
		for _, s := range []string{"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"} {
			if v%1024 != 0 {
				break
			}
			v, suffix = v/1024, s
		}
	} else {
		for _, s := range []string{"k", "M", "G", "T", "P", "E"} {
			if v%1000 != 0 {
				break
			}
			v, suffix = v/1000, s
		}
	}
	return Quantity{text: fmt.Sprintf("%d%s", v, suffix), milli: milli}
}
