package cluster

import (
	"fmt"
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
)

// immortalNamespaces are the namespaces the API server's NamespaceLifecycle
// admission plugin never lets anyone delete: the cluster's own objects
// live in them, and every client falls back to default.
var immortalNamespaces = []string{"default", "kube-system", "kube-public"}

// admitNamespaceDelete is NamespaceLifecycle's part in a DELETE: it refuses
// to delete an immortal namespace, in the plugin's words. (Its part in a
// create, refusing new content in a Terminating namespace, is the store's
// namespace check.)
func admitNamespaceDelete(kind *api.Kind, old api.Object) error {
	if _, ok := old.(*api.Namespace); !ok {
		return nil
	}
	name := old.GetObjectMeta().Name
	if !slices.Contains(immortalNamespaces, name) {
		return nil
	}
	return &api.StatusError{Reason: api.ReasonForbidden, Message: fmt.Sprintf(
		"%s %q is forbidden: this namespace may not be deleted", kind.GroupResource(), name)}
}
