package yaml

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestKindAndStringFieldsInEveryStringStyle: YAML writes one string many
// ways; kubectl reads them all alike, for kind and apiVersion as for any
// other string field.
func TestKindAndStringFieldsInEveryStringStyle(t *testing.T) {
	tests := []struct {
		name, kind, apiVersion, podName string
	}{
		{"plain", "kind: Pod", "apiVersion: v1", "name: web"},
		{"single-quoted", "kind: 'Pod'", "apiVersion: 'v1'", "name: 'web'"},
		{"double-quoted", `kind: "Pod"`, `apiVersion: "v1"`, `name: "web"`},
		{"literal block, stripped", "kind: |-\n  Pod", "apiVersion: |-\n  v1", "name: |-\n    web"},
		{"folded block, stripped", "kind: >-\n  Pod", "apiVersion: >-\n  v1", "name: >-\n    web"},
		{"tagged", "kind: !!str Pod", "apiVersion: !!str v1", "name: !!str web"},
		{"anchored", "kind: &k Pod", "apiVersion: v1", "name: web"},
		// The anchor sits in a label: a top-level field of its own would
		// be refused as unknown.
		{"alias as kind", "kind: *k", "apiVersion: v1", "name: web\n  labels:\n    k: &k Pod"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.apiVersion + "\nmetadata:\n  " + tt.podName + "\n" + tt.kind + "\nspec:\n  containers:\n  - name: c\n    image: nginx\n"
			objs, err := Decode(text)
			require.NoError(t, err, text)
			require.Len(t, objs, 1)
			p, ok := objs[0].(*api.Pod)
			require.True(t, ok, "%T", objs[0])
			assert.Equal(t, "web", p.Name)
		})
	}
}

func TestKindNotAStringSaysWhatItIs(t *testing.T) {
	tests := []struct {
		name, text, message string
	}{
		{"list", "apiVersion: v1\nkind: [Pod]\n", "kind must be a string, not a list"},
		{"map", "apiVersion: v1\nkind: {a: b}\n", "kind must be a string, not a map"},
		{"alias of a list", "apiVersion: v1\nmetadata:\n  name: x\n  labels: &l {a: b}\nkind: *l\n", "kind must be a string, not a map"},
		{"literal block keeping its newline", "apiVersion: v1\nkind: |\n  Pod\n", `no matches for kind "Pod\n" in version "v1"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.text)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.message)
			assert.NotContains(t, err.Error(), "not a string")
		})
	}
}
