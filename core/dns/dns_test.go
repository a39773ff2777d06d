package dns

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// objects is a Reader over a fixed list.
type objects []api.Object

func (l objects) List(k *api.Kind, ns string) []api.Object {
	var out []api.Object
	for _, o := range l {
		if api.KindOf(o) == k && (ns == "" || o.GetObjectMeta().Namespace == ns) {
			out = append(out, o)
		}
	}
	return out
}

func svc(ns, name, clusterIP string) *api.Service {
	return &api.Service{ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns}, Spec: api.ServiceSpec{ClusterIP: clusterIP}}
}

func slice(ns, svc string, eps ...api.Endpoint) *api.EndpointSlice {
	return &api.EndpointSlice{ObjectMeta: api.ObjectMeta{Name: svc + "-abcde", Namespace: ns,
		Labels: map[string]string{api.LabelServiceName: svc}}, AddressType: "IPv4", Endpoints: eps}
}

func ep(ip, host, pod string, ready bool) api.Endpoint {
	e := api.Endpoint{Addresses: []string{ip}, Conditions: api.EndpointConditions{Ready: api.Ptr(ready)},
		TargetRef: &api.ObjectReference{Kind: "Pod", Namespace: "default", Name: pod}}
	if host != "" {
		e.Hostname = api.Ptr(host)
	}
	return e
}

func cluster() *Resolver {
	return New(objects{
		svc("default", "kubernetes", "10.96.0.1"),
		svc("kube-system", "kube-dns", "10.96.0.10"),
		svc("default", "nginx", api.ClusterIPNone),
		slice("default", "nginx", ep("10.244.1.7", "web-0", "web-0", true), ep("10.244.2.7", "web-1", "web-1", true),
			ep("10.244.3.7", "web-2", "web-2", false)),
		svc("default", "plain", api.ClusterIPNone),
		slice("default", "plain", ep("10.244.1.9", "", "x", true)),
		svc("shop", "cart", "10.100.3.4"),
		&api.Service{ObjectMeta: api.ObjectMeta{Name: "ext", Namespace: "default"},
			Spec: api.ServiceSpec{Type: api.ServiceTypeExternalName, ExternalName: "example.com"}},
	})
}

func TestResolve(t *testing.T) {
	d := cluster()
	for _, tc := range []struct {
		name, ns string
		fqdn     string
		ips      []string
	}{
		{"kubernetes", "default", "kubernetes.default.svc.cluster.local", []string{"10.96.0.1"}},
		{"kubernetes.default", "shop", "kubernetes.default.svc.cluster.local", []string{"10.96.0.1"}},
		{"kubernetes.default.svc", "default", "kubernetes.default.svc.cluster.local", []string{"10.96.0.1"}},
		{"kubernetes.default.svc.cluster.local", "default", "kubernetes.default.svc.cluster.local", []string{"10.96.0.1"}},
		{"kubernetes.default.svc.cluster.local.", "default", "kubernetes.default.svc.cluster.local", []string{"10.96.0.1"}},
		{"cart", "shop", "cart.shop.svc.cluster.local", []string{"10.100.3.4"}},
		{"web-0.nginx", "default", "web-0.nginx.default.svc.cluster.local", []string{"10.244.1.7"}},
		{"WEB-1.nginx.default", "shop", "web-1.nginx.default.svc.cluster.local", []string{"10.244.2.7"}},
		{"nginx", "default", "nginx.default.svc.cluster.local", []string{"10.244.1.7", "10.244.2.7"}},
		{"10-244-1-9.plain", "default", "10-244-1-9.plain.default.svc.cluster.local", []string{"10.244.1.9"}},
		{"10-244-5-5.default.pod", "default", "10-244-5-5.default.pod.cluster.local", []string{"10.244.5.5"}},
		{"10.1.2.3", "default", "10.1.2.3", []string{"10.1.2.3"}},
	} {
		fqdn, ips, ok := d.Resolve(tc.name, tc.ns)
		if assert.True(t, ok, tc.name) {
			assert.Equal(t, tc.fqdn, fqdn, tc.name)
			assert.Equal(t, tc.ips, ips, tc.name)
		}
	}
}

func TestNXDOMAIN(t *testing.T) {
	d := cluster()
	for _, tc := range []struct{ name, ns, why string }{
		{"cart", "default", "another namespace's Service needs its namespace"},
		{"web-2.nginx", "default", "a not-ready endpoint has no record"},
		{"web-0.nginx", "shop", "the search path is the pod's namespace"},
		{"nope", "default", "no such Service"},
		{"ext", "default", "an ExternalName is a CNAME out of the cluster"},
		{"web-0.nginx.default.svc.cluster.local.", "shop", ""},
		{"example.com", "default", "no internet"},
	} {
		_, _, ok := d.Resolve(tc.name, tc.ns)
		if tc.name == "web-0.nginx.default.svc.cluster.local." {
			assert.True(t, ok, "an absolute name works from anywhere")
			continue
		}
		assert.False(t, ok, "%s from %s: %s", tc.name, tc.ns, tc.why)
	}
}

func TestReverse(t *testing.T) {
	d := cluster()
	for ip, want := range map[string]string{
		"10.96.0.10": "kube-dns.kube-system.svc.cluster.local",
		"10.244.1.7": "web-0.nginx.default.svc.cluster.local",
		"10.244.1.9": "10-244-1-9.plain.default.svc.cluster.local",
	} {
		got, ok := d.Reverse(ip)
		assert.True(t, ok, ip)
		assert.Equal(t, want, got, ip)
	}
	_, ok := d.Reverse("10.244.3.7")
	assert.False(t, ok, "not ready: no PTR")
}

func TestRecordsListEveryName(t *testing.T) {
	var names []string
	for _, r := range cluster().Records() {
		names = append(names, r.Type+" "+r.Name)
	}
	assert.Equal(t, []string{
		"A 10-244-1-9.plain.default.svc.cluster.local",
		"A cart.shop.svc.cluster.local",
		"CNAME ext.default.svc.cluster.local",
		"A kube-dns.kube-system.svc.cluster.local",
		"A kubernetes.default.svc.cluster.local",
		"A nginx.default.svc.cluster.local",
		"A plain.default.svc.cluster.local",
		"A web-0.nginx.default.svc.cluster.local",
		"A web-1.nginx.default.svc.cluster.local",
	}, names)
	for _, r := range cluster().Records() {
		if r.Name == "web-0.nginx.default.svc.cluster.local" {
			assert.Equal(t, "default/web-0", r.Pod)
			assert.Equal(t, "default/nginx", r.Service)
		}
	}
}

func TestResolvConf(t *testing.T) {
	require.Equal(t, "search shop.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n",
		ResolvConf("shop", "10.96.0.10"))
}
