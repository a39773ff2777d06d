package api_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestNamedFieldsAgreeWithReflection: for objects of every kind with random
// contents, HasField, EqualField and ShareField of Spec, Status and a field
// promoted from ObjectMeta do what reflection by name does — FieldByName,
// reflect.DeepEqual (nil versus empty and all), Set — and touch nothing
// else.
func TestNamedFieldsAgreeWithReflection(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, k := range api.Kinds {
		for _, name := range []string{"Spec", "Status", "Labels"} {
			for range 10 {
				a, b := k.New(), k.New()
				fill(r, reflect.ValueOf(a).Elem(), 0)
				fill(r, reflect.ValueOf(b).Elem(), 0)
				fa, fb := reflect.ValueOf(a).Elem().FieldByName(name), reflect.ValueOf(b).Elem().FieldByName(name)
				require.Equal(t, fa.IsValid(), api.HasField(a, name), "%s.%s", k.Kind, name)
				if !fa.IsValid() {
					assert.False(t, api.EqualField(a, b, name))
					assert.False(t, api.ShareField(a, b, name))
					continue
				}
				require.Equal(t, reflect.DeepEqual(fa.Interface(), fb.Interface()), api.EqualField(a, b, name), "%s.%s", k.Kind, name)
				same := api.DeepCopyObject(a)
				require.True(t, api.EqualField(a, same, name), "%s.%s of a copy", k.Kind, name)

				want := api.DeepCopyObject(a)
				reflect.ValueOf(want).Elem().FieldByName(name).Set(fb)
				require.True(t, api.ShareField(a, b, name))
				require.Equal(t, want, a, "%s.%s: only the field changes", k.Kind, name)
				require.True(t, api.EqualField(a, b, name))
			}
		}
	}
}
