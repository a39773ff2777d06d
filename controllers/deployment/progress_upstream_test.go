package deployment

// Conformance tables for the Progressing condition and the progress-deadline
// requeue. The cases are the inputs and expected outputs of upstream's
// TestSyncRolloutStatus and TestRequeueStuckDeployment
// (pkg/controller/deployment/progress_test.go), written as our own tables
// over rolloutStatus and requeueForDeadline. Where upstream's table names a
// time it expects kept, we check the condition's actual times.

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// progressDeployment is a Recreate Deployment whose stored status has the
// given counts and conditions; pds nil means no progress deadline.
func progressDeployment(pds *int32, replicas, statusReplicas, updated, available int32, conds ...api.DeploymentCondition) *api.Deployment {
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "progress-test", Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas:                api.Ptr(replicas),
			ProgressDeadlineSeconds: pds,
			Strategy:                api.DeploymentStrategy{Type: api.RecreateDeploymentStrategyType},
		},
		Status: api.DeploymentStatus{Replicas: statusReplicas, UpdatedReplicas: updated, AvailableReplicas: available,
			Conditions: conds},
	}
}

// rsWithAvailable is a ReplicaSet asking for spec pods, with statusReplicas
// of them existing and available of those available.
func rsWithAvailable(name string, spec, statusReplicas, available int32) *api.ReplicaSet {
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec:       api.ReplicaSetSpec{Replicas: api.Ptr(spec)},
		Status:     api.ReplicaSetStatus{Replicas: statusReplicas, AvailableReplicas: available},
	}
}

