package informer

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
)

// IndexClaim is the standard index of pods by "namespace/claim" of each
// PersistentVolumeClaim they mount — a persistentVolumeClaim volume's
// claimName, or <pod>-<volume> for a generic ephemeral volume — so a claim
// event finds the pods that use the claim, not every pod of its namespace.
const IndexClaim = "claim"

// ClaimKey is the IndexClaim value of a claim: namespace/name.
func ClaimKey(namespace, name string) string { return namespace + "/" + name }

// podClaimKeys is a pod's IndexClaim values, each once, in spec order.
func podClaimKeys(o api.Object) []string {
	p := o.(*api.Pod)
	var out []string
	for i := range p.Spec.Volumes {
		name := api.VolumeClaimName(p, &p.Spec.Volumes[i])
		if name == "" {
			continue
		}
		if key := ClaimKey(p.Namespace, name); !slices.Contains(out, key) {
			out = append(out, key)
		}
	}
	return out
}

// sameClaimVolumes reports that an update cannot have changed a pod's
// IndexClaim values: its volumes name the same claims in the same order.
// A pod's volumes are immutable, so this almost always holds, and it is
// decided without making the keys.
func sameClaimVolumes(old, o api.Object) bool {
	a, b := old.(*api.Pod).Spec.Volumes, o.(*api.Pod).Spec.Volumes
	if len(a) != len(b) {
		return false
	}
	for n := range a {
		x, y := &a[n], &b[n]
		if x.Name != y.Name || (x.Ephemeral == nil) != (y.Ephemeral == nil) ||
			(x.PersistentVolumeClaim == nil) != (y.PersistentVolumeClaim == nil) ||
			x.PersistentVolumeClaim != nil && x.PersistentVolumeClaim.ClaimName != y.PersistentVolumeClaim.ClaimName {
			return false
		}
	}
	return true
}
