package statefulset

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// The cases of upstream's TestStatefulSetControlRollingUpdateWithPartition:
// a set of 3 with partition 2 gets a new image (and in two cases 5
// replicas). Ordinals below the partition keep the original image, those
// at or above it get the new one — created new or replaced — whether pods
// are managed OrderedReady ("monotonic") or Parallel ("burst").
func TestRollingUpdateWithPartition(t *testing.T) {
	tests := []struct {
		name     string
		parallel bool
		replicas int32 // after the update
	}{
		{name: "monotonic image update", replicas: 3},
		{name: "monotonic image update and scale up", replicas: 5},
		{name: "burst image update", parallel: true, replicas: 3},
		{name: "burst image update and scale up", parallel: true, replicas: 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			s := newSet("foo", 3)
			if tc.parallel {
				parallel(s)
			}
			s.Spec.UpdateStrategy = api.StatefulSetUpdateStrategy{Type: api.RollingUpdateStatefulSetStrategyType,
				RollingUpdate: &api.RollingUpdateStatefulSetStrategy{Partition: api.Ptr[int32](2)}}
			f.create(s)
			f.settle(nil)
			require.Len(t, f.pods(), 3)

			s = f.set("foo")
			s.Spec.Replicas = api.Ptr(tc.replicas)
			s.Spec.Template.Spec.Containers[0].Image = "foo"
			f.update(s)
			f.settle(nil)

			pods := f.pods()
			require.Len(t, pods, int(tc.replicas))
			for i, p := range pods {
				want := "nginx"
				if i >= 2 {
					want = "foo"
				}
				assert.Equal(t, want, p.Spec.Containers[0].Image, "pod %s", p.Name)
			}
			st := f.set("foo").Status
			assert.Equal(t, tc.replicas-2, st.UpdatedReplicas)
			assert.Equal(t, int32(2), st.CurrentReplicas)
			assert.NotEqual(t, st.CurrentRevision, st.UpdateRevision, "a partitioned rollout leaves the old revision current")
		})
	}
}
