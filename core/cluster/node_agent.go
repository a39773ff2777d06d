package cluster

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
)

// NodeAgent is what the cluster needs of the kubelet, the agent on every
// node (Components.Kubelet): the conditions a node registers with, and
// the kubelets themselves on the node side.
type NodeAgent interface {
	// Register adds every node's kubelet to the node side's manager m.
	Register(m *controller.Manager) Kubelets
	// HealthyConditions are the conditions a healthy kubelet posts for its
	// node, with both times set to now (for a node being registered).
	HealthyConditions(now time.Time) []api.NodeCondition
}

// Kubelets are the kubelets NodeAgent.Register added: the cluster tells
// them when it is booting, and `sim node` changes their machines. Each
// change reports false, and changes nothing, when it does not apply to the
// node as it is (failing a node that has already failed).
type Kubelets interface {
	// SetBooting says whether the cluster is being built (Start).
	SetBooting(booting bool)
	// Fail stops node's kubelet; Recover restarts it.
	Fail(node string) bool
	Recover(node string) bool
	// Partition cuts node off from the control plane; Heal ends that.
	Partition(node string) bool
	Heal(node string) bool
	// Down and Partitioned report what Fail and Partition did to node.
	Down(node string) bool
	Partitioned(node string) bool
}
