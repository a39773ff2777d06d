package endpointslice

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/controllers/endpoints"
	"github.com/kubeloop/kubeloop/core/api"
)

// portGroup is the endpoints one port mapping wants: the pods whose
// Service ports resolve to the same container ports, in pod-name order.
type portGroup struct {
	key       string // portsKey(ports)
	ports     []api.EndpointSlicePort
	resolved  []resolvedPort // what ports were made from
	endpoints []api.Endpoint
	// held is, for each endpoint, where the slices already hold it (the
	// same address and pod), or the zero slot.
	held []slot
}

// resolvedPort is a Service port (its index) resolved on a pod.
type resolvedPort struct {
	index  int
	target int32
}

// slot is a place in the existing slices: endpoint j of slice s (nil:
// none).
type slot struct {
	s *api.EndpointSlice
	j int
}

// desiredGroups is the endpoints svc wants, grouped by port mapping in key
// order, with where the slices in have already hold each. An endpoint held
// as the pod would make it is taken from there rather than built again
// (endpointFacts.is).
func desiredGroups(svc *api.Service, pods []*api.Pod, have []*api.EndpointSlice) []*portGroup {
	held := map[epKey]slot{}
	for _, h := range have {
		for j := range h.Endpoints {
			held[keyOf(&h.Endpoints[j])] = slot{h, j}
		}
	}
	var groups []*portGroup
	var resolved []resolvedPort
	for _, p := range pods {
		if !endpoints.IsEndpoint(p, true) {
			continue
		}
		resolved = resolved[:0]
		for i, sp := range svc.Spec.Ports {
			if n, ok := endpoints.TargetPort(p, sp); ok {
				resolved = append(resolved, resolvedPort{i, n})
			}
		}
		if len(svc.Spec.Ports) > 0 && len(resolved) == 0 {
			continue
		}
		g := groupFor(&groups, svc, resolved)
		at := held[epKey{addr: p.Status.PodIP, name: p.Name}]
		f := factsOf(svc, p)
		if at.s != nil && f.is(&at.s.Endpoints[at.j]) {
			g.endpoints = append(g.endpoints, at.s.Endpoints[at.j])
		} else {
			g.endpoints = append(g.endpoints, f.endpoint())
		}
		g.held = append(g.held, at)
	}
	slices.SortFunc(groups, func(a, b *portGroup) int { return strings.Compare(a.key, b.key) })
	return groups
}

// groupFor finds the group of a port mapping, or adds it: there are few
// (one, unless pods name their ports differently), so by comparison.
func groupFor(groups *[]*portGroup, svc *api.Service, resolved []resolvedPort) *portGroup {
	for _, g := range *groups {
		if slices.Equal(g.resolved, resolved) {
			return g
		}
	}
	g := &portGroup{resolved: slices.Clone(resolved)}
	for _, r := range resolved {
		sp := svc.Spec.Ports[r.index]
		g.ports = append(g.ports, api.EndpointSlicePort{Name: api.Ptr(sp.Name), Port: api.Ptr(r.target), Protocol: api.Ptr(sp.Protocol)})
	}
	g.key = portsKey(g.ports)
	*groups = append(*groups, g)
	return g
}

// endpointFacts is what an endpoint says of its pod: built into a new
// endpoint, or compared with one the slices hold.
type endpointFacts struct {
	ready, serving, terminating bool
	ip, hostname, nodeName      string
	ref                         *api.ObjectReference
}

// factsOf is pod p as an endpoint of svc.
func factsOf(svc *api.Service, p *api.Pod) endpointFacts {
	terminating := p.DeletionTimestamp != nil
	ready := api.IsPodReady(p)
	return endpointFacts{ready: ready && !terminating || svc.Spec.PublishNotReadyAddresses, serving: ready, terminating: terminating,
		ip: p.Status.PodIP, hostname: endpoints.Hostname(p, svc), nodeName: p.Spec.NodeName, ref: endpoints.PodRef(p)}
}

// endpoint builds the endpoint.
func (f endpointFacts) endpoint() api.Endpoint {
	ep := api.Endpoint{
		Addresses: []string{f.ip},
		Conditions: api.EndpointConditions{
			Ready:       api.Ptr(f.ready),
			Serving:     api.Ptr(f.serving),
			Terminating: api.Ptr(f.terminating),
		},
		TargetRef: f.ref,
	}
	if f.hostname != "" {
		ep.Hostname = api.Ptr(f.hostname)
	}
	if f.nodeName != "" {
		ep.NodeName = api.Ptr(f.nodeName)
	}
	return ep
}

// is reports whether ep is what endpoint() would build — without building
// it: at 10,000 pods a sync built 50,000 small objects to find a handful
// changed.
func (f endpointFacts) is(ep *api.Endpoint) bool {
	b := func(p *bool, v bool) bool { return p != nil && *p == v }
	str := func(p *string, v string) bool { return v == "" && p == nil || p != nil && *p == v }
	c := ep.Conditions
	return b(c.Ready, f.ready) && b(c.Serving, f.serving) && b(c.Terminating, f.terminating) &&
		len(ep.Addresses) == 1 && ep.Addresses[0] == f.ip && str(ep.Hostname, f.hostname) && str(ep.NodeName, f.nodeName) &&
		ep.Zone == nil && ep.TargetRef != nil && *ep.TargetRef == *f.ref
}

// portsKey names a port mapping: "web:8080/TCP,metrics:9090/TCP", or
// "(none)" for none (the placeholder's). The same ports, the same key.
func portsKey(ports []api.EndpointSlicePort) string {
	if len(ports) == 0 {
		return "(none)"
	}
	var b strings.Builder
	for i, p := range ports {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(api.Deref(p.Name, ""))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(int(api.Deref(p.Port, 0))))
		b.WriteByte('/')
		b.WriteString(api.Deref(p.Protocol, ""))
	}
	return b.String()
}

// epKey is what makes an endpoint the same endpoint from one sync to the
// next, as upstream hashes it: its address and its pod (and its hostname,
// which upstream hashes too, but a pod's cannot change). A pod that comes
// back with another IP is another endpoint.
type epKey struct {
	addr, name string
}

func keyOf(ep *api.Endpoint) epKey {
	k := epKey{addr: strings.Join(ep.Addresses, ",")}
	if r := ep.TargetRef; r != nil {
		k.name = r.Name
	}
	return k
}

// sameEndpoint reports whether two endpoints with the same key say the same
// — else the slice holding the old one is updated.
func sameEndpoint(a, b *api.Endpoint) bool {
	eq := func(x, y *bool) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	eqs := func(x, y *string) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	c, d := a.Conditions, b.Conditions
	if !eq(c.Ready, d.Ready) || !eq(c.Serving, d.Serving) || !eq(c.Terminating, d.Terminating) ||
		!eqs(a.NodeName, b.NodeName) || !eqs(a.Zone, b.Zone) || !eqs(a.Hostname, b.Hostname) {
		return false
	}
	if (a.TargetRef == nil) != (b.TargetRef == nil) {
		return false
	}
	return a.TargetRef == nil || *a.TargetRef == *b.TargetRef
}
