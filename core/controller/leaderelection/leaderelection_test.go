package leaderelection

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

// recordingClient is the store, with every call the elector makes noted.
type recordingClient struct {
	*store.Store
	verbs []string
}

func (c *recordingClient) Get(k *api.Kind, ns, name string) (api.Object, error) {
	c.verbs = append(c.verbs, "get")
	return c.Store.Get(k, ns, name)
}

func (c *recordingClient) Create(o api.Object) (api.Object, error) {
	c.verbs = append(c.verbs, "create")
	return c.Store.Create(o)
}

func (c *recordingClient) Update(o api.Object) (api.Object, error) {
	c.verbs = append(c.verbs, "update")
	return c.Store.Update(o)
}

type events struct{ messages []string }

func (e *events) Event(o api.Object, eventType, reason, message string) {
	e.messages = append(e.messages, reason+" "+message)
}

func newFixture(t *testing.T) (*clock.Sim, *recordingClient) {
	clk := clock.New(1)
	s := store.New(clk)
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "foo"}})
	require.NoError(t, err)
	return clk, &recordingClient{Store: s}
}

func newElector(clk *clock.Sim, c Client, identity string, ev EventRecorder) *Elector {
	return New(clk, c, ev, clk.Stream("test"), Config{Namespace: "foo", Name: "bar", Identity: identity,
		LeaseDuration: 10 * time.Second, RenewDeadline: 5 * time.Second, RetryPeriod: 2 * time.Second})
}

// TestTryAcquireOrRenew encodes the cases of client-go's
// TestTryAcquireOrRenewLeases: what is in the store, what this replica
// ("baz") observed and when, and what one attempt (or two, retryAfter
// apart) must do.
func TestTryAcquireOrRenew(t *testing.T) {
	future, past := 1000*time.Hour, -1000*time.Hour
	tests := []struct {
		name string
		// lease is the stored spec; nil means there is no Lease.
		lease *Record
		// observed is what baz saw last, observedAt when (relative to now).
		observed   Record
		observedAt *time.Duration
		retryAfter time.Duration

		wantSuccess     bool
		wantTransitions int
		wantHolder      string
		wantVerbs       []string
	}{
		{name: "acquire from no object",
			wantSuccess: true, wantHolder: "baz", wantVerbs: []string{"get", "create"}},
		{name: "acquire from object without a record", lease: &Record{},
			wantSuccess: true, wantTransitions: 1, wantHolder: "baz", wantVerbs: []string{"get", "update"}},
		{name: "acquire from led object once its lease duration has passed",
			lease:      &Record{HolderIdentity: "bing", LeaseDurationSeconds: 3},
			retryAfter: 3 * time.Second,
			// The first attempt only observes bing's record; three seconds
			// of it standing still later, baz takes over.
			wantSuccess: true, wantTransitions: 1, wantHolder: "baz", wantVerbs: []string{"get", "get", "update"}},
		{name: "acquire from unled object", lease: &Record{HolderIdentity: ""},
			wantSuccess: true, wantTransitions: 1, wantHolder: "baz", wantVerbs: []string{"get", "update"}},
		{name: "acquire from led, unacked object",
			lease:    &Record{HolderIdentity: "bing"},
			observed: Record{HolderIdentity: "bing"}, observedAt: &past,
			wantSuccess: true, wantTransitions: 1, wantHolder: "baz", wantVerbs: []string{"get", "update"}},
		{name: "acquire from empty led, acked object",
			lease:      &Record{HolderIdentity: ""},
			observedAt: &future,
			// No holder: free to take, however fresh the observation.
			wantSuccess: true, wantTransitions: 1, wantHolder: "baz", wantVerbs: []string{"get", "update"}},
		{name: "don't acquire from led, acked object",
			// Upstream's record has no duration and passes only because a
			// real clock ticks between two reads of it; on a simulated
			// clock the record needs a duration to be fresh at all.
			lease:      &Record{HolderIdentity: "bing", LeaseDurationSeconds: 10},
			observedAt: &future,
			// The record differs from what baz saw: it is observed anew,
			// now, so bing's lease is fresh to baz's eyes.
			wantSuccess: false, wantHolder: "bing", wantVerbs: []string{"get"}},
		{name: "renew already acquired object",
			lease:    &Record{HolderIdentity: "baz"},
			observed: Record{HolderIdentity: "baz"}, observedAt: &future,
			// No Lease read yet for the optimistic write: get, then update.
			wantSuccess: true, wantHolder: "baz", wantVerbs: []string{"get", "update"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk, c := newFixture(t)
			if tt.lease != nil {
				_, err := c.Store.Create(&api.Lease{ObjectMeta: api.ObjectMeta{Namespace: "foo", Name: "bar"}, Spec: tt.lease.spec()})
				require.NoError(t, err)
				if *tt.lease == (Record{}) {
					// "Without a record": a Lease with an empty spec.
					l, _ := c.Store.Get(api.Leases, "foo", "bar")
					cp := api.DeepCopy(l.(*api.Lease))
					cp.Spec = api.LeaseSpec{}
					_, err := c.Store.Update(cp)
					require.NoError(t, err)
				}
			}
			ev := &events{}
			e := newElector(clk, c, "baz", ev)
			e.observed = tt.observed
			if tt.observedAt != nil {
				e.observedTime = clk.Now().Add(*tt.observedAt)
			}

			got := e.TryAcquireOrRenew()
			if got != tt.wantSuccess && tt.retryAfter > 0 {
				clk.Advance(tt.retryAfter)
				got = e.TryAcquireOrRenew()
			}
			assert.Equal(t, tt.wantSuccess, got)
			assert.Equal(t, tt.wantHolder, e.observed.HolderIdentity)
			assert.Equal(t, tt.wantTransitions, e.observed.LeaderTransitions)
			assert.Equal(t, tt.wantVerbs, c.verbs)
			l, err := c.Store.Get(api.Leases, "foo", "bar")
			require.NoError(t, err)
			assert.Equal(t, tt.wantHolder, RecordOf(l.(*api.Lease)).HolderIdentity, "the stored holder")
			assert.Empty(t, ev.messages, "one attempt records no Event; the loops do")
		})
	}
}

