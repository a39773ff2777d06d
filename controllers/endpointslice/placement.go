package endpointslice

import (
	"maps"
	"slices"
	"sort"

	"github.com/kubeloop/kubeloop/controllers/endpoints"
	"github.com/kubeloop/kubeloop/core/api"
)

// plan is what one sync writes: slices to create, update and delete.
type plan struct {
	create, update, delete []*api.EndpointSlice
}

// place decides where each wanted endpoint goes, as upstream's reconciler
// does, so that a pod coming or going rewrites one slice and not every
// slice after it:
//
//  1. An existing slice keeps the endpoints still wanted, where they are,
//     each as it is now; it drops the others. One that changed is updated,
//     one left empty is deleted; a slice whose port mapping no longer
//     exists is deleted whole.
//  2. New endpoints fill the slices being updated anyway, fullest first.
//  3. Those left go, if fewer than a slice holds, into the unchanged slice
//     with the most endpoints that has room for all of them; otherwise into
//     new slices of up to max endpoints each.
//  4. A delete and a create of the same service become an update of the
//     slice that would have been deleted (fewer writes, same result).
//  5. A service with no endpoints keeps one empty placeholder slice.
//
// Upstream takes new endpoints from a set in no particular order; here
// they go in pod-name order, so the same history gives the same slices.
func place(svc *api.Service, want []*portGroup, have []*api.EndpointSlice, max int) plan {
	var p plan
	labels := sliceLabels(svc)
	byKey := map[string][]*api.EndpointSlice{}
	for _, h := range have {
		k := portsKey(h.Ports)
		byKey[k] = append(byKey[k], h)
	}
	wanted := map[string]bool{}
	for _, g := range want {
		wanted[g.key] = true
		p.placeGroup(svc, g, byKey[g.key], labels, max)
	}
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		if !wanted[k] {
			p.delete = append(p.delete, byKey[k]...)
		}
	}
	if len(p.delete) == len(have) && len(p.create) == 0 {
		// No slice would be left: the placeholder, kept if it is the one
		// slice there is.
		if len(p.delete) == 1 && len(p.delete[0].Endpoints) == 0 && len(p.delete[0].Ports) == 0 && maps.Equal(p.delete[0].Labels, labels) {
			p.delete = nil
		} else {
			p.create = append(p.create, newSlice(svc, nil, labels))
		}
	}
	// 4: the last slice to create takes the name of a slice to delete.
	for len(p.create) > 0 && len(p.delete) > 0 {
		c, d := p.create[len(p.create)-1], p.delete[0]
		next := api.DeepCopy(d)
		next.Endpoints, next.Ports, next.Labels, next.AddressType = c.Endpoints, c.Ports, c.Labels, c.AddressType
		p.update = append(p.update, next)
		p.create, p.delete = p.create[:len(p.create)-1], p.delete[1:]
	}
	return p
}

// placeGroup places one port mapping's endpoints among its existing slices
// (steps 1 to 3 of place).
func (p *plan) placeGroup(svc *api.Service, g *portGroup, existing []*api.EndpointSlice, labels map[string]string, max int) {
	// want[s][j]: the position in g of existing slice s's endpoint j, or -1.
	want := map[*api.EndpointSlice][]int{}
	for _, h := range existing {
		w := make([]int, len(h.Endpoints))
		for j := range w {
			w[j] = -1
		}
		want[h] = w
	}
	for i, at := range g.held {
		if w, ok := want[at.s]; ok { // not when the slice is another mapping's
			w[at.j] = i
		}
	}
	placed := make([]bool, len(g.endpoints))
	var updating, unchanged []*api.EndpointSlice
	for _, h := range existing {
		kept := make([]api.Endpoint, 0, len(h.Endpoints))
		changed := false
		for j, i := range want[h] {
			if i < 0 || placed[i] {
				continue // no longer wanted here (or twice in the slices)
			}
			placed[i] = true
			kept = append(kept, g.endpoints[i])
			changed = changed || !sameEndpoint(&h.Endpoints[j], &g.endpoints[i])
		}
		switch {
		case len(kept) == 0:
			p.delete = append(p.delete, h)
		case changed || len(kept) != len(h.Endpoints) || !maps.Equal(h.Labels, labels):
			next := api.DeepCopy(h)
			next.Endpoints, next.Labels = kept, labels
			updating = append(updating, next)
		default:
			unchanged = append(unchanged, h)
		}
	}
	var rest []api.Endpoint
	for i, ep := range g.endpoints {
		if !placed[i] {
			rest = append(rest, ep)
		}
	}
	// 2: fill the slices being updated, fullest first. (sort.SliceStable:
	// the sort package's one stable sort serves every element type, where
	// slices' is a copy in the page's binary for each.)
	sort.SliceStable(updating, func(i, j int) bool { return len(updating[i].Endpoints) > len(updating[j].Endpoints) })
	for _, s := range updating {
		n := min(max-len(s.Endpoints), len(rest))
		if n > 0 {
			s.Endpoints = append(s.Endpoints, rest[:n]...)
			rest = rest[n:]
		}
	}
	p.update = append(p.update, updating...)
	// 3: the rest into the fullest unchanged slice they fit in whole, or
	// into new slices.
	if len(rest) > 0 && len(rest) < max {
		var fit *api.EndpointSlice
		for _, s := range unchanged {
			if len(s.Endpoints)+len(rest) <= max && (fit == nil || len(s.Endpoints) > len(fit.Endpoints)) {
				fit = s
			}
		}
		if fit != nil {
			next := api.DeepCopy(fit)
			next.Endpoints = append(next.Endpoints, rest...)
			p.update = append(p.update, next)
			rest = nil
		}
	}
	for len(rest) > 0 {
		n := min(max, len(rest))
		p.create = append(p.create, newSlice(svc, g.ports, labels, rest[:n]...))
		rest = rest[n:]
	}
}

// sliceLabels are the labels of every slice of svc: those the Endpoints
// carry too (its own, headless), the service name and the manager.
func sliceLabels(svc *api.Service) map[string]string {
	labels := endpoints.Labels(svc)
	if labels == nil {
		labels = map[string]string{}
	}
	labels[api.LabelServiceName] = svc.Name
	labels[api.LabelManagedBy] = api.EndpointSliceOwner
	return labels
}
