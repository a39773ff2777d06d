package cluster

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/leaderelection"
)

// A leader-elected control-plane component — kube-controller-manager,
// kube-scheduler — runs as replicas, one per control-plane host. Each
// replica is a process: a controller.Manager with its own informers,
// queues and controllers, and a leader elector on the component's Lease in
// kube-system. Only the replica holding the Lease reconciles. A standby
// kube-scheduler keeps its caches warm (it starts its informers, then
// campaigns); a standby kube-controller-manager only campaigns: it builds
// its informers and controllers once it leads, so a new leader first lists
// everything and then reconciles every object, as upstream's does.
//
// Processes can be killed (they stop at once and stay dead until started
// again), paused and resumed (SIGSTOP/SIGCONT: a paused leader keeps its
// Lease until the Lease expires, and on waking checks its renew deadline
// before it acts). A leader that fails to renew in time exits, as
// kube-controller-manager does, and its host restarts it at once as a new
// process — a new identity, a candidate again.

// Lease names and Event sources of the leader-elected components.
const (
	KubeControllerManager = "kube-controller-manager"
	KubeScheduler         = "kube-scheduler"
)

// Role is what a replica is doing.
type Role string

const (
	RoleLeader  Role = "leader"
	RoleStandby Role = "standby"
	RolePaused  Role = "paused"
	RoleDead    Role = "dead"
)

// component is one leader-elected program and its replicas.
type component struct {
	name string // the Lease's name: kube-controller-manager
	// eventSource signs the LeaderElection Events, as the program's event
	// recorder does: "kube-controller-manager", "default-scheduler".
	eventSource string
	register    []func(*controller.Manager) *controller.Controller
	// coldStandby: the informers start when the replica leads, not when
	// it starts (kube-controller-manager's controllers run from the
	// elector's OnStartedLeading).
	coldStandby bool
	replicas    []*replica
	// rand draws identities and retry jitter: a stream of its own, so that
	// election timing moves no pod name.
	rand *rand.Rand
	c    *Cluster
}

// replica is one process of a component on one control-plane host.
type replica struct {
	host    string // control-plane-1
	mgr     *controller.Manager
	elector *leaderelection.Elector
	dead    bool
}

func (c *Cluster) newComponent(name, eventSource string, register []func(*controller.Manager) *controller.Controller) *component {
	return &component{name: name, eventSource: eventSource, register: register, rand: c.clk.Stream("leaderelection " + name), c: c}
}

// addReplica starts a process on the next control-plane host.
func (k *component) addReplica() *replica {
	r := &replica{host: fmt.Sprintf("control-plane-%d", len(k.replicas)+1)}
	k.replicas = append(k.replicas, r)
	k.start(r)
	return r
}

// start runs a new process on r's host: fresh informers and queues, a new
// identity, campaigning from now.
func (k *component) start(r *replica) {
	identity := r.host + "_" + k.uuid()
	m := controller.NewManager(k.c.store, k.c.trace)
	m.Identity = identity
	for _, register := range k.register {
		register(m)
	}
	startInformers := func() {
		if err := m.Start(); err != nil {
			panic(fmt.Sprintf("starting %s informers: %v", k.name, err)) // a list and a watch from now cannot fail
		}
	}
	if !k.coldStandby {
		startInformers()
	}
	var e *leaderelection.Elector
	e = leaderelection.New(k.c.clk, k.c.store, controller.NewRecorder(k.c.store, k.eventSource), k.rand,
		leaderelection.Config{Namespace: "kube-system", Name: k.name, Identity: identity,
			LeaseDuration: leaderelection.DefaultLeaseDuration, RenewDeadline: leaderelection.DefaultRenewDeadline,
			RetryPeriod: leaderelection.DefaultRetryPeriod,
			OnRenewed:   m.SetLeaseDeadline,
			OnStartedLeading: func() {
				startInformers() // a no-op for a warm standby
				m.SetLeading(true)
			},
			OnStoppedLeading: func() {
				// kube-controller-manager exits ("leaderelection lost");
				// its host restarts it as a new process.
				m.Stop()
				if r.elector == e {
					k.start(r)
				}
			}})
	r.mgr, r.elector, r.dead = m, e, false
	e.Run()
}

