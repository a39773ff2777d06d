package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// The cases of upstream's TestStatefulSetStatusViewerStatus.
func TestStatefulSetStatusViewer(t *testing.T) {
	rolling := api.StatefulSetUpdateStrategy{Type: api.RollingUpdateStatefulSetStrategyType}
	partition2 := api.StatefulSetUpdateStrategy{Type: api.RollingUpdateStatefulSetStrategyType,
		RollingUpdate: &api.RollingUpdateStatefulSetStrategy{Partition: api.Ptr[int32](2)}}
	tests := []struct {
		name       string
		generation int64
		strategy   api.StatefulSetUpdateStrategy
		status     api.StatefulSetStatus
		msg        string
		done, err  bool
	}{
		{name: "on delete returns an error", generation: 1,
			strategy: api.StatefulSetUpdateStrategy{Type: api.OnDeleteStatefulSetStrategyType},
			status:   api.StatefulSetStatus{ObservedGeneration: 1, ReadyReplicas: 1},
			done:     true, err: true},
		{name: "unobserved update is not complete", generation: 2, strategy: rolling,
			status: api.StatefulSetStatus{ObservedGeneration: 1, Replicas: 3, ReadyReplicas: 3, CurrentReplicas: 3},
			msg:    "Waiting for statefulset spec update to be observed...\n"},
		{name: "if all pods are not ready the update is not complete", generation: 1, strategy: rolling,
			status: api.StatefulSetStatus{ObservedGeneration: 2, Replicas: 3, ReadyReplicas: 2, CurrentReplicas: 3},
			msg:    "Waiting for 1 pods to be ready...\n"},
		{name: "partition update completes when all replicas above the partition are updated", generation: 1, strategy: partition2,
			status: api.StatefulSetStatus{ObservedGeneration: 2, Replicas: 3, ReadyReplicas: 3, CurrentReplicas: 2, UpdatedReplicas: 1},
			msg:    "partitioned roll out complete: 1 new pods have been updated...\n", done: true},
		{name: "partition update is in progress if all pods above the partition have not been updated", generation: 1, strategy: partition2,
			status: api.StatefulSetStatus{ObservedGeneration: 2, Replicas: 3, ReadyReplicas: 3, CurrentReplicas: 3},
			msg:    "Waiting for partitioned roll out to finish: 0 out of 1 new pods have been updated...\n"},
		{name: "update completes when all replicas are current", generation: 1, strategy: rolling,
			status: api.StatefulSetStatus{ObservedGeneration: 2, Replicas: 3, ReadyReplicas: 3, CurrentReplicas: 3, UpdatedReplicas: 3,
				CurrentRevision: "foo", UpdateRevision: "foo"},
			msg: "statefulset rolling update complete 3 pods at revision foo...\n", done: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &api.StatefulSet{ObjectMeta: api.ObjectMeta{Name: "foo", Namespace: "default", Generation: tc.generation},
				Spec: api.StatefulSetSpec{Replicas: api.Ptr[int32](3), UpdateStrategy: tc.strategy}, Status: tc.status}
			msg, done, err := StatefulSetStatus(s)
			assert.Equal(t, tc.err, err != nil, "error: %v", err)
			assert.Equal(t, tc.msg, msg)
			if !tc.done {
				assert.False(t, done)
			}
		})
	}
	_, _, err := StatefulSetStatus(&api.StatefulSet{Spec: api.StatefulSetSpec{UpdateStrategy: api.StatefulSetUpdateStrategy{Type: api.OnDeleteStatefulSetStrategyType}}})
	assert.EqualError(t, err, "rollout status is only available for RollingUpdate strategy type")
}
