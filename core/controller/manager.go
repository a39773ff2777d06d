package controller

import (
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/workqueue"
)

// Manager is one controller manager: shared informers, the controllers,
// and whether it currently leads (only a leader's controllers reconcile).
type Manager struct {
	Clock       *clock.Sim
	Store       *store.Store
	Informers   *informer.Factory
	Trace       *Trace
	controllers []*Controller
	leading     bool
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
	was := m.leading
	m.leading = lead
	if lead && !was {
		for _, c := range m.controllers {
			for i := 0; i < c.Queue.Len(); i++ {
				c.schedule()
			}
		}
	}
}

// Leading reports whether this manager's controllers reconcile.
func (m *Manager) Leading() bool { return m.leading }

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
