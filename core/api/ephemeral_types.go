package api

import "fmt"

// This file holds generic ephemeral volumes: a pod volume whose claim is
// made from a template for the pod, owned by it, and deleted with it
// (ephemeral-volume-controller).

// EphemeralVolumeSource is a pod volume backed by a claim of its own.
type EphemeralVolumeSource struct {
	VolumeClaimTemplate *PersistentVolumeClaimTemplate `json:"volumeClaimTemplate,omitempty"`
}

// PersistentVolumeClaimTemplate is the claim made for an ephemeral volume:
// its labels and annotations are copied, its name is <pod>-<volume>.
type PersistentVolumeClaimTemplate struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PersistentVolumeClaimSpec `json:"spec"`
}

// VolumeClaimName is the claim a pod volume mounts, or "" for a volume of
// another kind: a persistentVolumeClaim's claimName, or <pod>-<volume>
// for a generic ephemeral volume.
func VolumeClaimName(p *Pod, v *Volume) string {
	switch {
	case v.PersistentVolumeClaim != nil:
		return v.PersistentVolumeClaim.ClaimName
	case v.Ephemeral != nil:
		return p.Name + "-" + v.Name
	}
	return ""
}

// EphemeralClaimConflict is why claim c cannot serve pod p's generic
// ephemeral volume — it was not made for the pod (the pod is not its
// controller) — in upstream's words, or "".
func EphemeralClaimConflict(p *Pod, c *PersistentVolumeClaim) string {
	if IsControlledBy(c, p.UID) {
		return ""
	}
	return "PVC " + c.Namespace + "/" + c.Name + " was not created for pod " + p.Namespace + "/" + p.Name + " (pod is not owner)"
}

// validateEphemeralVolumes checks generic ephemeral volumes as the API
// server does: a volumeClaimTemplate is required and its spec is a valid
// claim spec.
func validateEphemeralVolumes(errs *FieldErrors, path string, s *PodSpec) {
	for i, v := range s.Volumes {
		if v.Ephemeral == nil {
			continue
		}
		p := fmt.Sprintf("%s.volumes[%d].ephemeral.volumeClaimTemplate", path, i)
		if v.Ephemeral.VolumeClaimTemplate == nil {
			errs.required(p, "")
			continue
		}
		validateClaimSpec(errs, p+".spec", &v.Ephemeral.VolumeClaimTemplate.Spec)
	}
}
