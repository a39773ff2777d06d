package endpoints

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with only the Endpoints controller: pods keep the
// status the test writes.
type fixture struct {
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, nil, Register)
	return &fixture{clk: clk, store: s, mgr: m}
}

// actions is what the controller wrote since the trace's entry seq.
func (f *fixture) actions(seq int64) []string {
	return controllertest.ActionsSince(f.mgr.Trace, seq, "endpoints")
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) create(t *testing.T, o api.Object) api.Object {
	out, err := f.store.Create(o)
	require.NoError(t, err)
	f.settle()
	return out
}

// pod creates a pod with an IP, Ready or not, and lets the controller see it.
func (f *fixture) pod(t *testing.T, name, ip string, ready bool, mutate ...func(*api.Pod)) *api.Pod {
	f.addPod(t, name, ip, ready, mutate...)
	f.settle()
	got, _ := f.store.Get(api.Pods, "default", name)
	return got.(*api.Pod)
}

// addPod creates a pod with an IP, Ready or not, and leaves the clock alone.
func (f *fixture) addPod(t *testing.T, name, ip string, ready bool, mutate ...func(*api.Pod)) {
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec: api.PodSpec{NodeName: "node-1", Containers: []api.Container{{Name: "c", Image: "nginx",
			Ports: []api.ContainerPort{{Name: "http", ContainerPort: 8080}}}}}}
	for _, m := range mutate {
		m(p)
	}
	o, err := f.store.Create(p)
	require.NoError(t, err)
	p = api.DeepCopy(o.(*api.Pod))
	status := api.ConditionFalse
	if ready {
		status = api.ConditionTrue
	}
	p.Status = api.PodStatus{Phase: api.PodRunning, PodIP: ip, Conditions: []api.PodCondition{{Type: api.PodReady, Status: status}}}
	_, err = f.store.UpdateStatus(p)
	require.NoError(t, err)
}

func (f *fixture) endpoints(t *testing.T, name string) *api.Endpoints {
	o, err := f.store.Get(api.EndpointsKind, "default", name)
	require.NoError(t, err)
	return o.(*api.Endpoints)
}

func service(name string, mutate ...func(*api.Service)) *api.Service {
	s := &api.Service{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"tier": "front"}},
		Spec: api.ServiceSpec{Selector: map[string]string{"app": "web"},
			Ports: []api.ServicePort{{Name: "web", Port: 80, TargetPort: api.FromString("http")}}}}
	for _, m := range mutate {
		m(s)
	}
	return s
}

func TestReadyPodsAreAddressesOthersNotReady(t *testing.T) {
	f := newFixture(t)
	f.create(t, service("web"))
	f.pod(t, "web-b", "10.244.2.5", true)
	f.pod(t, "web-a", "10.244.1.5", true)
	f.pod(t, "web-c", "10.244.3.5", false)
	f.pod(t, "no-ip", "", true)

	ep := f.endpoints(t, "web")
	require.Len(t, ep.Subsets, 1)
	ss := ep.Subsets[0]
	require.Len(t, ss.Addresses, 2)
	assert.Equal(t, "10.244.1.5", ss.Addresses[0].IP, "sorted by IP")
	assert.Equal(t, "10.244.2.5", ss.Addresses[1].IP)
	assert.Equal(t, &api.ObjectReference{Kind: "Pod", Namespace: "default", Name: "web-a", UID: ss.Addresses[0].TargetRef.UID}, ss.Addresses[0].TargetRef)
	assert.Equal(t, "node-1", api.Deref(ss.Addresses[0].NodeName, ""))
	require.Len(t, ss.NotReadyAddresses, 1)
	assert.Equal(t, "10.244.3.5", ss.NotReadyAddresses[0].IP)
	assert.Equal(t, []api.EndpointPort{{Name: "web", Port: 8080, Protocol: "TCP"}}, ss.Ports, "named targetPort resolved from the container")
	assert.Equal(t, map[string]string{"tier": "front"}, ep.Labels, "the Service's labels")
}

