package cluster

import (
	"github.com/kubeloop/kubeloop/controllers/cronjob"
	"github.com/kubeloop/kubeloop/controllers/daemonset"
	"github.com/kubeloop/kubeloop/controllers/deployment"
	"github.com/kubeloop/kubeloop/controllers/disruption"
	"github.com/kubeloop/kubeloop/controllers/endpoints"
	"github.com/kubeloop/kubeloop/controllers/endpointslice"
	"github.com/kubeloop/kubeloop/controllers/garbagecollector"
	"github.com/kubeloop/kubeloop/controllers/job"
	"github.com/kubeloop/kubeloop/controllers/namespace"
	"github.com/kubeloop/kubeloop/controllers/nodelifecycle"
	"github.com/kubeloop/kubeloop/controllers/podautoscaler"
	"github.com/kubeloop/kubeloop/controllers/podgc"
	"github.com/kubeloop/kubeloop/controllers/replicaset"
	"github.com/kubeloop/kubeloop/controllers/replication"
	"github.com/kubeloop/kubeloop/controllers/resourcequota"
	"github.com/kubeloop/kubeloop/controllers/serviceaccount"
	"github.com/kubeloop/kubeloop/controllers/statefulset"
	"github.com/kubeloop/kubeloop/controllers/ttlafterfinished"
	"github.com/kubeloop/kubeloop/controllers/volume"
	"github.com/kubeloop/kubeloop/core/controller"
)

// kubeControllerManager is every controller kube-controller-manager runs,
// in start order. Each replica registers all of them on its own manager
// (its own informers and queues); only the leader's reconcile.
//
// A new controller of kube-controller-manager is one line here.
var kubeControllerManager = []func(*controller.Manager) *controller.Controller{
	deployment.Register,
	replicaset.Register,
	replication.Register,
	garbagecollector.Register,
	daemonset.Register,
	nodelifecycle.Register,
	endpoints.Register,
	endpointslice.Register,
	job.Register,
	cronjob.Register,
	ttlafterfinished.Register,
	podgc.Register,
	statefulset.Register,
	volume.Register,
	namespace.Register,
	serviceaccount.Register,
	resourcequota.Register,
	disruption.Register,
	podautoscaler.Register,
}
