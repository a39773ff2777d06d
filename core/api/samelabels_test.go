package api

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSameLabels(t *testing.T) {
	shared := map[string]string{"app": "web", "tier": "front"}
	for _, c := range []struct {
		name string
		a, b map[string]string
		want bool
	}{
		{"one map", shared, shared, true},
		{"equal copies", shared, map[string]string{"tier": "front", "app": "web"}, true},
		{"a value differs", shared, map[string]string{"app": "web", "tier": "back"}, false},
		{"a key differs", shared, map[string]string{"app": "web", "role": "front"}, false},
		{"one pair fewer", shared, map[string]string{"app": "web"}, false},
		{"nil and empty", nil, map[string]string{}, true},
		{"nil and some", nil, shared, false},
	} {
		assert.Equal(t, c.want, SameLabels(c.a, c.b), c.name)
		assert.Equal(t, c.want, SameLabels(c.b, c.a), c.name+", swapped")
	}
	copied := map[string]string{"app": "web", "tier": "front"}
	assert.True(t, oneMap(shared, shared))
	assert.False(t, oneMap(shared, copied), "equal, but two maps")
}
