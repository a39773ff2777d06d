package ipalloc

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

func newStore(t *testing.T) *store.Store {
	s := store.New(clock.New(7))
	s.AddAdmission(Admission(s))
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	return s
}

func create(s *store.Store, name string, mutate func(*api.ServiceSpec)) (*api.Service, error) {
	svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ServiceSpec{Ports: []api.ServicePort{{Port: 80}}}}
	if mutate != nil {
		mutate(&svc.Spec)
	}
	o, err := s.Create(svc)
	if err != nil {
		return nil, err
	}
	return o.(*api.Service), nil
}

func TestAllocatesAFreeIPFromTheUpperRange(t *testing.T) {
	s := newStore(t)
	seen := map[string]bool{}
	for _, n := range []string{"a", "b", "c", "d"} {
		svc, err := create(s, n, nil)
		require.NoError(t, err)
		ip := netip.MustParseAddr(svc.Spec.ClusterIP)
		assert.True(t, ServiceCIDR.Contains(ip))
		assert.False(t, netip.MustParsePrefix("10.96.0.0/24").Contains(ip), "the lowest addresses are kept for static ones")
		assert.Equal(t, []string{svc.Spec.ClusterIP}, svc.Spec.ClusterIPs)
		assert.Equal(t, []string{"IPv4"}, svc.Spec.IPFamilies)
		assert.False(t, seen[svc.Spec.ClusterIP])
		seen[svc.Spec.ClusterIP] = true
	}
}

func TestRequestedIPs(t *testing.T) {
	s := newStore(t)
	svc, err := create(s, "kubernetes", func(sp *api.ServiceSpec) { sp.ClusterIP = "10.96.0.1" })
	require.NoError(t, err)
	assert.Equal(t, "10.96.0.1", svc.Spec.ClusterIP)

	_, err = create(s, "dup", func(sp *api.ServiceSpec) { sp.ClusterIP = "10.96.0.1" })
	assert.EqualError(t, err, `Service "dup" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.1"}: failed to allocate IP 10.96.0.1: provided IP is already allocated`)

	_, err = create(s, "far", func(sp *api.ServiceSpec) { sp.ClusterIP = "10.0.0.5" })
	assert.EqualError(t, err, `Service "far" is invalid: spec.clusterIPs: Invalid value: []string{"10.0.0.5"}: failed to allocate IP 10.0.0.5: the provided IP (10.0.0.5) is not in the valid range. The range of valid IPs is 10.96.0.0/12`)

	headless, err := create(s, "nginx", func(sp *api.ServiceSpec) { sp.ClusterIP = api.ClusterIPNone })
	require.NoError(t, err)
	assert.Equal(t, []string{"None"}, headless.Spec.ClusterIPs)

	_, err = s.Delete(api.Services, "default", "kubernetes", store.DeleteOptions{})
	require.NoError(t, err)
	_, err = create(s, "dup", func(sp *api.ServiceSpec) { sp.ClusterIP = "10.96.0.1" })
	assert.NoError(t, err, "a deleted Service's IP is free again")
}

func TestNodePorts(t *testing.T) {
	s := newStore(t)
	svc, err := create(s, "np", func(sp *api.ServiceSpec) { sp.Type = api.ServiceTypeNodePort })
	require.NoError(t, err)
	p := svc.Spec.Ports[0].NodePort
	assert.True(t, p >= NodePortMin && p <= NodePortMax, "%d", p)
	assert.Equal(t, "Cluster", svc.Spec.ExternalTrafficPolicy)

	_, err = create(s, "fixed", func(sp *api.ServiceSpec) { sp.Type, sp.Ports[0].NodePort = api.ServiceTypeNodePort, 30080 })
	require.NoError(t, err)
	_, err = create(s, "again", func(sp *api.ServiceSpec) { sp.Type, sp.Ports[0].NodePort = api.ServiceTypeNodePort, 30080 })
	assert.EqualError(t, err, `Service "again" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated`)
	_, err = create(s, "low", func(sp *api.ServiceSpec) { sp.Type, sp.Ports[0].NodePort = api.ServiceTypeNodePort, 80 })
	assert.EqualError(t, err, `Service "low" is invalid: spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767`)
}

func TestUpdateKeepsWhatWasAllocated(t *testing.T) {
	s := newStore(t)
	svc, err := create(s, "np", func(sp *api.ServiceSpec) { sp.Type = api.ServiceTypeNodePort })
	require.NoError(t, err)
	next := api.DeepCopy(svc)
	next.Spec.ClusterIP, next.Spec.ClusterIPs, next.Spec.Ports[0].NodePort = "", nil, 0
	next.ResourceVersion = ""
	o, err := s.Update(next)
	require.NoError(t, err)
	got := o.(*api.Service)
	assert.Equal(t, svc.Spec.ClusterIP, got.Spec.ClusterIP)
	assert.Equal(t, svc.Spec.Ports[0].NodePort, got.Spec.Ports[0].NodePort)

	next = api.DeepCopy(got)
	next.Spec.ClusterIP = "10.96.5.5"
	_, err = s.Update(next)
	assert.ErrorContains(t, err, `spec.clusterIPs[0]: Invalid value: []string{"10.96.5.5"}: may not change once set`)
}

func TestDefaultsAndValidation(t *testing.T) {
	s := newStore(t)
	svc, err := create(s, "d", nil)
	require.NoError(t, err)
	assert.Equal(t, api.ServiceTypeClusterIP, svc.Spec.Type)
	assert.Equal(t, "None", svc.Spec.SessionAffinity)
	assert.Equal(t, "TCP", svc.Spec.Ports[0].Protocol)
	assert.Equal(t, api.FromInt(80), svc.Spec.Ports[0].TargetPort)
	assert.Equal(t, "Cluster", api.Deref(svc.Spec.InternalTrafficPolicy, ""))

	_, err = create(s, "noports", func(sp *api.ServiceSpec) { sp.Ports = nil })
	assert.EqualError(t, err, `Service "noports" is invalid: spec.ports: Required value`)
	_, err = create(s, "twoports", func(sp *api.ServiceSpec) { sp.Ports = append(sp.Ports, api.ServicePort{Name: "b", Port: 81}) })
	assert.EqualError(t, err, `Service "twoports" is invalid: spec.ports[0].name: Required value`)
	_, err = create(s, "badtype", func(sp *api.ServiceSpec) { sp.Type = "Internal" })
	assert.ErrorContains(t, err, `spec.type: Unsupported value: "Internal": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"`)
}
