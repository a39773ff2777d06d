package deployment

// Table tests of the rollout arithmetic. The cases are the inputs and
// expected outputs of upstream's deployment tests (TestResolveFenceposts,
// TestMaxUnavailable, TestNewRSNewReplicas, TestGetReplicaSetFraction,
// TestScale, TestDeploymentController_reconcileOldReplicaSets, …), written
// as our own tables.

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// deployment returns a RollingUpdate Deployment with int fenceposts.
func deployment(replicas, maxSurge, maxUnavailable int32) *api.Deployment {
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "foo", Namespace: "default", UID: "d-uid", Generation: 1},
		Spec: api.DeploymentSpec{
			Replicas: api.Ptr(replicas),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "foo"}},
			Strategy: api.DeploymentStrategy{Type: api.RollingUpdateDeploymentStrategyType,
				RollingUpdate: &api.RollingUpdateDeployment{MaxSurge: api.Ptr(api.FromInt(maxSurge)), MaxUnavailable: api.Ptr(api.FromInt(maxUnavailable))}},
		},
	}
}

// replicaSet returns a ReplicaSet of spec replicas, available ones, created at t.
func replicaSet(name string, spec, available int32, t time.Time) *api.ReplicaSet {
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", UID: name + "-uid", CreationTimestamp: api.NewTime(t)},
		Spec:       api.ReplicaSetSpec{Replicas: api.Ptr(spec)},
		Status:     api.ReplicaSetStatus{Replicas: spec, AvailableReplicas: available},
	}
}

var (
	olderTime = clock.Epoch
	oldTime   = clock.Epoch.Add(time.Hour)
	newTime   = clock.Epoch.Add(2 * time.Hour)
)

func TestResolveFenceposts(t *testing.T) {
	pct := func(s string) *api.IntOrString { return api.Ptr(api.FromString(s)) }
	num := func(i int32) *api.IntOrString { return api.Ptr(api.FromInt(i)) }
	tests := []struct {
		name            string
		surge, unavail  *api.IntOrString
		desired         int32
		wantSurge       int32
		wantUnavailable int32
		wantErr         bool
	}{
		{"25% of 10: surge rounds up to 3, unavailable down to 2", pct("25%"), pct("25%"), 10, 3, 2, false},
		{"25% of 3: 1 and 0", pct("25%"), pct("25%"), 3, 1, 0, false},
		{"25% of 1: 1 and 0", pct("25%"), pct("25%"), 1, 1, 0, false},
		{"0% and 0% of 0: unavailable becomes 1", pct("0%"), pct("0%"), 0, 0, 1, false},
		{"0 and 0: unavailable becomes 1", num(0), num(0), 10, 0, 1, false},
		{"39% of 10: 4 and 3", pct("39%"), pct("39%"), 10, 4, 3, false},
		{"no surge given: 0", nil, pct("39%"), 10, 0, 3, false},
		{"no unavailable given: 0", pct("39%"), nil, 10, 4, 0, false},
		{"neither given: unavailable 1", nil, nil, 10, 0, 1, false},
		{"ints are taken as they are", num(2), num(5), 10, 2, 5, false},
		{"a surge that is no percentage is an error", pct("oops"), pct("39%"), 10, 0, 0, true},
		{"an unavailable that is no percentage is an error", pct("55%"), pct("urg"), 10, 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, u, err := ResolveFenceposts(tt.surge, tt.unavail, tt.desired)
			if tt.wantErr {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantSurge, s, "surge")
			assert.Equal(t, tt.wantUnavailable, u, "unavailable")
		})
	}
}

