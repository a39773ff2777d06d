package resourcequota

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Admission is the ResourceQuota admission plugin: a create in a namespace
// with quotas is refused when a quota tracks a compute resource its pod's
// containers leave unset ("failed quota: compute: must specify
// limits.cpu for: nginx"), or when it would take a resource over a
// quota's hard limit ("exceeded quota: compute, requested: pods=1, used:
// pods=2, limited: pods=2").
//
// Upstream admission charges status.used as it admits and the controller
// recounts; here admission counts the namespace's usage from the store
// itself, which is what that bookkeeping converges to, without a window in
// which two creates could both take the last unit.
func Admission(s *store.Store) store.AdmissionFunc {
	quotas := api.ResourceQuotas
	list := func(k *api.Kind, ns string) []api.Object { return s.List(k, ns) }
	return func(op store.Operation, obj, _ api.Object) error {
		if op != store.OpCreate {
			return nil
		}
		k := api.KindOf(obj)
		if k == nil || !k.Namespaced || k.Kind == "Event" {
			return nil
		}
		m := obj.GetObjectMeta()
		ns := m.Namespace
		if ns == "" {
			ns = "default"
		}
		for _, o := range s.List(quotas, ns) {
			q := o.(*api.ResourceQuota)
			if err := admitOne(q, obj, list, ns, s.Clock().Now()); err != nil {
				return &api.StatusError{Reason: api.ReasonForbidden,
					Message: fmt.Sprintf("%s %q is forbidden: %s", k.GroupResource(), m.Name, err)}
			}
		}
		return nil
	}
}

func admitOne(q *api.ResourceQuota, obj api.Object, list lister, ns string, now time.Time) error {
	names := hardNames(q)
	if p, ok := obj.(*api.Pod); ok {
		if msg := missingCompute(p, names); msg != "" {
			return fmt.Errorf("failed quota: %s: must specify %s", q.Name, msg)
		}
	}
	var charged []string
	requested := api.ResourceList{}
	for _, n := range names {
		if a, ok := charge(obj, n, now); ok && a.milli > 0 {
			charged = append(charged, n)
			requested[n] = a.quantity()
		}
	}
	if len(charged) == 0 {
		return nil
	}
	used := usage(list, ns, charged, now)
	var exceeded []string
	for _, n := range charged {
		hard := q.Spec.Hard[n]
		u, r := used[n], requested[n]
		if api.AddMilli(u.MilliValue(), r.MilliValue()) > hard.MilliValue() {
			exceeded = append(exceeded, n)
		}
	}
	if len(exceeded) == 0 {
		return nil
	}
	return fmt.Errorf("exceeded quota: %s, requested: %s, used: %s, limited: %s", q.Name,
		prettyPrint(requested, exceeded), prettyPrint(used, exceeded), prettyPrint(q.Spec.Hard, exceeded))
}

// missingCompute lists, for each compute resource the quota tracks, the
// containers that do not state it: "limits.cpu for: nginx; requests.cpu
// for: nginx". Empty when every container does.
func missingCompute(p *api.Pod, names []string) string {
	missing := map[string][]string{}
	check := func(c *api.Container) {
		for _, n := range names {
			if !contains(computeResources, n) {
				continue
			}
			l, res := c.Resources.Requests, strings.TrimPrefix(n, "requests.")
			if r, ok := strings.CutPrefix(n, "limits."); ok {
				l, res = c.Resources.Limits, r
			}
			if _, ok := l[res]; !ok {
				missing[n] = append(missing[n], c.Name)
			}
		}
	}
	for i := range p.Spec.InitContainers {
		check(&p.Spec.InitContainers[i])
	}
	for i := range p.Spec.Containers {
		check(&p.Spec.Containers[i])
	}
	if len(missing) == 0 {
		return ""
	}
	keys := make([]string, 0, len(missing))
	for k := range missing {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		c := missing[k]
		sort.Strings(c)
		parts[i] = k + " for: " + strings.Join(c, ",")
	}
	return strings.Join(parts, "; ")
}
