package deployment

// Conformance tables for one rolling-update step. The cases are the inputs
// and expected outputs of upstream's rolling_test.go
// (TestDeploymentController_reconcileNewReplicaSet, _cleanupUnhealthyReplicas,
// _scaleDownOldReplicaSetsForRollingUpdate; _reconcileOldReplicaSets is
// TestPlanOldScaleDown in plan_test.go), written as our own tables over
// NewRSNewReplicas and PlanOldScaleDown. Upstream tests its two scale-down
// phases one at a time; PlanOldScaleDown plans both, so each row states the
// result of both and says which phase did what.

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// The new ReplicaSet grows into the surge room and never past spec.replicas
// (maxUnavailable 0).
func TestNewRSGrowsIntoSurgeRoom(t *testing.T) {
	tests := []struct {
		name               string
		replicas, maxSurge int32
		oldReplicas, newRS int32
		want               int32
	}{
		{"maxSurge 0 and 10 old pods: no room", 10, 0, 10, 0, 0},
		{"maxSurge 2 next to 10 old pods: 2", 10, 2, 10, 0, 2},
		{"maxSurge 2 next to 5 old pods: 7", 10, 2, 5, 0, 7},
		{"maxSurge 2 already used: stays at 2", 10, 2, 10, 2, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := deployment(tt.replicas, tt.maxSurge, 0)
			newRS := replicaSet("foo-new", tt.newRS, 0, newTime)
			oldRS := replicaSet("foo-old", tt.oldReplicas, tt.oldReplicas, oldTime)
			got, why, err := NewRSNewReplicas(d, []*api.ReplicaSet{newRS, oldRS}, newRS)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got, why)
		})
	}
}

// Upstream's fifth reconcileNewReplicaSet row: a new ReplicaSet larger than
// spec.replicas (11 of 10) is scaled down to it in the same pass.
func TestOversizedNewReplicaSetScalesDownToReplicas(t *testing.T) {
	e := newEnv(t)
	e.create(webDeployment("web", 10, "app:1"))
	rs := api.DeepCopy(e.replicaSets()[0])
	rs.Spec.Replicas = api.Ptr[int32](11)
	_, err := e.s.Update(rs)
	require.NoError(t, err)
	e.settle()
	assert.Equal(t, int32(10), specOf(e.replicaSets()[0]))
	assert.Contains(t, e.events("ScalingReplicaSet"), "Scaled down replica set "+rs.Name+" from 11 to 10")
}

// isCleanup tells an unhealthy-first step from a healthy scale-down step.
func isCleanup(s Step) bool { return strings.Contains(s.Why, "unavailable pods") }

// Upstream's cleanupUnhealthyReplicas: an old ReplicaSet of 10 with 8
// available gives up at most its 2 unavailable pods, and no more than the
// room allows. The room is set through maxUnavailable (10 replicas, no
// new ReplicaSet): room = 10 − (10 − maxUnavailable).
func TestPlanOldScaleDownRemovesUnhealthyFirst(t *testing.T) {
	tests := []struct {
		name           string
		maxUnavailable int32 // = the room, upstream's maxCleanupCount
		available      int32
		wantCleaned    int32
		wantFinalOldRS int32
	}{
		{"room 1: one of the two unhealthy goes", 1, 8, 1, 9},
		{"room 3: both unhealthy go, then one healthy", 3, 8, 2, 7},
		{"room 0 (maxSurge 2 keeps maxUnavailable 0): none goes", 0, 8, 0, 10},
		{"no unhealthy pods: none to clean up, 3 healthy go", 3, 10, 0, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := deployment(10, 2, tt.maxUnavailable)
			oldRS := replicaSet("foo-old", 10, tt.available, oldTime)
			steps, why := PlanOldScaleDown(d, []*api.ReplicaSet{oldRS}, []*api.ReplicaSet{oldRS}, nil)
			cleaned, final := int32(0), int32(10)
			for _, s := range steps {
				if isCleanup(s) {
					cleaned += final - s.To
				}
				final = s.To
			}
			assert.Equal(t, tt.wantCleaned, cleaned, "steps %+v, why %v", steps, why)
			assert.Equal(t, tt.wantFinalOldRS, final)
		})
	}
}

// Upstream's scaleDownOldReplicaSetsForRollingUpdate: healthy old pods go
// down to replicas − maxUnavailable available (maxSurge 0, no new
// ReplicaSet). Where upstream's phase scales nothing because pods are
// unavailable, our plan's first phase has already removed those.
func TestPlanOldScaleDownHealthyPhase(t *testing.T) {
	tests := []struct {
		name           string
		maxUnavailable int32
		available      int32
		oldReplicas    int32
		wantHealthy    bool  // upstream: scaleExpected
		wantFinal      int32 // old ReplicaSet after both phases
	}{
		{"maxUnavailable 0 resolves to 1: one healthy pod goes", 0, 10, 10, true, 9},
		{"maxUnavailable 2: two healthy pods go", 2, 10, 10, true, 8},
		{"8 of 10 available is the minimum: no healthy pod goes (the 2 unhealthy do)", 2, 8, 10, false, 8},
		{"no old pods: nothing", 2, 10, 0, false, 0},
		{"1 of 10 available: no healthy pod goes (2 unhealthy do)", 2, 1, 10, false, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := deployment(10, 0, tt.maxUnavailable)
			oldRS := replicaSet("foo-old", tt.oldReplicas, tt.available, oldTime)
			steps, why := PlanOldScaleDown(d, []*api.ReplicaSet{oldRS}, activeOf([]*api.ReplicaSet{oldRS}), nil)
			healthy, final := false, tt.oldReplicas
			for _, s := range steps {
				healthy = healthy || !isCleanup(s)
				final = s.To
			}
			assert.Equal(t, tt.wantHealthy, healthy, "steps %+v, why %v", steps, why)
			assert.Equal(t, tt.wantFinal, final)
		})
	}
}
