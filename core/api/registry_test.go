package api_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestKindOf: an object's kind comes from its TypeMeta when that names a
// kind, else from its Go type — asked twice, since the second answer is
// the remembered one.
func TestKindOf(t *testing.T) {
	for _, k := range api.Kinds {
		for range 2 {
			assert.Same(t, k, api.KindOf(k.New()), k.Kind)
			named := k.New()
			*named.GetTypeMeta() = api.TypeMeta{APIVersion: k.APIVersion(), Kind: k.Kind}
			assert.Same(t, k, api.KindOf(named), k.Kind)
			unknown := k.New()
			*unknown.GetTypeMeta() = api.TypeMeta{APIVersion: "example.com/v9", Kind: "Nothing"}
			assert.Same(t, k, api.KindOf(unknown), k.Kind)
		}
	}
	other := &api.Pod{TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "Node"}}
	assert.Equal(t, "Node", api.KindOf(other).Kind, "the TypeMeta wins")
}

// TestHandles: every kind the registry lists has its handle, the kind
// ResourceFor finds by its resource name and KindOfType by its Go type,
// and no kind is listed twice.
func TestHandles(t *testing.T) {
	handles := []struct {
		resource string
		handle   *api.Kind
		ofType   func() *api.Kind
	}{
		{"namespaces", api.Namespaces, api.KindOfType[*api.Namespace]},
		{"nodes", api.Nodes, api.KindOfType[*api.Node]},
		{"pods", api.Pods, api.KindOfType[*api.Pod]},
		{"events", api.Events, api.KindOfType[*api.Event]},
		{"persistentvolumes", api.PersistentVolumes, api.KindOfType[*api.PersistentVolume]},
		{"persistentvolumeclaims", api.PersistentVolumeClaims, api.KindOfType[*api.PersistentVolumeClaim]},
		{"configmaps", api.ConfigMaps, api.KindOfType[*api.ConfigMap]},
		{"secrets", api.Secrets, api.KindOfType[*api.Secret]},
		{"serviceaccounts", api.ServiceAccounts, api.KindOfType[*api.ServiceAccount]},
		{"services", api.Services, api.KindOfType[*api.Service]},
		{"replicationcontrollers", api.ReplicationControllers, api.KindOfType[*api.ReplicationController]},
		{"resourcequotas", api.ResourceQuotas, api.KindOfType[*api.ResourceQuota]},
		{"endpoints", api.EndpointsKind, api.KindOfType[*api.Endpoints]},
		{"deployments", api.Deployments, api.KindOfType[*api.Deployment]},
		{"replicasets", api.ReplicaSets, api.KindOfType[*api.ReplicaSet]},
		{"daemonsets", api.DaemonSets, api.KindOfType[*api.DaemonSet]},
		{"controllerrevisions", api.ControllerRevisions, api.KindOfType[*api.ControllerRevision]},
		{"statefulsets", api.StatefulSets, api.KindOfType[*api.StatefulSet]},
		{"storageclasses", api.StorageClasses, api.KindOfType[*api.StorageClass]},
		{"jobs", api.Jobs, api.KindOfType[*api.Job]},
		{"certificatesigningrequests", api.CertificateSigningRequests, api.KindOfType[*api.CertificateSigningRequest]},
		{"cronjobs", api.CronJobs, api.KindOfType[*api.CronJob]},
		{"horizontalpodautoscalers", api.HorizontalPodAutoscalers, api.KindOfType[*api.HorizontalPodAutoscaler]},
		{"poddisruptionbudgets", api.PodDisruptionBudgets, api.KindOfType[*api.PodDisruptionBudget]},
		{"endpointslices", api.EndpointSlices, api.KindOfType[*api.EndpointSlice]},
		{"leases", api.Leases, api.KindOfType[*api.Lease]},
		{"clusterrolebindings", api.ClusterRoleBindings, api.KindOfType[*api.ClusterRoleBinding]},
		{"clusterroles", api.ClusterRoles, api.KindOfType[*api.ClusterRole]},
		{"rolebindings", api.RoleBindings, api.KindOfType[*api.RoleBinding]},
		{"roles", api.Roles, api.KindOfType[*api.Role]},
		{"storageversions", api.StorageVersions, api.KindOfType[*api.StorageVersion]},
	}
	require.Len(t, handles, len(api.Kinds), "a handle per kind")
	listed := map[*api.Kind]int{}
	for _, k := range api.Kinds {
		listed[k]++
	}
	for _, h := range handles {
		require.NotNil(t, h.handle, h.resource)
		assert.Equal(t, 1, listed[h.handle], "%s is listed once", h.resource)
		assert.Same(t, api.ResourceFor(h.resource), h.handle, h.resource)
		assert.Same(t, h.handle, h.ofType(), h.resource)
		assert.Equal(t, h.resource, h.handle.Resource)
	}
	assert.Nil(t, api.KindOfType[*notAKind](), "a type no kind has")
}

// notAKind is an Object whose Go type no kind has.
type notAKind struct{ api.Pod }
