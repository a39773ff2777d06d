package kubectl

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// podFor is the pod kubectl exec runs in for its argument: POD, pod/POD,
// or TYPE/NAME of a workload or Service — then, as kubectl picks it, the
// most active of the pods its selector matches (scheduled, Running,
// Ready, Ready longest, fewest restarts, oldest).
func (c *invocation) podFor(arg, namespace string) (*api.Pod, error) {
	pod, _, err := c.podAndMatches(arg, namespace)
	return pod, err
}

// podAndMatches is podFor, with how many pods the argument matched.
func (c *invocation) podAndMatches(arg, namespace string) (*api.Pod, int, error) {
	pods := api.Pods
	typ, name, typed := strings.Cut(arg, "/")
	if !typed {
		name = arg
	}
	kind := pods
	if typed {
		if kind = api.ResourceFor(typ); kind == nil {
			return nil, 0, fmt.Errorf("the server doesn't have a resource type %q", typ)
		}
	}
	o, err := c.env.Store().Get(kind, namespace, name)
	if err != nil {
		return nil, 0, err
	}
	if p, ok := o.(*api.Pod); ok {
		return p, 1, nil
	}
	sel, err := podSelectorOf(o)
	if err != nil {
		return nil, 0, err
	}
	selected := func(o api.Object) bool { return sel.Matches(o.(*api.Pod).Labels) }
	var matching []*api.Pod
	for _, po := range c.env.Store().ListMatching(pods, namespace, selected) {
		matching = append(matching, po.(*api.Pod))
	}
	if len(matching) == 0 {
		// kubectl waits --pod-running-timeout (1m) for one to appear.
		return nil, 0, fmt.Errorf("timed out waiting for the condition")
	}
	return slices.MinFunc(matching, moreActive), len(matching), nil
}

// podSelectorOf is the selector of the pods an object runs or serves.
func podSelectorOf(o api.Object) (api.Selector, error) {
	var ls *api.LabelSelector
	switch x := o.(type) {
	case *api.Deployment:
		ls = x.Spec.Selector
	case *api.ReplicaSet:
		ls = x.Spec.Selector
	case *api.StatefulSet:
		ls = x.Spec.Selector
	case *api.DaemonSet:
		ls = x.Spec.Selector
	case *api.Job:
		ls = x.Spec.Selector
	case *api.Service:
		return api.SelectorFromSet(x.Spec.Selector), nil
	case *api.ReplicationController:
		return api.SelectorFromSet(x.Spec.Selector), nil
	default:
		t := fmt.Sprintf("*v1.%s", api.KindOf(o).Kind)
		return api.Selector{}, fmt.Errorf("cannot attach to %s: selector for %s not implemented", t, t)
	}
	if ls == nil {
		return api.Nothing(), nil
	}
	return ls.AsSelector()
}

// moreActive orders a before b when a is the pod kubectl would rather
// use: the reverse of upstream's ActivePods order, ties by name.
func moreActive(a, b *api.Pod) int {
	if (a.Spec.NodeName == "") != (b.Spec.NodeName == "") {
		return boolOrder(a.Spec.NodeName != "")
	}
	if pa, pb := api.PodPhaseOrdinal(a), api.PodPhaseOrdinal(b); pa != pb {
		return cmp.Compare(pb, pa)
	}
	ra, rb := api.IsPodReady(a), api.IsPodReady(b)
	if ra != rb {
		return boolOrder(ra)
	}
	if ta, tb := api.PodReadySince(a), api.PodReadySince(b); ra && !ta.Equal(tb) {
		return ta.Compare(tb) // ready longer first
	}
	if na, nb := api.MaxRestarts(a), api.MaxRestarts(b); na != nb {
		return cmp.Compare(na, nb)
	}
	if ca, cb := a.CreationTimestamp.Time, b.CreationTimestamp.Time; !ca.Equal(cb) {
		return ca.Compare(cb) // older first
	}
	return cmp.Compare(a.Name, b.Name)
}

func boolOrder(first bool) int {
	if first {
		return -1
	}
	return 1
}
