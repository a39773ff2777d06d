package controller

import (
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestCopyEventIsDeep: the fields copyEvent checks are every field of an
// Event that can refer to memory, so a struct copy of an Event without
// them shares nothing; and with any of them set it is a deep copy still.
func TestCopyEventIsDeep(t *testing.T) {
	var refs []string
	var walk func(tp reflect.Type, path string)
	walk = func(tp reflect.Type, path string) {
		switch tp.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func:
			refs = append(refs, path)
		case reflect.Struct:
			if tp == reflect.TypeFor[api.Time]() {
				return // copied whole by api.DeepCopy too
			}
			for i := range tp.NumField() {
				if f := tp.Field(i); f.IsExported() {
					walk(f.Type, path+"."+f.Name)
				}
			}
		}
	}
	walk(reflect.TypeFor[api.Event](), "Event")
	assert.Equal(t, []string{
		"Event.ObjectMeta.DeletionTimestamp", "Event.ObjectMeta.DeletionGracePeriodSeconds",
		"Event.ObjectMeta.Labels", "Event.ObjectMeta.Annotations",
		"Event.ObjectMeta.OwnerReferences", "Event.ObjectMeta.Finalizers", "Event.ObjectMeta.ManagedFields",
	}, refs)

	plain := &api.Event{ObjectMeta: api.ObjectMeta{Name: "e", Namespace: "default"}, Message: "m", Count: 2}
	c := copyEvent(plain)
	assert.Equal(t, plain, c)
	assert.NotSame(t, plain, c)

	grace := int64(3)
	full := &api.Event{ObjectMeta: api.ObjectMeta{Name: "e", Labels: map[string]string{"a": "b"},
		Annotations: map[string]string{}, Finalizers: []string{"f"}, DeletionGracePeriodSeconds: &grace,
		OwnerReferences: []api.OwnerReference{{Name: "o"}}}}
	c = copyEvent(full)
	assert.Equal(t, full, c)
	c.Labels["a"] = "changed"
	c.Finalizers[0] = "changed"
	*c.DeletionGracePeriodSeconds = 4
	assert.Equal(t, "b", full.Labels["a"])
	assert.True(t, slices.Equal([]string{"f"}, full.Finalizers))
	assert.Equal(t, int64(3), grace)
}
