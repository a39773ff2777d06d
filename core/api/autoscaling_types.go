package api

import "fmt"

// This file holds autoscaling/v2: the HorizontalPodAutoscaler, on resource
// metrics (CPU utilisation is what the sandbox simulates).

// HorizontalPodAutoscaler scales a Deployment, ReplicaSet or StatefulSet
// between minReplicas and maxReplicas to keep a metric at its target.
type HorizontalPodAutoscaler struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       HorizontalPodAutoscalerSpec   `json:"spec,omitempty"`
	Status     HorizontalPodAutoscalerStatus `json:"status,omitempty"`
}

type HorizontalPodAutoscalerSpec struct {
	ScaleTargetRef CrossVersionObjectReference `json:"scaleTargetRef"`
	MinReplicas    *int32                      `json:"minReplicas,omitempty"`
	MaxReplicas    int32                       `json:"maxReplicas"`
	Metrics        []MetricSpec                `json:"metrics,omitempty"`
	Behavior       *HPABehavior                `json:"behavior,omitempty"`
}

// CrossVersionObjectReference names the scaled object.
type CrossVersionObjectReference struct {
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	APIVersion string `json:"apiVersion,omitempty"`
}

type MetricSpec struct {
	Type     string                `json:"type"`
	Resource *ResourceMetricSource `json:"resource,omitempty"`
}

type ResourceMetricSource struct {
	Name   string       `json:"name"`
	Target MetricTarget `json:"target"`
}

type MetricTarget struct {
	Type               string    `json:"type"`
	Value              *Quantity `json:"value,omitempty"`
	AverageValue       *Quantity `json:"averageValue,omitempty"`
	AverageUtilization *int32    `json:"averageUtilization,omitempty"`
}

// HPABehavior is HorizontalPodAutoscalerBehavior: how fast it may scale.
type HPABehavior struct {
	ScaleUp   *HPAScalingRules `json:"scaleUp,omitempty"`
	ScaleDown *HPAScalingRules `json:"scaleDown,omitempty"`
}

type HPAScalingRules struct {
	StabilizationWindowSeconds *int32             `json:"stabilizationWindowSeconds,omitempty"`
	SelectPolicy               *string            `json:"selectPolicy,omitempty"`
	Policies                   []HPAScalingPolicy `json:"policies,omitempty"`
}

type HPAScalingPolicy struct {
	Type          string `json:"type"`
	Value         int32  `json:"value"`
	PeriodSeconds int32  `json:"periodSeconds"`
}

type HorizontalPodAutoscalerStatus struct {
	ObservedGeneration *int64                             `json:"observedGeneration,omitempty"`
	LastScaleTime      *Time                              `json:"lastScaleTime,omitempty"`
	CurrentReplicas    int32                              `json:"currentReplicas,omitempty"`
	DesiredReplicas    int32                              `json:"desiredReplicas"`
	CurrentMetrics     []MetricStatus                     `json:"currentMetrics,omitempty"`
	Conditions         []HorizontalPodAutoscalerCondition `json:"conditions,omitempty"`
}

type MetricStatus struct {
	Type     string                `json:"type"`
	Resource *ResourceMetricStatus `json:"resource,omitempty"`
}

type ResourceMetricStatus struct {
	Name    string            `json:"name"`
	Current MetricValueStatus `json:"current"`
}

type MetricValueStatus struct {
	Value              *Quantity `json:"value,omitempty"`
	AverageValue       *Quantity `json:"averageValue,omitempty"`
	AverageUtilization *int32    `json:"averageUtilization,omitempty"`
}

