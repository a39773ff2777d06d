package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAPIResourcesListsEveryKindByGroupThenName(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl api-resources")
	assert.Equal(t, "", r.Stderr)
	assert.Equal(t, lines(
		"NAME                         SHORTNAMES   APIVERSION                           NAMESPACED   KIND",
		"configmaps                   cm           v1                                   true         ConfigMap",
		"endpoints                    ep           v1                                   true         Endpoints",
		"events                       ev           v1                                   true         Event",
		"namespaces                   ns           v1                                   false        Namespace",
		"nodes                        no           v1                                   false        Node",
		"persistentvolumeclaims       pvc          v1                                   true         PersistentVolumeClaim",
		"persistentvolumes            pv           v1                                   false        PersistentVolume",
		"pods                         po           v1                                   true         Pod",
		"replicationcontrollers       rc           v1                                   true         ReplicationController",
		"resourcequotas               quota        v1                                   true         ResourceQuota",
		"secrets                                   v1                                   true         Secret",
		"serviceaccounts              sa           v1                                   true         ServiceAccount",
		"services                     svc          v1                                   true         Service",
		"controllerrevisions                       apps/v1                              true         ControllerRevision",
		"daemonsets                   ds           apps/v1                              true         DaemonSet",
		"deployments                  deploy       apps/v1                              true         Deployment",
		"replicasets                  rs           apps/v1                              true         ReplicaSet",
		"statefulsets                 sts          apps/v1                              true         StatefulSet",
		"horizontalpodautoscalers     hpa          autoscaling/v2                       true         HorizontalPodAutoscaler",
		"cronjobs                     cj           batch/v1                             true         CronJob",
		"jobs                                      batch/v1                             true         Job",
		"certificatesigningrequests   csr          certificates.k8s.io/v1               false        CertificateSigningRequest",
		"leases                                    coordination.k8s.io/v1               true         Lease",
		"endpointslices                            discovery.k8s.io/v1                  true         EndpointSlice",
		"storageversions                           internal.apiserver.k8s.io/v1alpha1   false        StorageVersion",
		"poddisruptionbudgets         pdb          policy/v1                            true         PodDisruptionBudget",
		"clusterrolebindings                       rbac.authorization.k8s.io/v1         false        ClusterRoleBinding",
		"clusterroles                              rbac.authorization.k8s.io/v1         false        ClusterRole",
		"rolebindings                              rbac.authorization.k8s.io/v1         true         RoleBinding",
		"roles                                     rbac.authorization.k8s.io/v1         true         Role",
		"storageclasses               sc           storage.k8s.io/v1                    false        StorageClass",
	), r.Stdout)
}

func TestAPIResourcesFiltersAndNames(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl api-resources --namespaced=false -o name")
	assert.Equal(t, lines("namespaces", "nodes", "persistentvolumes", "certificatesigningrequests.certificates.k8s.io", "storageversions.internal.apiserver.k8s.io",
		"clusterrolebindings.rbac.authorization.k8s.io", "clusterroles.rbac.authorization.k8s.io", "storageclasses.storage.k8s.io"), r.Stdout)
}
