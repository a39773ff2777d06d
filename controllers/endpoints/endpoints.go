// Package endpoints keeps each Service's Endpoints object — same name,
// same namespace — listing the pods its selector matches: ready pods under
// addresses, the others under notReadyAddresses (or all under addresses
// when the Service sets publishNotReadyAddresses), each with its IP, node,
// targetRef and, for a headless Service's StatefulSet pods, its hostname.
//
// Observe: the Service and the pods it selects. Diff: the Endpoints as
// they should read against the stored ones. Act: create, update or (when
// the Service is gone) delete the Endpoints. A Service without a selector
// is left alone: its Endpoints are written by hand.
//
// The helpers in pods.go are shared with the EndpointSlice controller.
package endpoints

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// LabelHeadless marks the Endpoints and EndpointSlices of headless Services.
const LabelHeadless = "service.kubernetes.io/headless"

// Reconciler is the Endpoints controller.
type Reconciler struct {
	// services, pods and endpoints are the caches it observes; never
	// modify what they return.
	services  informer.Lister[*api.Service]
	pods      informer.Lister[*api.Pod]
	endpoints informer.Lister[*api.Endpoints]
}

// Register adds the Endpoints controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		services:  informer.ListerFor[*api.Service](m.Informers),
		pods:      informer.ListerFor[*api.Pod](m.Informers),
		endpoints: informer.ListerFor[*api.Endpoints](m.Informers),
	}
	c := m.NewController("endpoints", r, controller.Options{Component: "endpoint-controller"})
	r.services.AddTypedHandler(informer.HandlerFor[*api.Service]{
		OnAdd:    func(svc *api.Service) { c.EnqueueObject(svc) },
		OnUpdate: func(_, svc *api.Service) { c.EnqueueObject(svc) },
		OnDelete: func(svc *api.Service) { c.EnqueueObject(svc) },
	})
	// A changed or deleted Endpoints object is put back as it should be.
	r.endpoints.AddTypedHandler(informer.HandlerFor[*api.Endpoints]{
		OnUpdate: func(_, ep *api.Endpoints) { c.EnqueueObject(ep) },
		OnDelete: func(ep *api.Endpoints) { c.EnqueueObject(ep) },
	})
	WatchPods(r.pods, r.services, c)
	return c
}

// Reconcile makes one Service's Endpoints list the pods it selects.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	svc, ok := r.services.Get(req.Namespace, req.Name)
	ep, exists := r.endpoints.Get(req.Namespace, req.Name)
	if !ok {
		if !exists {
			return controller.Result{}, nil
		}
		ctx.Observe("Service %s is gone, its Endpoints remain", req)
		ctx.Why("Endpoints live as long as their Service")
		err := ctx.Delete(ep, store.DeleteOptions{}, "Service deleted")
		if api.IsNotFound(err) {
			err = nil
		}
		return controller.Result{}, err
	}
	if len(svc.Spec.Selector) == 0 {
		ctx.Observe("Service %s has no selector: its Endpoints are managed by hand", req)
		return controller.Result{}, nil
	}
	pods := SelectedPods(r.pods, svc)
	want := r.desired(svc, pods)
	ready, notReady := countAddresses(want.Subsets)
	if len(pods) == 1 {
		ctx.Observe("selector %s matches 1 pod: %d ready, %d not ready", labelString(svc.Spec.Selector), ready, notReady)
	} else {
		ctx.Observe("selector %s matches %d pods: %d ready, %d not ready", labelString(svc.Spec.Selector), len(pods), ready, notReady)
	}
	if truncate(want.Subsets) {
		want.Annotations = map[string]string{OverCapacityAnnotation: "truncated"}
		ready, notReady = countAddresses(want.Subsets)
		ctx.Why("an Endpoints object lists at most %d addresses, ready ones first: %d ready, %d not ready kept (the EndpointSlices list them all)", MaxCapacity, ready, notReady)
	}
	if !exists {
		ctx.Diff("no Endpoints %s", req)
		ctx.Why("every Service with a selector has an Endpoints object of the same name")
		_, err := ctx.Create(want, fmt.Sprintf("%d ready, %d not ready", ready, notReady))
		if err != nil && !api.IsAlreadyExists(err) {
			ctx.Event(svc, controller.EventWarning, "FailedToCreateEndpoint", "Failed to create endpoint for service %s: %v", req, err)
			return controller.Result{}, err
		}
		return controller.Result{}, nil
	}
	if reflect.DeepEqual(ep.Subsets, want.Subsets) && reflect.DeepEqual(ep.Labels, want.Labels) &&
		ep.Annotations[OverCapacityAnnotation] == want.Annotations[OverCapacityAnnotation] {
		return controller.Result{}, nil
	}
	ctx.Diff("Endpoints list %s, should list %s", describe(ep.Subsets), describe(want.Subsets))
	ctx.Why("ready pods are addresses, the others notReadyAddresses")
	next := api.DeepCopy(ep)
	next.Subsets, next.Labels = want.Subsets, want.Labels
	// The over-capacity mark is the controller's; other annotations stay.
	if v, ok := want.Annotations[OverCapacityAnnotation]; ok {
		if next.Annotations == nil {
			next.Annotations = map[string]string{}
		}
		next.Annotations[OverCapacityAnnotation] = v
	} else {
		delete(next.Annotations, OverCapacityAnnotation)
	}
	if _, err := ctx.Update(next, fmt.Sprintf("%d ready, %d not ready", ready, notReady)); err != nil {
		ctx.Event(svc, controller.EventWarning, "FailedToUpdateEndpoint", "Failed to update endpoint %s: %v", req, err)
		return controller.Result{}, err
	}
	return controller.Result{}, nil
}

