package cluster

import (
	_ "embed"
	"sync"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// The RBAC objects a v1.32 API server writes as it starts (its bootstrap
// policy: the user-facing ClusterRoles admin, edit, view and
// cluster-admin, the system: roles of the components and of each
// controller, their bindings, and the leader-election Roles in
// kube-system), as `kubectl get clusterroles,clusterrolebindings -o json`
// and `kubectl get roles,rolebindings -A -o json` print them on a fresh
// real control plane (../shared/oracle). admin, edit and view are kept
// with no rules: they are aggregated, and the clusterrole-aggregation
// controller fills them as it does on a real cluster.
//
// kubeadm's and kind's own roles (system:coredns, kindnet, kubeadm:*) are
// not here: they are an installer's, not the API server's, and none of
// them is read by anything the sandbox simulates.
//
// bootstrap_rbac.txt holds them in a line format of its own, read when a
// cluster is built — before the page first draws, where a YAML document
// of the same objects took the decoder's code and time. Every object of
// the policy carries the label kubernetes.io/bootstrapping=rbac-defaults
// and the annotation rbac.authorization.kubernetes.io/autoupdate=true;
// the file says the rest:
//
//	KIND [NAMESPACE/]NAME                       an object
//	  label KEY=VALUE                           another label
//	  aggregate KEY=VALUE                       a ClusterRole selector of an aggregationRule
//	  rule verbs=… [groups=…] [resources=…] [names=…] [urls=…]
//	                                            a rule; lists comma-separated, "" the core group
//	  role KIND NAME                            a binding's roleRef
//	  subject KIND [NAMESPACE/]NAME             a binding's subject
//
//go:embed bootstrap_rbac.txt
var bootstrapRBACText string

// bootstrapRBAC reads bootstrap_rbac.txt once; each cluster creates
// copies.
var bootstrapRBAC = sync.OnceValue(func() []api.Object {
	objs, err := parsePolicy(bootstrapRBACText)
	if err != nil {
		panic("bootstrap_rbac.txt: " + err.Error())
	}
	return objs
})

// startAPIServer writes what the API server writes as it starts, before
// any node registers: its bootstrap policy, and in kube-system the client
// CA that extension API servers read and the day it began tracking legacy
// ServiceAccount tokens.
func (c *Cluster) startAPIServer() {
	for _, o := range bootstrapRBAC() {
		c.mustCreate(api.DeepCopyObject(o))
	}
	c.mustCreate(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "extension-apiserver-authentication", Namespace: "kube-system"},
		Data: map[string]string{"client-ca-file": api.ClusterCACertificate}})
	c.mustCreate(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "kube-apiserver-legacy-service-account-token-tracking", Namespace: "kube-system"},
		Data: map[string]string{"since": c.clk.Now().UTC().Format(time.DateOnly)}})
}

// controllerServiceAccounts are the ServiceAccounts kube-controller-manager
// creates in kube-system for its controllers when it runs with
// --use-service-account-credentials (as kubeadm and kind start it, and
// with --controllers=*,bootstrapsigner,tokencleaner), each controller then
// acting as its own identity: the names a v1.32 control plane shows in
// `kubectl get serviceaccounts -n kube-system`.
var controllerServiceAccounts = []string{
	"attachdetach-controller", "bootstrap-signer", "certificate-controller",
	"clusterrole-aggregation-controller", "cronjob-controller", "daemon-set-controller",
	"deployment-controller", "disruption-controller", "endpoint-controller",
	"endpointslice-controller", "endpointslicemirroring-controller", "ephemeral-volume-controller",
	"expand-controller", "generic-garbage-collector", "horizontal-pod-autoscaler",
	"job-controller", "legacy-service-account-token-cleaner", "namespace-controller",
	"node-controller", "persistent-volume-binder", "pod-garbage-collector",
	"pv-protection-controller", "pvc-protection-controller", "replicaset-controller",
	"replication-controller", "resourcequota-controller", "root-ca-cert-publisher",
	"service-account-controller", "statefulset-controller", "token-cleaner",
	"ttl-after-finished-controller", "ttl-controller", "validatingadmissionpolicy-status-controller",
}