func TestMaxUnavailable(t *testing.T) {
	withUnavailable := func(replicas int32, v api.IntOrString) *api.Deployment {
		d := deployment(replicas, 1, 0)
		d.Spec.Strategy.RollingUpdate.MaxUnavailable = &v
		return d
	}
	recreate := deployment(10, 0, 0)
	recreate.Spec.Strategy = api.DeploymentStrategy{Type: api.RecreateDeploymentStrategyType}
	tests := []struct {
		name string
		d    *api.Deployment
		want int32
	}{
		{"less than replicas", withUnavailable(10, api.FromInt(5)), 5},
		{"equal to replicas", withUnavailable(10, api.FromInt(10)), 10},
		{"above replicas is capped at replicas", withUnavailable(5, api.FromInt(10)), 5},
		{"0 replicas: 0", withUnavailable(0, api.FromInt(10)), 0},
		{"Recreate: 0", recreate, 0},
		{"50% of 10", withUnavailable(10, api.FromString("50%")), 5},
		{"100% of 10", withUnavailable(10, api.FromString("100%")), 10},
		{"100% of 5", withUnavailable(5, api.FromString("100%")), 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, MaxUnavailable(tt.d))
		})
	}
}

func TestNewRSNewReplicas(t *testing.T) {
	tests := []struct {
		name        string
		strategy    string
		replicas    int32
		newRS       int32
		others      int32 // spec replicas of the other ReplicaSets
		maxSurge    int32
		want        int32
		wantWhyPart string
	}{
		{"cannot scale up: the ReplicaSets already ask for replicas+maxSurge", api.RollingUpdateDeploymentStrategyType, 1, 5, 5, 1, 5, "stays at 5"},
		{"scale up, but never past spec.replicas", api.RollingUpdateDeploymentStrategyType, 6, 2, 5, 10, 6, "new ReplicaSet 2 → 6"},
		{"Recreate: all replicas", api.RecreateDeploymentStrategyType, 3, 1, 5, 1, 3, "all 3 replicas"},
		{"brand-new ReplicaSet next to 10 old pods gets the surge", api.RollingUpdateDeploymentStrategyType, 10, 0, 10, 3, 3, "may have 13 pods"},
		{"brand-new ReplicaSet of a new Deployment gets all replicas", api.RollingUpdateDeploymentStrategyType, 3, 0, 0, 1, 3, "new ReplicaSet 0 → 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := deployment(tt.replicas, tt.maxSurge, 1)
			d.Spec.Strategy.Type = tt.strategy
			newRS := replicaSet("new", tt.newRS, 0, newTime)
			// As upstream's case: the new ReplicaSet is not among allRSs.
			got, why, err := NewRSNewReplicas(d, []*api.ReplicaSet{replicaSet("other", tt.others, tt.others, oldTime)}, newRS)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Contains(t, why, tt.wantWhyPart)
		})
	}
}

func TestPlanOldScaleDown(t *testing.T) {
	tests := []struct {
		name               string
		replicas           int32
		maxUnavailable     int32
		oldReplicas        int32
		newReplicas        int32
		oldReady, newReady int32
		wantOld            int32 // old ReplicaSet's size after the plan
		wantSteps          int
	}{
		{"maxUnavailable 0 (and maxSurge 0) resolves to 1: one old pod goes", 10, 0, 10, 0, 10, 0, 9, 1},
		{"maxUnavailable 2: two healthy old pods go", 10, 2, 10, 0, 10, 0, 8, 1},
		{"two unavailable old pods go first, and that is the budget", 10, 2, 10, 0, 8, 0, 8, 1},
		{"one unavailable old pod, then one healthy one", 10, 2, 10, 0, 9, 0, 8, 2},
		{"new pods not yet available block further scale-down", 10, 2, 8, 2, 8, 0, 8, 0},
		{"below the minimum nothing healthy goes", 10, 2, 10, 0, 1, 0, 8, 1},
		{"no old pods: nothing to do", 10, 2, 0, 10, 0, 10, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := deployment(tt.replicas, 0, tt.maxUnavailable)
			oldRS := replicaSet("foo-old", tt.oldReplicas, tt.oldReady, oldTime)
			newRS := replicaSet("foo-new", tt.newReplicas, tt.newReady, newTime)
			steps, why := PlanOldScaleDown(d, []*api.ReplicaSet{oldRS, newRS}, activeOf([]*api.ReplicaSet{oldRS}), newRS)
			require.Len(t, steps, tt.wantSteps, "steps: %+v, why: %v", steps, why)
			got := tt.oldReplicas
			for _, s := range steps {
				assert.Equal(t, "foo-old", s.RS.Name)
				assert.NotEmpty(t, s.Why)
				got = s.To
			}
			assert.Equal(t, tt.wantOld, got)
		})
	}
}

