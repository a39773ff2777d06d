// Package cluster assembles a whole simulated cluster — API server (store),
// kube-controller-manager, scheduler and kubelets — on one simulated clock,
// and drives it: Apply YAML, run kubectl, advance time, settle.
//
// Everything is deterministic: the same Options and the same calls give the
// same history, byte for byte, natively and under WebAssembly. Nothing here
// starts a goroutine or reads the wall clock; a caller (a test, a
// transcript, the loop of the Web Worker the page runs it in) decides when
// time passes.
package cluster

import (
	"fmt"
	"io/fs"
	"slices"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/explain"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/kubectl/helptext"
	"github.com/kubeloop/kubeloop/core/store"
)

// Options configure a new cluster.
type Options struct {
	// Controllers are what the cluster runs: controllers.All(), the list in
	// package controllers, which every host gives. The cluster imports no
	// controller; Build panics when they are missing.
	Controllers Components
	// Seed drives every random choice (pod names, uids, scheduling ties).
	Seed uint64
	// Nodes is the number of worker nodes, node-1 … node-N (default 3),
	// besides the control-plane node every cluster has (bootstrap.go).
	Nodes int
	// ReadFile resolves `kubectl … -f FILE`; nil means no files exist.
	ReadFile func(name string) ([]byte, error)
	// TraceLimit bounds the reconcile trace kept in memory (default 10000).
	TraceLimit int
	// ControllerManagers is the number of kube-controller-manager replicas
	// competing for the lead (default 2).
	ControllerManagers int
	// Start is when the cluster's clock starts (zero: clock.Epoch, the
	// same instant for every cluster, so that histories are reproducible).
	Start time.Time
	// FieldDocs are kubectl explain's descriptions (site/data), in the
	// host's language; nil prints the fields without them.
	FieldDocs explain.Docs
	// KubectlHelp are kubectl's help pages (site/data); nil makes kubectl
	// say they are not loaded when it is asked for help.
	KubectlHelp helptext.Pages
	// ExtraControllers are a caller's own controllers, registered on every
	// kube-controller-manager replica after the built-in ones
	// (Controllers.KubeControllerManager),
	// so they run on the leader, on the same loop and clock, and are traced
	// like them. A Register function is called once per process — each
	// replica, and again when a replica restarts after losing the lead — and
	// must build everything the controller keeps there: a new process starts
	// with empty informers and queues.
	ExtraControllers []func(*controller.Manager) *controller.Controller
}

// KubernetesVersion is the version the simulated nodes report.
const KubernetesVersion = api.KubernetesVersion

// Cluster is one simulated cluster.
type Cluster struct {
	opts  Options
	clk   *clock.Sim
	store *store.Store
	trace *controller.Trace
	yield collectorYield // on js/wasm, the collector's turn in long runs (yield.go)
	// controllerManagers are kube-controller-manager's replicas (running
	// Options.Controllers.KubeControllerManager), scheduler
	// kube-scheduler's one replica; each elects its leader on a Lease
	// (controlplane.go).
	controllerManagers, scheduler *component
	// nodeSide runs the kubelets, which are separate processes in a real
	// cluster and keep working whoever leads the control plane.
	nodeSide *controller.Manager
	// kubelets are the node agents on the node side, nil before Start.
	kubelets Kubelets
	// net is what the sandbox adds to the network: cluster DNS and the
	// file trees of containers (network.go, exec.go).
	net *network
	// storage holds every PersistentVolume's files (storage.go).
	storage Storage
	// faultEpoch counts the node faults made and undone (FaultEpoch).
	faultEpoch int
	// budget holds the cluster to MaxPods and MaxObjects (budget.go).
	budget *budget
	// watchNotes are the watches `sim watch break` broke (sim_watch.go).
	watchNotes map[*informer.Informer]*watchNote
}

// New builds and starts a cluster with its namespaces and Ready nodes.
func New(opts Options) *Cluster {
	c := Build(opts)
	c.Start()
	return c
}

// Build makes a cluster's API server with its namespaces, its Ready nodes,
// their network and kube-system's objects, and starts nothing: no
// kubelet, controller manager or scheduler runs until Start.
func Build(opts Options) *Cluster {
	c := BuildNodes(opts)
	c.finishBuild()
	return c
}