func TestRenewKeepsAcquireTimeAndTransitions(t *testing.T) {
	clk, c := newFixture(t)
	e := newElector(clk, c, "baz", nil)
	require.True(t, e.TryAcquireOrRenew())
	acquired := clk.Now()
	clk.Advance(2 * time.Second)
	c.verbs = nil
	require.True(t, e.TryAcquireOrRenew())
	assert.Equal(t, []string{"update"}, c.verbs, "the leader writes optimistically, without a read")
	l, _ := c.Store.Get(api.Leases, "foo", "bar")
	r := RecordOf(l.(*api.Lease))
	assert.Equal(t, acquired, r.AcquireTime)
	assert.Equal(t, clk.Now(), r.RenewTime)
	assert.Equal(t, 0, r.LeaderTransitions)
	assert.Equal(t, 10, r.LeaseDurationSeconds)
}

func TestOptimisticRenewFallsBackOnConflict(t *testing.T) {
	clk, c := newFixture(t)
	e := newElector(clk, c, "baz", nil)
	require.True(t, e.TryAcquireOrRenew())
	// Someone else writes the Lease (kubectl label, say): baz's copy is stale.
	l, _ := c.Store.Get(api.Leases, "foo", "bar")
	cp := api.DeepCopy(l.(*api.Lease))
	cp.Labels = map[string]string{"touched": "yes"}
	_, err := c.Store.Update(cp)
	require.NoError(t, err)
	c.verbs = nil
	assert.True(t, e.TryAcquireOrRenew())
	assert.Equal(t, []string{"update", "get", "update"}, c.verbs, "conflict, then the slow path")
}

func TestRacingCandidatesOnlyOneWins(t *testing.T) {
	clk, c := newFixture(t)
	a, b := newElector(clk, c, "a", nil), newElector(clk, c, "b", nil)
	_, err := c.Store.Create(&api.Lease{ObjectMeta: api.ObjectMeta{Namespace: "foo", Name: "bar"},
		Spec: Record{HolderIdentity: "old", LeaseDurationSeconds: 10}.spec()})
	require.NoError(t, err)
	assert.False(t, a.TryAcquireOrRenew())
	assert.False(t, b.TryAcquireOrRenew())
	clk.Advance(10 * time.Second)
	// Both read the expired Lease at the same resourceVersion...
	bLease := b.lease
	assert.True(t, a.TryAcquireOrRenew())
	// ... b's write carries the old resourceVersion: Conflict.
	b.lease = bLease
	rec := Record{HolderIdentity: "b", LeaseDurationSeconds: 10, LeaderTransitions: 1}
	assert.True(t, api.IsConflict(b.update(rec)))
	assert.False(t, b.TryAcquireOrRenew(), "b now sees a's fresh record")
	l, _ := c.Store.Get(api.Leases, "foo", "bar")
	assert.Equal(t, "a", RecordOf(l.(*api.Lease)).HolderIdentity)
	assert.Equal(t, 1, RecordOf(l.(*api.Lease)).LeaderTransitions)
}

