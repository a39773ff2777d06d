package controller

import (
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/workqueue"
)

// Manager is one controller manager: shared informers, the controllers,
// and whether it currently leads (only a leader's controllers reconcile).
//
// A standby manager (not leading) keeps its informers warm and its queues
// filling, so that it can take over at once; it never reconciles.
type Manager struct {
	Clock     *clock.Sim
	Store     *store.Store
	Informers *informer.Factory
	Trace     *Trace
	// Identity names the process in trace entries (its leader-election
	// identity, "control-plane-1_<uuid>"); empty for an unnamed manager.
	Identity    string
	controllers []*Controller
	leading     bool
	// paused freezes a process (SIGSTOP): it keeps the lead it had, but
	// runs nothing until resumed.
	paused bool
	// leaseDeadline, when set, is the instant the lead lapses unless the
	// leader renews it first. A reconcile at or after it is skipped even if
	// leading is still set: a process that was frozen past its renew
	// deadline must not act on a lease another replica may by now hold.
	leaseDeadline time.Time
	stopped       bool
}

// NewManager returns a manager over a store; its informers share one cache
// per kind. It does not lead until SetLeading(true).
func NewManager(s *store.Store, trace *Trace) *Manager {
	return &Manager{Clock: s.Clock(), Store: s, Informers: informer.NewFactory(s), Trace: trace}
}

// Start lists and watches every kind a controller asked for.
func (m *Manager) Start() error { return m.Informers.Start() }

// SetLeading starts or stops reconciling. On gaining the lead, keys already
// queued get their reconcile tasks.
func (m *Manager) SetLeading(lead bool) {
	was := m.running()
	m.leading = lead
	m.wake(was)
}

// SetPaused freezes or thaws the process. A paused manager keeps its lead
// and its queues, but no reconcile runs until it is resumed.
func (m *Manager) SetPaused(paused bool) {
	was := m.running()
	m.paused = paused
	m.wake(was)
}

// SetLeaseDeadline sets the instant the lead lapses unless renewed (the
// zero time: never, for a manager that does not elect a leader).
func (m *Manager) SetLeaseDeadline(t time.Time) { m.leaseDeadline = t }

// LeaseDeadline is the instant set by SetLeaseDeadline.
func (m *Manager) LeaseDeadline() time.Time { return m.leaseDeadline }

// wake schedules a reconcile for every queued key when the manager has just
// started running.
func (m *Manager) wake(was bool) {
	if was || !m.running() {
		return
	}
	for _, c := range m.controllers {
		for i := 0; i < c.Queue.Len(); i++ {
			c.schedule()
		}
	}
}

// running: leading, not paused, not stopped — reconcile tasks are worth
// scheduling (whether each may act is decided when it runs, by CanReconcile).
func (m *Manager) running() bool { return m.leading && !m.paused && !m.stopped }

// Leading reports whether this manager holds the lead (paused or not).
func (m *Manager) Leading() bool { return m.leading }

// Paused reports whether the process is frozen.
func (m *Manager) Paused() bool { return m.paused }

// CanReconcile reports whether a reconcile may run now: the manager leads,
// is not paused or stopped, and its lease deadline, if any, has not passed.
func (m *Manager) CanReconcile() bool {
	return m.running() && (m.leaseDeadline.IsZero() || m.Clock.Now().Before(m.leaseDeadline))
}

// Stop ends the process: informers stop watching, queues shut down and drop
// their delayed keys, nothing reconciles again. A stopped manager cannot be
// restarted; a new process is a new Manager.
func (m *Manager) Stop() {
	m.stopped, m.leading = true, false
	m.Informers.Stop()
	for _, c := range m.controllers {
		c.Queue.ShutDown()
	}
}

// Housekeeping schedules a controller's periodic work (a monitor pass) as
// clock housekeeping tied to this process: once the manager is stopped the
// task does nothing, so a self-rescheduling chain ends with its process
// instead of ticking on for a dead replica.
func (m *Manager) Housekeeping(d time.Duration, name string, fn func()) *clock.Timer {
	return m.Clock.Housekeeping(d, name, func() {
		if !m.stopped {
			fn()
		}
	})
}

// Stopped reports whether Stop was called.
func (m *Manager) Stopped() bool { return m.stopped }

// Controllers lists the registered controllers in registration order.
func (m *Manager) Controllers() []*Controller { return m.controllers }

// QueueMetrics reports every controller's workqueue.
func (m *Manager) QueueMetrics() []workqueue.Metrics {
	out := make([]workqueue.Metrics, len(m.controllers))
	for i, c := range m.controllers {
		out[i] = c.Queue.Metrics()
	}
	return out
}

// Retrying lists every controller's keys waiting out a back-off after
// failed reconciles, in registration order.
func (m *Manager) Retrying() []Retry {
	var out []Retry
	for _, c := range m.controllers {
		out = append(out, c.Retrying()...)
	}
	return out
}

// Idle reports whether no controller has a key ready or being processed.
func (m *Manager) Idle() bool {
	for _, c := range m.controllers {
		met := c.Queue.Metrics()
		if met.Depth > 0 || met.Processing > 0 {
			return false
		}
	}
	return true
}
