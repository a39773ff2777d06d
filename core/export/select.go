package export

import (
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Objects returns the learner's objects in s, in the order apply needs
// them (api.Kinds: namespaces first), then by namespace and name. Left out:
// what a controller owns, what is being deleted, what every cluster makes
// for itself, and what a real cluster's controllers make again from the
// learner's objects.
func Objects(s *store.Store) []api.Object {
	var out []api.Object
	for _, k := range api.Kinds {
		if madeByTheCluster[k.Kind] {
			continue
		}
		for _, o := range s.List(k, "") {
			if isLearners(s, k, o) {
				out = append(out, o)
			}
		}
	}
	return out
}

// madeByTheCluster are kinds a real cluster (its controllers, its nodes)
// makes itself.
var madeByTheCluster = map[string]bool{
	"Node": true, "Event": true, "Lease": true, "Endpoints": true, "EndpointSlice": true,
	"ControllerRevision": true,
}

// systemObjects are made by every cluster: exporting them would fight it.
var systemObjects = map[string]bool{
	"Namespace/default": true, "Namespace/kube-system": true, "Namespace/kube-public": true,
	"Namespace/kube-node-lease": true, "Service/default/kubernetes": true,
}

func isLearners(s *store.Store, k *api.Kind, o api.Object) bool {
	m := o.GetObjectMeta()
	switch {
	case api.ControllerOf(o) != nil || m.DeletionTimestamp != nil:
		return false // made by a controller, or on its way out
	case systemObjects[k.Kind+"/"+m.Name] || systemObjects[k.Kind+"/"+m.Namespace+"/"+m.Name]:
		return false
	case m.Namespace == "kube-system" || m.Namespace == "kube-public" || m.Namespace == "kube-node-lease":
		return false // the cluster's own (DNS, leases), as on every real cluster
	case m.Labels["kubernetes.io/bootstrapping"] == "rbac-defaults":
		return false // the API server's bootstrap RBAC policy, which it writes back as it starts
	case k.Kind == "ServiceAccount" && m.Name == api.DefaultServiceAccountName,
		k.Kind == "ConfigMap" && m.Name == "kube-root-ca.crt":
		return false // every namespace gets them from a controller
	case k.Kind == "PersistentVolume" && m.Annotations[annProvisionedBy] != "":
		return false // a provisioner made it for a claim
	case k.Kind == "StorageClass" && api.IsDefaultClass(o.(*api.StorageClass)) && m.Annotations[LastApplied] == "":
		return false // the cluster's default class (kind's `standard`)
	case k.Kind == "PersistentVolumeClaim" && fromClaimTemplate(s, m):
		return false
	}
	return true
}

// fromClaimTemplate reports a claim a StatefulSet made from one of its
// volumeClaimTemplates, named <template>-<statefulset>-<ordinal> (such
// claims carry no controller reference): the StatefulSet makes it again on
// a real cluster.
func fromClaimTemplate(s *store.Store, m *api.ObjectMeta) bool {
	k := api.StatefulSets
	for _, o := range s.List(k, m.Namespace) {
		set := o.(*api.StatefulSet)
		for _, t := range set.Spec.VolumeClaimTemplates {
			ordinal, ok := strings.CutPrefix(m.Name, t.Name+"-"+set.Name+"-")
			if _, err := strconv.Atoi(ordinal); ok && err == nil {
				return true
			}
		}
	}
	return false
}
