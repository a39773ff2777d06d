package api_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func fullPod() *api.Pod {
	ts := api.NewTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	return &api.Pod{
		TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: api.ObjectMeta{
			Name: "web-0", Namespace: "default", CreationTimestamp: ts, DeletionTimestamp: &ts,
			Labels:          map[string]string{"app": "web"},
			Annotations:     map[string]string{"a": "b"},
			OwnerReferences: []api.OwnerReference{{Kind: "StatefulSet", Name: "web", Controller: api.Ptr(true)}},
			Finalizers:      []string{"f"},
		},
		Spec: api.PodSpec{
			Containers: []api.Container{{
				Name: "web", Image: "nginx", Command: []string{"nginx"},
				Resources:      api.ResourceRequirements{Requests: api.ResourceList{"cpu": api.MustParseQuantity("100m")}},
				ReadinessProbe: &api.Probe{HTTPGet: &api.HTTPGetAction{Port: api.FromString("http")}},
			}},
			TerminationGracePeriodSeconds: api.Ptr[int64](30),
			NodeSelector:                  map[string]string{"disk": "ssd"},
			Affinity: &api.Affinity{NodeAffinity: &api.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{
				NodeSelectorTerms: []api.NodeSelectorTerm{{MatchFields: []api.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{"node-1"}}}}},
			}}},
		},
		Status: api.PodStatus{Phase: "Running", StartTime: &ts},
	}
}

func TestDeepCopyIsEqualAndShared(t *testing.T) {
	orig := fullPod()
	c := api.DeepCopy(orig)
	require.Equal(t, orig, c)
	assert.NotSame(t, orig, c)
	// Quantity and Time keep their unexported state.
	assert.Equal(t, int64(100), c.Spec.Containers[0].Resources.Requests["cpu"].MilliValue())
	assert.Equal(t, "100m", c.Spec.Containers[0].Resources.Requests["cpu"].String())
	assert.True(t, c.CreationTimestamp.Equal(orig.CreationTimestamp.Time))
	assert.Equal(t, orig.DeletionTimestamp.Time, c.DeletionTimestamp.Time)
}

// Mutating anything reachable from the copy leaves the original alone:
// objects from the store are shared, and this is how controllers change them.
func TestMutatingADeepCopyLeavesTheOriginal(t *testing.T) {
	orig := fullPod()
	want := fullPod()
	c := api.DeepCopy(orig)

	c.Labels["app"] = "changed"
	c.Annotations["new"] = "x"
	c.OwnerReferences[0].Name = "other"
	*c.OwnerReferences[0].Controller = false
	c.Finalizers[0] = "g"
	c.Spec.Containers[0].Command[0] = "sh"
	c.Spec.Containers[0].Resources.Requests["cpu"] = api.MustParseQuantity("2")
	c.Spec.Containers[0].ReadinessProbe.HTTPGet.Port = api.FromInt(1)
	*c.Spec.TerminationGracePeriodSeconds = 0
	c.Spec.NodeSelector["disk"] = "hdd"
	c.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchFields[0].Values[0] = "node-2"
	*c.DeletionTimestamp = api.NewTime(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	c.Status.StartTime.Time = time.Time{}
	c.Spec.Containers = append(c.Spec.Containers, api.Container{Name: "extra"})

	assert.Equal(t, want, orig)
}

func TestDeepCopyObjectKeepsTheConcreteType(t *testing.T) {
	var o api.Object = &api.Deployment{ObjectMeta: api.ObjectMeta{Name: "d", Labels: map[string]string{"a": "b"}}}
	c := api.DeepCopyObject(o)
	d, ok := c.(*api.Deployment)
	require.True(t, ok)
	d.Labels["a"] = "c"
	assert.Equal(t, "b", o.GetObjectMeta().Labels["a"])
}

func TestDeepCopyKeepsNilsNil(t *testing.T) {
	c := api.DeepCopy(&api.Deployment{})
	assert.Nil(t, c.Spec.Replicas)
	assert.Nil(t, c.Spec.Selector)
	assert.Nil(t, c.Labels)
	assert.Nil(t, c.Spec.Template.Spec.Containers)
	empty := api.DeepCopy(&api.ObjectMeta{Labels: map[string]string{}, Finalizers: []string{}})
	assert.NotNil(t, empty.Labels)
	assert.NotNil(t, empty.Finalizers)
}

// TestDeepCopyFieldOverwritesTheWholeField: the copy replaces every part of
// dst's field — a nil slice in src leaves none behind — and shares nothing
// with src.
func TestDeepCopyFieldOverwritesTheWholeField(t *testing.T) {
	src := &api.Pod{Status: api.PodStatus{Phase: api.PodRunning,
		Conditions: []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}}}}
	dst := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "kept"}, Status: api.PodStatus{Phase: api.PodPending, PodIP: "10.0.0.1",
		ContainerStatuses: []api.ContainerStatus{{Name: "old"}}}}
	require.True(t, api.DeepCopyField(dst, src, "Status"))
	assert.Equal(t, src.Status, dst.Status)
	assert.Equal(t, "kept", dst.Name, "other fields are left alone")
	src.Status.Conditions[0].Status = api.ConditionFalse
	assert.Equal(t, api.ConditionTrue, dst.Status.Conditions[0].Status, "nothing is shared")
	assert.False(t, api.DeepCopyField(&api.Event{}, &api.Event{}, "Status"), "an Event has no status")
}