// desired builds the Endpoints for svc from its pods: one subset per
// distinct set of resolved ports, addresses sorted by IP.
func (r *Reconciler) desired(svc *api.Service, pods []*api.Pod) *api.Endpoints {
	ep := &api.Endpoints{ObjectMeta: api.ObjectMeta{Name: svc.Name, Namespace: svc.Namespace, Labels: Labels(svc)}}
	type group struct {
		ports           []api.EndpointPort
		ready, notReady []api.EndpointAddress
	}
	groups := map[string]*group{}
	var keys []string
	for _, p := range pods {
		if !IsEndpoint(p, svc.Spec.PublishNotReadyAddresses) {
			continue
		}
		var ports []api.EndpointPort
		for _, sp := range svc.Spec.Ports {
			if n, ok := TargetPort(p, sp); ok {
				ports = append(ports, api.EndpointPort{Name: sp.Name, Port: n, Protocol: sp.Protocol})
			}
		}
		if len(svc.Spec.Ports) > 0 && len(ports) == 0 {
			continue // no port of the Service resolves on this pod
		}
		sort.Slice(ports, func(i, j int) bool { return ports[i].Name < ports[j].Name })
		key := portsKey(ports)
		g := groups[key]
		if g == nil {
			g = &group{ports: ports}
			groups[key] = g
			keys = append(keys, key)
		}
		addr := api.EndpointAddress{IP: p.Status.PodIP, Hostname: Hostname(p, svc), TargetRef: PodRef(p)}
		if p.Spec.NodeName != "" {
			addr.NodeName = api.Ptr(p.Spec.NodeName)
		}
		if api.IsPodReady(p) && p.DeletionTimestamp == nil || svc.Spec.PublishNotReadyAddresses {
			g.ready = append(g.ready, addr)
		} else {
			g.notReady = append(g.notReady, addr)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		g := groups[k]
		byIP(g.ready)
		byIP(g.notReady)
		ep.Subsets = append(ep.Subsets, api.EndpointSubset{Addresses: g.ready, NotReadyAddresses: g.notReady, Ports: g.ports})
	}
	return ep
}

// Labels are the labels the Endpoints and EndpointSlices of svc carry from
// it: its own, plus the headless mark; nil for none. A new map each call.
func Labels(svc *api.Service) map[string]string {
	l := map[string]string{}
	for k, v := range svc.Labels {
		l[k] = v
	}
	if svc.IsHeadless() {
		l[LabelHeadless] = ""
	}
	if len(l) == 0 {
		return nil
	}
	return l
}

func byIP(a []api.EndpointAddress) {
	sort.Slice(a, func(i, j int) bool { return a[i].IP < a[j].IP })
}

func countAddresses(ss []api.EndpointSubset) (ready, notReady int) {
	for _, s := range ss {
		ready += len(s.Addresses)
		notReady += len(s.NotReadyAddresses)
	}
	return
}

// describe sums subsets up for the trace: "[10.244.1.2, 10.244.2.2] (not
// ready: 10.244.3.2)", at most describeIPs addresses of each kind named.
func describe(ss []api.EndpointSubset) string {
	var ready, notReady []string
	for _, s := range ss {
		for _, a := range s.Addresses {
			ready = append(ready, a.IP)
		}
		for _, a := range s.NotReadyAddresses {
			notReady = append(notReady, a.IP)
		}
	}
	out := "[" + ipList(ready) + "]"
	if len(notReady) > 0 {
		out += " (not ready: " + ipList(notReady) + ")"
	}
	return out
}

// describeIPs bounds the addresses a trace line names: at 10,000 pods each
// Endpoints update wrote 300 KB of addresses into the trace, which keeps
// ten thousand entries.
const describeIPs = 10

func ipList(ips []string) string {
	if len(ips) <= describeIPs {
		return strings.Join(ips, ", ")
	}
	return strings.Join(ips[:describeIPs], ", ") + fmt.Sprintf(", … %d more", len(ips)-describeIPs)
}

// portsKey names a sorted port list, the same ports the same key.
func portsKey(ports []api.EndpointPort) string {
	var b strings.Builder
	for _, p := range ports {
		b.WriteString(p.Name)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(int(p.Port)))
		b.WriteByte('/')
		b.WriteString(p.Protocol)
		b.WriteByte(',')
	}
	return b.String()
}

func labelString(m map[string]string) string {
	return api.SelectorFromSet(m).String()
}
