// Package endpointslice keeps each Service's EndpointSlices (discovery.k8s.io/v1):
// the same pods as its Endpoints, in slices named `<service>-<5 random>`,
// labelled kubernetes.io/service-name and managed-by
// endpointslice-controller.k8s.io, owned by the Service (the garbage
// collector removes them with it). Each endpoint carries conditions:
// ready (Ready and not terminating, or publishNotReadyAddresses), serving
// (Ready, even while terminating) and terminating. Cluster DNS reads these.
//
// Observe: the Service, the pods it selects and its slices. Diff: the
// endpoints per port mapping against the slices. Act: create, update or
// delete slices. A Service with a selector always has at least one slice,
// empty if no pod matches, as upstream's placeholder.
package endpointslice

import (
	"fmt"
	"reflect"
	"sort"

	"github.com/kubeloop/kubeloop/controllers/endpoints"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// MaxEndpointsPerSlice is kube-controller-manager's default.
const MaxEndpointsPerSlice = 100

// Reconciler is the EndpointSlice controller.
type Reconciler struct {
	// services, pods and slices are the caches it observes; never modify
	// what they return.
	services, pods, slices *informer.Informer
}

// Register adds the EndpointSlice controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		services: m.Informers.For(api.ResourceFor("services")),
		pods:     m.Informers.For(api.ResourceFor("pods")),
		slices:   m.Informers.For(api.ResourceFor("endpointslices")),
	}
	c := m.NewController("endpointslice", r, controller.Options{Component: "endpoint-slice-controller"})
	r.services.AddHandler(informer.Handler{
		OnAdd:    c.EnqueueObject,
		OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) },
		OnDelete: func(o any) {
			if svc := endpoints.ObjectOf(o); svc != nil {
				c.EnqueueObject(svc)
			}
		},
	})
	enqueueOwner := func(o api.Object) {
		if s, ok := o.(*api.EndpointSlice); ok && s.Labels[api.LabelManagedBy] == api.EndpointSliceOwner {
			c.Enqueue(controller.Request{Namespace: s.Namespace, Name: s.Labels[api.LabelServiceName]})
		}
	}
	r.slices.AddHandler(informer.Handler{
		OnUpdate: func(_, o api.Object) { enqueueOwner(o) },
		OnDelete: func(o any) {
			if s := endpoints.ObjectOf(o); s != nil {
				enqueueOwner(s)
			}
		},
	})
	endpoints.WatchPods(r.pods, r.services, c)
	return c
}

