package endpointslicemirroring_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/endpointslicemirroring"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

type fixture struct {
	t     *testing.T
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, nil, endpointslicemirroring.Register)
	f := &fixture{t: t, clk: clk, store: s, mgr: m}
	f.settle()
	return f
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) create(o api.Object) {
	_, err := f.store.Create(o)
	require.NoError(f.t, err)
	f.settle()
}

func (f *fixture) slices() []*api.EndpointSlice {
	var out []*api.EndpointSlice
	for _, o := range f.store.List(api.EndpointSlices, "default") {
		out = append(out, o.(*api.EndpointSlice))
	}
	return out
}

func service(name string, selector map[string]string) *api.Service {
	return &api.Service{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ServiceSpec{Selector: selector, Ports: []api.ServicePort{{Name: "pg", Port: 5432, Protocol: "TCP"}}}}
}

func endpointsOf(name string, ready, notReady []string, labels map[string]string) *api.Endpoints {
	sub := api.EndpointSubset{Ports: []api.EndpointPort{{Name: "pg", Port: 5432, Protocol: "TCP"}}}
	for _, ip := range ready {
		sub.Addresses = append(sub.Addresses, api.EndpointAddress{IP: ip})
	}
	for _, ip := range notReady {
		sub.NotReadyAddresses = append(sub.NotReadyAddresses, api.EndpointAddress{IP: ip})
	}
	return &api.Endpoints{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: labels,
		Annotations: map[string]string{"team": "db", "endpoints.kubernetes.io/last-change-trigger-time": "x"}},
		Subsets: []api.EndpointSubset{sub}}
}

func readiness(s *api.EndpointSlice) map[string]bool {
	out := map[string]bool{}
	for _, e := range s.Endpoints {
		out[e.Addresses[0]] = api.Deref(e.Conditions.Ready, false)
	}
	return out
}

func TestSelectorlessEndpointsAreMirrored(t *testing.T) {
	f := newFixture(t)
	f.create(service("db", nil))
	f.create(endpointsOf("db", []string{"192.0.2.10", "192.0.2.11"}, []string{"192.0.2.12"}, map[string]string{"tier": "data"}))
	ss := f.slices()
	require.Len(t, ss, 1)
	s := ss[0]
	assert.Regexp(t, `^db-[a-z0-9]{5}$`, s.Name)
	assert.Equal(t, map[string]string{"tier": "data", api.LabelServiceName: "db",
		api.LabelManagedBy: "endpointslicemirroring-controller.k8s.io"}, s.Labels)
	assert.Equal(t, map[string]string{"team": "db"}, s.Annotations, "last-change-trigger-time is not copied")
	assert.Equal(t, "IPv4", s.AddressType)
	assert.Equal(t, map[string]bool{"192.0.2.10": true, "192.0.2.11": true, "192.0.2.12": false}, readiness(s))
	require.Len(t, s.OwnerReferences, 1)
	assert.Equal(t, "Service", s.OwnerReferences[0].Kind)
	assert.Equal(t, int32(5432), api.Deref(s.Ports[0].Port, 0))

	// The Endpoints change: the slice follows.
	o, err := f.store.Get(api.EndpointsKind, "default", "db")
	require.NoError(t, err)
	ep := api.DeepCopy(o.(*api.Endpoints))
	ep.Subsets[0].Addresses = ep.Subsets[0].Addresses[:1]
	_, err = f.store.Update(ep)
	require.NoError(t, err)
	f.settle()
	require.Len(t, f.slices(), 1)
	assert.Equal(t, map[string]bool{"192.0.2.10": true, "192.0.2.12": false}, readiness(f.slices()[0]))

	// A fault: the slice is deleted; the loop makes a new one.
	_, err = f.store.Delete(api.EndpointSlices, "default", s.Name, store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	require.Len(t, f.slices(), 1)
	assert.NotEqual(t, s.Name, f.slices()[0].Name)

	// The Endpoints go: so does the slice.
	_, err = f.store.Delete(api.EndpointsKind, "default", "db", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	assert.Empty(t, f.slices())
}

func TestNothingIsMirroredForASelectorSkipMirrorOrNoService(t *testing.T) {
	f := newFixture(t)
	f.create(endpointsOf("lonely", []string{"192.0.2.1"}, nil, nil))
	assert.Empty(t, f.slices(), "no Service: nothing to mirror")

	f.create(service("web", map[string]string{"app": "web"}))
	f.create(endpointsOf("web", []string{"10.244.1.5"}, nil, nil))
	assert.Empty(t, f.slices(), "a Service with a selector: the endpointslice controller's business")

	f.create(service("api", nil))
	f.create(endpointsOf("api", []string{"172.18.0.1"}, nil, map[string]string{endpointslicemirroring.LabelSkipMirror: "true"}))
	assert.Empty(t, f.slices(), "skip-mirror")

	// The Service of lonely appears: now it is mirrored.
	f.create(service("lonely", nil))
	require.Len(t, f.slices(), 1)
	assert.Equal(t, "lonely", f.slices()[0].Labels[api.LabelServiceName])
}

func TestEachSubsetAndFamilyIsASlice(t *testing.T) {
	f := newFixture(t)
	f.create(service("mixed", nil))
	ep := endpointsOf("mixed", []string{"192.0.2.1", "2001:db8::1", "not-an-ip"}, nil, nil)
	ep.Subsets = append(ep.Subsets, api.EndpointSubset{Addresses: []api.EndpointAddress{{IP: "192.0.2.2"}},
		Ports: []api.EndpointPort{{Name: "metrics", Port: 9187}}})
	f.create(ep)
	families := map[string]int{}
	for _, s := range f.slices() {
		families[s.AddressType+" "+api.Deref(s.Ports[0].Name, "")] = len(s.Endpoints)
	}
	assert.Equal(t, map[string]int{"IPv4 pg": 1, "IPv6 pg": 1, "IPv4 metrics": 1}, families)
}
