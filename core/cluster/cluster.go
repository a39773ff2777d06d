// Package cluster assembles a whole simulated cluster — API server (store),
// kube-controller-manager, scheduler and kubelets — on one simulated clock,
// and drives it: Apply YAML, run kubectl, advance time, settle.
//
// Everything is deterministic: the same Options and the same calls give the
// same history, byte for byte, natively and under WebAssembly. Nothing here
// starts a goroutine or reads the wall clock; a caller (a test, a
// transcript, the page's animation frame) decides when time passes.
package cluster

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/controllers/deployment"
	"github.com/kubeloop/kubeloop/controllers/garbagecollector"
	"github.com/kubeloop/kubeloop/controllers/kubelet"
	"github.com/kubeloop/kubeloop/controllers/replicaset"
	"github.com/kubeloop/kubeloop/controllers/scheduler"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// Options configure a new cluster.
type Options struct {
	// Seed drives every random choice (pod names, uids, scheduling ties).
	Seed uint64
	// Nodes is the number of worker nodes, node-1 … node-N (default 3).
	Nodes int
	// ReadFile resolves `kubectl … -f FILE`; nil means no files exist.
	ReadFile func(name string) ([]byte, error)
	// TraceLimit bounds the reconcile trace kept in memory (default 10000).
	TraceLimit int
}

// KubernetesVersion is the version the simulated nodes report.
const KubernetesVersion = "v1.31.4"

// Cluster is one simulated cluster.
type Cluster struct {
	opts  Options
	clk   *clock.Sim
	store *store.Store
	trace *controller.Trace
	// controllerManager runs kube-controller-manager's controllers; nodeSide
	// runs the scheduler and the kubelets, which are separate processes in
	// a real cluster and keep working whoever leads the controller manager.
	controllerManager, nodeSide *controller.Manager
}

// New builds and starts a cluster with its namespaces and Ready nodes.
func New(opts Options) *Cluster {
	if opts.Nodes <= 0 {
		opts.Nodes = 3
	}
	if opts.TraceLimit <= 0 {
		opts.TraceLimit = 10000
	}
	clk := clock.New(opts.Seed)
	s := store.New(clk)
	c := &Cluster{opts: opts, clk: clk, store: s, trace: controller.NewTrace(opts.TraceLimit)}
	for _, ns := range []string{"default", "kube-node-lease", "kube-public", "kube-system"} {
		c.mustCreate(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: ns, Labels: map[string]string{"kubernetes.io/metadata.name": ns}},
			Status: api.NamespaceStatus{Phase: "Active"}})
	}
	for i := 1; i <= opts.Nodes; i++ {
		c.mustCreate(newNode(i))
	}

	c.controllerManager = controller.NewManager(s, c.trace)
	deployment.Register(c.controllerManager)
	replicaset.Register(c.controllerManager)
	garbagecollector.Register(c.controllerManager)

	c.nodeSide = controller.NewManager(s, c.trace)
	scheduler.Register(c.nodeSide)
	kubelet.Register(c.nodeSide)

	for _, m := range []*controller.Manager{c.controllerManager, c.nodeSide} {
		if err := m.Start(); err != nil {
			panic(fmt.Sprintf("starting informers: %v", err)) // an empty store cannot be compacted
		}
		m.SetLeading(true)
	}
	c.RunUntilIdle(0)
	return c
}

func (c *Cluster) mustCreate(o api.Object) {
	if _, err := c.store.Create(o); err != nil {
		panic(fmt.Sprintf("creating %T: %v", o, err)) // built-in objects are valid
	}
}

// newNode describes worker node i as a kind-like cluster would register it.
func newNode(i int) *api.Node {
	name := fmt.Sprintf("node-%d", i)
	now := api.Time{}
	return &api.Node{
		ObjectMeta: api.ObjectMeta{Name: name, Labels: map[string]string{
			"kubernetes.io/hostname": name, "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
			"beta.kubernetes.io/os": "linux", "beta.kubernetes.io/arch": "amd64",
		}},
		Spec: api.NodeSpec{PodCIDR: fmt.Sprintf("10.244.%d.0/24", i), PodCIDRs: []string{fmt.Sprintf("10.244.%d.0/24", i)}},
		Status: api.NodeStatus{
			Capacity:    api.ResourceList{"cpu": api.MustParseQuantity("4"), "memory": api.MustParseQuantity("8Gi"), "pods": api.MustParseQuantity("110")},
			Allocatable: api.ResourceList{"cpu": api.MustParseQuantity("4"), "memory": api.MustParseQuantity("8Gi"), "pods": api.MustParseQuantity("110")},
			Conditions: []api.NodeCondition{{Type: "Ready", Status: api.ConditionTrue, Reason: "KubeletReady",
				Message: "kubelet is posting ready status", LastHeartbeatTime: now, LastTransitionTime: now}},
			Addresses: []api.NodeAddress{{Type: "InternalIP", Address: fmt.Sprintf("172.18.0.%d", i+1)}, {Type: "Hostname", Address: name}},
			NodeInfo: api.NodeSystemInfo{KubeletVersion: KubernetesVersion, ContainerRuntimeVersion: "containerd://1.7.24",
				OSImage: "Debian GNU/Linux 12 (bookworm)", KernelVersion: "6.1.0-28-amd64", OperatingSystem: "linux", Architecture: "amd64"},
		},
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

// Managers returns the controller manager and the node side (scheduler,
// kubelets), for pages and tests that show their queues.
func (c *Cluster) Managers() (controllerManager, nodeSide *controller.Manager) {
	return c.controllerManager, c.nodeSide
}

// ReadFile resolves -f FILE for kubectl.
func (c *Cluster) ReadFile(name string) ([]byte, error) {
	if c.opts.ReadFile == nil {
		return nil, fmt.Errorf("the path %q does not exist", name)
	}
	return c.opts.ReadFile(name)
}