func TestLoopsTakeOverAfterTheLeaderStops(t *testing.T) {
	clk, c := newFixture(t)
	ev := &events{}
	var log []string
	mk := func(id string) *Elector {
		e := newElector(clk, c, id, ev)
		e.cfg.LeaseDuration, e.cfg.RenewDeadline = DefaultLeaseDuration, DefaultRenewDeadline
		e.cfg.OnStartedLeading = func() { log = append(log, id+" started") }
		e.cfg.OnStoppedLeading = func() { log = append(log, id+" stopped") }
		return e
	}
	a, b := mk("a"), mk("b")
	a.Run()
	b.Run()
	clk.Advance(time.Minute)
	assert.Equal(t, Leading, a.State())
	assert.Equal(t, Candidate, b.State())
	assert.Equal(t, []string{"a started"}, log)

	a.Stop() // killed at 60 s: its last renewal was at 60 s at the latest
	killed := clk.Now()
	clk.Advance(12 * time.Second)
	assert.Equal(t, Candidate, b.State(), "b needs 15 s of silence, and a renewed at most 2 s before it died")
	clk.Advance(13 * time.Second)
	require.Equal(t, Leading, b.State())
	l, _ := c.Store.Get(api.Leases, "foo", "bar")
	r := RecordOf(l.(*api.Lease))
	assert.Equal(t, "b", r.HolderIdentity)
	assert.Equal(t, 1, r.LeaderTransitions)
	took := r.AcquireTime.Sub(killed)
	// b saw a's last record at most RetryPeriod×(1+JitterFactor) after it
	// was written, and tries that often: expiry 15 s, plus up to two waits.
	assert.GreaterOrEqual(t, took, 15*time.Second-2*time.Second)
	assert.LessOrEqual(t, took, 15*time.Second+2*time.Duration(float64(2*time.Second)*(1+JitterFactor)))
	assert.Equal(t, []string{"LeaderElection a became leader", "LeaderElection b became leader"}, ev.messages)
}

func TestPausedLeaderPastItsDeadlineStopsOnResume(t *testing.T) {
	clk, c := newFixture(t)
	ev := &events{}
	stopped := false
	e := newElector(clk, c, "a", ev)
	e.cfg.OnStoppedLeading = func() { stopped = true }
	e.Run()
	clk.Advance(5 * time.Second)
	require.Equal(t, Leading, e.State())
	deadline := e.Deadline()
	e.Pause()
	clk.AdvanceTo(deadline)
	assert.Equal(t, Leading, e.State(), "a frozen process does nothing")
	e.Resume()
	assert.False(t, clk.Now().Before(e.Deadline()), "the deadline tells the process not to act")
	clk.Advance(0)
	assert.Equal(t, Lost, e.State(), "its first attempt finds the deadline passed")
	assert.True(t, stopped)
	assert.Equal(t, "LeaderElection a stopped leading", ev.messages[len(ev.messages)-1])
}

func TestShortPauseKeepsTheLead(t *testing.T) {
	clk, c := newFixture(t)
	e := newElector(clk, c, "a", nil)
	e.Run()
	clk.Advance(5 * time.Second)
	e.Pause()
	clk.Advance(3 * time.Second)
	e.Resume()
	clk.Advance(30 * time.Second)
	assert.Equal(t, Leading, e.State())
}

func TestLeaderThatCannotRenewGivesUpAtItsDeadline(t *testing.T) {
	clk, c := newFixture(t)
	e := newElector(clk, c, "a", nil)
	e.cfg.RenewDeadline = 10 * time.Second
	e.Run()
	clk.Advance(4 * time.Second)
	require.Equal(t, Leading, e.State())
	deadline := e.Deadline()
	// Another writer takes the Lease behind a's back, so a's renewals fail.
	l, _ := c.Store.Get(api.Leases, "foo", "bar")
	cp := api.DeepCopy(l.(*api.Lease))
	cp.Spec.HolderIdentity = api.Ptr("intruder")
	_, err := c.Store.Update(cp)
	require.NoError(t, err)
	clk.AdvanceTo(deadline.Add(-time.Nanosecond))
	assert.Equal(t, Leading, e.State())
	clk.AdvanceTo(deadline)
	assert.Equal(t, Lost, e.State())
}

// TestAStandbyCountsItsAttempts: a candidate that finds the Lease held
// counts each failed try and says when it tries next, within RetryPeriod
// and its jitter; leading, it has no next try.
func TestAStandbyCountsItsAttempts(t *testing.T) {
	clk, c := newFixture(t)
	a, b := newElector(clk, c, "a", &events{}), newElector(clk, c, "b", &events{})
	a.Run()
	clk.Advance(time.Second)
	b.Run()
	clk.Advance(0)
	failed, next := b.Attempts()
	assert.Equal(t, 1, failed, "b's first try found a holding the Lease")
	assert.False(t, next.Before(clk.Now().Add(2*time.Second)))
	assert.False(t, next.After(clk.Now().Add(time.Duration(float64(2*time.Second)*(1+JitterFactor)))))
	clk.Advance(20 * time.Second)
	failed, _ = b.Attempts()
	assert.GreaterOrEqual(t, failed, 1+int(20*time.Second/time.Duration(float64(2*time.Second)*(1+JitterFactor))), "a try every RetryPeriod, jittered")
	_, next = a.Attempts()
	assert.True(t, next.IsZero(), "the leader does not try to acquire")
}