func TestPlanOldScaleDownTakesOldestFirst(t *testing.T) {
	d := deployment(10, 0, 3)
	older := replicaSet("foo-v1", 4, 4, olderTime)
	old := replicaSet("foo-v2", 6, 6, oldTime)
	newRS := replicaSet("foo-v3", 0, 0, newTime)
	steps, _ := PlanOldScaleDown(d, []*api.ReplicaSet{old, older, newRS}, []*api.ReplicaSet{old, older}, newRS)
	require.Len(t, steps, 1)
	assert.Equal(t, "foo-v1", steps[0].RS.Name)
	assert.Equal(t, int32(1), steps[0].To)
}

func TestReplicaSetFraction(t *testing.T) {
	tests := []struct {
		name           string
		replicas       int32
		statusReplicas int32
		maxSurge       int32
		rsReplicas     int32
		maxReplicas    string // the annotation; "" = missing
		want           int32
	}{
		{"an empty Deployment scales every ReplicaSet to 0", 0, 0, 0, 10, "", -10},
		{"no max-replicas annotation and no status: no change", 10, 0, 0, 5, "", 0},
		{"max-replicas 0 and no status: no change", 10, 0, 0, 5, "0", 0},
		{"no annotation: status.replicas stands in, 100 → 120 adds 1/5", 120, 100, 0, 50, "", 10},
		{"max-replicas 0: status.replicas stands in", 120, 100, 0, 50, "0", 10},
		{"100 → 120 adds 1/5", 120, 0, 0, 50, "100", 10},
		{"with maxSurge the share counts the surge pods too", 120, 0, 10, 50, "110", 9},
		{"12 → 10 takes 1/6", 10, 0, 0, 6, "12", -1},
		{"130 → 110 with surge takes about 1/6", 100, 0, 10, 50, "130", -8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := deployment(tt.replicas, tt.maxSurge, 1)
			d.Status.Replicas = tt.statusReplicas
			rs := replicaSet("foo", tt.rsReplicas, tt.rsReplicas, oldTime)
			if tt.maxReplicas != "" {
				rs.Annotations = map[string]string{MaxReplicasAnnotation: tt.maxReplicas}
			}
			assert.Equal(t, tt.want, ReplicaSetFraction(rs, d))
		})
	}
}

