// Package leaderelection chooses one leader among the replicas of a
// component — kube-controller-manager, kube-scheduler — through a Lease, as
// client-go's tools/leaderelection does, on the simulated clock.
//
// The contract, as upstream:
//   - A candidate tries to acquire the Lease every RetryPeriod, jittered: it
//     waits RetryPeriod × (1 + JitterFactor·r), r uniform in [0, 1).
//   - It takes the Lease when the Lease is free (no holder) or when its OWN
//     observation of the Lease is older than the lease duration: the time
//     it last saw the record change, read on its own clock. It never
//     compares renewTime with its clock — clocks of different machines
//     disagree — it only times how long the record has stood still.
//   - Taking over from another holder increments leaseTransitions and sets
//     acquireTime; renewing keeps both and moves renewTime.
//   - Every write carries the resourceVersion last read, so of two
//     candidates racing for an expired Lease one gets a Conflict and stays
//     a candidate.
//   - The leader renews every RetryPeriod. A leader that cannot renew
//     before its renew deadline stops leading (OnStoppedLeading); in
//     kube-controller-manager the process then exits.
//
// Because RenewDeadline (10 s) is shorter than LeaseDuration (15 s), a
// leader gives up before any candidate may take over: never two leaders.
// One rule makes this hold even for a process that was frozen (paused) and
// wakes up late: the leader checks its renew deadline before acting, and
// Deadline tells the controller runtime when to stop reconciling.
//
// Timers are housekeeping: a healthy cluster, whose only activity is lease
// renewal, counts as settled.
package leaderelection

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// The settings of kube-controller-manager and kube-scheduler (their
// --leader-elect-lease-duration, -renew-deadline, -retry-period defaults),
// and client-go's jitter factor.
const (
	DefaultLeaseDuration = 15 * time.Second
	DefaultRenewDeadline = 10 * time.Second
	DefaultRetryPeriod   = 2 * time.Second
	JitterFactor         = 1.2
)

// EventReason is the reason of the Events an elector records on its Lease.
const EventReason = "LeaderElection"

// Client is the part of the API server the elector uses; *store.Store is one.
type Client interface {
	Get(kind *api.Kind, namespace, name string) (api.Object, error)
	Create(o api.Object) (api.Object, error)
	Update(o api.Object) (api.Object, error)
}

// EventRecorder records Events ("<identity> became leader") on the Lease;
// *controller.Recorder is one.
type EventRecorder interface {
	Event(o api.Object, eventType, reason, message string)
}

// Config configures one elector.
type Config struct {
	// Namespace and Name of the Lease: kube-system/kube-controller-manager.
	Namespace, Name string
	// Identity is this replica's holderIdentity, "<host>_<uuid>".
	Identity string
	// LeaseDuration is how long a candidate waits, after it last saw the
	// record change, before it takes the Lease over.
	LeaseDuration time.Duration
	// RenewDeadline is how long the leader keeps retrying a failed renewal
	// before it gives up leading.
	RenewDeadline time.Duration
	// RetryPeriod is the wait between attempts.
	RetryPeriod time.Duration
	// OnStartedLeading runs when the Lease is acquired; OnStoppedLeading
	// when the leader gives up (not when the process is killed).
	OnStartedLeading func()
	OnStoppedLeading func()
	// OnRenewed runs on acquiring and on every renewal with the new
	// deadline: the instant the lead lapses unless renewed again.
	OnRenewed func(deadline time.Time)
}

// Record is the leader-election record a Lease holds (client-go's
// LeaderElectionRecord).
type Record struct {
	HolderIdentity       string
	LeaseDurationSeconds int
	AcquireTime          time.Time
	RenewTime            time.Time
	LeaderTransitions    int
}

// sameAs compares two records as client-go does: by their JSON, in which
// times have a precision of one second.
func (r Record) sameAs(o Record) bool {
	return r.HolderIdentity == o.HolderIdentity && r.LeaseDurationSeconds == o.LeaseDurationSeconds &&
		r.LeaderTransitions == o.LeaderTransitions &&
		r.AcquireTime.Truncate(time.Second).Equal(o.AcquireTime.Truncate(time.Second)) &&
		r.RenewTime.Truncate(time.Second).Equal(o.RenewTime.Truncate(time.Second))
}

// RecordOf reads the record from a Lease's spec.
func RecordOf(l *api.Lease) Record {
	r := Record{HolderIdentity: api.Deref(l.Spec.HolderIdentity, ""),
		LeaseDurationSeconds: int(api.Deref(l.Spec.LeaseDurationSeconds, 0)),
		LeaderTransitions:    int(api.Deref(l.Spec.LeaseTransitions, 0))}
	if l.Spec.AcquireTime != nil {
		r.AcquireTime = l.Spec.AcquireTime.Time
	}
	if l.Spec.RenewTime != nil {
		r.RenewTime = l.Spec.RenewTime.Time
	}
	return r
}

