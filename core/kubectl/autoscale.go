package kubectl

import (
	"github.com/kubeloop/kubeloop/core/api"
)

// This file is `kubectl autoscale`: create a HorizontalPodAutoscaler
// (autoscaling/v2, on CPU utilisation) for a Deployment, ReplicaSet,
// StatefulSet or ReplicationController, named after it.

func registerAutoscale() {
	commands["autoscale"] = runAutoscale
	insertVerb("Deploy Commands", "autoscale", "")
}

func runAutoscale(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "max", integer: true, def: "-1"},
		flagDef{long: "min", integer: true, def: "-1"},
		flagDef{long: "cpu-percent", integer: true, def: "-1"},
		flagDef{long: "name"},
	)
	if !ok {
		return
	}
	maxR, minR, cpu := f.integer("max"), f.integer("min"), f.integer("cpu-percent")
	if maxR < 1 {
		c.fail("--max=MAXPODS is required and must be at least 1, max: %d", maxR)
		return
	}
	if maxR < minR {
		c.fail("--max=MAXPODS must be larger or equal to --min=MINPODS, max: %d, min: %d", maxR, minR)
		return
	}
	ts, kindOnly, ok := c.targets(pos)
	if !ok {
		return
	}
	if kindOnly != nil || len(ts) == 0 {
		c.fail("resource(s) were provided, but no name was specified")
		return
	}
	st := c.env.Store()
	for _, t := range ts {
		switch t.kind.Kind {
		case "Deployment", "ReplicaSet", "StatefulSet", "ReplicationController":
		default:
			c.fail("cannot autoscale a %s: %s/%s has no scale subresource", t.kind.Kind, t.kind.GroupResource(), t.name)
			continue
		}
		ns := namespaceFor(t.kind, f)
		if _, err := st.Get(t.kind, ns, t.name); err != nil {
			c.apiError(err, "", "")
			continue
		}
		name := t.name
		if n := f.str("name"); n != "" {
			name = n
		}
		h := &api.HorizontalPodAutoscaler{
			ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns},
			Spec: api.HorizontalPodAutoscalerSpec{
				ScaleTargetRef: api.CrossVersionObjectReference{APIVersion: t.kind.APIVersion(), Kind: t.kind.Kind, Name: t.name},
				MaxReplicas:    int32(maxR),
			},
		}
		if minR >= 0 {
			h.Spec.MinReplicas = api.Ptr(int32(minR))
		}
		if cpu >= 0 {
			h.Spec.Metrics = []api.MetricSpec{{Type: api.MetricSourceResource, Resource: &api.ResourceMetricSource{Name: "cpu",
				Target: api.MetricTarget{Type: api.UtilizationMetric, AverageUtilization: api.Ptr(int32(cpu))}}}}
		}
		if _, err := st.Create(h); err != nil {
			c.apiError(err, "", "")
			continue
		}
		c.printf("%s autoscaled\n", qualifiedName(api.HorizontalPodAutoscalers, name))
	}
}
