package history

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func template(image string) *api.PodTemplateSpec {
	return &api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "nginx"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image}}}}
}

func TestSafeEncodeMapsDigitsAsUpstream(t *testing.T) {
	assert.Equal(t, "456789bcdf", SafeEncode("0123456789"))
}

func TestRevisionNameLabelsAndRoundTrip(t *testing.T) {
	owner := &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default", UID: "u1"}}
	r := New(owner, map[string]string{"app": "nginx"}, template("nginx:1.25"), 1, nil)
	assert.Regexp(t, `^web-[456789bcdf]{8,10}$`, r.Name)
	assert.Equal(t, r.Name, "web-"+r.Labels[HashLabel])
	assert.Equal(t, "nginx", r.Labels["app"])
	assert.Equal(t, "u1", api.ControllerOf(r).UID)
	got, err := Template(r)
	require.NoError(t, err)
	assert.Equal(t, "nginx:1.25", got.Spec.Containers[0].Image)
	assert.Contains(t, string(r.Data), `"$patch":"replace"`)

	same := New(owner, nil, template("nginx:1.25"), 2, nil)
	assert.True(t, Equal(r, same))
	other := New(owner, nil, template("nginx:1.27"), 2, nil)
	assert.False(t, Equal(r, other))
	assert.NotEqual(t, r.Name, other.Name)
	collided := New(owner, nil, template("nginx:1.25"), 2, api.Ptr[int32](1))
	assert.NotEqual(t, r.Name, collided.Name, "the collision count changes the hash")
}

func TestSortAndNext(t *testing.T) {
	revs := []*api.ControllerRevision{{Revision: 3}, {Revision: 1}, {Revision: 2}}
	Sort(revs)
	assert.Equal(t, []int64{1, 2, 3}, []int64{revs[0].Revision, revs[1].Revision, revs[2].Revision})
	assert.Equal(t, int64(4), Next(revs))
	assert.Equal(t, int64(1), Next(nil))
}