// spec is the Lease spec holding r; every field is set, zeros included,
// as client-go writes it (so `leaseTransitions: 0` shows).
func (r Record) spec() api.LeaseSpec {
	// The record compares times by the second (sameAs); the Lease keeps
	// them to the microsecond, as client-go's LeaseLock writes them.
	acquire, renew := api.NewMicroTime(r.AcquireTime), api.NewMicroTime(r.RenewTime)
	return api.LeaseSpec{HolderIdentity: api.Ptr(r.HolderIdentity),
		LeaseDurationSeconds: api.Ptr(int32(r.LeaseDurationSeconds)),
		AcquireTime:          &acquire, RenewTime: &renew,
		LeaseTransitions: api.Ptr(int32(r.LeaderTransitions))}
}

// State is where an elector is in its life.
type State int

const (
	// Idle: not started yet.
	Idle State = iota
	// Candidate: trying to acquire the Lease (a standby).
	Candidate
	// Leading: holds the Lease and renews it.
	Leading
	// Lost: was leading and gave up; the process is expected to exit.
	Lost
	// Stopped: the process died (Stop); nothing more happens.
	Stopped
)

func (s State) String() string {
	return [...]string{"idle", "candidate", "leading", "lost", "stopped"}[s]
}

// Elector is one replica's side of the election.
type Elector struct {
	cfg    Config
	clk    *clock.Sim
	client Client
	events EventRecorder
	rand   *rand.Rand

	// observed is the record as last seen, and observedTime when it was
	// first seen so, on this replica's clock: the only time a candidate
	// trusts.
	observed     Record
	observedTime time.Time
	// lease is the Lease last read or written; its resourceVersion makes
	// the next write conditional.
	lease *api.Lease

	state State
	// deadline is when a leader's lead lapses unless renewed: its last
	// successful renewal + RetryPeriod (when the next renewal starts) +
	// RenewDeadline (how long that renewal may keep failing).
	deadline time.Time
	timer    *clock.Timer
	// paused freezes the elector; next and nextAt remember the tick that
	// was pending, to run on Resume.
	paused bool
	next   func()
	nextAt time.Time
	// attempts counts a candidate's failed tries to acquire the Lease
	// since it last started campaigning.
	attempts int
}

// New returns an elector; Run starts it.
func New(clk *clock.Sim, client Client, events EventRecorder, rnd *rand.Rand, cfg Config) *Elector {
	return &Elector{cfg: cfg, clk: clk, client: client, events: events, rand: rnd}
}

// Identity is this replica's holderIdentity.
func (e *Elector) Identity() string { return e.cfg.Identity }

// State reports where the elector is.
func (e *Elector) State() State { return e.state }

// Deadline is when the current lead lapses unless renewed (zero when not
// leading).
func (e *Elector) Deadline() time.Time {
	if e.state != Leading {
		return time.Time{}
	}
	return e.deadline
}

// Attempts is how many times a candidate has tried to acquire the Lease
// and failed since it started campaigning, and when it tries next (zero
// when it is not campaigning, or frozen).
func (e *Elector) Attempts() (failed int, next time.Time) {
	if e.state != Candidate || e.paused || e.timer == nil {
		return e.attempts, time.Time{}
	}
	return e.attempts, e.timer.When()
}

// IsLeader reports whether the last observed record names this replica.
func (e *Elector) IsLeader() bool { return e.observed.HolderIdentity == e.cfg.Identity }

// Observed is the record as last seen and when it was first seen so.
func (e *Elector) Observed() (Record, time.Time) { return e.observed, e.observedTime }

// Run starts campaigning: the first attempt is now.
func (e *Elector) Run() {
	if e.state != Idle {
		return
	}
	e.state = Candidate
	e.attempts = 0
	e.after(0, e.acquire)
}

// Stop ends the elector without a word, as when its process is killed: its
// timers stop, the Lease is left to expire.
func (e *Elector) Stop() {
	e.timer.Stop()
	e.next = nil
	e.state = Stopped
}

// Pause freezes the elector (the process got SIGSTOP): its pending attempt
// waits until Resume.
func (e *Elector) Pause() {
	if e.paused || e.state == Stopped {
		return
	}
	e.paused = true
	if e.timer.Stop() {
		e.nextAt = e.timer.When()
	} else {
		e.next = nil
	}
}

// Resume thaws the elector: the pending attempt runs when it was due, or
// now if that has passed — as a task among the process's others, in no
// privileged order. A leader whose renew deadline passed while it was
// frozen gives up in that attempt; until then Deadline, already past,
// keeps the process from acting.
func (e *Elector) Resume() {
	if !e.paused {
		return
	}
	e.paused = false
	if e.next != nil {
		fn := e.next
		e.after(e.nextAt.Sub(e.clk.Now()), fn)
	}
}

// Paused reports whether the elector is frozen.
func (e *Elector) Paused() bool { return e.paused }

func (e *Elector) after(d time.Duration, fn func()) {
	e.next = fn
	e.timer = e.clk.Housekeeping(d, fmt.Sprintf("leader election %s/%s %s", e.cfg.Namespace, e.cfg.Name, e.cfg.Identity), fn)
}

