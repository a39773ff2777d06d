package kubectl

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds kubectl's describers for ReplicationControllers,
// ResourceQuotas, PodDisruptionBudgets and HorizontalPodAutoscalers.

// kindDescribers are describers registered by kind, tried before the
// generic one.
var kindDescribers = map[string]func(c *invocation, o api.Object, events []*api.Event, now time.Time) string{
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
