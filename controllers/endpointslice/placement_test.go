package endpointslice

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// The placement of endpoints in slices, as upstream's reconciler places
// them: an endpoint stays in the slice that holds it, and a change
// rewrites as few slices as it can.

var placeSvc = &api.Service{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default", UID: "svc-uid"},
	Spec: api.ServiceSpec{Selector: map[string]string{"app": "web"}, Ports: []api.ServicePort{{Name: "http", Port: 80, Protocol: "TCP", TargetPort: api.FromInt(8080)}}}}

func placePod(i int, ready bool) *api.Pod {
	st := api.ConditionFalse
	if ready {
		st = api.ConditionTrue
	}
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("web-%04d", i), Namespace: "default", UID: fmt.Sprint("uid-", i)},
		Spec: api.PodSpec{NodeName: "node-1"},
		Status: api.PodStatus{Phase: api.PodRunning, PodIP: fmt.Sprintf("10.244.%d.%d", i/250, i%250+1),
			Conditions: []api.PodCondition{{Type: api.PodReady, Status: st}}}}
}

func placePods(from, to int) []*api.Pod {
	var out []*api.Pod
	for i := from; i < to; i++ {
		out = append(out, placePod(i, true))
	}
	return out
}

// applyPlan is what the store would hold after the plan's writes: created
// slices get names slice-0, slice-1, … in order.
func applyPlan(have []*api.EndpointSlice, p plan, next *int) []*api.EndpointSlice {
	byName := map[string]*api.EndpointSlice{}
	var order []string
	for _, s := range have {
		byName[s.Name] = s
		order = append(order, s.Name)
	}
	for _, s := range p.update {
		byName[s.Name] = s
	}
	for _, s := range p.delete {
		delete(byName, s.Name)
	}
	for _, s := range p.create {
		s.Name = fmt.Sprint("slice-", *next)
		*next++
		byName[s.Name] = s
		order = append(order, s.Name)
	}
	var out []*api.EndpointSlice
	for _, n := range order {
		if s, ok := byName[n]; ok {
			out = append(out, s)
		}
	}
	return out
}

func sizes(ss []*api.EndpointSlice) []int {
	var out []int
	for _, s := range ss {
		out = append(out, len(s.Endpoints))
	}
	return out
}

func names(ss []*api.EndpointSlice) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Name)
	}
	return out
}

func sync(t *testing.T, pods []*api.Pod, have []*api.EndpointSlice, next *int) (plan, []*api.EndpointSlice) {
	t.Helper()
	p := place(placeSvc, desiredGroups(placeSvc, pods, have), have, MaxEndpointsPerSlice)
	return p, applyPlan(have, p, next)
}

func TestPlacementRewritesOnlyTheSlicesAChangeTouches(t *testing.T) {
	next := 0
	p, have := sync(t, placePods(0, 250), nil, &next)
	require.Len(t, p.create, 3)
	assert.Equal(t, []int{100, 100, 50}, sizes(have), "new slices of at most 100, in pod-name order")

	// Nothing changed: nothing written.
	p, _ = sync(t, placePods(0, 250), have, &next)
	assert.Empty(t, p.create)
	assert.Empty(t, p.update)
	assert.Empty(t, p.delete)

	// One pod of the first slice gone: that slice alone is rewritten; the
	// 149 endpoints after it stay where they are.
	pods := append(placePods(0, 10), placePods(11, 250)...)
	p, have = sync(t, pods, have, &next)
	assert.Equal(t, []string{"slice-0"}, names(p.update))
	assert.Empty(t, p.create)
	assert.Equal(t, []int{99, 100, 50}, sizes(have))

	// Five new pods: they fit whole into the fullest unchanged slice with
	// room, the third (99 + 5 would not fit the first).
	pods = append(pods, placePods(250, 255)...)
	p, have = sync(t, pods, have, &next)
	assert.Equal(t, []string{"slice-2"}, names(p.update))
	assert.Equal(t, []int{99, 100, 55}, sizes(have))
	assert.Equal(t, "web-0254", have[2].Endpoints[54].TargetRef.Name, "appended after the endpoints already there")

	// One pod of the second slice gone and one new: the new one fills the
	// slice being rewritten anyway.
	pods = append(append(placePods(0, 10), placePods(11, 100)...), placePods(101, 256)...)
	p, have = sync(t, pods, have, &next)
	assert.Equal(t, []string{"slice-1"}, names(p.update))
	assert.Equal(t, []int{99, 100, 55}, sizes(have))
	assert.Equal(t, "web-0255", have[1].Endpoints[99].TargetRef.Name)

	// A pod turning unready changes its endpoint in place.
	pods[3] = placePod(3, false)
	p, have = sync(t, pods, have, &next)
	assert.Equal(t, []string{"slice-0"}, names(p.update))
	assert.Equal(t, "web-0003", have[0].Endpoints[3].TargetRef.Name)
	assert.False(t, *have[0].Endpoints[3].Conditions.Ready)

	// 150 new pods: more than a slice holds, so they go into new slices.
	pods = append(pods, placePods(1000, 1150)...)
	p, have = sync(t, pods, have, &next)
	assert.Empty(t, p.update)
	assert.Len(t, p.create, 2)
	assert.Equal(t, []int{99, 100, 55, 100, 50}, sizes(have))
}

func TestPlacementKeepsOnePlaceholder(t *testing.T) {
	next := 0
	p, have := sync(t, nil, nil, &next)
	require.Len(t, p.create, 1, "a Service with no endpoints gets an empty slice")
	assert.Empty(t, have[0].Endpoints)
	assert.Empty(t, have[0].Ports)

	p, _ = sync(t, nil, have, &next)
	assert.Empty(t, p.create, "the placeholder is kept, not deleted and made again")
	assert.Empty(t, p.delete)
	assert.Empty(t, p.update)

	// Pods come: the placeholder's port mapping is not theirs, so it goes;
	// its name is reused for the first new slice (a delete and a create
	// become one update).
	p, have = sync(t, placePods(0, 120), have, &next)
	assert.Equal(t, []string{"slice-0"}, names(p.update))
	assert.Len(t, p.create, 1)
	assert.Empty(t, p.delete)
	assert.ElementsMatch(t, []int{100, 20}, sizes(have))

	// All gone: one slice becomes the placeholder, the other is deleted.
	p, have = sync(t, nil, have, &next)
	assert.Len(t, p.update, 1)
	assert.Len(t, p.delete, 1)
	require.Len(t, have, 1)
	assert.Empty(t, have[0].Endpoints)
	assert.Empty(t, have[0].Ports)
}
