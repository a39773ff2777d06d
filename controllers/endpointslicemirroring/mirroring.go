// Package endpointslicemirroring is the EndpointSlice mirroring controller
// of kube-controller-manager (endpointslice-mirroring-controller). A
// Service without a selector gets no endpoints from the controllers: its
// owner writes the Endpoints by hand (an external database, say). This
// controller mirrors those hand-written Endpoints into EndpointSlices, so
// that whatever reads slices (kube-proxy, DNS) sees them too.
//
// As upstream (pkg/controller/endpointslicemirroring): the slices are
// named `<name>-<5 random>`, labelled kubernetes.io/service-name and
// endpointslice.kubernetes.io/managed-by:
// endpointslicemirroring-controller.k8s.io, carry the Endpoints' labels
// and annotations (but last-change-trigger-time and
// last-applied-configuration), and are owned by the Service. Each subset
// becomes one slice per address family; an address is an endpoint with
// ready true, a notReadyAddress one with ready false. Nothing is mirrored
// when the Service has a selector (the EndpointSlice controller manages
// its slices), when the Service does not exist, or when the Endpoints are
// labelled endpointslice.kubernetes.io/skip-mirror: "true" (the API
// server's own kubernetes Endpoints are). Not simulated: truncation past
// --mirroring-max-endpoints-per-subset (1000).
package endpointslicemirroring

import (
	"fmt"
	"net/netip"
	"reflect"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

const (
	// ManagedBy is the managed-by label's value on mirrored slices.
	ManagedBy = "endpointslicemirroring-controller.k8s.io"
	// LabelSkipMirror on Endpoints keeps them out of the mirror.
	LabelSkipMirror = "endpointslice.kubernetes.io/skip-mirror"
)

// notCopied are the Endpoints annotations a mirrored slice does not carry.
var notCopied = map[string]bool{
	"endpoints.kubernetes.io/last-change-trigger-time": true,
	"kubectl.kubernetes.io/last-applied-configuration": true,
}

// Reconciler is the EndpointSlice mirroring controller; a key is the
// namespace/name shared by a Service and its Endpoints.
type Reconciler struct {
	// services, endpoints and slices are the caches it observes; never
	// modify what they return.
	services  informer.Lister[*api.Service]
	endpoints informer.Lister[*api.Endpoints]
	slices    informer.Lister[*api.EndpointSlice]
}

// Register adds the mirroring controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		services:  informer.ListerFor[*api.Service](m.Informers),
		endpoints: informer.ListerFor[*api.Endpoints](m.Informers),
		slices:    informer.ListerFor[*api.EndpointSlice](m.Informers),
	}
	c := m.NewController("endpointslicemirroring", r, controller.Options{Component: "endpointslicemirroring-controller"})
	enqueue := informer.Handler{
		OnAdd:    c.EnqueueObject,
		OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) },
		OnDelete: func(o any) {
			if x := informer.DeletedObject(o); x != nil {
				c.EnqueueObject(x)
			}
		},
	}
	r.services.AddHandler(enqueue)
	r.endpoints.AddHandler(enqueue)
	enqueueOwner := func(s *api.EndpointSlice) {
		if s.Labels[api.LabelManagedBy] == ManagedBy {
			c.Enqueue(controller.Request{Namespace: s.Namespace, Name: s.Labels[api.LabelServiceName]})
		}
	}
	r.slices.AddTypedHandler(informer.HandlerFor[*api.EndpointSlice]{
		OnUpdate: func(_, s *api.EndpointSlice) { enqueueOwner(s) },
		OnDelete: enqueueOwner,
	})
	return c
}

