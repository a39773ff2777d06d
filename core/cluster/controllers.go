package cluster

import (
	"github.com/kubeloop/kubeloop/controllers/attachdetach"
	"github.com/kubeloop/kubeloop/controllers/bootstrap"
	"github.com/kubeloop/kubeloop/controllers/certificates"
	"github.com/kubeloop/kubeloop/controllers/clusterroleaggregation"
	"github.com/kubeloop/kubeloop/controllers/cronjob"
	"github.com/kubeloop/kubeloop/controllers/daemonset"
	"github.com/kubeloop/kubeloop/controllers/deployment"
	"github.com/kubeloop/kubeloop/controllers/disruption"
	"github.com/kubeloop/kubeloop/controllers/endpoints"
	"github.com/kubeloop/kubeloop/controllers/endpointslice"
	"github.com/kubeloop/kubeloop/controllers/endpointslicemirroring"
	"github.com/kubeloop/kubeloop/controllers/ephemeral"
	"github.com/kubeloop/kubeloop/controllers/garbagecollector"
	"github.com/kubeloop/kubeloop/controllers/job"
	"github.com/kubeloop/kubeloop/controllers/kubelet"
	"github.com/kubeloop/kubeloop/controllers/namespace"
	"github.com/kubeloop/kubeloop/controllers/nodelifecycle"
	"github.com/kubeloop/kubeloop/controllers/podautoscaler"
	"github.com/kubeloop/kubeloop/controllers/podgc"
	"github.com/kubeloop/kubeloop/controllers/replicaset"
	"github.com/kubeloop/kubeloop/controllers/replication"
	"github.com/kubeloop/kubeloop/controllers/resourcequota"
	"github.com/kubeloop/kubeloop/controllers/rootcacertpublisher"
	"github.com/kubeloop/kubeloop/controllers/scheduler"
	"github.com/kubeloop/kubeloop/controllers/serviceaccount"
	"github.com/kubeloop/kubeloop/controllers/serviceaccounttoken"
	"github.com/kubeloop/kubeloop/controllers/statefulset"
	"github.com/kubeloop/kubeloop/controllers/storageversiongc"
	"github.com/kubeloop/kubeloop/controllers/ttl"
	"github.com/kubeloop/kubeloop/controllers/ttlafterfinished"
	"github.com/kubeloop/kubeloop/controllers/volume"
	"github.com/kubeloop/kubeloop/core/controller"
)

// Simulated is one Register function of kube-controller-manager with the
// cards of the upstream controllers it stands for (most one; the volume
// package's binder also registers PVC and PV protection, node lifecycle
// also registers taint eviction).
type Simulated struct {
	Register func(*controller.Manager) *controller.Controller
	Cards    []controller.Card
}

// Controllers is every controller kube-controller-manager runs here, in
// start order, each with its card: registering a controller and
// describing it are one line, so the page's catalog and the README's
// table cannot drift from what runs. Each replica registers all of them on
// its own manager (its own informers and queues); only the leader's
// reconcile.
//
// A new controller of kube-controller-manager is one line here (and its
// name leaves NotSimulated).
var Controllers = []Simulated{
	{deployment.Register, []controller.Card{deployment.Card}},
	{replicaset.Register, []controller.Card{replicaset.Card}},
	{replication.Register, []controller.Card{replication.Card}},
	{garbagecollector.Register, []controller.Card{garbagecollector.Card}},
	{daemonset.Register, []controller.Card{daemonset.Card}},
	{nodelifecycle.Register, []controller.Card{nodelifecycle.Card, nodelifecycle.TaintEvictionCard}},
	{endpoints.Register, []controller.Card{endpoints.Card}},
	{endpointslice.Register, []controller.Card{endpointslice.Card}},
	{endpointslicemirroring.Register, []controller.Card{endpointslicemirroring.Card}},
	{job.Register, []controller.Card{job.Card}},
	{cronjob.Register, []controller.Card{cronjob.Card}},
	{ttlafterfinished.Register, []controller.Card{ttlafterfinished.Card}},
	{podgc.Register, []controller.Card{podgc.Card}},
	{statefulset.Register, []controller.Card{statefulset.Card}},
	{volume.Register, []controller.Card{volume.Card, volume.PVCProtectionCard, volume.PVProtectionCard}},
	{volume.RegisterExpander, []controller.Card{volume.ExpanderCard}},
	{attachdetach.Register, []controller.Card{attachdetach.Card}},
	{ephemeral.Register, []controller.Card{ephemeral.Card}},
	{namespace.Register, []controller.Card{namespace.Card}},
	{serviceaccount.Register, []controller.Card{serviceaccount.Card}},
	{serviceaccounttoken.Register, []controller.Card{serviceaccounttoken.Card}},
	{storageversiongc.Register, []controller.Card{storageversiongc.Card}},
	{resourcequota.Register, []controller.Card{resourcequota.Card}},
	{disruption.Register, []controller.Card{disruption.Card}},
	{podautoscaler.Register, []controller.Card{podautoscaler.Card}},
	{rootcacertpublisher.Register, []controller.Card{rootcacertpublisher.Card}},
	{ttl.Register, []controller.Card{ttl.Card}},
	{clusterroleaggregation.Register, []controller.Card{clusterroleaggregation.Card}},
	{certificates.Register, []controller.Card{certificates.Card, certificates.ApprovingCard, certificates.CleanerCard}},
	// Disabled by default upstream; kubeadm enables both
	// (--controllers=*,bootstrapsigner,tokencleaner), as here.
	{bootstrap.Register, []controller.Card{bootstrap.Card, bootstrap.CleanerCard}},
}

// OtherComponents are the loops of the sandbox that are not controllers
// of kube-controller-manager: the scheduler and the kubelet make pods
// real. The page lists them apart.
var OtherComponents = []controller.Card{scheduler.Card, kubelet.Card}

// kubeControllerManager is the Register functions of Controllers.
var kubeControllerManager = func() []func(*controller.Manager) *controller.Controller {
	out := make([]func(*controller.Manager) *controller.Controller, len(Controllers))
	for i, s := range Controllers {
		out[i] = s.Register
	}
	return out
}()
