package cluster

import (
	"fmt"
	"net/netip"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// This file is the nodes of the sandbox: how a node registers (labels,
// capacity, its pod CIDR from node IPAM, a healthy kubelet's conditions)
// and `sim node add|fail|recover|partition|heal|delete`, the operator's
// side of nodes.

func init() { RegisterSim("node", simNode) }

// nodeOptions are what `sim node add` may set on a new node.
type nodeOptions struct {
	labels       map[string]string
	taints       []api.Taint
	cpu, memory  string
	controlPlane bool
}

// controlPlaneRole is the label of a control-plane node.
const controlPlaneRole = "node-role.kubernetes.io/control-plane"

// newNode describes worker node i as a kind-like cluster registers it at
// now.
func (c *Cluster) newNode(i int, now time.Time) *api.Node {
	return c.buildNode(fmt.Sprintf("node-%d", i), i, now, nodeOptions{})
}

// buildNode is node name with pod CIDR 10.244.index.0/24 and address
// 172.18.0.(index+1); now stamps its conditions, a healthy kubelet's.
func (c *Cluster) buildNode(name string, index int, now time.Time, o nodeOptions) *api.Node {
	labels := map[string]string{
		"kubernetes.io/hostname": name, "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
		"beta.kubernetes.io/os": "linux", "beta.kubernetes.io/arch": "amd64",
	}
	taints := append([]api.Taint(nil), o.taints...)
	if o.controlPlane {
		// kubeadm's control-plane node: its role label and NoSchedule taint.
		labels[controlPlaneRole] = ""
		labels["node.kubernetes.io/exclude-from-external-load-balancers"] = ""
		taints = append([]api.Taint{{Key: "node-role.kubernetes.io/control-plane", Effect: "NoSchedule"}}, taints...)
	}
	for k, v := range o.labels {
		labels[k] = v
	}
	cpu, memory := orDefault(o.cpu, "4"), orDefault(o.memory, "8Gi")
	resources := api.ResourceList{"cpu": api.MustParseQuantity(cpu), "memory": api.MustParseQuantity(memory), "pods": api.MustParseQuantity("110")}
	cidr := fmt.Sprintf("10.244.%d.0/24", index)
	conds := c.opts.Controllers.Kubelet.HealthyConditions(now)
	for i := range taints {
		if taints[i].Effect == "NoExecute" && taints[i].TimeAdded == nil {
			t := api.NewTime(now)
			taints[i].TimeAdded = &t
		}
	}
	machineID, systemUUID, bootID := machineIdentity(name)
	return &api.Node{
		// The kubelet registers its node with the attach/detach controller
		// in charge of its volumes (--enable-controller-attach-detach,
		// on by default).
		ObjectMeta: api.ObjectMeta{Name: name, Labels: labels,
			Annotations: map[string]string{"volumes.kubernetes.io/controller-managed-attach-detach": "true"}},
		Spec: api.NodeSpec{PodCIDR: cidr, PodCIDRs: []string{cidr}, Taints: taints},
		Status: api.NodeStatus{
			Capacity: resources, Allocatable: api.DeepCopy(resources), Conditions: conds,
			Addresses:       []api.NodeAddress{{Type: "InternalIP", Address: fmt.Sprintf("172.18.0.%d", index+1)}, {Type: "Hostname", Address: name}},
			DaemonEndpoints: api.NodeDaemonEndpoints{KubeletEndpoint: api.DaemonEndpoint{Port: 10250}},
			NodeInfo: api.NodeSystemInfo{MachineID: machineID, SystemUUID: systemUUID, BootID: bootID,
				KernelVersion: "6.1.0-28-amd64", OSImage: "Debian GNU/Linux 12 (bookworm)", ContainerRuntimeVersion: "containerd://1.7.24",
				KubeletVersion: KubernetesVersion, KubeProxyVersion: KubernetesVersion, OperatingSystem: "linux", Architecture: "amd64"},
		},
	}
}

// nextNodeIndex is node IPAM: the lowest index whose 10.244.N.0/24 no
// node holds, N ≥ 1.
func (c *Cluster) nextNodeIndex() int {
	used := map[int]bool{}
	for _, o := range c.store.List(api.Nodes, "") {
		p, err := netip.ParsePrefix(o.(*api.Node).Spec.PodCIDR)
		if err == nil && p.Addr().Is4() {
			used[int(p.Addr().As4()[2])] = true
		}
	}
	i := 1
	for used[i] {
		i++
	}
	return i
}

// AddNode registers a node as a joining kubelet would; its kubelet starts
// heartbeating at once.
func (c *Cluster) AddNode(name string, o nodeOptions) (*api.Node, error) {
	if n := c.workerNodes(); CheckNodes(n+1) != nil {
		return nil, fmt.Errorf("cannot add node %q: the cluster has %d worker nodes, and kubeloop simulates at most %d worker nodes per cluster, besides its control-plane node",
			name, n, MaxNodes)
	}
	if i := c.nextNodeIndex(); i < 255 {
		out, err := c.store.Create(c.buildNode(name, i, c.clk.Now(), o))
		if err != nil {
			return nil, err
		}
		return out.(*api.Node), nil
	}
	return nil, fmt.Errorf("node IPAM: no pod CIDR left in 10.244.0.0/16")
}

// workerNodes counts the nodes but the control-plane node.
func (c *Cluster) workerNodes() int {
	n := 0
	for _, o := range c.store.List(api.Nodes, "") {
		if o.GetObjectMeta().Name != ControlPlaneNode {
			n++
		}
	}
	return n
}

// FailNode stops node's kubelet: no more lease renewals or status, and
// its pods are left as they are — a machine that dropped off the network.
func (c *Cluster) FailNode(name string) error {
	return c.changeNode(name, Kubelets.Fail, "has already failed")
}

// RecoverNode restarts a failed node's kubelet.
func (c *Cluster) RecoverNode(name string) error {
	return c.changeNode(name, Kubelets.Recover, "has not failed")
}

// PartitionNode cuts node off from the control plane, as a broken switch
// or firewall rule would: its kubelet cannot reach the API server, so its
// Lease is not renewed and its status not posted, and after the node
// monitor's grace period the node lifecycle controller marks it Unknown,
// taints it unreachable and, 300 s later, evicts its pods. Unlike a failed
// node, its containers keep running all along.
func (c *Cluster) PartitionNode(name string) error {
	return c.changeNode(name, Kubelets.Partition, "is already partitioned")
}

// HealNode ends a partition: the kubelet posts its status and renews its
// Lease at once, the node goes Ready and its taints are lifted, and the
// kubelet stops the containers of the pods deleted while it was cut off.
func (c *Cluster) HealNode(name string) error {
	return c.changeNode(name, Kubelets.Heal, "is not partitioned")
}

// changeNode makes a change to a node's machine (a Kubelets method),
// which refuses, saying why, when it does not apply to the node as it is.
func (c *Cluster) changeNode(name string, change func(k Kubelets, node string) bool, refused string) error {
	if _, err := c.store.Get(api.Nodes, "", name); err != nil {
		return err
	}
	if !change(c.kubelets, name) {
		return fmt.Errorf("node %q %s", name, refused)
	}
	c.faultEpoch++
	return nil
}

// NodeFault is what the sandbox has done to a node's machine, which no
// object in the API shows; the zero value is a healthy machine.
type NodeFault struct {
	Failed      bool `json:"failed,omitempty"`      // its kubelet is stopped (sim node fail)
	Partitioned bool `json:"partitioned,omitempty"` // cut off from the control plane (sim node partition)
}

// NodeFault is what the sandbox has done to the named node's machine.
func (c *Cluster) NodeFault(name string) NodeFault {
	if c.kubelets == nil {
		return NodeFault{}
	}
	return NodeFault{Failed: c.kubelets.Down(name), Partitioned: c.kubelets.Partitioned(name)}
}

// FaultEpoch changes whenever a node fails, recovers, is partitioned or
// heals: a view that shows NodeFault redraws when it changes, since none
// of these writes an object.
func (c *Cluster) FaultEpoch() int { return c.faultEpoch }

// DeleteNode removes the Node object and its Lease (the machine is gone);
// the pods bound to it are cleaned up by the controllers.
func (c *Cluster) DeleteNode(name string) error {
	if _, err := c.store.Delete(api.Nodes, "", name, store.DeleteOptions{}); err != nil {
		return err
	}
	_, _ = c.store.Delete(api.Leases, api.NodeLeaseNamespace, name, store.DeleteOptions{})
	return nil
}

const simNodeUsage = "usage: sim node add NAME [--label k=v]... [--taint k=v:Effect]... [--cpu N] [--memory Q] [--control-plane]\n" +
	"       sim node fail|recover|partition|heal|delete NAME"

func simNode(c *Cluster, args []string) (string, error) {
	if len(args) < 2 {
		return "", fmt.Errorf("%s", simNodeUsage)
	}
	verb, name, rest := args[0], args[1], args[2:]
	if verb != "add" && len(rest) > 0 {
		return "", fmt.Errorf("%s", simNodeUsage)
	}
	switch verb {
	case "add":
		o, err := parseNodeOptions(rest)
		if err != nil {
			return "", err
		}
		n, err := c.AddNode(name, o)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("node/%s added (pod CIDR %s)\n", n.Name, n.Spec.PodCIDR), nil
	case "fail":
		if err := c.FailNode(name); err != nil {
			return "", err
		}
		return fmt.Sprintf("node/%s failed: its kubelet stopped renewing its lease\n", name), nil
	case "recover":
		if err := c.RecoverNode(name); err != nil {
			return "", err
		}
		return fmt.Sprintf("node/%s recovered: its kubelet renews its lease again\n", name), nil
	case "partition":
		if err := c.PartitionNode(name); err != nil {
			return "", err
		}
		return fmt.Sprintf("node/%s partitioned: its kubelet cannot reach the API server; its containers keep running\n", name), nil
	case "heal":
		if err := c.HealNode(name); err != nil {
			return "", err
		}
		return fmt.Sprintf("node/%s healed: its kubelet reaches the API server again\n", name), nil
	case "delete":
		if err := c.DeleteNode(name); err != nil {
			return "", err
		}
		return fmt.Sprintf("node/%s deleted\n", name), nil
	}
	return "", fmt.Errorf("%s", simNodeUsage)
}

func parseNodeOptions(args []string) (nodeOptions, error) {
	o := nodeOptions{labels: map[string]string{}}
	for i := 0; i < len(args); i++ {
		flag, value, hasValue := strings.Cut(args[i], "=")
		if flag == "--control-plane" {
			o.controlPlane = true
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return o, fmt.Errorf("flag needs an argument: %s", flag)
			}
			i++
			value = args[i]
		}
		switch flag {
		case "--label", "-l":
			k, v, _ := strings.Cut(value, "=")
			o.labels[k] = v
		case "--taint":
			t, err := ParseTaint(value)
			if err != nil {
				return o, err
			}
			o.taints = append(o.taints, t)
		case "--cpu":
			if err := checkCapacity(value); err != nil {
				return o, fmt.Errorf("invalid --cpu %q: %v", value, err)
			}
			o.cpu = value
		case "--memory":
			if err := checkCapacity(value); err != nil {
				return o, fmt.Errorf("invalid --memory %q: %v", value, err)
			}
			o.memory = value
		default:
			return o, fmt.Errorf("unknown flag %s\n%s", flag, simNodeUsage)
		}
	}
	return o, nil
}

// checkCapacity holds a node's capacity to the API server's rule for
// status.capacity: a quantity, not below zero.
func checkCapacity(value string) error {
	q, err := api.ParseQuantity(value)
	if err != nil {
		return err
	}
	if q.Sign() < 0 {
		return fmt.Errorf("must be greater than or equal to 0")
	}
	return nil
}

// ParseTaint reads key[=value]:Effect.
func ParseTaint(s string) (api.Taint, error) {
	kv, effect, ok := strings.Cut(s, ":")
	k, v, _ := strings.Cut(kv, "=")
	switch {
	case !ok || k == "":
		return api.Taint{}, fmt.Errorf("invalid taint spec: %s", s)
	case effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute":
		return api.Taint{}, fmt.Errorf("invalid taint effect: %s, unsupported taint effect", effect)
	}
	return api.Taint{Key: k, Value: v, Effect: effect}, nil
}

// NodeNames lists the nodes, sorted (for the page's node buttons).
func (c *Cluster) NodeNames() []string {
	var out []string
	for _, o := range c.store.List(api.Nodes, "") {
		out = append(out, o.GetObjectMeta().Name)
	}
	sort.Strings(out)
	return out
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