// BuildNodes is the first part of Build: the API server with its
// namespaces and bootstrap policy, and the Ready nodes. The page draws
// this much first, so that a learner sees the nodes while the rest comes
// up (in the browser most of the start-up time is compiling the code as
// it first runs). Start adds the rest of Build — the network and
// kube-system's objects — before it starts the control plane, so a
// cluster built either way has the same history. Until Start, read it
// only: its network is not there yet.
func BuildNodes(opts Options) *Cluster {
	if m := opts.Controllers.missing(); m != "" {
		panic("cluster: Options.Controllers has no " + m + ": a cluster runs only the controllers it is given; " +
			"give it controllers.All() (package github.com/kubeloop/kubeloop/controllers)")
	}
	if opts.Nodes <= 0 {
		opts.Nodes = 3
	}
	if err := CheckNodes(opts.Nodes); err != nil {
		panic(err.Error()) // hosts check user input with CheckNodes first
	}
	if opts.TraceLimit <= 0 {
		opts.TraceLimit = 10000
	}
	if opts.ControllerManagers <= 0 {
		opts.ControllerManagers = 2
	}
	start := opts.Start
	if start.IsZero() {
		start = clock.Epoch
	}
	clk := clock.NewAt(opts.Seed, start)
	s := store.New(clk)
	b := newBudget(s)
	s.AddAdmission(admitLimits)
	s.AddAdmission(b.admit)
	s.AddAdmission(admitJob(s))
	for _, a := range opts.Controllers.Admission.ServiceAccount(s) {
		s.AddAdmission(a)
	}
	s.AddAdmission(admitServiceAccountToken(s))
	s.AddAdmission(admitPriority)
	for _, a := range opts.Controllers.Admission.Others(s) {
		s.AddAdmission(a)
	}
	s.AddDeleteAdmission(admitNamespaceDelete)
	c := &Cluster{opts: opts, clk: clk, store: s, trace: controller.NewTrace(opts.TraceLimit), budget: b}
	for _, ns := range []string{"default", "kube-node-lease", "kube-public", "kube-system"} {
		c.mustCreate(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: ns, Labels: map[string]string{"kubernetes.io/metadata.name": ns}},
			Status: api.NamespaceStatus{Phase: "Active"}})
	}
	c.startAPIServer()
	c.mustCreate(c.newControlPlaneNode(start))
	for i := 1; i <= opts.Nodes; i++ {
		c.mustCreate(c.newNode(i, start))
	}
	return c
}

// finishBuild adds what Build makes after the nodes, once.
func (c *Cluster) finishBuild() {
	if c.net != nil {
		return
	}
	c.startNetwork()
	c.startSystem()
}

// Start starts the kubelets, the controller managers and the scheduler, and
// runs until they are idle; a cluster built by BuildNodes gets the rest of
// Build first. It does nothing the second time.
func (c *Cluster) Start() {
	if c.nodeSide != nil {
		return
	}
	c.finishBuild()
	s, opts := c.store, c.opts
	c.nodeSide = controller.NewManager(s, c.trace)
	c.kubelets = opts.Controllers.Kubelet.Register(c.nodeSide)
	c.kubelets.SetBooting(true)
	c.startStorage()
	if err := c.nodeSide.Start(); err != nil {
		panic(fmt.Sprintf("starting informers: %v", err)) // an empty store cannot be compacted
	}
	c.nodeSide.SetLeading(true)

	c.controllerManagers = c.newComponent(KubeControllerManager, "kube-controller-manager",
		slices.Concat(opts.Controllers.registers(), opts.ExtraControllers))
	c.controllerManagers.coldStandby = true
	for i := 0; i < opts.ControllerManagers; i++ {
		c.controllerManagers.addReplica()
	}
	c.scheduler = c.newComponent(KubeScheduler, "default-scheduler",
		[]func(*controller.Manager) *controller.Controller{opts.Controllers.Scheduler})
	c.scheduler.addReplica()
	c.RunUntilIdle(0)
	c.kubelets.SetBooting(false)
}

func (c *Cluster) mustCreate(o api.Object) {
	if _, err := c.store.Create(o); err != nil {
		panic(fmt.Sprintf("creating %T: %v", o, err)) // built-in objects are valid
	}
}

// Store is the cluster's API server.
func (c *Cluster) Store() *store.Store { return c.store }

// Clock is the simulated clock.
func (c *Cluster) Clock() *clock.Sim { return c.clk }

// Now is the simulated time.
func (c *Cluster) Now() time.Time { return c.clk.Now() }

// Trace is the reconcile trace of every controller.
func (c *Cluster) Trace() *controller.Trace { return c.trace }

// TraceSince returns the trace entries after seq.
func (c *Cluster) TraceSince(seq int64) []controller.Entry { return c.trace.Since(seq) }

// Managers returns the leading controller manager (or, while none leads,
// a standby) and the node side (kubelets), for pages and tests that show
// their queues.
func (c *Cluster) Managers() (controllerManager, nodeSide *controller.Manager) {
	return c.controllerManagers.manager(), c.nodeSide
}

// ControllerManagers lists kube-controller-manager's replicas.
func (c *Cluster) ControllerManagers() []Replica { return c.controllerManagers.list() }

// Scheduler is the leading kube-scheduler's manager.
func (c *Cluster) Scheduler() *controller.Manager { return c.scheduler.manager() }

// ReadFile resolves -f FILE for kubectl.
func (c *Cluster) ReadFile(name string) ([]byte, error) {
	if c.opts.ReadFile == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return c.opts.ReadFile(name)
}