func TestRolloutStatusProgressingCondition(t *testing.T) {
	pds := api.Ptr[int32](60)
	then := api.NewTime(clock.Epoch)        // when the stored conditions were written
	now := clock.Epoch.Add(2 * time.Minute) // past the 60 s deadline
	nowT := api.NewTime(now)
	var zero api.Time
	timedOut := api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionFalse, Reason: ReasonProgressDeadlineExceeded}
	newRSAvailable := api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionTrue, Reason: ReasonNewReplicaSetAvailable,
		LastUpdateTime: then, LastTransitionTime: then}
	rsUpdated := api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionTrue, Reason: ReasonReplicaSetUpdated,
		LastUpdateTime: then, LastTransitionTime: then}

	tests := []struct {
		name   string
		d      *api.Deployment
		oldRSs []*api.ReplicaSet
		newRS  *api.ReplicaSet
		// wantReason "" means: no Progressing condition at all.
		wantStatus, wantReason     string
		wantUpdate, wantTransition api.Time
		wantMessage                string // checked when set
		wantWhy                    bool
	}{
		{
			name:   "no progress deadline: the Progressing condition is removed, progress not estimated",
			d:      progressDeployment(nil, 3, 2, 2, 2, rsUpdated),
			oldRSs: []*api.ReplicaSet{rsWithAvailable("bar", 0, 1, 1)},
			newRS:  rsWithAvailable("foo", 3, 2, 2),
		},
		{
			name:       "one active ReplicaSet and no new one: a finished rollout is left alone",
			d:          progressDeployment(pds, 3, 3, 3, 3, newRSAvailable),
			oldRSs:     []*api.ReplicaSet{rsWithAvailable("bar", 3, 3, 3)},
			wantStatus: api.ConditionTrue, wantReason: ReasonNewReplicaSetAvailable,
			wantUpdate: then, wantTransition: then,
		},
		{
			name:       "progress with Progressing=True: lastTransitionTime stays, lastUpdateTime moves",
			d:          progressDeployment(pds, 3, 2, 2, 2, rsUpdated),
			oldRSs:     []*api.ReplicaSet{rsWithAvailable("bar", 0, 1, 1)},
			newRS:      rsWithAvailable("foo", 3, 2, 2),
			wantStatus: api.ConditionTrue, wantReason: ReasonReplicaSetUpdated,
			wantUpdate: nowT, wantTransition: then,
			wantMessage: `ReplicaSet "foo" is progressing.`,
		},
		{
			name:       "progress with Progressing=False: everything is updated",
			d:          progressDeployment(pds, 3, 2, 2, 2, timedOut),
			oldRSs:     []*api.ReplicaSet{rsWithAvailable("bar", 0, 1, 1)},
			newRS:      rsWithAvailable("foo", 3, 2, 2),
			wantStatus: api.ConditionTrue, wantReason: ReasonReplicaSetUpdated,
			wantUpdate: nowT, wantTransition: nowT,
		},
		{
			name:       "progress with no Progressing condition: it is created",
			d:          progressDeployment(pds, 3, 2, 2, 2),
			oldRSs:     []*api.ReplicaSet{rsWithAvailable("bar", 0, 1, 1)},
			newRS:      rsWithAvailable("foo", 3, 2, 2),
			wantStatus: api.ConditionTrue, wantReason: ReasonReplicaSetUpdated,
			wantUpdate: nowT, wantTransition: nowT,
		},
		{
			name:       "complete with Progressing=True: lastTransitionTime stays",
			d:          progressDeployment(pds, 3, 3, 3, 3, rsUpdated),
			newRS:      rsWithAvailable("foo", 3, 3, 3),
			wantStatus: api.ConditionTrue, wantReason: ReasonNewReplicaSetAvailable,
			wantUpdate: nowT, wantTransition: then,
			wantMessage: `ReplicaSet "foo" has successfully progressed.`, wantWhy: true,
		},
		{
			name:       "complete with Progressing=False: everything is updated",
			d:          progressDeployment(pds, 3, 3, 3, 3, timedOut),
			newRS:      rsWithAvailable("foo", 3, 3, 3),
			wantStatus: api.ConditionTrue, wantReason: ReasonNewReplicaSetAvailable,
			wantUpdate: nowT, wantTransition: nowT, wantWhy: true,
		},
		{
			name:       "complete with no Progressing condition: it is created",
			d:          progressDeployment(pds, 3, 3, 3, 3),
			newRS:      rsWithAvailable("foo", 3, 3, 3),
			wantStatus: api.ConditionTrue, wantReason: ReasonNewReplicaSetAvailable,
			wantUpdate: nowT, wantTransition: nowT, wantWhy: true,
		},
		{
			name:       "complete with no new ReplicaSet (scaled to 0): the message names the Deployment",
			d:          progressDeployment(pds, 0, 3, 3, 3, rsUpdated),
			oldRSs:     []*api.ReplicaSet{rsWithAvailable("foo", 0, 0, 0)},
			wantStatus: api.ConditionTrue, wantReason: ReasonNewReplicaSetAvailable,
			wantUpdate: nowT, wantTransition: then,
			wantMessage: `Deployment "progress-test" has successfully progressed.`, wantWhy: true,
		},
		{
			name:       "no progress past the deadline: ProgressDeadlineExceeded",
			d:          progressDeployment(pds, 3, 2, 2, 2, rsUpdated),
			newRS:      rsWithAvailable("foo", 3, 2, 2),
			wantStatus: api.ConditionFalse, wantReason: ReasonProgressDeadlineExceeded,
			wantUpdate: nowT, wantTransition: nowT,
			wantMessage: `ReplicaSet "foo" has timed out progressing.`, wantWhy: true,
		},
		{
			name:       "already timed out: the condition is left as it is",
			d:          progressDeployment(pds, 3, 2, 2, 2, timedOut),
			newRS:      rsWithAvailable("foo", 3, 2, 2),
			wantStatus: api.ConditionFalse, wantReason: ReasonProgressDeadlineExceeded,
			wantUpdate: zero, wantTransition: zero,
			wantWhy: true, // the trace says so on every pass; the status does not change
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, why := rolloutStatus(tt.d, appendRS(tt.oldRSs, tt.newRS), tt.newRS, now)
			c := getCondition(&st, api.DeploymentProgressing)
			if tt.wantReason == "" {
				assert.Nil(t, c)
				assert.Empty(t, why)
				return
			}
			require.NotNil(t, c)
			assert.Equal(t, tt.wantStatus, c.Status)
			assert.Equal(t, tt.wantReason, c.Reason)
			assert.Equal(t, tt.wantUpdate, c.LastUpdateTime, "lastUpdateTime")
			assert.Equal(t, tt.wantTransition, c.LastTransitionTime, "lastTransitionTime")
			if tt.wantMessage != "" {
				assert.Equal(t, tt.wantMessage, c.Message)
			}
			assert.Equal(t, tt.wantWhy, why != "", "why: %q", why)
		})
	}
}

