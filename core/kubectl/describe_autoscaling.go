package kubectl

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds kubectl's describer for HorizontalPodAutoscalers.

func registerDescribeAutoscaling() { kindDescribers["HorizontalPodAutoscaler"] = describeHPA }

// describeHPA is kubectl's HorizontalPodAutoscaler page: the target, each
// resource metric as current / target, the replica bounds and counts, and
// the conditions.
func describeHPA(_ *invocation, o api.Object, events []*api.Event, now time.Time) string {
	h := o.(*api.HorizontalPodAutoscaler)
	return tabbed(func(w *prefixWriter) {
		printObjectMeta(w, &h.ObjectMeta)
		w.write(0, "CreationTimestamp:\t%s\n", describeTime(h.CreationTimestamp))
		w.write(0, "Reference:\t%s/%s\n", h.Spec.ScaleTargetRef.Kind, h.Spec.ScaleTargetRef.Name)
		w.write(0, "Metrics:\t( current / target )\n")
		for i, m := range h.Spec.Metrics {
			if m.Resource == nil {
				continue
			}
			current := "<unknown>"
			if i < len(h.Status.CurrentMetrics) {
				if r := h.Status.CurrentMetrics[i].Resource; r != nil && r.Current.AverageUtilization != nil {
					current = fmt.Sprintf("%d%%", *r.Current.AverageUtilization)
					if r.Current.AverageValue != nil {
						current += " (" + r.Current.AverageValue.String() + ")"
					}
				}
			}
			target := "<auto>"
			if u := m.Resource.Target.AverageUtilization; u != nil {
				target = fmt.Sprintf("%d%%", *u)
			}
			w.write(1, "resource %s on pods  (as a percentage of request):\t%s / %s\n", m.Resource.Name, current, target)
		}
		minR := "<unset>"
		if h.Spec.MinReplicas != nil {
			minR = fmt.Sprint(*h.Spec.MinReplicas)
		}
		w.write(0, "Min replicas:\t%s\n", minR)
		w.write(0, "Max replicas:\t%d\n", h.Spec.MaxReplicas)
		w.write(0, "%s pods:\t%d current / %d desired\n", h.Spec.ScaleTargetRef.Kind, h.Status.CurrentReplicas, h.Status.DesiredReplicas)
		if len(h.Status.Conditions) > 0 {
			w.write(0, "Conditions:\n")
			w.write(1, "Type\tStatus\tReason\tMessage\n")
			w.write(1, "----\t------\t------\t-------\n")
			for _, c := range h.Status.Conditions {
				w.write(1, "%s\t%s\t%s\t%s\n", c.Type, c.Status, c.Reason, c.Message)
			}
		}
		describeEvents(events, now, w)
	})
}
