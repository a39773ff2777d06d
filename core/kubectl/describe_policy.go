package kubectl

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds kubectl's describers for the limits set on what runs:
// ResourceQuotas and PodDisruptionBudgets.

func registerDescribePolicy() {
	kindDescribers["ResourceQuota"] = describeResourceQuota
	kindDescribers["PodDisruptionBudget"] = describePDB
}

// describeResourceQuota is kubectl's quota page: each hard limit beside
// what is used of it.
func describeResourceQuota(_ *invocation, o api.Object, _ []*api.Event, _ time.Time) string {
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
}

// describePDB is kubectl's PodDisruptionBudget page: the budget, its
// selector, and how many disruptions it allows now.
func describePDB(_ *invocation, o api.Object, events []*api.Event, now time.Time) string {
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
}
