// Package dns is the cluster's DNS server, answering as CoreDNS's
// kubernetes plugin does from the API's current state:
//
//   - `<svc>.<ns>.svc.cluster.local` → the Service's ClusterIP;
//   - a headless Service (clusterIP: None) → one A record per ready
//     endpoint of its EndpointSlices, and `<hostname>.<svc>.<ns>.svc.cluster.local`
//     → that endpoint's IP, for endpoints with a hostname (a StatefulSet's
//     pods, whose subdomain names the Service); endpoints without one are
//     named by their dashed IP (`10-244-1-5.<svc>…`);
//   - `<a-b-c-d>.<ns>.pod.cluster.local` → a.b.c.d (the "pods insecure" mode
//     of kubeadm's Corefile);
//   - reverse lookups: a ClusterIP → its Service's name, an endpoint's IP →
//     its endpoint name;
//   - anything else is NXDOMAIN. A name whose Service has no ready endpoint
//     has no address either.
//
// Only ready endpoints are served (publishNotReadyAddresses makes every
// endpoint ready), so a pod's name answers only while it is Ready — and
// with its current IP, whichever pod now holds the name.
//
// Clients resolve short names through a pod's search path with ndots:5
// (Resolve), as the C library does with the resolv.conf the kubelet writes.
// The resolver keeps no cache: each call reads the store it was given.
package dns

