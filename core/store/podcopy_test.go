package store

import (
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// fill sets every exported field under v, pointers and slices included, so
// that a copy that misses a field either differs or shares memory.
func fill(v reflect.Value, depth int) {
	if depth > 8 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + v.Type().Name())
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(depth + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(depth + 1))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), depth+1)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k, depth+1)
		fill(e, depth+1)
		v.SetMapIndex(k, e)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[api.Time]() {
			v.Set(reflect.ValueOf(api.NewTime(time.Unix(int64(depth), 0))))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	}
}

// shared lists the paths under a and b, values of one type, where they
// share memory, and the slices of b whose capacity is not their length.
func shared(a, b reflect.Value, path string) []string {
	var out []string
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return nil
		}
		if a.Pointer() == b.Pointer() {
			return []string{path}
		}
		return shared(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if b.Cap() != b.Len() {
			out = append(out, path+" (capacity)")
		}
		if a.Len() > 0 && b.Len() > 0 && a.Pointer() == b.Pointer() {
			return append(out, path)
		}
		for i := range min(a.Len(), b.Len()) {
			out = append(out, shared(a.Index(i), b.Index(i), path+"[]")...)
		}
	case reflect.Map:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
	case reflect.Struct:
		if a.Type() == reflect.TypeFor[api.Time]() {
			return nil
		}
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				out = append(out, shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name)...)
			}
		}
	}
	return out
}

// TestPodCopiesAreDeep: the hand-written copies of a Pod (podcopy.go) give
// what the reflective ones give, and a status copied by copyStatus shares
// no memory with the one it was copied from, whatever of it is set.
func TestPodCopiesAreDeep(t *testing.T) {
	var fields []string
	for i := range reflect.TypeFor[api.Pod]().NumField() {
		fields = append(fields, reflect.TypeFor[api.Pod]().Field(i).Name)
	}
	require.Equal(t, []string{"TypeMeta", "ObjectMeta", "Spec", "Status"}, fields,
		"shareAllBut's copy of a pod sets all but its status")

	p := &api.Pod{}
	fill(reflect.ValueOf(p).Elem(), 0)
	p.Finalizers = append(make([]string, 0, 4), "a", "b") // room to append to

	c := shallowCopy(p).(*api.Pod)
	assert.Equal(t, p, c)
	assert.Equal(t, len(c.Finalizers), cap(c.Finalizers))

	// In place, as UpdateStatusOwned: the status, shared, becomes its own.
	own := shallowPod(p)
	copyStatus(own, own)
	assert.Equal(t, p.Status, own.Status)
	assert.Empty(t, shared(reflect.ValueOf(p.Status), reflect.ValueOf(own.Status), "status"))
	byReflection := shallowPod(p)
	api.DeepCopyField(byReflection, byReflection, "Status")
	assert.Equal(t, byReflection, own)

	// From another pod, as UpdateStatus.
	other := &api.Pod{}
	copyStatus(other, p)
	assert.Equal(t, p.Status, other.Status)
	assert.Empty(t, shared(reflect.ValueOf(p.Status), reflect.ValueOf(other.Status), "status"))

	// Nil and empty parts stay as they were.
	sparse := &api.Pod{Status: api.PodStatus{Conditions: []api.PodCondition{}}}
	copyStatus(sparse, sparse)
	assert.NotNil(t, sparse.Status.Conditions)
	assert.Nil(t, sparse.Status.ContainerStatuses)
	assert.Nil(t, sparse.Status.StartTime)

	// shareAllBut of a pod: all of src's but dst's status.
	dst := &api.Pod{}
	fill(reflect.ValueOf(&dst.Status).Elem(), 3)
	status := dst.Status
	(&Store{}).shareAllBut(dst, p, "Status")
	want := shallowPod(p)
	want.Status = status
	assert.Equal(t, want, dst)
	assert.Equal(t, len(dst.Finalizers), cap(dst.Finalizers))
}