// uuid is a version-4 UUID from the component's stream.
func (k *component) uuid() string {
	a, b := k.rand.Uint64(), k.rand.Uint64()
	b = b&^(0xf<<60) | 4<<60
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", a>>32, (a>>16)&0xffff, b>>48, (a&0x3fff)|0x8000, b&0xffffffffffff)
}

func (r *replica) role() Role {
	switch {
	case r.dead:
		return RoleDead
	case r.elector.Paused():
		return RolePaused
	case r.leads():
		return RoleLeader
	}
	return RoleStandby
}

// leads: the elector leads and its renew deadline has not passed (a leader
// just thawed after its deadline is about to find out it does not lead).
func (r *replica) leads() bool {
	return !r.dead && r.elector.State() == leaderelection.Leading && r.mgr.Clock.Now().Before(r.elector.Deadline())
}

func (r *replica) kill() {
	r.elector.Stop()
	r.mgr.Stop()
	r.dead = true
}

func (r *replica) pause() {
	r.elector.Pause()
	r.mgr.SetPaused(true)
}

// resume thaws the process. Its reconciles are rescheduled before its
// elector's overdue attempt, the worst order for safety: what keeps a
// leader whose lease lapsed while frozen from acting is the check of its
// renew deadline before every reconcile (controller.Manager.CanReconcile).
func (r *replica) resume() {
	r.mgr.SetPaused(false)
	r.elector.Resume()
}

// leader is the replica that leads, or nil.
func (k *component) leader() *replica {
	for _, r := range k.replicas {
		if r.leads() && !r.elector.Paused() {
			return r
		}
	}
	return nil
}

// awaitsLeader: no replica leads, but one runs (neither dead nor paused)
// and will take the Lease once it expires.
func (k *component) awaitsLeader() bool {
	if k.leader() != nil {
		return false
	}
	for _, r := range k.replicas {
		if !r.dead && !r.elector.Paused() {
			return true
		}
	}
	return false
}

// find is the replica named by its host or its identity.
func (k *component) find(name string) (*replica, error) {
	for _, r := range k.replicas {
		if r.host == name || (!r.dead && r.elector.Identity() == name) {
			return r, nil
		}
	}
	return nil, fmt.Errorf("no %s replica %q (see `sim controller-manager list`)", k.name, name)
}

// manager is the leader's manager, else the first live replica's, else
// the last replica's (stopped): never nil, for pages that show queues.
func (k *component) manager() *controller.Manager {
	if r := k.leader(); r != nil {
		return r.mgr
	}
	for _, r := range k.replicas {
		if !r.dead {
			return r.mgr
		}
	}
	return k.replicas[len(k.replicas)-1].mgr
}

// Replica describes one process of a leader-elected component.
type Replica struct {
	Name     string              `json:"name"`     // its host: control-plane-1
	Identity string              `json:"identity"` // its holderIdentity: control-plane-1_<uuid>
	Role     Role                `json:"role"`
	Manager  *controller.Manager `json:"-"`
	// LeaseDeadline is when a leader's lead lapses unless it renews.
	LeaseDeadline time.Time `json:"leaseDeadline,omitempty"`
	// Attempts is how often a standby has tried to take the Lease and
	// failed, and NextAttempt when it tries again (zero when it does not).
	Attempts    int       `json:"attempts,omitempty"`
	NextAttempt time.Time `json:"nextAttempt,omitempty"`
}

func (k *component) list() []Replica {
	out := make([]Replica, len(k.replicas))
	for i, r := range k.replicas {
		out[i] = Replica{Name: r.host, Identity: r.elector.Identity(), Role: r.role(), Manager: r.mgr,
			LeaseDeadline: r.elector.Deadline()}
		out[i].Attempts, out[i].NextAttempt = r.elector.Attempts()
		if r.dead {
			out[i].Identity = ""
		}
	}
	return out
}
