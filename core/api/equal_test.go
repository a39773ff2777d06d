package api_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestEqualAgreesWithReflect: for random objects of every kind, Equal
// says what reflect.DeepEqual says of the object and its copy, of the
// object and another random one, and of the object and copies of it in
// which one part, picked at random — any field, element or map entry, a
// nil made empty or an empty made nil — was changed.
func TestEqualAgreesWithReflect(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, k := range api.Kinds {
		for range 10 {
			a, other := k.New(), k.New()
			fill(r, reflect.ValueOf(a).Elem(), 0)
			fill(r, reflect.ValueOf(other).Elem(), 0)
			require.True(t, api.Equal(a, api.DeepCopyObject(a)), k.Kind)
			require.Equal(t, reflect.DeepEqual(a, other), api.Equal(a, other), k.Kind)
			parts := 1 << 30
			mutate(reflect.ValueOf(api.DeepCopyObject(a)).Elem(), &parts)
			parts = 1<<30 - parts
			for range 50 {
				i := r.IntN(parts)
				at := i
				b := api.DeepCopyObject(a)
				require.True(t, mutate(reflect.ValueOf(b).Elem(), &at))
				require.False(t, reflect.DeepEqual(a, b), "%s: change %d changes nothing", k.Kind, i)
				require.False(t, api.Equal(a, b), "%s: change %d", k.Kind, i)
			}
		}
	}
	type edge struct {
		S []string
		M map[string]int
		F float64
		I any
		C complex128
	}
	require.False(t, api.Equal(edge{S: []string{}}, edge{}), "empty is not nil")
	require.False(t, api.Equal(edge{M: map[string]int{}}, edge{}), "empty is not nil")
	require.True(t, api.Equal(edge{M: map[string]int{"a": 1}}, edge{M: map[string]int{"a": 1}}))
	require.True(t, api.Equal(edge{I: 1}, edge{I: 1}))
	require.False(t, api.Equal(edge{I: 1}, edge{I: "1"}), "same text, another type")
	require.False(t, api.Equal(edge{I: 1}, edge{}), "nil is only nil")
	require.True(t, api.Equal(edge{I: &api.Pod{}}, edge{I: &api.Pod{}}), "objects by value")
	require.False(t, api.Equal(edge{C: 1 + 2i}, edge{C: 1 - 2i}))
	nan := edge{F: 0}
	nan.F /= nan.F
	require.False(t, api.Equal(nan, nan), "NaN is not NaN")
}

// mutate changes the *n-th changeable part of v (in a fixed walk order)
// and reports true, or, when v has fewer parts, counts them off *n and
// reports false.
func mutate(v reflect.Value, n *int) bool {
	hit := func() bool {
		if *n == 0 {
			return true
		}
		*n--
		return false
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			if hit() {
				v.Set(reflect.New(v.Type().Elem()))
				return true
			}
			return false
		}
		if hit() {
			v.Set(reflect.Zero(v.Type()))
			return true
		}
		return mutate(v.Elem(), n)
	case reflect.Slice:
		if hit() {
			if v.IsNil() {
				v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			} else if v.Len() == 0 {
				v.Set(reflect.Zero(v.Type()))
			} else {
				v.Set(v.Slice(0, v.Len()-1))
			}
			return true
		}
		for i := 0; i < v.Len(); i++ {
			if mutate(v.Index(i), n) {
				return true
			}
		}
	case reflect.Map:
		if hit() {
			if v.IsNil() {
				v.Set(reflect.MakeMap(v.Type()))
			} else {
				v.Set(reflect.Zero(v.Type()))
			}
			return true
		}
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			if mutate(e, n) {
				v.SetMapIndex(k, e)
				return true
			}
		}
	case reflect.Struct:
		switch v.Type() {
		case reflect.TypeOf(api.Time{}), reflect.TypeOf(api.Quantity{}):
			if hit() {
				if v.Type() == reflect.TypeOf(api.Time{}) {
					v.Set(reflect.ValueOf(api.Time{Time: v.Interface().(api.Time).Add(1e9)}))
				} else {
					v.Set(reflect.ValueOf(api.MustParseQuantity("12345")))
				}
				return true
			}
			return false
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() && mutate(v.Field(i), n) {
				return true
			}
		}
	case reflect.String:
		if hit() {
			v.SetString(v.String() + "x")
			return true
		}
	case reflect.Bool:
		if hit() {
			v.SetBool(!v.Bool())
			return true
		}
	case reflect.Int, reflect.Int32, reflect.Int64:
		if hit() {
			v.SetInt(v.Int() + 1)
			return true
		}
	case reflect.Float64:
		if hit() {
			v.SetFloat(v.Float() + 1)
			return true
		}
	}
	return false
}

// TestEqualAllocatesNothing: comparing two values moves neither to the
// heap. The kubelet compares a pod's status at each sync; Equal's
// arguments escaped through reflect and were 2.9% of the bytes a
// 10,000-pod rollout allocates.
func TestEqualAllocatesNothing(t *testing.T) {
	st := api.PodStatus{Phase: api.PodRunning, PodIP: "10.244.1.7",
		Conditions:        []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}},
		ContainerStatuses: []api.ContainerStatus{{Name: "nginx", Image: "nginx:1.14.2", Ready: true}}}
	other := st
	other.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionFalse}}
	labels := map[string]string{"app": "nginx"}
	var equal bool
	allocs := testing.AllocsPerRun(100, func() {
		equal = api.Equal(st, other) || !api.Equal(st, st) || !api.Equal(labels, labels)
	})
	require.False(t, equal)
	require.Zero(t, allocs)
}