func TestPublishNotReadyAddressesMakesEveryPodAnAddress(t *testing.T) {
	f := newFixture(t)
	f.create(t, service("web", func(s *api.Service) { s.Spec.PublishNotReadyAddresses = true }))
	f.pod(t, "web-0", "10.244.1.5", false)
	ep := f.endpoints(t, "web")
	require.Len(t, ep.Subsets, 1)
	assert.Len(t, ep.Subsets[0].Addresses, 1)
	assert.Empty(t, ep.Subsets[0].NotReadyAddresses)
}

func TestHeadlessServiceGivesStatefulPodsTheirHostname(t *testing.T) {
	f := newFixture(t)
	f.create(t, service("nginx", func(s *api.Service) { s.Spec.ClusterIP = api.ClusterIPNone }))
	f.pod(t, "web-0", "10.244.1.5", true, func(p *api.Pod) { p.Spec.Hostname, p.Spec.Subdomain = "web-0", "nginx" })
	f.pod(t, "other", "10.244.1.6", true, func(p *api.Pod) { p.Spec.Hostname, p.Spec.Subdomain = "other", "elsewhere" })
	ep := f.endpoints(t, "nginx")
	require.Len(t, ep.Subsets[0].Addresses, 2)
	assert.Equal(t, "web-0", ep.Subsets[0].Addresses[0].Hostname)
	assert.Equal(t, "", ep.Subsets[0].Addresses[1].Hostname, "subdomain names another Service")
	assert.Contains(t, ep.Labels, LabelHeadless)
}

func TestFollowsPodsAndGoesWithTheService(t *testing.T) {
	f := newFixture(t)
	f.create(t, service("web"))
	p := f.pod(t, "web-0", "10.244.1.5", true)
	assert.Len(t, f.endpoints(t, "web").Subsets, 1)
	assert.Equal(t, []string{"create Endpoints default/web", "update Endpoints default/web"}, f.actions(0))

	seq := f.mgr.Trace.Last()
	_, err := f.store.Delete(api.Pods, "default", p.Name, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
	require.NoError(t, err)
	f.settle()
	assert.Empty(t, f.endpoints(t, "web").Subsets, "no pods, no subsets")
	assert.Equal(t, []string{"update Endpoints default/web"}, f.actions(seq))

	seq = f.mgr.Trace.Last()
	_, err = f.store.Delete(api.Services, "default", "web", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	_, err = f.store.Get(api.EndpointsKind, "default", "web")
	assert.True(t, api.IsNotFound(err))
	assert.Equal(t, []string{"delete Endpoints default/web"}, f.actions(seq))
}

func TestPodWithoutTheNamedPortIsNoEndpoint(t *testing.T) {
	f := newFixture(t)
	f.create(t, service("web"))
	f.pod(t, "web-0", "10.244.1.5", true, func(p *api.Pod) { p.Spec.Containers[0].Ports = nil })
	assert.Empty(t, f.endpoints(t, "web").Subsets)
}

func TestServiceWithoutSelectorIsLeftAlone(t *testing.T) {
	f := newFixture(t)
	f.create(t, service("manual", func(s *api.Service) { s.Spec.Selector = nil }))
	_, err := f.store.Get(api.EndpointsKind, "default", "manual")
	assert.True(t, api.IsNotFound(err))
	assert.Empty(t, f.actions(0))
}

// TestSameLabelsIsEqual: sameLabels answers as api.Equal, nil versus
// empty included.
func TestSameLabelsIsEqual(t *testing.T) {
	sets := []map[string]string{nil, {}, {"app": "web"}, {"app": "db"}, {"app": "web", "tier": "front"}}
	for _, a := range sets {
		for _, b := range sets {
			assert.Equal(t, api.Equal(a, b), sameLabels(a, b), "%v %v", a, b)
		}
	}
}
