package deployment

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/history"
	"github.com/kubeloop/kubeloop/core/api"
)

func template(image string, labels map[string]string) api.PodTemplateSpec {
	return api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Labels: labels},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "web", Image: image}}},
	}
}

func TestComputeHash(t *testing.T) {
	base := template("nginx:1.25", map[string]string{"app": "web", "tier": "front"})

	t.Run("same template gives the same hash", func(t *testing.T) {
		same := template("nginx:1.25", map[string]string{"tier": "front", "app": "web"})
		assert.Equal(t, ComputeHash(&base, nil), ComputeHash(&same, nil))
	})
	t.Run("a different image gives a different hash", func(t *testing.T) {
		other := template("nginx:1.26", map[string]string{"app": "web", "tier": "front"})
		assert.NotEqual(t, ComputeHash(&base, nil), ComputeHash(&other, nil))
	})
	t.Run("a pod-template-hash label is hashed like any other, as upstream", func(t *testing.T) {
		labelled := template("nginx:1.25", map[string]string{"app": "web", "tier": "front", PodTemplateHashLabel: "x"})
		assert.NotEqual(t, ComputeHash(&base, nil), ComputeHash(&labelled, nil))
	})
	t.Run("collisionCount changes the hash, and 0 differs from none", func(t *testing.T) {
		none, zero, one := ComputeHash(&base, nil), ComputeHash(&base, api.Ptr[int32](0)), ComputeHash(&base, api.Ptr[int32](1))
		assert.NotEqual(t, none, zero)
		assert.NotEqual(t, zero, one)
	})
	t.Run("hashes use only 456789bcdf, like upstream's", func(t *testing.T) {
		for i := 0; i < 200; i++ {
			tm := template(fmt.Sprintf("app:%d", i), map[string]string{"app": "web"})
			h := ComputeHash(&tm, nil)
			assert.GreaterOrEqual(t, len(h), 1)
			assert.LessOrEqual(t, len(h), 10)
			assert.Empty(t, strings.Trim(h, "456789bcdf"), "hash %q", h)
		}
	})
	t.Run("the decimal digits map as SafeEncodeString maps them", func(t *testing.T) {
		assert.Equal(t, "456789bcdf", history.SafeEncode("0123456789"))
	})
}

func TestEqualIgnoreHash(t *testing.T) {
	withHash := func(image, hash string, extra ...string) api.PodTemplateSpec {
		l := map[string]string{"app": "web"}
		if hash != "" {
			l[PodTemplateHashLabel] = hash
		}
		for i := 0; i+1 < len(extra); i += 2 {
			l[extra[i]] = extra[i+1]
		}
		return template(image, l)
	}
	tests := []struct {
		name string
		a, b api.PodTemplateSpec
		want bool
	}{
		{"same spec, same labels", withHash("a", "h1"), withHash("a", "h1"), true},
		{"only the hash differs", withHash("a", "h1"), withHash("a", "h2"), true},
		{"one has no hash label", withHash("a", ""), withHash("a", "h2"), true},
		{"another label differs", withHash("a", "h1"), withHash("a", "h1", "x", "y"), false},
		{"the spec differs", withHash("a", "h1"), withHash("b", "h1"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, EqualIgnoreHash(&tt.a, &tt.b))
			assert.Equal(t, tt.want, EqualIgnoreHash(&tt.b, &tt.a), "symmetric")
		})
	}
}

func TestNewReplicaSet(t *testing.T) {
	d := deployment(4, 1, 1)
	api.SetKind(d)
	d.Spec.Template = template("nginx", map[string]string{"app": "foo"})
	d.Spec.MinReadySeconds = 5
	rs := NewReplicaSet(d, "5bf87f5f59")

	assert.Equal(t, "foo-5bf87f5f59", rs.Name)
	assert.Equal(t, map[string]string{"app": "foo", PodTemplateHashLabel: "5bf87f5f59"}, rs.Labels)
	assert.Equal(t, rs.Labels, rs.Spec.Template.Labels)
	assert.Equal(t, rs.Labels, rs.Spec.Selector.MatchLabels)
	assert.Equal(t, int32(5), rs.Spec.MinReadySeconds)
	require.Len(t, rs.OwnerReferences, 1)
	ref := rs.OwnerReferences[0]
	assert.Equal(t, api.OwnerReference{APIVersion: "apps/v1", Kind: "Deployment", Name: "foo", UID: "d-uid",
		Controller: api.Ptr(true), BlockOwnerDeletion: api.Ptr(true)}, ref)
	assert.Equal(t, map[string]string{"app": "foo"}, d.Spec.Template.Labels, "the Deployment is not modified")
	assert.Equal(t, map[string]string{"app": "foo"}, d.Spec.Selector.MatchLabels)
}

func TestSetNewReplicaSetAnnotations(t *testing.T) {
	t.Run("copies the Deployment's annotations but not kubectl's or its own", func(t *testing.T) {
		d := deployment(3, 1, 0)
		d.Annotations = map[string]string{
			"kubernetes.io/change-cause": "kubectl set image …",
			lastAppliedAnnotation:        "{}",
			RevisionAnnotation:           "7",
		}
		rs := replicaSet("foo-1", 0, 0, newTime)
		assert.True(t, SetNewReplicaSetAnnotations(d, rs, 3, false))
		assert.Equal(t, map[string]string{
			"kubernetes.io/change-cause": "kubectl set image …",
			RevisionAnnotation:           "3",
			DesiredReplicasAnnotation:    "3",
			MaxReplicasAnnotation:        "4",
		}, rs.Annotations)
	})
	t.Run("a re-used ReplicaSet moves its old revision to revision-history", func(t *testing.T) {
		d := deployment(3, 1, 0)
		rs := replicaSet("foo-1", 0, 0, newTime)
		rs.Annotations = map[string]string{RevisionAnnotation: "1"}
		assert.True(t, SetNewReplicaSetAnnotations(d, rs, 3, true))
		assert.Equal(t, "3", rs.Annotations[RevisionAnnotation])
		assert.Equal(t, "1", rs.Annotations[RevisionHistoryAnnotation])
		rs.Annotations[RevisionAnnotation] = "3"
		assert.True(t, SetNewReplicaSetAnnotations(d, rs, 5, true))
		assert.Equal(t, "1,3", rs.Annotations[RevisionHistoryAnnotation])
		assert.NotContains(t, rs.Annotations, DesiredReplicasAnnotation, "only a new ReplicaSet gets its sizes here")
	})
	t.Run("a higher revision is kept", func(t *testing.T) {
		d := deployment(3, 1, 0)
		rs := replicaSet("foo-1", 0, 0, newTime)
		rs.Annotations = map[string]string{RevisionAnnotation: "9"}
		assert.False(t, SetNewReplicaSetAnnotations(d, rs, 3, true))
		assert.Equal(t, "9", rs.Annotations[RevisionAnnotation])
	})
	t.Run("revision-history drops its oldest entries past its length limit", func(t *testing.T) {
		rs := replicaSet("foo-1", 0, 0, newTime)
		rs.Annotations = map[string]string{}
		for i := 10; i < 20; i++ {
			appendRevisionHistory(rs, fmt.Sprint(i), 5)
			if i >= 11 {
				assert.Equal(t, fmt.Sprintf("%d,%d", i-1, i), rs.Annotations[RevisionHistoryAnnotation])
			}
		}
	})
}
