package kubectl

import (
	"cmp"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds the table printers of Services, Endpoints and
// EndpointSlices, and `kubectl expose`.

func registerColumnsNetwork() {
	printers["Service"] = columns{
		headers: []string{"NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE"},
		wide:    []string{"SELECTOR"},
		row:     serviceRow,
	}
	printers["Endpoints"] = columns{
		headers: []string{"NAME", "ENDPOINTS", "AGE"},
		row: func(o api.Object, now time.Time, _ bool) []string {
			ep := o.(*api.Endpoints)
			return []string{ep.Name, formatEndpoints(ep), age(ep.CreationTimestamp, now)}
		},
	}
	printers["EndpointSlice"] = columns{
		headers: []string{"NAME", "ADDRESSTYPE", "PORTS", "ENDPOINTS", "AGE"},
		row: func(o api.Object, now time.Time, _ bool) []string {
			s := o.(*api.EndpointSlice)
			return []string{s.Name, s.AddressType, formatSlicePorts(s.Ports), formatSliceEndpoints(s.Endpoints), age(s.CreationTimestamp, now)}
		},
	}
	commands["expose"] = runExpose
	insertVerb("Basic Commands (Beginner)", "expose", "set")
}

func serviceRow(o api.Object, now time.Time, wide bool) []string {
	s := o.(*api.Service)
	clusterIP := orNone(s.Spec.ClusterIP)
	external := "<none>"
	switch s.Spec.Type {
	case api.ServiceTypeExternalName:
		external = s.Spec.ExternalName
	case api.ServiceTypeLoadBalancer:
		var ips []string
		for _, in := range s.Status.LoadBalancer.Ingress {
			if in.IP != "" {
				ips = append(ips, in.IP)
			} else if in.Hostname != "" {
				ips = append(ips, in.Hostname)
			}
		}
		ips = append(ips, s.Spec.ExternalIPs...)
		external = "<pending>"
		if len(ips) > 0 {
			external = strings.Join(ips, ",")
		}
	default:
		if len(s.Spec.ExternalIPs) > 0 {
			external = strings.Join(s.Spec.ExternalIPs, ",")
		}
	}
	var ports []string
	for _, p := range s.Spec.Ports {
		if p.NodePort != 0 {
			ports = append(ports, fmt.Sprintf("%d:%d/%s", p.Port, p.NodePort, p.Protocol))
		} else {
			ports = append(ports, fmt.Sprintf("%d/%s", p.Port, p.Protocol))
		}
	}
	r := []string{s.Name, s.Spec.Type, clusterIP, external, orNone(strings.Join(ports, ",")), age(s.CreationTimestamp, now)}
	if wide {
		r = append(r, selectorColumn(s.Spec.Selector))
	}
	return r
}

// selectorColumn is a map selector as "k=v,k2=v2", sorted, or <none>.
func selectorColumn(sel map[string]string) string {
	if len(sel) == 0 {
		return "<none>"
	}
	keys := make([]string, 0, len(sel))
	for k := range sel {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + sel[k]
	}
	return strings.Join(keys, ",")
}

// formatEndpoints is kubectl's ENDPOINTS cell: ready addresses with each
// port, at most three, then "+ N more...".
func formatEndpoints(ep *api.Endpoints) string {
	if len(ep.Subsets) == 0 {
		return "<none>"
	}
	const max = 3
	var list []string
	more, count := false, 0
	add := func(s string) {
		count++
		if len(list) == max {
			more = true
			return
		}
		list = append(list, s)
	}
	for _, ss := range ep.Subsets {
		if len(ss.Ports) == 0 {
			for _, a := range ss.Addresses {
				add(a.IP)
			}
			continue
		}
		for _, p := range ss.Ports {
			for _, a := range ss.Addresses {
				add(joinHostPort(a.IP, strconv.Itoa(int(p.Port))))
			}
		}
	}
	ret := strings.Join(list, ",")
	if more {
		return fmt.Sprintf("%s + %d more...", ret, count-max)
	}
	return ret
}

// listWithMore is the EndpointSlice cells' "a,b,c + N more..." or <unset>.
func listWithMore(items []string) string {
	const max = 3
	if len(items) > max {
		return fmt.Sprintf("%s + %d more...", strings.Join(items[:max], ","), len(items)-max)
	}
	if len(items) == 0 {
		return "<unset>"
	}
	return strings.Join(items, ",")
}

func formatSlicePorts(ports []api.EndpointSlicePort) string {
	var list []string
	for _, p := range ports {
		switch {
		case p.Port != nil:
			list = append(list, strconv.Itoa(int(*p.Port)))
		case p.Name != nil:
			list = append(list, *p.Name)
		default:
			list = append(list, "*")
		}
	}
	return listWithMore(list)
}

func formatSliceEndpoints(eps []api.Endpoint) string {
	var list []string
	for _, e := range eps {
		list = append(list, e.Addresses...)
	}
	return listWithMore(list)
}

// runExpose is `kubectl expose (deployment|replicaset|pod|service) NAME`:
// a Service selecting what the resource selects.
func runExpose(c *invocation, args []string) {
	pos, f, ok := c.parse(args, withGeneratorFlags(
		flagDef{long: "port"}, flagDef{long: "target-port"}, flagDef{long: "type"},
		flagDef{long: "name"}, flagDef{long: "protocol"}, flagDef{long: "selector"},
	)...)
	if !ok {
		return
	}
	mode, ok := c.generated(f)
	if !ok {
		return
	}
	ts, kindOnly, ok := c.targets(pos)
	if !ok {
		return
	}
	if kindOnly != nil || len(ts) != 1 {
		c.fail("You must provide one or more resources by argument or filename.")
		return
	}
	ns := namespaceOf(f)
	o, err := c.env.Store().Get(ts[0].kind, ns, ts[0].name)
	if err != nil {
		c.apiError(err, "", "")
		return
	}
	sel, tmpl, ok := exposable(o)
	if !ok {
		name := ts[0].kind.Kind
		if g := ts[0].kind.Group; g != "" {
			name += "." + g
		}
		c.fail("cannot expose a %s", name)
		return
	}
	if s := f.str("selector"); s != "" {
		sel = keyValues(s)
	}
	if len(sel) == 0 {
		c.fail("couldn't retrieve selectors via --selector flag or introspection: the %s has no labels", strings.ToLower(ts[0].kind.Kind))
		return
	}
	sp, ok := c.exposedPort(f, tmpl)
	if !ok {
		return
	}
	name := f.str("name")
	if name == "" {
		name = ts[0].name
	}
	svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns, Labels: o.GetObjectMeta().Labels},
		Spec: api.ServiceSpec{Type: f.str("type"), Selector: sel, Ports: []api.ServicePort{sp}}}
	c.createGeneratedAs(svc, f, mode, "exposed")
}

