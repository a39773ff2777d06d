package volume

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
)

// The binder's indexes. Each of its handlers and each claim's sync reads
// only the objects it is about: with a volume per replica of a
// StatefulSet, a walk over every volume or claim on every claim event made
// the binder's cost grow with the square of the replicas.
const (
	// indexVolumeClaimRef: volumes by informer.ClaimKey of their claimRef
	// — the volume made, reserved or bound for a claim.
	indexVolumeClaimRef = "volume.claimRef"
	// indexVolumeUnclaimed: volumes with no claimRef, by storage class
	// name — those a claim of that class may bind.
	indexVolumeUnclaimed = "volume.unclaimed"
	// indexClaimUnbound: claims that name no volume, all under "".
	indexClaimUnbound = "volume.unbound"
)

// addBinderIndexes adds the binder's indexes to the claim and volume
// informers (they are built when first read).
func addBinderIndexes(claims, volumes *informer.Informer) {
	volumes.AddIndexer(indexVolumeClaimRef, func(o api.Object) []string {
		if ref := o.(*api.PersistentVolume).Spec.ClaimRef; ref != nil {
			return []string{informer.ClaimKey(ref.Namespace, ref.Name)}
		}
		return nil
	})
	volumes.AddIndexer(indexVolumeUnclaimed, func(o api.Object) []string {
		if pv := o.(*api.PersistentVolume); pv.Spec.ClaimRef == nil {
			return []string{pv.Spec.StorageClassName}
		}
		return nil
	})
	claims.AddIndexer(indexClaimUnbound, func(o api.Object) []string {
		if o.(*api.PersistentVolumeClaim).Spec.VolumeName == "" {
			return []string{""}
		}
		return nil
	})
}
