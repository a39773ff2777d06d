package kubectl

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds the table printers of ReplicationControllers,
// ResourceQuotas, PodDisruptionBudgets and HorizontalPodAutoscalers, with
// kubectl's columns.

func registerColumnsAutoscaling() {
	printers["ReplicationController"] = columns{
		headers: []string{"NAME", "DESIRED", "CURRENT", "READY", "AGE"},
		wide:    []string{"CONTAINERS", "IMAGES", "SELECTOR"},
		row: func(o api.Object, now time.Time, wide bool) []string {
			rc := o.(*api.ReplicationController)
			r := []string{rc.Name, fmt.Sprint(api.Deref(rc.Spec.Replicas, 0)), fmt.Sprint(rc.Status.Replicas),
				fmt.Sprint(rc.Status.ReadyReplicas), age(rc.CreationTimestamp, now)}
			if wide {
				t := rc.Spec.Template
				if t == nil {
					t = &api.PodTemplateSpec{}
				}
				r = append(r, templateColumns(t, &api.LabelSelector{MatchLabels: rc.Spec.Selector})...)
			}
			return r
		},
	}
	printers["ResourceQuota"] = columns{
		headers: []string{"NAME", "AGE", "REQUEST", "LIMIT"},
		row: func(o api.Object, now time.Time, _ bool) []string {
			q := o.(*api.ResourceQuota)
			request, limit := quotaColumns(q)
			return []string{q.Name, age(q.CreationTimestamp, now), request, limit}
		},
	}
	printers["PodDisruptionBudget"] = columns{
		headers: []string{"NAME", "MIN AVAILABLE", "MAX UNAVAILABLE", "ALLOWED DISRUPTIONS", "AGE"},
		row: func(o api.Object, now time.Time, _ bool) []string {
			p := o.(*api.PodDisruptionBudget)
			minAvail, maxUnavail := "N/A", "N/A"
			if p.Spec.MinAvailable != nil {
				minAvail = p.Spec.MinAvailable.String()
			}
			if p.Spec.MaxUnavailable != nil {
				maxUnavail = p.Spec.MaxUnavailable.String()
			}
			return []string{p.Name, minAvail, maxUnavail, fmt.Sprint(p.Status.DisruptionsAllowed), age(p.CreationTimestamp, now)}
		},
	}
	printers["HorizontalPodAutoscaler"] = columns{
		headers: []string{"NAME", "REFERENCE", "TARGETS", "MINPODS", "MAXPODS", "REPLICAS", "AGE"},
		row: func(o api.Object, now time.Time, _ bool) []string {
			h := o.(*api.HorizontalPodAutoscaler)
			minPods := "<unset>"
			if h.Spec.MinReplicas != nil {
				minPods = fmt.Sprint(*h.Spec.MinReplicas)
			}
			ref := h.Spec.ScaleTargetRef.Kind + "/" + h.Spec.ScaleTargetRef.Name
			return []string{h.Name, ref, hpaTargets(h), minPods, fmt.Sprint(h.Spec.MaxReplicas),
				fmt.Sprint(h.Status.CurrentReplicas), age(h.CreationTimestamp, now)}
		},
	}
}

// quotaColumns are the REQUEST and LIMIT cells: "name: used/hard" for each
// resource of spec.hard, sorted; limits.* go to LIMIT, the rest to REQUEST.
func quotaColumns(q *api.ResourceQuota) (request, limit string) {
	names := make([]string, 0, len(q.Spec.Hard))
	for n := range q.Spec.Hard {
		names = append(names, n)
	}
	sort.Strings(names)
	var req, lim []string
	for _, n := range names {
		used, hard := q.Status.Used[n], q.Status.Hard[n]
		cell := fmt.Sprintf("%s: %s/%s", n, used.String(), hard.String())
		if strings.HasPrefix(n, "limits.") {
			lim = append(lim, cell)
		} else {
			req = append(req, cell)
		}
	}
	return strings.Join(req, ", "), strings.Join(lim, ", ")
}

// hpaTargets is the TARGETS cell: "cpu: 80%/50%" per metric (current
// "<unknown>" until metrics arrive), at most two then " + N more...".
func hpaTargets(h *api.HorizontalPodAutoscaler) string {
	if len(h.Spec.Metrics) == 0 {
		return "<none>"
	}
	var list []string
	for i, m := range h.Spec.Metrics {
		if len(list) == 2 {
			return strings.Join(list, ", ") + fmt.Sprintf(" + %d more...", len(h.Spec.Metrics)-2)
		}
		if m.Resource == nil {
			list = append(list, "<unknown>")
			continue
		}
		var st *api.ResourceMetricStatus
		if i < len(h.Status.CurrentMetrics) {
			st = h.Status.CurrentMetrics[i].Resource
		}
		if av := m.Resource.Target.AverageValue; av != nil {
			current := "<unknown>"
			if st != nil && st.Current.AverageValue != nil {
				current = st.Current.AverageValue.String()
			}
			list = append(list, fmt.Sprintf("%s: %s/%s", m.Resource.Name, current, av.String()))
			continue
		}
		current, target := "<unknown>", "<auto>"
		if st != nil && st.Current.AverageUtilization != nil {
			current = fmt.Sprintf("%d%%", *st.Current.AverageUtilization)
		}
		if u := m.Resource.Target.AverageUtilization; u != nil {
			target = fmt.Sprintf("%d%%", *u)
		}
		list = append(list, fmt.Sprintf("%s: %s/%s", m.Resource.Name, current, target))
	}
	return strings.Join(list, ", ")
}
