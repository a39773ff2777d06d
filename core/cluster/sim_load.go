package cluster

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file is `sim load KIND/NAME PERCENT%`: the simulated metrics the
// horizontal pod autoscaler reads. It sets the workload's total CPU demand
// so that its ready pods run at PERCENT of their CPU requests now; the
// demand stays when the pod count changes, so more pods each run cooler.

func init() { RegisterSim("load", simLoad) }

func simLoad(c *Cluster, args []string) (string, error) {
	const usage = "usage: sim load KIND/NAME PERCENT% [-n NAMESPACE] (e.g. sim load deployment/web 80%)"
	ns := "default"
	var pos []string
	for i := 0; i < len(args); i++ {
		switch {
		case (args[i] == "-n" || args[i] == "--namespace") && i+1 < len(args):
			ns = args[i+1]
			i++
		case strings.HasPrefix(args[i], "--namespace="):
			ns = strings.TrimPrefix(args[i], "--namespace=")
		default:
			pos = append(pos, args[i])
		}
	}
	if len(pos) != 2 {
		return "", fmt.Errorf("%s", usage)
	}
	kindName, name, ok := strings.Cut(pos[0], "/")
	kind := api.ResourceFor(kindName)
	if !ok || kind == nil || name == "" {
		return "", fmt.Errorf("%s", usage)
	}
	pct, err := strconv.Atoi(strings.TrimSuffix(pos[1], "%"))
	if err != nil || pct < 0 || !strings.HasSuffix(pos[1], "%") {
		return "", fmt.Errorf("%s", usage)
	}
	o, err := c.store.Get(kind, ns, name)
	if err != nil {
		return "", err
	}
	o = api.DeepCopyObject(o)
	var sel *api.LabelSelector
	var tmpl *api.PodTemplateSpec
	switch x := o.(type) {
	case *api.Deployment:
		sel, tmpl = x.Spec.Selector, &x.Spec.Template
	case *api.ReplicaSet:
		sel, tmpl = x.Spec.Selector, &x.Spec.Template
	case *api.StatefulSet:
		sel, tmpl = x.Spec.Selector, &x.Spec.Template
	case *api.ReplicationController:
		sel, tmpl = &api.LabelSelector{MatchLabels: x.Spec.Selector}, x.Spec.Template
	default:
		return "", fmt.Errorf("sim load: %s has no pods to load", kind.GroupResource())
	}
	var request int64
	for _, ctr := range tmpl.Spec.Containers {
		q, ok := ctr.Resources.Requests["cpu"]
		if !ok {
			return "", fmt.Errorf("sim load: container %q of %s/%s requests no cpu, so its utilisation is undefined (the HPA needs resources.requests.cpu)", ctr.Name, kindName, name)
		}
		request += q.MilliValue()
	}
	s, _ := sel.AsSelector()
	ready := 0
	for _, po := range c.store.List(api.Pods, ns) {
		p := po.(*api.Pod)
		if s.Matches(p.Labels) && p.DeletionTimestamp == nil && p.Status.Phase == api.PodRunning && api.IsPodReady(p) {
			ready++
		}
	}
	pods := max(ready, 1)
	demand := api.NewMilliQuantity(int64(pct)*request*int64(pods)/100, false)
	m := o.GetObjectMeta()
	if m.Annotations == nil {
		m.Annotations = map[string]string{}
	}
	m.Annotations[api.CPUDemandAnnotation] = demand.String()
	if _, err := c.store.Update(o); err != nil {
		return "", err
	}
	c.RunUntilIdle(0)
	return fmt.Sprintf("%s/%s: cpu load %d%% of requests on %d ready pod(s): %s in all\n", kind.GroupResource(), name, pct, ready, demand.String()), nil
}