// Reconcile makes the mirrored slices of one Endpoints match it.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	have := r.mirrored(req)
	var want []*api.EndpointSlice
	o, svcExists := r.services.Get(req.Namespace, req.Name)
	e, epExists := r.endpoints.Get(req.Namespace, req.Name)
	switch {
	case !svcExists:
		ctx.Observe("no Service %s: nothing to mirror", req)
	case len(o.Spec.Selector) > 0:
		ctx.Observe("Service %s has a selector: the endpointslice controller manages its slices", req)
	case !epExists:
		ctx.Observe("Service %s has no selector and no Endpoints", req)
	case e.GetObjectMeta().Labels[LabelSkipMirror] == "true":
		ctx.Observe("Endpoints %s are labelled %s=true", req, LabelSkipMirror)
	default:
		want = desired(o, e)
		ctx.Observe("Service %s has no selector; its Endpoints list %d address(es): slices wanted %d, existing %d", req, countEndpoints(want), len(want), len(have))
	}
	if len(want) == 0 && len(have) == 0 {
		return controller.Result{}, nil
	}
	var errs []error
	used := map[string]bool{}
	for _, w := range want {
		var match *api.EndpointSlice
		for _, h := range have {
			if !used[h.Name] && h.AddressType == w.AddressType && reflect.DeepEqual(h.Ports, w.Ports) {
				match = h
				break
			}
		}
		if match == nil {
			ctx.Diff("no mirrored slice for %s ports %s", w.AddressType, portsText(w.Ports))
			ctx.Why("the Endpoints of a Service without a selector are mirrored to EndpointSlices")
			if _, err := ctx.Create(w, fmt.Sprintf("mirrors %d endpoints", len(w.Endpoints))); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		used[match.Name] = true
		if reflect.DeepEqual(match.Endpoints, w.Endpoints) && reflect.DeepEqual(match.Labels, w.Labels) &&
			reflect.DeepEqual(match.Annotations, w.Annotations) {
			continue
		}
		ctx.Diff("slice %s lists %d endpoints, the Endpoints %d", match.Name, len(match.Endpoints), len(w.Endpoints))
		ctx.Why("a mirrored slice says what its Endpoints say")
		next := api.DeepCopy(match)
		next.Endpoints, next.Labels, next.Annotations = w.Endpoints, w.Labels, w.Annotations
		if _, err := ctx.Update(next, fmt.Sprintf("mirrors %d endpoints", len(w.Endpoints))); err != nil {
			errs = append(errs, err)
		}
	}
	for _, h := range have {
		if !used[h.Name] {
			ctx.Diff("slice %s mirrors nothing", h.Name)
			if err := ctx.Delete(h, store.DeleteOptions{}, "nothing to mirror"); err != nil && !api.IsNotFound(err) {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		return controller.Result{}, errs[0]
	}
	return controller.Result{}, nil
}

// mirrored lists the slices this controller keeps for the key, by name.
func (r *Reconciler) mirrored(req controller.Request) []*api.EndpointSlice {
	var out []*api.EndpointSlice
	for _, s := range r.slices.ByIndex(informer.IndexLabel, api.LabelServiceName+"="+req.Name) {
		if s.Namespace == req.Namespace && s.Labels[api.LabelManagedBy] == ManagedBy {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// desired is one slice per subset and address family.
func desired(svc *api.Service, ep *api.Endpoints) []*api.EndpointSlice {
	var out []*api.EndpointSlice
	for _, sub := range ep.Subsets {
		var ports []api.EndpointSlicePort
		for _, p := range sub.Ports {
			proto := p.Protocol
			if proto == "" {
				proto = "TCP"
			}
			ports = append(ports, api.EndpointSlicePort{Name: api.Ptr(p.Name), Port: api.Ptr(p.Port), Protocol: api.Ptr(proto), AppProtocol: p.AppProtocol})
		}
		byFamily := map[string][]api.Endpoint{}
		add := func(addrs []api.EndpointAddress, ready bool) {
			for _, a := range addrs {
				ip, err := netip.ParseAddr(a.IP)
				if err != nil {
					continue // upstream skips what is not an IP
				}
				family := "IPv4"
				if ip.Is6() && !ip.Is4In6() {
					family = "IPv6"
				}
				e := api.Endpoint{Addresses: []string{a.IP}, Conditions: api.EndpointConditions{Ready: api.Ptr(ready)},
					TargetRef: a.TargetRef, NodeName: a.NodeName}
				if a.Hostname != "" {
					e.Hostname = api.Ptr(a.Hostname)
				}
				byFamily[family] = append(byFamily[family], e)
			}
		}
		add(sub.Addresses, true)
		add(sub.NotReadyAddresses, false)
		for _, family := range []string{"IPv4", "IPv6"} {
			if eps := byFamily[family]; len(eps) > 0 {
				out = append(out, newSlice(svc, ep, family, ports, eps))
			}
		}
	}
	return out
}

func newSlice(svc *api.Service, ep *api.Endpoints, family string, ports []api.EndpointSlicePort, eps []api.Endpoint) *api.EndpointSlice {
	labels := map[string]string{}
	for k, v := range ep.Labels {
		labels[k] = v
	}
	labels[api.LabelServiceName] = ep.Name
	labels[api.LabelManagedBy] = ManagedBy
	var annotations map[string]string
	for k, v := range ep.Annotations {
		if notCopied[k] {
			continue
		}
		if annotations == nil {
			annotations = map[string]string{}
		}
		annotations[k] = v
	}
	return &api.EndpointSlice{
		ObjectMeta: api.ObjectMeta{GenerateName: ep.Name + "-", Namespace: ep.Namespace, Labels: labels, Annotations: annotations,
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(svc)}},
		AddressType: family,
		Endpoints:   eps,
		Ports:       ports,
	}
}

func portsText(ports []api.EndpointSlicePort) string {
	var parts []string
	for _, p := range ports {
		parts = append(parts, fmt.Sprintf("%s:%d/%s", api.Deref(p.Name, ""), api.Deref(p.Port, 0), api.Deref(p.Protocol, "")))
	}
	if len(parts) == 0 {
		return "(none)"
	}
	return strings.Join(parts, ",")
}

func countEndpoints(ss []*api.EndpointSlice) int {
	n := 0
	for _, s := range ss {
		n += len(s.Endpoints)
	}
	return n
}
