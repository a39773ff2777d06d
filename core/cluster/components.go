package cluster

import (
	"github.com/kubeloop/kubeloop/core/controller"
)

// Components are what a cluster runs and imports none of: the controllers
// of kube-controller-manager, the scheduler, the kubelet, the storage, and
// the API server's admission plugins that live beside their controllers.
// Package controllers lists them (controllers.All), as
// kube-controller-manager's command holds its list and its libraries none;
// a host puts the two together:
//
//	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
type Components struct {
	// KubeControllerManager is every controller kube-controller-manager
	// runs here, in start order, each with its cards: registering a
	// controller and describing it are one line, so the page's catalog and
	// the README's table cannot drift from what runs. Each replica
	// registers all of them on its own manager (its own informers and
	// queues); only the leader's reconcile.
	KubeControllerManager []Simulated
	// Scheduler registers kube-scheduler's loop on a replica's manager.
	Scheduler func(*controller.Manager) *controller.Controller
	// OtherComponents are the cards of the loops that are not controllers
	// of kube-controller-manager: the scheduler and the kubelet make pods
	// real. The page lists them apart.
	OtherComponents []controller.Card
	// Kubelet is the agent of every node (node_agent.go).
	Kubelet NodeAgent
	// NewStorage makes a cluster's storage (storage.go); each cluster has
	// its own, since it holds the files of the cluster's volumes.
	NewStorage func() Storage
	// Admission are the API server's admission plugins that live beside
	// their controllers (admission.go).
	Admission Admission
}

// Simulated is one Register function of kube-controller-manager with the
// cards of the upstream controllers it stands for (most one; the volume
// package's binder also registers PVC and PV protection, node lifecycle
// also registers taint eviction).
type Simulated struct {
	Register func(*controller.Manager) *controller.Controller
	Cards    []controller.Card
}

// missing names the first part a cluster cannot run without, "" when
// none is missing.
func (cs Components) missing() string {
	switch {
	case len(cs.KubeControllerManager) == 0:
		return "KubeControllerManager"
	case cs.Scheduler == nil:
		return "Scheduler"
	case cs.Kubelet == nil:
		return "Kubelet"
	case cs.NewStorage == nil:
		return "NewStorage"
	case cs.Admission.ServiceAccount == nil || cs.Admission.Others == nil:
		return "Admission"
	}
	return ""
}

// registers is the Register functions of KubeControllerManager, in start
// order.
func (cs Components) registers() []func(*controller.Manager) *controller.Controller {
	out := make([]func(*controller.Manager) *controller.Controller, len(cs.KubeControllerManager))
	for i, s := range cs.KubeControllerManager {
		out[i] = s.Register
	}
	return out
}
