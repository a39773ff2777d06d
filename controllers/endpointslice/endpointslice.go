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
// delete slices — as few as upstream would: an endpoint stays in the slice
// that holds it, and new ones fill slices with room (placement.go). A Service with a selector always has at least one slice,
// empty if no pod matches, as upstream's placeholder.
package endpointslice

import (
	"fmt"

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
	services informer.Lister[*api.Service]
	pods     informer.Lister[*api.Pod]
	slices   informer.Lister[*api.EndpointSlice]
}

// Register adds the EndpointSlice controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		services: informer.ListerFor[*api.Service](m.Informers),
		pods:     informer.ListerFor[*api.Pod](m.Informers),
		slices:   informer.ListerFor[*api.EndpointSlice](m.Informers),
	}
	c := m.NewController("endpointslice", r, controller.Options{Component: "endpoint-slice-controller"})
	r.services.AddTypedHandler(informer.HandlerFor[*api.Service]{
		OnAdd:    func(svc *api.Service) { c.EnqueueObject(svc) },
		OnUpdate: func(_, svc *api.Service) { c.EnqueueObject(svc) },
		OnDelete: func(svc *api.Service) { c.EnqueueObject(svc) },
	})
	enqueueOwner := func(s *api.EndpointSlice) {
		if s.Labels[api.LabelManagedBy] == api.EndpointSliceOwner {
			c.Enqueue(controller.Request{Namespace: s.Namespace, Name: s.Labels[api.LabelServiceName]})
		}
	}
	r.slices.AddTypedHandler(informer.HandlerFor[*api.EndpointSlice]{
		OnUpdate: func(_, s *api.EndpointSlice) { enqueueOwner(s) },
		OnDelete: enqueueOwner,
	})
	endpoints.WatchPods(r.pods, r.services, c)
	return c
}

// Reconcile makes one Service's slices list the pods it selects.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	svc, ok := r.services.Get(req.Namespace, req.Name)
	if !ok {
		// The garbage collector deletes the slices with their owner.
		ctx.Observe("Service %s is gone: its slices go with it (garbage collector)", req)
		return controller.Result{}, nil
	}
	if len(svc.Spec.Selector) == 0 {
		ctx.Observe("Service %s has no selector: no slices are managed for it", req)
		return controller.Result{}, nil
	}
	pods := endpoints.SelectedPods(r.pods, svc)
	have := r.owned(svc)
	want := desiredGroups(svc, pods, have)
	n := 0
	for _, g := range want {
		n += len(g.endpoints)
	}
	ctx.Observe("selector matches %d pod(s): %d endpoint(s) in %d port mapping(s); existing slices: %d", len(pods), n, len(want), len(have))
	p := place(svc, want, have, MaxEndpointsPerSlice)
	if len(p.create)+len(p.update)+len(p.delete) > 0 {
		ctx.Why("endpoints stay in the slice that holds them; new ones fill slices being rewritten anyway, then new slices of at most %d", MaxEndpointsPerSlice)
	}
	var errs []error
	for _, s := range p.create {
		ctx.Diff("no slice for %d endpoints (ports %s)", len(s.Endpoints), portsKey(s.Ports))
		if _, err := ctx.Create(s, endpointsDetail(len(s.Endpoints))); err != nil {
			errs = append(errs, err)
		}
	}
	for _, s := range p.update {
		if len(s.Endpoints) == 1 {
			ctx.Diff("slice %s: 1 endpoint (%d ready)", s.Name, countReady(s.Endpoints))
		} else {
			ctx.Diff("slice %s: %d endpoints (%d ready)", s.Name, len(s.Endpoints), countReady(s.Endpoints))
		}
		if _, err := ctx.Update(s, endpointsDetail(len(s.Endpoints))); err != nil {
			errs = append(errs, err)
		}
	}
	for _, s := range p.delete {
		ctx.Diff("slice %s is not needed", s.Name)
		if err := ctx.Delete(s, store.DeleteOptions{}, "not needed"); err != nil && !api.IsNotFound(err) {
			errs = append(errs, err)
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
	for _, s := range r.slices.ByIndex(informer.IndexLabel, api.LabelServiceName+"="+svc.Name) {
		if s.Namespace == svc.Namespace && s.Labels[api.LabelManagedBy] == api.EndpointSliceOwner {
			out = append(out, s)
		}
	}
	return out
}

func newSlice(svc *api.Service, ports []api.EndpointSlicePort, labels map[string]string, eps ...api.Endpoint) *api.EndpointSlice {
	return &api.EndpointSlice{
		ObjectMeta: api.ObjectMeta{GenerateName: svc.Name + "-", Namespace: svc.Namespace, Labels: labels,
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(svc)}},
		AddressType: "IPv4",
		Endpoints:   eps,
		Ports:       ports,
	}
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

// endpointsDetail is a slice's write as the trace shows it: how many
// endpoints it lists.
func endpointsDetail(n int) string {
	if n == 1 {
		return "1 endpoint"
	}
	return fmt.Sprintf("%d endpoints", n)
}