// TestDeepCopyOfRandomObjects: for objects of every kind with random
// contents (every exported field reachable, nils and empties included), a
// copy equals the original, keeps each nil nil and each empty slice or map
// empty, and shares no pointer, slice array or map with it; DeepCopyField
// of the status likewise.
func TestDeepCopyOfRandomObjects(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, k := range api.Kinds {
		for range 20 {
			orig := k.New()
			fill(r, reflect.ValueOf(orig).Elem(), 0)
			c := api.DeepCopyObject(orig)
			require.Equal(t, orig, c, k.Kind)
			assertDisjoint(t, k.Kind, reflect.ValueOf(c), reflect.ValueOf(orig))

			src, dst := k.New(), k.New()
			fill(r, reflect.ValueOf(src).Elem(), 0)
			fill(r, reflect.ValueOf(dst).Elem(), 0)
			want := api.DeepCopyObject(dst)
			if !api.DeepCopyField(dst, src, "Status") {
				continue
			}
			st := reflect.ValueOf(src).Elem().FieldByName("Status")
			reflect.ValueOf(want).Elem().FieldByName("Status").Set(st)
			require.Equal(t, want, dst, k.Kind)
			assertDisjoint(t, k.Kind, reflect.ValueOf(dst).Elem().FieldByName("Status"), st)
		}
	}
}

// fill sets every exported field reachable from v to random values: a
// pointer, slice or map is nil, empty or holds values, strings are short.
func fill(r *rand.Rand, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Pointer:
		if depth < 8 && r.IntN(3) > 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(r, v.Elem(), depth+1)
		}
	case reflect.Slice:
		switch n := r.IntN(4); {
		case depth >= 8 || n == 0:
		default:
			v.Set(reflect.MakeSlice(v.Type(), n-1, n-1))
			for i := 0; i < n-1; i++ {
				fill(r, v.Index(i), depth+1)
			}
		}
	case reflect.Map:
		switch n := r.IntN(4); {
		case depth >= 8 || n == 0:
		default:
			v.Set(reflect.MakeMap(v.Type()))
			for i := 0; i < n-1; i++ {
				key, val := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
				fill(r, key, depth+1)
				fill(r, val, depth+1)
				v.SetMapIndex(key, val)
			}
		}
	case reflect.Struct:
		switch v.Type() {
		case reflect.TypeOf(api.Time{}):
			v.Set(reflect.ValueOf(api.NewTime(time.Unix(r.Int64N(1e9), 0))))
			return
		case reflect.TypeOf(api.Quantity{}):
			v.Set(reflect.ValueOf(api.MustParseQuantity(fmt.Sprintf("%dm", r.IntN(5000)))))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(r, v.Field(i), depth)
			}
		}
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", r.IntN(100)))
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 1)
	case reflect.Int, reflect.Int32, reflect.Int64:
		v.SetInt(r.Int64N(1000))
	case reflect.Float64:
		v.SetFloat(r.Float64())
	}
}

// assertDisjoint fails when the copy c and the original o share a pointer
// target, a slice's array or a map, anywhere in their exported fields.
func assertDisjoint(t *testing.T, path string, c, o reflect.Value) {
	t.Helper()
	switch c.Kind() {
	case reflect.Pointer:
		if !c.IsNil() {
			require.NotEqual(t, o.Pointer(), c.Pointer(), path)
			assertDisjoint(t, path, c.Elem(), o.Elem())
		}
	case reflect.Slice:
		if c.Len() > 0 {
			require.NotEqual(t, o.Pointer(), c.Pointer(), path)
		}
		for i := 0; i < c.Len(); i++ {
			assertDisjoint(t, path, c.Index(i), o.Index(i))
		}
	case reflect.Map:
		if !c.IsNil() {
			require.NotEqual(t, o.Pointer(), c.Pointer(), path)
		}
		for _, k := range c.MapKeys() {
			assertDisjoint(t, path, c.MapIndex(k), o.MapIndex(k))
		}
	case reflect.Struct:
		for i := 0; i < c.NumField(); i++ {
			if c.Type().Field(i).IsExported() {
				assertDisjoint(t, path+"."+c.Type().Field(i).Name, c.Field(i), o.Field(i))
			}
		}
	}
}
