package controller_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
)

// TestGetLiveReadsOneObjectAsItsKindsType: GetLive asks the store (no
// watch has delivered the pod yet) for T's kind, and hands out what Get
// does, typed; a name of no object of that kind is NotFound.
func TestGetLiveReadsOneObjectAsItsKindsType(t *testing.T) {
	s := newManager(t).Store
	_, err := s.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.PodSpec{NodeName: "node-1", Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
	require.NoError(t, err)
	ctx := controller.NewContext(s.Clock(), s, nil, nil)

	p, err := controller.GetLive[*api.Pod](ctx.Store(), "default", "web")
	require.NoError(t, err)
	assert.Equal(t, "node-1", p.Spec.NodeName)
	stored, err := s.Get(api.Pods, "default", "web")
	require.NoError(t, err)
	assert.Same(t, stored, p)

	p, err = controller.GetLive[*api.Pod](ctx.Store(), "default", "gone")
	assert.True(t, api.IsNotFound(err), "%v", err)
	assert.Nil(t, p)
	_, err = controller.GetLive[*api.Node](ctx.Store(), "", "web")
	assert.True(t, api.IsNotFound(err), "a pod is not a node: %v", err)
	assert.Panics(t, func() { _, _ = controller.GetLive[*notAKind](ctx.Store(), "default", "web") })
}

// notAKind is an Object whose Go type no kind has.
type notAKind struct{ api.Pod }