import (
	"fmt"
	"net/netip"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// Domain is the cluster domain.
const Domain = "cluster.local"

// Reader is the part of the API the resolver reads (store.Store is one).
type Reader interface {
	List(kind *api.Kind, namespace string) []api.Object
}

// Record is one name the DNS answers.
type Record struct {
	Name string   // web-0.nginx.default.svc.cluster.local (no final dot)
	Type string   // A or CNAME
	IPs  []string // sorted; for A
	// Target is the CNAME's target (an ExternalName Service's externalName).
	Target string
	// Service is the Service ("ns/name") the record comes from; Pod the
	// pod ("ns/name") an endpoint record points at, if any.
	Service, Pod string
}

// Resolver answers queries from a Reader's current state.
type Resolver struct{ r Reader }

// New returns a resolver over r.
func New(r Reader) *Resolver { return &Resolver{r: r} }

// Records lists every name the DNS answers, sorted by name.
func (d *Resolver) Records() []Record {
	var out []Record
	byName := map[string]int{}
	add := func(rec Record) {
		if i, ok := byName[rec.Name]; ok {
			out[i].IPs = mergeIPs(out[i].IPs, rec.IPs)
			return
		}
		byName[rec.Name] = len(out)
		out = append(out, rec)
	}
	for _, o := range d.r.List(api.Services, "") {
		svc := o.(*api.Service)
		fqdn := fmt.Sprintf("%s.%s.svc.%s", svc.Name, svc.Namespace, Domain)
		key := svc.Namespace + "/" + svc.Name
		switch {
		case svc.Spec.Type == api.ServiceTypeExternalName:
			add(Record{Name: fqdn, Type: "CNAME", Target: svc.Spec.ExternalName, Service: key})
		case svc.IsHeadless():
			var all []string
			for _, ep := range d.readyEndpoints(svc) {
				all = mergeIPs(all, ep.Addresses)
				rec := Record{Name: endpointName(ep, svc), Type: "A", IPs: sortedIPs(ep.Addresses), Service: key}
				if ep.TargetRef != nil && ep.TargetRef.Kind == "Pod" {
					rec.Pod = ep.TargetRef.Namespace + "/" + ep.TargetRef.Name
				}
				add(rec)
			}
			if len(all) > 0 {
				add(Record{Name: fqdn, Type: "A", IPs: all, Service: key})
			}
		case svc.Spec.ClusterIP != "":
			add(Record{Name: fqdn, Type: "A", IPs: []string{svc.Spec.ClusterIP}, Service: key})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// readyEndpoints are the ready endpoints of a Service's slices, in slice
// order (slices by name).
func (d *Resolver) readyEndpoints(svc *api.Service) []api.Endpoint {
	var out []api.Endpoint
	for _, o := range d.r.List(api.EndpointSlices, svc.Namespace) {
		s := o.(*api.EndpointSlice)
		if s.Labels[api.LabelServiceName] != svc.Name || s.AddressType != "IPv4" {
			continue
		}
		for _, ep := range s.Endpoints {
			if api.Deref(ep.Conditions.Ready, true) && len(ep.Addresses) > 0 {
				out = append(out, ep)
			}
		}
	}
	return out
}

// endpointName is an endpoint's DNS name: its hostname, or its dashed IP.
func endpointName(ep api.Endpoint, svc *api.Service) string {
	host := api.Deref(ep.Hostname, "")
	if host == "" {
		host = strings.ReplaceAll(ep.Addresses[0], ".", "-")
	}
	return fmt.Sprintf("%s.%s.%s.svc.%s", host, svc.Name, svc.Namespace, Domain)
}

// Lookup answers an A query for a fully qualified name (a final dot is
// allowed); ok is false for NXDOMAIN or a name with no address.
func (d *Resolver) Lookup(name string) (ips []string, ok bool) {
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	if ip, ok := podName(name); ok {
		return []string{ip}, true
	}
	if !strings.HasSuffix(name, ".svc."+Domain) {
		return nil, false
	}
	for _, rec := range d.Records() {
		if rec.Name == name && rec.Type == "A" && len(rec.IPs) > 0 {
			return rec.IPs, true
		}
	}
	return nil, false
}

// podName answers `1-2-3-4.ns.pod.cluster.local`.
func podName(name string) (string, bool) {
	rest, ok := strings.CutSuffix(name, ".pod."+Domain)
	if !ok {
		return "", false
	}
	dashed, _, ok := strings.Cut(rest, ".")
	if !ok {
		return "", false
	}
	ip, err := netip.ParseAddr(strings.ReplaceAll(dashed, "-", "."))
	if err != nil || !ip.Is4() {
		return "", false
	}
	return ip.String(), true
}

// SearchPath is the search list of a pod in namespace ns (dnsPolicy ClusterFirst).
func SearchPath(ns string) []string {
	return []string{ns + ".svc." + Domain, "svc." + Domain, Domain}
}

// Ndots is the kubelet's resolv.conf option.
const Ndots = 5

// ResolvConf is the /etc/resolv.conf the kubelet writes into a pod of
// namespace ns, pointing at the cluster DNS Service's IP.
func ResolvConf(ns, nameserver string) string {
	return fmt.Sprintf("search %s\nnameserver %s\noptions ndots:%d\n", strings.Join(SearchPath(ns), " "), nameserver, Ndots)
}

// Resolve resolves a name as a pod of namespace ns would: a name with
// fewer than ndots dots tries each search domain first, then itself; a
// name ending in a dot is tried only as is. It returns the name that
// answered.
func (d *Resolver) Resolve(name, ns string) (fqdn string, ips []string, ok bool) {
	name = strings.ToLower(name)
	if ip, err := netip.ParseAddr(name); err == nil {
		return name, []string{ip.String()}, true
	}
	if strings.HasSuffix(name, ".") {
		ips, ok := d.Lookup(name)
		return strings.TrimSuffix(name, "."), ips, ok
	}
	var tries []string
	for _, s := range SearchPath(ns) {
		tries = append(tries, name+"."+s)
	}
	if strings.Count(name, ".") >= Ndots {
		tries = append([]string{name}, tries...)
	} else {
		tries = append(tries, name)
	}
	for _, t := range tries {
		if ips, ok := d.Lookup(t); ok {
			return t, ips, true
		}
	}
	return "", nil, false
}

// Reverse answers a PTR query: the Service whose ClusterIP ip is, else the
// first ready endpoint (by namespace, then Service name) with that IP.
func (d *Resolver) Reverse(ip string) (string, bool) {
	for _, o := range d.r.List(api.Services, "") {
		svc := o.(*api.Service)
		if svc.Spec.ClusterIP == ip {
			return fmt.Sprintf("%s.%s.svc.%s", svc.Name, svc.Namespace, Domain), true
		}
	}
	for _, o := range d.r.List(api.Services, "") {
		svc := o.(*api.Service)
		if svc.Spec.Type == api.ServiceTypeExternalName {
			continue
		}
		for _, ep := range d.readyEndpoints(svc) {
			for _, a := range ep.Addresses {
				if a == ip {
					return endpointName(ep, svc), true
				}
			}
		}
	}
	return "", false
}

func sortedIPs(ips []string) []string {
	out := append([]string(nil), ips...)
	sortIPs(out)
	return out
}

func mergeIPs(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, ip := range append(append([]string(nil), a...), b...) {
		if !seen[ip] {
			seen[ip] = true
			out = append(out, ip)
		}
	}
	sortIPs(out)
	return out
}

// sortIPs sorts addresses numerically (10.244.2.5 before 10.244.10.1).
func sortIPs(ips []string) {
	sort.Slice(ips, func(i, j int) bool {
		a, errA := netip.ParseAddr(ips[i])
		b, errB := netip.ParseAddr(ips[j])
		if errA != nil || errB != nil {
			return ips[i] < ips[j]
		}
		return a.Less(b)
	})
}