type HorizontalPodAutoscalerCondition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	LastTransitionTime Time   `json:"lastTransitionTime,omitempty"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
}

// CPUDemandAnnotation holds a scale target's simulated total CPU demand
// ("400m"), which its ready pods share equally: the sandbox has no metrics
// server, so `sim load` writes it and the autoscaler reads it.
const CPUDemandAnnotation = "sim.kubeloop.dev/cpu-demand"

// HorizontalPodAutoscaler condition types.
const (
	HPAAbleToScale       = "AbleToScale"
	HPAScalingActive     = "ScalingActive"
	HPAScalingLimited    = "ScalingLimited"
	MetricSourceResource = "Resource"
	UtilizationMetric    = "Utilization"
)

// DefaultCPUUtilization is the average CPU utilisation, as a percentage
// of the pods' requests, that autoscaling/v2 targets when an HPA names no
// metric.
const DefaultCPUUtilization int32 = 80

// defaultHPA fills what autoscaling/v2 defaults: minReplicas 1, and the
// default behavior (scale up by at most max(4 pods, 100%) per 15 s with
// no stabilisation; scale down by up to 100% per 15 s, stabilised over
// 300 s by the controller when the window is unset).
func defaultHPA(h *HorizontalPodAutoscaler) {
	if h.Spec.MinReplicas == nil {
		h.Spec.MinReplicas = Ptr[int32](1)
	}
	if len(h.Spec.Metrics) == 0 {
		h.Spec.Metrics = []MetricSpec{{Type: MetricSourceResource, Resource: &ResourceMetricSource{Name: "cpu",
			Target: MetricTarget{Type: UtilizationMetric, AverageUtilization: Ptr(DefaultCPUUtilization)}}}}
	}
	if h.Spec.Behavior == nil {
		h.Spec.Behavior = &HPABehavior{}
	}
	b := h.Spec.Behavior
	if b.ScaleUp == nil {
		b.ScaleUp = &HPAScalingRules{}
	}
	if b.ScaleUp.StabilizationWindowSeconds == nil {
		b.ScaleUp.StabilizationWindowSeconds = Ptr[int32](0)
	}
	if b.ScaleUp.SelectPolicy == nil {
		b.ScaleUp.SelectPolicy = Ptr("Max")
	}
	if len(b.ScaleUp.Policies) == 0 {
		b.ScaleUp.Policies = []HPAScalingPolicy{{Type: "Pods", Value: 4, PeriodSeconds: 15}, {Type: "Percent", Value: 100, PeriodSeconds: 15}}
	}
	if b.ScaleDown == nil {
		b.ScaleDown = &HPAScalingRules{}
	}
	if b.ScaleDown.SelectPolicy == nil {
		b.ScaleDown.SelectPolicy = Ptr("Max")
	}
	if len(b.ScaleDown.Policies) == 0 {
		b.ScaleDown.Policies = []HPAScalingPolicy{{Type: "Percent", Value: 100, PeriodSeconds: 15}}
	}
}

func validateHPA(errs *FieldErrors, h *HorizontalPodAutoscaler) {
	s := &h.Spec
	if s.ScaleTargetRef.Kind == "" {
		errs.required("spec.scaleTargetRef.kind", "")
	}
	if s.ScaleTargetRef.Name == "" {
		errs.required("spec.scaleTargetRef.name", "")
	}
	if s.MinReplicas != nil && *s.MinReplicas < 1 {
		errs.invalid("spec.minReplicas", int64(*s.MinReplicas), "must be greater than or equal to 1")
	}
	if s.MaxReplicas < 1 {
		errs.invalid("spec.maxReplicas", int64(s.MaxReplicas), "must be greater than 0")
	}
	if s.MinReplicas != nil && s.MaxReplicas < *s.MinReplicas {
		errs.invalid("spec.maxReplicas", int64(s.MaxReplicas), "must be greater than or equal to `minReplicas`")
	}
	for i, m := range s.Metrics {
		if m.Type != MetricSourceResource {
			errs.unsupported(fieldIndex("spec.metrics", i)+".type", m.Type, MetricSourceResource)
			continue
		}
		if m.Resource == nil {
			errs.required(fieldIndex("spec.metrics", i)+".resource", "must populate information for the given metric source")
			continue
		}
		if u := m.Resource.Target.AverageUtilization; u != nil && *u < 1 {
			errs.invalid(fieldIndex("spec.metrics", i)+".resource.target.averageUtilization", int64(*u), "must be greater than 0")
		}
	}
}

func fieldIndex(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }
