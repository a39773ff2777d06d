package kubectl

import (
	"github.com/kubeloop/kubeloop/core/api"
)

// This file is `kubectl autoscale`: create a HorizontalPodAutoscaler
// (autoscaling/v2, on CPU utilisation) for a Deployment, ReplicaSet,
// StatefulSet or ReplicationController, named after it.

func registerAutoscale() {
	commands["autoscale"] = runAutoscale
	helpTexts["autoscale"] = helpText{
		short: "Auto-scale a deployment, replica set, stateful set, or replication controller",
		long: "Creates an autoscaler that automatically chooses and sets the number of pods that run in a Kubernetes cluster.\n\n" +
			" Looks up a deployment, replica set, stateful set, or replication controller by name and creates an autoscaler that uses the given resource as a reference. An autoscaler can automatically increase or decrease number of pods deployed within the system as needed.",
		example: "  # Auto scale a deployment \"foo\", with the number of pods between 2 and 10, no target CPU utilization specified so a default autoscaling policy will be used\n" +
			"  kubectl autoscale deployment foo --min=2 --max=10\n\n" +
			"  # Auto scale a replication controller \"foo\", with the number of pods between 1 and 5, target CPU utilization at 80%\n" +
			"  kubectl autoscale rc foo --max=5 --cpu-percent=80",
		options: opt("--cpu-percent=-1", "The target average CPU utilization (represented as a percent of requested CPU) over all the pods. If it's not specified or negative, a default autoscaling policy will be used.") +
			opt("--max=-1", "The upper limit for the number of pods that can be set by the autoscaler. Required.") +
			opt("--min=-1", "The lower limit for the number of pods that can be set by the autoscaler. If it's not specified or negative, the server will apply a default value.") +
			opt("--name=''", "The name for the newly created object. If not specified, the name of the input resource will be used."),
		usage: "kubectl autoscale (-f FILENAME | TYPE NAME | TYPE/NAME) [--min=MINPODS] --max=MAXPODS [--cpu-percent=CPU] [options]",
	}
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
