package endpointslice

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

type fixture struct {
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, nil, Register)
	return &fixture{clk: clk, store: s, mgr: m}
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) service(t *testing.T, name string) *api.Service {
	o, err := f.store.Create(&api.Service{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ServiceSpec{ClusterIP: api.ClusterIPNone, Selector: map[string]string{"app": "nginx"},
			Ports: []api.ServicePort{{Name: "web", Port: 80}}}})
	require.NoError(t, err)
	f.settle()
	return o.(*api.Service)
}

func (f *fixture) pod(t *testing.T, name, ip string, ready bool) {
	o, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": "nginx"}},
		Spec: api.PodSpec{NodeName: "node-2", Hostname: name, Subdomain: "nginx", Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
	require.NoError(t, err)
	p := api.DeepCopy(o.(*api.Pod))
	status := api.ConditionFalse
	if ready {
		status = api.ConditionTrue
	}
	p.Status = api.PodStatus{Phase: api.PodRunning, PodIP: ip, Conditions: []api.PodCondition{{Type: api.PodReady, Status: status}}}
	_, err = f.store.UpdateStatus(p)
	require.NoError(t, err)
	f.settle()
}

func (f *fixture) slices() []*api.EndpointSlice {
	var out []*api.EndpointSlice
	for _, o := range f.store.List(api.EndpointSlices, "default") {
		out = append(out, o.(*api.EndpointSlice))
	}
	return out
}

func TestAServiceGetsAPlaceholderSliceOwnedByIt(t *testing.T) {
	f := newFixture(t)
	svc := f.service(t, "nginx")
	ss := f.slices()
	require.Len(t, ss, 1)
	s := ss[0]
	assert.Regexp(t, `^nginx-[bcdfghjklmnpqrstvwxz2456789]{5}$`, s.Name)
	assert.Equal(t, "IPv4", s.AddressType)
	assert.Empty(t, s.Endpoints)
	assert.Equal(t, map[string]string{api.LabelServiceName: "nginx", api.LabelManagedBy: api.EndpointSliceOwner,
		"service.kubernetes.io/headless": ""}, s.Labels)
	ref := api.ControllerOf(s)
	require.NotNil(t, ref)
	assert.Equal(t, svc.UID, ref.UID)
	assert.Equal(t, "Service", ref.Kind)
	assert.Equal(t, []string{"create EndpointSlice default/" + s.Name}, controllertest.ActionsOf(f.mgr.Trace, "endpointslice"))
}

func TestEndpointsCarryConditionsAndHostnames(t *testing.T) {
	f := newFixture(t)
	f.service(t, "nginx")
	f.pod(t, "web-0", "10.244.1.7", true)
	f.pod(t, "web-1", "10.244.2.7", false)
	ss := f.slices()
	require.Len(t, ss, 1, "the placeholder is reused")
	assert.Equal(t, []string{"create EndpointSlice default/" + ss[0].Name, "update EndpointSlice default/" + ss[0].Name,
		"update EndpointSlice default/" + ss[0].Name}, controllertest.ActionsOf(f.mgr.Trace, "endpointslice"))
	eps := ss[0].Endpoints
	require.Len(t, eps, 2)
	assert.Equal(t, []string{"10.244.1.7"}, eps[0].Addresses)
	assert.Equal(t, "web-0", api.Deref(eps[0].Hostname, ""))
	assert.Equal(t, "node-2", api.Deref(eps[0].NodeName, ""))
	assert.Equal(t, api.EndpointConditions{Ready: api.Ptr(true), Serving: api.Ptr(true), Terminating: api.Ptr(false)}, eps[0].Conditions)
	assert.Equal(t, api.EndpointConditions{Ready: api.Ptr(false), Serving: api.Ptr(false), Terminating: api.Ptr(false)}, eps[1].Conditions)
	assert.Equal(t, []api.EndpointSlicePort{{Name: api.Ptr("web"), Port: api.Ptr[int32](80), Protocol: api.Ptr("TCP")}}, ss[0].Ports)
}

func TestATerminatingPodStaysServingButNotReady(t *testing.T) {
	f := newFixture(t)
	f.service(t, "nginx")
	f.pod(t, "web-0", "10.244.1.7", true)
	_, err := f.store.Delete(api.Pods, "default", "web-0", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](30)})
	require.NoError(t, err)
	f.settle()
	eps := f.slices()[0].Endpoints
	require.Len(t, eps, 1)
	assert.Equal(t, api.EndpointConditions{Ready: api.Ptr(false), Serving: api.Ptr(true), Terminating: api.Ptr(true)}, eps[0].Conditions)
}

func TestDesiredSplitsByPortMappingAndSize(t *testing.T) {
	svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: "s", Namespace: "default"},
		Spec: api.ServiceSpec{Selector: map[string]string{"a": "b"}, Ports: []api.ServicePort{{Name: "p", Port: 80, Protocol: "TCP", TargetPort: api.FromString("http")}}}}
	var pods []*api.Pod
	for i := 0; i < 150; i++ {
		port := int32(8080)
		if i%2 == 1 {
			port = 9090
		}
		pods = append(pods, &api.Pod{ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("p-%03d", i), Namespace: "default"},
			Spec:   api.PodSpec{Containers: []api.Container{{Name: "c", Ports: []api.ContainerPort{{Name: "http", ContainerPort: port, Protocol: "TCP"}}}}},
			Status: api.PodStatus{Phase: api.PodRunning, PodIP: fmt.Sprintf("10.0.0.%d", i)}})
	}
	out := place(svc, desiredGroups(svc, pods, nil), nil, MaxEndpointsPerSlice).create
	require.Len(t, out, 2, "75 endpoints per mapping fit one slice each")
	assert.Len(t, out[0].Endpoints, 75)
	assert.NotEqual(t, out[0].Ports, out[1].Ports)

	var more []*api.Pod
	for i := 0; i < 2; i++ {
		for _, p := range pods {
			c := api.DeepCopy(p)
			c.Name += fmt.Sprint("-", i)
			c.Status.PodIP += fmt.Sprint(i)
			more = append(more, c)
		}
	}
	assert.Len(t, place(svc, desiredGroups(svc, more, nil), nil, MaxEndpointsPerSlice).create, 4, "150 per mapping need two slices of at most 100")
}