// A ReplicaFailure on a ReplicaSet (the new one first) surfaces on the
// Deployment, and goes when the ReplicaSets have none.
func TestRolloutStatusCopiesReplicaFailure(t *testing.T) {
	now := clock.Epoch.Add(time.Minute)
	failing := rsWithAvailable("foo", 3, 1, 1)
	failing.Status.Conditions = []api.ReplicaSetCondition{{Type: api.DeploymentReplicaFailure, Status: api.ConditionTrue,
		Reason: "FailedCreate", Message: "pods \"foo-x\" is forbidden", LastTransitionTime: api.NewTime(clock.Epoch)}}
	d := progressDeployment(api.Ptr[int32](600), 3, 1, 1, 1)

	st, _ := rolloutStatus(d, []*api.ReplicaSet{failing}, failing, now)
	c := getCondition(&st, api.DeploymentReplicaFailure)
	require.NotNil(t, c)
	assert.Equal(t, "FailedCreate", c.Reason)

	d.Status = st
	healed := rsWithAvailable("foo", 3, 3, 3)
	st, _ = rolloutStatus(d, []*api.ReplicaSet{healed}, healed, now)
	assert.Nil(t, getCondition(&st, api.DeploymentReplicaFailure))
}

// Upstream's TestRequeueStuckDeployment. Upstream returns the wait and
// enqueues after wait+1 s; ours asks for wait+1 s. "now" is an immediate
// (rate-limited) requeue; "none" no requeue at all.
func TestRequeueForDeadline(t *testing.T) {
	pds := api.Ptr[int32](60)
	infinite := api.Ptr[int32](math.MaxInt32)
	lastUpdate := clock.Epoch
	stuck := api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionTrue, Reason: ReasonReplicaSetUpdated,
		LastUpdateTime: api.NewTime(lastUpdate)}
	failed := api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionFalse, Reason: ReasonProgressDeadlineExceeded}
	const none, immediately = time.Duration(-1), time.Duration(0)

	tests := []struct {
		name string
		d    *api.Deployment
		now  time.Time
		want time.Duration // requeueAfter, or none / immediately
	}{
		{"no progressDeadlineSeconds", progressDeployment(nil, 4, 3, 3, 2, stuck), lastUpdate, none},
		{"an infinite progressDeadlineSeconds", progressDeployment(infinite, 4, 3, 3, 2, stuck), lastUpdate, none},
		{"no Progressing condition", progressDeployment(pds, 4, 3, 3, 2), lastUpdate, none},
		{"a complete rollout", progressDeployment(pds, 3, 3, 3, 3, stuck), lastUpdate, none},
		{"an already failed rollout", progressDeployment(pds, 3, 3, 3, 0, failed), lastUpdate, none},
		{"stuck, 30 s left", progressDeployment(pds, 3, 3, 3, 1, stuck), lastUpdate.Add(30 * time.Second), 31 * time.Second},
		{"stuck, 1 s left", progressDeployment(pds, 3, 3, 3, 1, stuck), lastUpdate.Add(59 * time.Second), 2 * time.Second},
		{"stuck, less than a second left", progressDeployment(pds, 3, 3, 3, 1, stuck), lastUpdate.Add(59*time.Second + 1), immediately},
		{"stuck, the deadline is now", progressDeployment(pds, 3, 3, 3, 1, stuck), lastUpdate.Add(60 * time.Second), immediately},
		{"stuck, 1 s past the deadline", progressDeployment(pds, 3, 3, 3, 1, stuck), lastUpdate.Add(61 * time.Second), immediately},
		{"stuck, 60 s past the deadline", progressDeployment(pds, 3, 3, 3, 1, stuck), lastUpdate.Add(2 * time.Minute), immediately},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &syncer{d: tt.d, now: tt.now}
			st := tt.d.Status // as upstream: the status is unchanged
			s.requeueForDeadline(&st)
			switch tt.want {
			case none:
				assert.False(t, s.requeue)
				assert.Zero(t, s.requeueAfter)
			case immediately:
				assert.True(t, s.requeue)
				assert.Zero(t, s.requeueAfter)
			default:
				assert.False(t, s.requeue)
				assert.Equal(t, tt.want, s.requeueAfter)
			}
		})
	}
}
