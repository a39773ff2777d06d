// Package controllers holds one package per loop of a kubeloop cluster —
// the controllers of kube-controller-manager, the scheduler, the kubelet,
// the volume controllers and provisioner — and, here, the list of them
// all. core/cluster runs what it is given and imports none of them, as
// kube-controller-manager keeps its list in its command and none in its
// libraries; every host (package kubeloop, cmd/kubeloop, wasm, the tests)
// builds a cluster with the list:
//
//	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
package controllers

import (
	"slices"

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
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// All is everything a cluster runs: every controller of
// kube-controller-manager the sandbox simulates, the scheduler, the
// kubelet, storage as kind sets it up, and the admission plugins that live
// beside their controllers. Each call returns a list of its own (the
// cards in it are shared: read them, never change them).
func All() cluster.Components {
	return cluster.Components{
		KubeControllerManager: slices.Clone(kubeControllerManager),
		Scheduler:             scheduler.Register,
		OtherComponents:       slices.Clone(otherComponents),
		Kubelet:               nodeAgent{},
		NewStorage:            newStorage,
		Admission: cluster.Admission{
			ServiceAccount: func(s *store.Store) []store.AdmissionFunc {
				return []store.AdmissionFunc{serviceaccount.Admission, serviceaccount.ExistsAdmission(s)}
			},
			Others: func(s *store.Store) []store.AdmissionFunc {
				return []store.AdmissionFunc{resourcequota.Admission(s), certificates.Admission}
			},
		},
	}
}

// kubeControllerManager is every controller kube-controller-manager runs
// here, in start order, each with its cards (cluster.Simulated). It is a
// literal, not built by a function, so that the linker lays it out as data.
//
// A new controller of kube-controller-manager is one line here (and its
// name leaves cluster.NotSimulated).
var kubeControllerManager = []cluster.Simulated{
	{Register: deployment.Register, Cards: []controller.Card{deployment.Card}},
	{Register: replicaset.Register, Cards: []controller.Card{replicaset.Card}},
	{Register: replication.Register, Cards: []controller.Card{replication.Card}},
	{Register: garbagecollector.Register, Cards: []controller.Card{garbagecollector.Card}},
	{Register: daemonset.Register, Cards: []controller.Card{daemonset.Card}},
	{Register: nodelifecycle.Register, Cards: []controller.Card{nodelifecycle.Card, nodelifecycle.TaintEvictionCard}},
	{Register: endpoints.Register, Cards: []controller.Card{endpoints.Card}},
	{Register: endpointslice.Register, Cards: []controller.Card{endpointslice.Card}},
	{Register: endpointslicemirroring.Register, Cards: []controller.Card{endpointslicemirroring.Card}},
	{Register: job.Register, Cards: []controller.Card{job.Card}},
	{Register: cronjob.Register, Cards: []controller.Card{cronjob.Card}},
	{Register: ttlafterfinished.Register, Cards: []controller.Card{ttlafterfinished.Card}},
	{Register: podgc.Register, Cards: []controller.Card{podgc.Card}},
	{Register: statefulset.Register, Cards: []controller.Card{statefulset.Card}},
	{Register: volume.Register, Cards: []controller.Card{volume.Card, volume.PVCProtectionCard, volume.PVProtectionCard}},
	{Register: volume.RegisterExpander, Cards: []controller.Card{volume.ExpanderCard}},
	{Register: attachdetach.Register, Cards: []controller.Card{attachdetach.Card}},
	{Register: ephemeral.Register, Cards: []controller.Card{ephemeral.Card}},
	{Register: namespace.Register, Cards: []controller.Card{namespace.Card}},
	{Register: serviceaccount.Register, Cards: []controller.Card{serviceaccount.Card}},
	{Register: serviceaccounttoken.Register, Cards: []controller.Card{serviceaccounttoken.Card}},
	{Register: storageversiongc.Register, Cards: []controller.Card{storageversiongc.Card}},
	{Register: resourcequota.Register, Cards: []controller.Card{resourcequota.Card}},
	{Register: disruption.Register, Cards: []controller.Card{disruption.Card}},
	{Register: podautoscaler.Register, Cards: []controller.Card{podautoscaler.Card}},
	{Register: rootcacertpublisher.Register, Cards: []controller.Card{rootcacertpublisher.Card}},
	{Register: ttl.Register, Cards: []controller.Card{ttl.Card}},
	{Register: clusterroleaggregation.Register, Cards: []controller.Card{clusterroleaggregation.Card}},
	{Register: certificates.Register, Cards: []controller.Card{certificates.Card, certificates.ApprovingCard, certificates.CleanerCard}},
	// Disabled by default upstream; kubeadm enables both
	// (--controllers=*,bootstrapsigner,tokencleaner), as here.
	{Register: bootstrap.Register, Cards: []controller.Card{bootstrap.Card, bootstrap.CleanerCard}},
}

// otherComponents are the cards of the loops that are not
// kube-controller-manager's: the scheduler and the kubelet.
var otherComponents = []controller.Card{scheduler.Card, kubelet.Card}
