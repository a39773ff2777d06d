package api_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestKindOf: an object's kind comes from its TypeMeta when that names a
// kind, else from its Go type — asked twice, since the second answer is
// the remembered one.
func TestKindOf(t *testing.T) {
	for _, k := range api.Kinds {
		for range 2 {
			assert.Same(t, k, api.KindOf(k.New()), k.Kind)
			named := k.New()
			*named.GetTypeMeta() = api.TypeMeta{APIVersion: k.APIVersion(), Kind: k.Kind}
			assert.Same(t, k, api.KindOf(named), k.Kind)
			unknown := k.New()
			*unknown.GetTypeMeta() = api.TypeMeta{APIVersion: "example.com/v9", Kind: "Nothing"}
			assert.Same(t, k, api.KindOf(unknown), k.Kind)
		}
	}
	other := &api.Pod{TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "Node"}}
	assert.Equal(t, "Node", api.KindOf(other).Kind, "the TypeMeta wins")
}
