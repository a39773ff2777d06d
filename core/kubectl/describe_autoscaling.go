package kubectl

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds kubectl's describers for ReplicationControllers,
// ResourceQuotas, PodDisruptionBudgets and HorizontalPodAutoscalers.

// kindDescribers are describers registered by kind, tried before the
// generic one.
var kindDescribers map[string]func(c *invocation, o api.Object, events []*api.Event, now time.Time) string

func fillKindDescribers() {
	kindDescribers = map[string]func(c *invocation, o api.Object, events []*api.Event, now time.Time) string{
		"ReplicationController": func(c *invocation, o api.Object, events []*api.Event, now time.Time) string {
			rc := o.(*api.ReplicationController)
			sel := &api.LabelSelector{MatchLabels: rc.Spec.Selector}
			rs := &api.ReplicaSet{ObjectMeta: rc.ObjectMeta, Spec: api.ReplicaSetSpec{Replicas: rc.Spec.Replicas, Selector: sel},
				Status: api.ReplicaSetStatus{Replicas: rc.Status.Replicas, Conditions: rc.Status.Conditions}}
			if rc.Spec.Template != nil {
				rs.Spec.Template = *rc.Spec.Template
			}
			return describeReplicaSet(rs, c.podsOf(rc.Namespace, sel, rc.UID), events, now)
		},
		"ResourceQuota": func(_ *invocation, o api.Object, _ []*api.Event, _ time.Time) string {
			q := o.(*api.ResourceQuota)
			return tabbed(func(w *prefixWriter) {
				w.write(0, "Name:\t%s\n", q.Name)
				w.write(0, "Namespace:\t%s\n", q.Namespace)
				w.write(0, "Resource\tUsed\tHard\n")
				w.write(0, "--------\t----\t----\n")
				for _, n := range sortedKeys(q.Spec.Hard) {
					used, hard := q.Status.Used[n], q.Status.Hard[n]
					w.write(0, "%s\t%s\t%s\n", n, used.String(), hard.String())
				}
			})
		},
		"HorizontalPodAutoscaler": func(_ *invocation, o api.Object, events []*api.Event, now time.Time) string {
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
		},
		"PodDisruptionBudget": func(_ *invocation, o api.Object, events []*api.Event, now time.Time) string {
			p := o.(*api.PodDisruptionBudget)
			return tabbed(func(w *prefixWriter) {
				w.write(0, "Name:\t%s\n", p.Name)
				w.write(0, "Namespace:\t%s\n", p.Namespace)
				if p.Spec.MinAvailable != nil {
					w.write(0, "Min available:\t%s\n", p.Spec.MinAvailable.String())
				}
				if p.Spec.MaxUnavailable != nil {
					w.write(0, "Max unavailable:\t%s\n", p.Spec.MaxUnavailable.String())
				}
				if p.Spec.Selector != nil {
					w.write(0, "Selector:\t%s\n", formatSelector(p.Spec.Selector))
				} else {
					w.write(0, "Selector:\t<unset>\n")
				}
				w.write(0, "Status:\n")
				w.write(2, "Allowed disruptions:\t%d\n", p.Status.DisruptionsAllowed)
				w.write(2, "Current:\t%d\n", p.Status.CurrentHealthy)
				w.write(2, "Desired:\t%d\n", p.Status.DesiredHealthy)
				w.write(2, "Total:\t%d\n", p.Status.ExpectedPods)
				describeEvents(events, now, w)
			})
		},
	}
}
