package resourcequota

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file is quota's arithmetic: what one object charges against each
// resource name a quota can list, and the usage of a whole namespace. The
// controller (status.used) and admission (the refusal) share it, so they
// cannot disagree.

// computeResources are the names whose quota makes every container state
// the matching request or limit (the "must specify" rule).
var computeResources = []string{"cpu", "limits.cpu", "limits.memory", "memory", "requests.cpu", "requests.memory"}

// lister returns the stored objects of a kind in a namespace.
type lister func(kind *api.Kind, namespace string) []api.Object

// podCounts reports whether a pod is charged to quota: not finished, and
// not stuck terminating past its grace period (a lost node must not stop
// its owner from scaling up elsewhere).
func podCounts(p *api.Pod, now time.Time) bool {
	if p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
		return false
	}
	if p.DeletionTimestamp != nil && p.DeletionGracePeriodSeconds != nil &&
		now.After(p.DeletionTimestamp.Add(time.Duration(*p.DeletionGracePeriodSeconds)*time.Second)) {
		return false
	}
	return true
}

// amount is a milli-value that remembers whether it prints in binary units.
type amount struct {
	milli  int64
	binary bool
}

func (a amount) add(b amount) amount {
	return amount{api.AddMilli(a.milli, b.milli), a.binary || b.binary}
}

func (a amount) quantity() api.Quantity { return api.NewMilliQuantity(a.milli, a.binary) }

func one() amount { return amount{milli: 1000} }

// podRequests sums one resource of a pod's containers (requests or limits),
// or the largest init container's if that is more, as the scheduler does.
func podResource(p *api.Pod, limits bool, name string) amount {
	get := func(c *api.Container) (amount, bool) {
		l := c.Resources.Requests
		if limits {
			l = c.Resources.Limits
		}
		q, ok := l[name]
		return amount{q.MilliValue(), q.IsBinary()}, ok
	}
	var sum amount
	for i := range p.Spec.Containers {
		if a, ok := get(&p.Spec.Containers[i]); ok {
			sum = sum.add(a)
		}
	}
	for i := range p.Spec.InitContainers {
		if a, ok := get(&p.Spec.InitContainers[i]); ok && a.milli > sum.milli {
			sum = a
		}
	}
	return sum
}

// charge is what o costs against resource name, and whether name applies
// to o's kind at all.
func charge(o api.Object, name string, now time.Time) (amount, bool) {
	k := api.KindOf(o)
	if k == nil {
		return amount{}, false
	}
	if c, ok := strings.CutPrefix(name, "count/"); ok {
		if c == k.GroupResource() {
			if p, isPod := o.(*api.Pod); isPod && !podCounts(p, now) {
				return amount{}, true
			}
			return one(), true
		}
		return amount{}, false
	}
	switch x := o.(type) {
	case *api.Pod:
		if !podCounts(x, now) {
			return amount{}, name == "pods" || contains(computeResources, name)
		}
		switch name {
		case "pods":
			return one(), true
		case "cpu", "requests.cpu":
			return podResource(x, false, "cpu"), true
		case "memory", "requests.memory":
			return podResource(x, false, "memory"), true
		case "limits.cpu":
			return podResource(x, true, "cpu"), true
		case "limits.memory":
			return podResource(x, true, "memory"), true
		}
	case *api.Service:
		switch name {
		case "services":
			return one(), true
		case "services.nodeports":
			if x.Spec.Type == "NodePort" || x.Spec.Type == "LoadBalancer" {
				return amount{milli: int64(len(x.Spec.Ports)) * 1000}, true
			}
			return amount{}, true
		case "services.loadbalancers":
			if x.Spec.Type == "LoadBalancer" {
				return one(), true
			}
			return amount{}, true
		}
	case *api.PersistentVolumeClaim:
		switch name {
		case "persistentvolumeclaims":
			return one(), true
		case "requests.storage":
			q := x.Spec.Resources.Requests["storage"]
			return amount{q.MilliValue(), q.IsBinary()}, true
		}
	}
	// The core kinds quota has always counted by their plural name.
	if k.Group == "" && name == k.Resource && name != "pods" {
		return one(), true
	}
	return amount{}, false
}

// kindsFor are the kinds whose objects a resource name charges.
func kindsFor(name string) []*api.Kind {
	if c, ok := strings.CutPrefix(name, "count/"); ok {
		for _, k := range api.Kinds {
			if k.GroupResource() == c {
				return []*api.Kind{k}
			}
		}
		return nil
	}
	switch {
	case name == "pods" || contains(computeResources, name):
		return []*api.Kind{api.Pods}
	case strings.HasPrefix(name, "services"):
		return []*api.Kind{api.Services}
	case name == "requests.storage":
		return []*api.Kind{api.PersistentVolumeClaims}
	}
	if k := api.ResourceFor(name); k != nil && k.Group == "" && k.Resource == name {
		return []*api.Kind{k}
	}
	return nil
}

// usage is a namespace's use of each resource name, as quantities.
func usage(list lister, namespace string, names []string, now time.Time) api.ResourceList {
	out := api.ResourceList{}
	for _, name := range names {
		var total amount
		for _, k := range kindsFor(name) {
			for _, o := range list(k, namespace) {
				if a, ok := charge(o, name, now); ok {
					total = total.add(a)
				}
			}
		}
		out[name] = total.quantity()
	}
	return out
}

func hardNames(q *api.ResourceQuota) []string {
	names := make([]string, 0, len(q.Spec.Hard))
	for n := range q.Spec.Hard {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// prettyPrint is "name=value,…" sorted by name, as quota's messages print
// resource lists.
func prettyPrint(l api.ResourceList, names []string) string {
	parts := make([]string, 0, len(names))
	for _, n := range names {
		q := l[n]
		parts = append(parts, fmt.Sprintf("%s=%s", n, q.String()))
	}
	return strings.Join(parts, ",")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
