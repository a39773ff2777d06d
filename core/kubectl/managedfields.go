package kubectl

import "github.com/kubeloop/kubeloop/core/api"

// withoutManagedFields is objs with metadata.managedFields left out, as
// kubectl prints -o yaml and -o json unless --show-managed-fields: an
// object written through the API server (core/apiserver) carries them.
func withoutManagedFields(objs []api.Object) []api.Object {
	out := objs
	copied := false
	for i, o := range objs {
		if len(o.GetObjectMeta().ManagedFields) == 0 {
			continue
		}
		if !copied {
			out, copied = append([]api.Object(nil), objs...), true
		}
		c := api.DeepCopyObject(o)
		c.GetObjectMeta().ManagedFields = nil
		out[i] = c
	}
	return out
}