// exposable is what a Service exposing o selects, and the pod spec whose
// first container port it may take (none for a Service); false for a kind
// expose does not take.
func exposable(o api.Object) (map[string]string, *api.PodSpec, bool) {
	switch x := o.(type) {
	case *api.Deployment:
		return x.Spec.Selector.MatchLabels, &x.Spec.Template.Spec, true
	case *api.ReplicaSet:
		return x.Spec.Selector.MatchLabels, &x.Spec.Template.Spec, true
	case *api.Pod:
		return x.Labels, &x.Spec, true
	case *api.Service:
		return x.Spec.Selector, nil, true
	}
	return nil, nil, false
}

// exposedPort is the Service's port: --port, or else the first port a
// container of tmpl declares; its target is --target-port (a number or a
// container port's name), or else the same port.
func (c *invocation) exposedPort(f *flags, tmpl *api.PodSpec) (api.ServicePort, bool) {
	port := f.str("port")
	if port == "" && tmpl != nil {
		for _, ct := range tmpl.Containers {
			if len(ct.Ports) > 0 {
				port = strconv.Itoa(int(ct.Ports[0].ContainerPort))
				break
			}
		}
	}
	if port == "" {
		c.fail("couldn't find port via --port flag or introspection\nSee 'kubectl expose -h' for help and examples")
		return api.ServicePort{}, false
	}
	n, err := strconv.Atoi(port)
	if err != nil {
		c.fail("invalid port %q", port)
		return api.ServicePort{}, false
	}
	sp := api.ServicePort{Port: int32(n), Protocol: cmp.Or(f.str("protocol"), "TCP"), TargetPort: api.FromInt(int32(n))}
	if tp := f.str("target-port"); tp != "" {
		if m, err := strconv.Atoi(tp); err == nil {
			sp.TargetPort = api.FromInt(int32(m))
		} else {
			sp.TargetPort = api.FromString(tp)
		}
	}
	return sp, true
}

// joinHostPort is net.JoinHostPort ("[::1]:80" for an IPv6 address): the
// net package would add its start-up work and its code to the page.
func joinHostPort(host, port string) string {
	if strings.IndexByte(host, ':') >= 0 {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}