// Reconcile makes one Service's slices list the pods it selects.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	o, ok := r.services.Get(req.Namespace, req.Name)
	if !ok {
		// The garbage collector deletes the slices with their owner.
		ctx.Observe("Service %s is gone: its slices go with it (garbage collector)", req)
		return controller.Result{}, nil
	}
	svc := o.(*api.Service)
	if len(svc.Spec.Selector) == 0 {
		ctx.Observe("Service %s has no selector: no slices are managed for it", req)
		return controller.Result{}, nil
	}
	pods := endpoints.SelectedPods(r.pods, svc)
	want := desired(svc, pods)
	have := r.owned(svc)
	ctx.Observe("selector matches %d pods; %d endpoints in %d slices wanted, %d slices exist", len(pods), countEndpoints(want), len(want), len(have))

	var errs []error
	used := map[string]bool{}
	for _, w := range want {
		// Reuse the slice with the same ports, else any unused one.
		var match *api.EndpointSlice
		for _, h := range have {
			if !used[h.Name] && reflect.DeepEqual(h.Ports, w.Ports) {
				match = h
				break
			}
		}
		if match == nil {
			for _, h := range have {
				if !used[h.Name] {
					match = h
					break
				}
			}
		}
		if match == nil {
			ctx.Diff("no slice for ports %s", portsText(w.Ports))
			ctx.Why("every Service with a selector has its endpoints in slices")
			if _, err := ctx.Create(w, fmt.Sprintf("%d endpoints", len(w.Endpoints))); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		used[match.Name] = true
		if reflect.DeepEqual(match.Endpoints, w.Endpoints) && reflect.DeepEqual(match.Ports, w.Ports) &&
			reflect.DeepEqual(match.Labels, w.Labels) && match.AddressType == w.AddressType {
			continue
		}
		ctx.Diff("slice %s lists %d endpoints, should list %d (%d ready)", match.Name, len(match.Endpoints), len(w.Endpoints), countReady(w.Endpoints))
		ctx.Why("an endpoint is ready when its pod is Ready and not terminating")
		next := api.DeepCopy(match)
		next.Endpoints, next.Ports, next.Labels, next.AddressType = w.Endpoints, w.Ports, w.Labels, w.AddressType
		if _, err := ctx.Update(next, fmt.Sprintf("%d endpoints", len(w.Endpoints))); err != nil {
			errs = append(errs, err)
		}
	}
	for _, h := range have {
		if !used[h.Name] {
			ctx.Diff("slice %s is not needed", h.Name)
			if err := ctx.Delete(h, store.DeleteOptions{}, "not needed"); err != nil && !api.IsNotFound(err) {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		ctx.Event(svc, controller.EventWarning, "FailedToUpdateEndpointSlices", "Error updating Endpoint Slices for Service %s: %v", req, errs[0])
		return controller.Result{}, errs[0]
	}
	return controller.Result{}, nil
}

// owned lists the slices this controller manages for svc, by name.
func (r *Reconciler) owned(svc *api.Service) []*api.EndpointSlice {
	var out []*api.EndpointSlice
	for _, o := range r.slices.ByIndex(informer.IndexLabel, api.LabelServiceName+"="+svc.Name) {
		s := o.(*api.EndpointSlice)
		if s.Namespace == svc.Namespace && s.Labels[api.LabelManagedBy] == api.EndpointSliceOwner {
			out = append(out, s)
		}
	}
	return out
}

// desired builds the slices for svc: one per distinct port mapping, at
// most MaxEndpointsPerSlice endpoints each, endpoints in pod-name order.
func desired(svc *api.Service, pods []*api.Pod) []*api.EndpointSlice {
	type group struct {
		ports     []api.EndpointSlicePort
		endpoints []api.Endpoint
	}
	groups := map[string]*group{}
	var keys []string
	for _, p := range pods {
		if !endpoints.IsEndpoint(p, true) {
			continue
		}
		var ports []api.EndpointSlicePort
		for _, sp := range svc.Spec.Ports {
			if n, ok := endpoints.TargetPort(p, sp); ok {
				ports = append(ports, api.EndpointSlicePort{Name: api.Ptr(sp.Name), Port: api.Ptr(n), Protocol: api.Ptr(sp.Protocol)})
			}
		}
		if len(svc.Spec.Ports) > 0 && len(ports) == 0 {
			continue
		}
		key := portsText(ports)
		g := groups[key]
		if g == nil {
			g = &group{ports: ports}
			groups[key] = g
			keys = append(keys, key)
		}
		terminating := p.DeletionTimestamp != nil
		ready := api.IsPodReady(p)
		ep := api.Endpoint{
			Addresses: []string{p.Status.PodIP},
			Conditions: api.EndpointConditions{
				Ready:       api.Ptr(ready && !terminating || svc.Spec.PublishNotReadyAddresses),
				Serving:     api.Ptr(ready),
				Terminating: api.Ptr(terminating),
			},
			TargetRef: endpoints.PodRef(p),
		}
		if h := endpoints.Hostname(p, svc); h != "" {
			ep.Hostname = api.Ptr(h)
		}
		if p.Spec.NodeName != "" {
			ep.NodeName = api.Ptr(p.Spec.NodeName)
		}
		g.endpoints = append(g.endpoints, ep)
	}
	sort.Strings(keys)
	var out []*api.EndpointSlice
	for _, k := range keys {
		g := groups[k]
		for start := 0; start < len(g.endpoints); start += MaxEndpointsPerSlice {
			end := min(start+MaxEndpointsPerSlice, len(g.endpoints))
			out = append(out, newSlice(svc, g.ports, g.endpoints[start:end]))
		}
	}
	if len(out) == 0 {
		// The placeholder: a Service with no endpoints still has a slice.
		var ports []api.EndpointSlicePort
		out = append(out, newSlice(svc, ports, nil))
	}
	return out
}

func newSlice(svc *api.Service, ports []api.EndpointSlicePort, eps []api.Endpoint) *api.EndpointSlice {
	labels := map[string]string{}
	for k, v := range svc.Labels {
		labels[k] = v
	}
	labels[api.LabelServiceName] = svc.Name
	labels[api.LabelManagedBy] = api.EndpointSliceOwner
	if svc.IsHeadless() {
		labels[endpoints.LabelHeadless] = ""
	}
	return &api.EndpointSlice{
		ObjectMeta: api.ObjectMeta{GenerateName: svc.Name + "-", Namespace: svc.Namespace, Labels: labels,
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(svc)}},
		AddressType: "IPv4",
		Endpoints:   eps,
		Ports:       ports,
	}
}

func portsText(ports []api.EndpointSlicePort) string {
	s := ""
	for _, p := range ports {
		s += fmt.Sprintf("%s:%d/%s,", api.Deref(p.Name, ""), api.Deref(p.Port, 0), api.Deref(p.Protocol, ""))
	}
	if s == "" {
		return "(none)"
	}
	return s[:len(s)-1]
}

func countEndpoints(ss []*api.EndpointSlice) int {
	n := 0
	for _, s := range ss {
		n += len(s.Endpoints)
	}
	return n
}

func countReady(eps []api.Endpoint) int {
	n := 0
	for _, e := range eps {
		if api.Deref(e.Conditions.Ready, false) {
			n++
		}
	}
	return n
}