// jittered is client-go's wait.Jitter(RetryPeriod, JitterFactor).
func (e *Elector) jittered() time.Duration {
	return e.cfg.RetryPeriod + time.Duration(e.rand.Float64()*JitterFactor*float64(e.cfg.RetryPeriod))
}

// acquire is one attempt of a candidate.
func (e *Elector) acquire() {
	if e.state != Candidate {
		return
	}
	if !e.TryAcquireOrRenew() {
		e.attempts++
		e.after(e.jittered(), e.acquire)
		return
	}
	e.state = Leading
	e.renewed(e.clk.Now())
	e.event("became leader")
	if e.cfg.OnStartedLeading != nil {
		e.cfg.OnStartedLeading()
	}
	e.after(e.cfg.RetryPeriod, e.renew)
}

// renew is one renewal attempt of the leader. A failure is retried every
// RetryPeriod until the deadline; then the leader gives up.
func (e *Elector) renew() {
	if e.state != Leading {
		return
	}
	now := e.clk.Now()
	if !now.Before(e.deadline) {
		e.lose()
		return
	}
	if e.TryAcquireOrRenew() {
		e.renewed(now)
		e.after(e.cfg.RetryPeriod, e.renew)
		return
	}
	if next := now.Add(e.cfg.RetryPeriod); next.Before(e.deadline) {
		e.after(e.cfg.RetryPeriod, e.renew)
		return
	}
	e.after(e.deadline.Sub(now), e.lose)
}

// renewed moves the deadline: the next renewal starts RetryPeriod after
// this one and may keep failing for RenewDeadline.
func (e *Elector) renewed(now time.Time) {
	e.deadline = now.Add(e.cfg.RetryPeriod + e.cfg.RenewDeadline)
	if e.cfg.OnRenewed != nil {
		e.cfg.OnRenewed(e.deadline)
	}
}

// lose ends the lead: the "stopped leading" Event, then OnStoppedLeading.
func (e *Elector) lose() {
	if e.state != Leading {
		return
	}
	e.state = Lost
	e.next = nil
	e.event("stopped leading")
	if e.cfg.OnStoppedLeading != nil {
		e.cfg.OnStoppedLeading()
	}
}

func (e *Elector) event(what string) {
	if e.events != nil && e.lease != nil {
		e.events.Event(e.lease, "Normal", EventReason, e.cfg.Identity+" "+what)
	}
}

// TryAcquireOrRenew makes one attempt to acquire the Lease, or to renew it
// if this replica holds it, and reports whether it holds it now.
func (e *Elector) TryAcquireOrRenew() bool {
	now := e.clk.Now()
	rec := Record{HolderIdentity: e.cfg.Identity, LeaseDurationSeconds: int(e.cfg.LeaseDuration / time.Second),
		AcquireTime: now, RenewTime: now}

	// The leader first writes optimistically over the Lease it last wrote.
	if e.IsLeader() && e.leaseValid(now) && e.lease != nil {
		rec.AcquireTime, rec.LeaderTransitions = e.observed.AcquireTime, e.observed.LeaderTransitions
		if e.update(rec) == nil {
			e.setObserved(rec, now)
			return true
		}
	}

	obj, err := e.client.Get(api.Leases, e.cfg.Namespace, e.cfg.Name)
	if api.IsNotFound(err) {
		out, err := e.client.Create(&api.Lease{ObjectMeta: api.ObjectMeta{Name: e.cfg.Name, Namespace: e.cfg.Namespace},
			Spec: rec.spec()})
		if err != nil {
			return false
		}
		e.lease = out.(*api.Lease)
		e.setObserved(rec, now)
		return true
	}
	if err != nil {
		return false
	}
	e.lease = obj.(*api.Lease)
	old := RecordOf(e.lease)
	if !old.sameAs(e.observed) {
		e.setObserved(old, now)
	}
	if old.HolderIdentity != "" && e.leaseValid(now) && !e.IsLeader() {
		return false // held by another, and not stale to our eyes
	}
	if e.IsLeader() {
		rec.AcquireTime, rec.LeaderTransitions = old.AcquireTime, old.LeaderTransitions
	} else {
		rec.LeaderTransitions = old.LeaderTransitions + 1
	}
	if e.update(rec) != nil {
		return false
	}
	e.setObserved(rec, now)
	return true
}

// leaseValid: the observed record has not stood still for its duration.
func (e *Elector) leaseValid(now time.Time) bool {
	return e.observedTime.Add(time.Duration(e.observed.LeaseDurationSeconds) * time.Second).After(now)
}

func (e *Elector) setObserved(r Record, now time.Time) { e.observed, e.observedTime = r, now }

// update writes rec over the Lease last read, conditional on its
// resourceVersion.
func (e *Elector) update(rec Record) error {
	l := api.DeepCopy(e.lease)
	l.Spec = rec.spec()
	out, err := e.client.Update(l)
	if err != nil {
		return err
	}
	e.lease = out.(*api.Lease)
	return nil
}