func TestPlanScale(t *testing.T) {
	type rsSpec struct {
		name string
		size int32
		t    time.Time
	}
	tests := []struct {
		name        string
		replicas    int32 // spec.replicas now
		oldReplicas int32 // spec.replicas the ReplicaSets were sized for
		maxSurge    int32 // now
		oldSurge    int32 // when sized
		newRS       *rsSpec
		oldRSs      []rsSpec
		want        map[string]int32
		// staleDesired overrides one ReplicaSet's desired-replicas/max-replicas.
		staleDesired map[string]int32
		// newUnavailable makes the new ReplicaSet's pods unavailable.
		newUnavailable bool
	}{
		{name: "one ReplicaSet, 10 → 12", replicas: 12, oldReplicas: 10,
			newRS: &rsSpec{"foo-v1", 10, newTime}, want: map[string]int32{"foo-v1": 12}},
		{name: "one ReplicaSet, 10 → 5", replicas: 5, oldReplicas: 10,
			newRS: &rsSpec{"foo-v1", 10, newTime}, want: map[string]int32{"foo-v1": 5}},
		{name: "proportional 5 → 10", replicas: 10, oldReplicas: 5,
			newRS: &rsSpec{"foo-v2", 2, newTime}, oldRSs: []rsSpec{{"foo-v1", 3, oldTime}},
			want: map[string]int32{"foo-v2": 4, "foo-v1": 6}},
		{name: "proportional 5 → 3", replicas: 3, oldReplicas: 5,
			newRS: &rsSpec{"foo-v2", 2, newTime}, oldRSs: []rsSpec{{"foo-v1", 3, oldTime}},
			want: map[string]int32{"foo-v2": 1, "foo-v1": 2}},
		{name: "proportional 9 → 4", replicas: 4, oldReplicas: 9,
			newRS: &rsSpec{"foo-v2", 8, newTime}, oldRSs: []rsSpec{{"foo-v1", 1, oldTime}},
			want: map[string]int32{"foo-v2": 4, "foo-v1": 0}},
		{name: "proportional 7 → 10 over three ReplicaSets", replicas: 10, oldReplicas: 7,
			newRS: &rsSpec{"foo-v3", 2, newTime}, oldRSs: []rsSpec{{"foo-v2", 3, oldTime}, {"foo-v1", 2, olderTime}},
			want: map[string]int32{"foo-v3": 3, "foo-v2": 4, "foo-v1": 3}},
		{name: "proportional 13 → 8 over three ReplicaSets", replicas: 8, oldReplicas: 13,
			newRS: &rsSpec{"foo-v3", 2, newTime}, oldRSs: []rsSpec{{"foo-v2", 8, oldTime}, {"foo-v1", 3, olderTime}},
			want: map[string]int32{"foo-v3": 1, "foo-v2": 5, "foo-v1": 2}},
		{name: "leftover of 3 → 4 goes to the newest of equals", replicas: 4, oldReplicas: 3,
			newRS: &rsSpec{"foo-v3", 1, newTime}, oldRSs: []rsSpec{{"foo-v2", 1, oldTime}, {"foo-v1", 1, olderTime}},
			want: map[string]int32{"foo-v3": 2, "foo-v2": 1, "foo-v1": 1}},
		{name: "leftover of 3 → 2 comes from the oldest of equals", replicas: 2, oldReplicas: 3,
			newRS: &rsSpec{"foo-v3", 1, newTime}, oldRSs: []rsSpec{{"foo-v2", 1, oldTime}, {"foo-v1", 1, olderTime}},
			want: map[string]int32{"foo-v3": 1, "foo-v2": 1, "foo-v1": 0}},
		{name: "no new ReplicaSet 4 → 5: the newest grows first", replicas: 5, oldReplicas: 4,
			oldRSs: []rsSpec{{"foo-v2", 2, oldTime}, {"foo-v1", 2, olderTime}},
			want:   map[string]int32{"foo-v2": 3, "foo-v1": 2}},
		{name: "6 → 0 empties all", replicas: 0, oldReplicas: 6,
			newRS: &rsSpec{"foo-v3", 3, newTime}, oldRSs: []rsSpec{{"foo-v2", 2, oldTime}, {"foo-v1", 1, olderTime}},
			want: map[string]int32{"foo-v3": 0, "foo-v2": 0, "foo-v1": 0}},
		{name: "0 → 6 from nothing active: the new ReplicaSet takes all", replicas: 6, oldReplicas: 6,
			newRS: &rsSpec{"foo-v3", 0, newTime}, oldRSs: []rsSpec{{"foo-v2", 0, oldTime}, {"foo-v1", 0, olderTime}},
			want: map[string]int32{"foo-v3": 6, "foo-v2": 0, "foo-v1": 0}},
		{name: "a ReplicaSet sized for another size grows by its own annotation", replicas: 5, oldReplicas: 5,
			newRS: &rsSpec{"foo-v3", 2, newTime}, oldRSs: []rsSpec{{"foo-v2", 1, oldTime}, {"foo-v1", 1, olderTime}},
			staleDesired: map[string]int32{"foo-v2": 3},
			want:         map[string]int32{"foo-v3": 2, "foo-v2": 2, "foo-v1": 1}},
		{name: "with surge pods 10 → 20", replicas: 20, oldReplicas: 10, maxSurge: 2, oldSurge: 2,
			newRS: &rsSpec{"foo-v2", 6, newTime}, oldRSs: []rsSpec{{"foo-v1", 6, oldTime}},
			want: map[string]int32{"foo-v2": 11, "foo-v1": 11}},
		{name: "size and surge change together", replicas: 50, oldReplicas: 10, maxSurge: 6, oldSurge: 3,
			newRS: &rsSpec{"foo-v2", 5, newTime}, oldRSs: []rsSpec{{"foo-v1", 8, oldTime}},
			want: map[string]int32{"foo-v2": 22, "foo-v1": 34}},
		{name: "size and template change together: old ReplicaSets scale", replicas: 14, oldReplicas: 10,
			oldRSs: []rsSpec{{"foo-v2", 7, newTime}, {"foo-v1", 3, oldTime}},
			want:   map[string]int32{"foo-v2": 10, "foo-v1": 4}},
		{name: "a saturated but broken new ReplicaSet leaves old pods alone", replicas: 2, oldReplicas: 2, maxSurge: 1, oldSurge: 1,
			newRS: &rsSpec{"foo-v2", 2, newTime}, oldRSs: []rsSpec{{"foo-v1", 1, oldTime}}, newUnavailable: true,
			want: map[string]int32{"foo-v2": 2, "foo-v1": 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			unavailable := int32(0)
			if tt.maxSurge != 0 {
				unavailable = 1
			}
			d := deployment(tt.replicas, tt.maxSurge, unavailable)
			build := func(s rsSpec) *api.ReplicaSet {
				rs := replicaSet(s.name, s.size, s.size, s.t)
				desired := tt.oldReplicas
				if v, ok := tt.staleDesired[s.name]; ok {
					desired = v
				}
				SetReplicasAnnotations(rs, desired, desired+tt.oldSurge)
				return rs
			}
			var newRS *api.ReplicaSet
			if tt.newRS != nil {
				newRS = build(*tt.newRS)
				if tt.newUnavailable {
					newRS.Status.AvailableReplicas = 0
				}
			}
			var olds []*api.ReplicaSet
			for _, s := range tt.oldRSs {
				olds = append(olds, build(s))
			}
			got := map[string]int32{}
			for _, rs := range appendRS(append([]*api.ReplicaSet(nil), olds...), newRS) {
				got[rs.Name] = specOf(rs)
			}
			steps, _ := PlanScale(d, newRS, olds)
			for _, s := range steps {
				got[s.RS.Name] = s.To
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestPlanHistoryCleanup(t *testing.T) {
	rs := func(rev int, spec, status int32) *api.ReplicaSet {
		r := replicaSet(fmt.Sprintf("foo-%d", rev), spec, 0, oldTime)
		r.Status.Replicas = status
		r.Annotations = map[string]string{RevisionAnnotation: fmt.Sprint(rev)}
		return r
	}
	deleting := rs(1, 0, 0)
	deleting.DeletionTimestamp = api.Ptr(api.NewTime(oldTime))
	unobserved := rs(1, 0, 0)
	unobserved.Generation = 2
	tests := []struct {
		name  string
		old   []*api.ReplicaSet
		limit int32
		want  []string
	}{
		{"limit 1 keeps the newest of three", []*api.ReplicaSet{rs(3, 0, 0), rs(1, 0, 0), rs(2, 0, 0)}, 1, []string{"foo-1", "foo-2"}},
		{"only ReplicaSets with 0 asked and 0 reported go", []*api.ReplicaSet{rs(1, 0, 0), rs(2, 0, 1), rs(3, 1, 0), rs(4, 1, 1)}, 0, []string{"foo-1"}},
		{"limit 0 removes every empty one", []*api.ReplicaSet{rs(1, 0, 0), rs(2, 0, 0)}, 0, []string{"foo-1", "foo-2"}},
		{"ReplicaSets with pods stay", []*api.ReplicaSet{rs(1, 1, 1), rs(2, 1, 1)}, 0, nil},
		{"one already being deleted is not counted", []*api.ReplicaSet{deleting}, 0, nil},
		{"a scale-down its controller has not observed stays", []*api.ReplicaSet{unobserved}, 0, nil},
		{"an unlimited history keeps all", []*api.ReplicaSet{rs(1, 0, 0), rs(2, 0, 0), rs(3, 0, 0)}, math.MaxInt32, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			victims, _ := PlanHistoryCleanup(tt.old, tt.limit)
			var names []string
			for _, v := range victims {
				names = append(names, v.Name)
			}
			assert.Equal(t, tt.want, names)
		})
	}
}

func TestDeploymentComplete(t *testing.T) {
	tests := []struct {
		name                                 string
		desired, current, updated, available int32
		want                                 bool
	}{
		{"min but not all pods available", 5, 5, 5, 4, false},
		{"min availability not honoured", 5, 5, 5, 3, false},
		{"complete", 5, 5, 5, 5, true},
		{"all available but not all updated", 5, 5, 4, 5, false},
		{"old pods still running", 1, 2, 1, 1, false},
		{"the one replica never comes up", 1, 1, 1, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := deployment(tt.desired, 0, 1)
			st := api.DeploymentStatus{Replicas: tt.current, UpdatedReplicas: tt.updated, AvailableReplicas: tt.available, ObservedGeneration: 1}
			assert.Equal(t, tt.want, DeploymentComplete(d, &st))
		})
	}
}

func TestDeploymentProgressing(t *testing.T) {
	st := func(current, updated, ready, available int32) api.DeploymentStatus {
		return api.DeploymentStatus{Replicas: current, UpdatedReplicas: updated, ReadyReplicas: ready, AvailableReplicas: available}
	}
	tests := []struct {
		name     string
		old, new api.DeploymentStatus
		want     bool
	}{
		{"more updated pods", st(10, 4, 4, 4), st(10, 6, 4, 4), true},
		{"nothing moved", st(10, 4, 4, 4), st(10, 4, 4, 4), false},
		{"old pods removed", st(10, 4, 6, 6), st(8, 4, 6, 6), true},
		{"fewer new pods", st(10, 7, 3, 3), st(10, 6, 3, 3), false},
		{"fewer in all but more new", st(10, 4, 7, 7), st(8, 8, 5, 5), true},
		{"more ready", st(10, 10, 9, 8), st(10, 10, 10, 8), true},
		{"more available", st(10, 10, 10, 9), st(10, 10, 10, 10), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := deployment(10, 0, 1)
			d.Status = tt.old
			assert.Equal(t, tt.want, DeploymentProgressing(d, &tt.new))
		})
	}
}

func TestDeploymentTimedOut(t *testing.T) {
	at := func(min, sec int) time.Time { return time.Date(2016, 1, 1, 0, min, sec, 0, time.UTC) }
	withCond := func(reason string, deadline *int32, from time.Time) (*api.Deployment, api.DeploymentStatus) {
		d := deployment(1, 0, 1)
		d.Spec.ProgressDeadlineSeconds = deadline
		st := api.DeploymentStatus{Conditions: []api.DeploymentCondition{{Type: api.DeploymentProgressing,
			Status: api.ConditionTrue, Reason: reason, LastUpdateTime: api.NewTime(from)}}}
		return d, st
	}
	tests := []struct {
		name     string
		reason   string
		deadline *int32
		from     time.Time
		now      time.Time
		want     bool
	}{
		{"no deadline: never", "", nil, at(1, 9), at(1, 20), false},
		{"infinite deadline: never", "", api.Ptr[int32](math.MaxInt32), at(1, 9), at(1, 20), false},
		{"10s deadline, 11s without progress", "", api.Ptr[int32](10), at(1, 9), at(1, 20), true},
		{"10s deadline, 9s without progress", "", api.Ptr[int32](10), at(1, 11), at(1, 20), false},
		{"a complete rollout never times out", ReasonNewReplicaSetAvailable, api.Ptr[int32](10), at(0, 0), at(9, 0), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, st := withCond(tt.reason, tt.deadline, tt.from)
			assert.Equal(t, tt.want, DeploymentTimedOut(d, &st, tt.now))
		})
	}
}

// The history cleanup's reason counts one as one.
func TestHistoryWhyCountsOneAsOne(t *testing.T) {
	for _, tt := range []struct {
		limit       int32
		alive, diff int
		want        string
	}{
		{0, 1, 1, "revisionHistoryLimit 0: 1 old ReplicaSet, which goes once it has 0 replicas"},
		{1, 2, 1, "revisionHistoryLimit 1: 2 old ReplicaSets, the lowest revision goes once it has 0 replicas"},
		{1, 4, 3, "revisionHistoryLimit 1: 4 old ReplicaSets, the 3 lowest revisions go once they have 0 replicas"},
	} {
		assert.Equal(t, tt.want, historyWhy(tt.limit, tt.alive, tt.diff))
	}
}
