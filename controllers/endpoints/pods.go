package endpoints

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// This file holds what the Endpoints and EndpointSlice controllers share:
// which pods a Service selects, which of them are endpoints, their
// hostnames and ports, and which pod changes matter to them.

// SelectedPods returns the pods of svc's namespace that its selector
// matches, by name. A Service without a selector selects nothing: its
// endpoints are the user's to write.
func SelectedPods(pods informer.Lister[*api.Pod], svc *api.Service) []*api.Pod {
	if len(svc.Spec.Selector) == 0 {
		return nil
	}
	sel := api.SelectorFromSet(svc.Spec.Selector)
	var out []*api.Pod
	for _, p := range pods.List(svc.Namespace) {
		if sel.Matches(p.Labels) {
			out = append(out, p)
		}
	}
	return out
}

// IsEndpoint reports whether a pod can be an endpoint at all: it has an IP
// and has not finished. terminatingOK admits pods being deleted (the
// EndpointSlice controller keeps them, marked terminating).
func IsEndpoint(p *api.Pod, terminatingOK bool) bool {
	if p.Status.PodIP == "" || p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
		return false
	}
	return terminatingOK || p.DeletionTimestamp == nil
}

// Hostname is the DNS hostname an endpoint gets: the pod's spec.hostname,
// when its spec.subdomain names this Service (a StatefulSet's pods and
// their serviceName) — what makes web-0.nginx resolve.
func Hostname(p *api.Pod, svc *api.Service) string {
	if p.Spec.Hostname != "" && p.Spec.Subdomain == svc.Name && p.Namespace == svc.Namespace {
		return p.Spec.Hostname
	}
	return ""
}

// TargetPort resolves a Service port's targetPort on a pod: a number as
// is, a name through the pod's container ports. ok is false when the pod
// has no container port of that name (and protocol).
func TargetPort(p *api.Pod, sp api.ServicePort) (port int32, ok bool) {
	if !sp.TargetPort.IsString {
		return sp.TargetPort.IntVal, true
	}
	for _, c := range p.Spec.Containers {
		for _, cp := range c.Ports {
			if cp.Name == sp.TargetPort.StrVal && (cp.Protocol == sp.Protocol || cp.Protocol == "" && sp.Protocol == "TCP") {
				return cp.ContainerPort, true
			}
		}
	}
	return 0, false
}

// PodRef is an endpoint's targetRef.
func PodRef(p *api.Pod) *api.ObjectReference {
	return &api.ObjectReference{Kind: "Pod", Namespace: p.Namespace, Name: p.Name, UID: p.UID}
}

// servicesFor returns the Services in p's namespace whose selector matches
// p's labels.
// It walks the namespace's index in place, not a List of it: three
// controllers ask this for every relevant pod event.
func servicesFor(services informer.Lister[*api.Service], p *api.Pod) []*api.Service {
	var out []*api.Service
	services.EachSortedByIndex(informer.IndexNamespace, p.Namespace, func(svc *api.Service) {
		if len(svc.Spec.Selector) > 0 && api.SelectorFromSet(svc.Spec.Selector).Matches(p.Labels) {
			out = append(out, svc)
		}
	})
	return out
}

// relevant reports whether a pod update can change any endpoint: its IP,
// readiness, labels, deletion, phase, node, hostname or ports. Status
// churn that changes none of these (a probe's timestamp) wakes no one.
func relevant(old, p *api.Pod) bool {
	return old.Status.PodIP != p.Status.PodIP || api.IsPodReady(old) != api.IsPodReady(p) ||
		!sameLabels(old.Labels, p.Labels) || (old.DeletionTimestamp == nil) != (p.DeletionTimestamp == nil) ||
		old.Status.Phase != p.Status.Phase || old.Spec.NodeName != p.Spec.NodeName ||
		old.Spec.Hostname != p.Spec.Hostname || old.Spec.Subdomain != p.Spec.Subdomain
}

// sameLabels is api.Equal for two label maps (nil equals only nil),
// without its reflective comparer lookup: three controllers ask it of every
// pod update, so it takes api.SameLabels' shortcut for a shared map.
func sameLabels(a, b map[string]string) bool {
	return (a == nil) == (b == nil) && api.SameLabels(a, b)
}

// WatchPods enqueues, for each pod change that matters, every Service that
// selected the pod before or selects it after.
func WatchPods(pods informer.Lister[*api.Pod], services informer.Lister[*api.Service], c *controller.Controller) {
	enqueue := func(p *api.Pod) {
		for _, svc := range servicesFor(services, p) {
			c.EnqueueObject(svc)
		}
	}
	pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd: enqueue,
		OnUpdate: func(op, p *api.Pod) {
			if !relevant(op, p) {
				return
			}
			enqueue(op)
			if !sameLabels(op.Labels, p.Labels) {
				enqueue(p)
			}
		},
		OnDelete: enqueue,
	})
}
