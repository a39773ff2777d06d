package patch

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// The unstructured converter's words for each mismatch it meets, from
// k8s.io/apimachinery's runtime/converter.go (fromUnstructured and the
// map, slice, pointer and struct cases) and structured-merge-diff's
// FromUnstructured for types that read their own JSON.
func TestConversionError(t *testing.T) {
	deployment := reflect.TypeFor[api.Deployment]()
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"a clean patch", map[string]any{"spec": map[string]any{"replicas": int64(3)}}, ""},
		{"a whole float into an integer", map[string]any{"spec": map[string]any{"replicas": float64(3)}}, ""},
		{"a fraction into an integer", map[string]any{"spec": map[string]any{"replicas": 1.5}}, "cannot convert float64 to int32"},
		{"a string into an integer", map[string]any{"spec": map[string]any{"replicas": "three"}}, "unrecognized type: int32"},
		{"a bool into a string", map[string]any{"metadata": map[string]any{"name": true}}, "unrecognized type: string"},
		{"an integer into a string", map[string]any{"metadata": map[string]any{"name": int64(1)}}, "cannot convert int64 to string"},
		{"a list into a map", map[string]any{"metadata": map[string]any{"labels": []any{"a"}}}, "cannot restore map from slice"},
		{"a string into a list", map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{"containers": "web"}}}}, "cannot restore slice from string"},
		{"a string into a struct", map[string]any{"spec": "x"}, "cannot restore struct from: string"},
		{"null anywhere", map[string]any{"spec": nil}, ""},
		{"fields in their order: metadata before spec", map[string]any{"spec": "x", "metadata": "y"}, "cannot restore struct from: string"},
		{"a quantity reads itself", map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{"containers": []any{
			map[string]any{"name": "web", "resources": map[string]any{"limits": map[string]any{"cpu": "lots"}}}}}}}},
			"quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ConversionError(tt.v, deployment))
		})
	}
}
