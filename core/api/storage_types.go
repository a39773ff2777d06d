package api

// This file holds the storage kinds: PersistentVolume and
// PersistentVolumeClaim (core/v1) and StorageClass (storage.k8s.io/v1).

// PersistentVolume is a piece of storage in the cluster; in kubeloop each
// one holds a small in-memory file tree.
type PersistentVolume struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PersistentVolumeSpec   `json:"spec,omitempty"`
	Status     PersistentVolumeStatus `json:"status,omitempty"`
}

type PersistentVolumeSpec struct {
	Capacity    ResourceList `json:"capacity,omitempty"`
	AccessModes []string     `json:"accessModes,omitempty"`
	// ClaimRef is the claim bound to this volume (or reserved for it).
	ClaimRef                      *ObjectReference      `json:"claimRef,omitempty"`
	PersistentVolumeReclaimPolicy string                `json:"persistentVolumeReclaimPolicy,omitempty"`
	StorageClassName              string                `json:"storageClassName,omitempty"`
	MountOptions                  []string              `json:"mountOptions,omitempty"`
	VolumeMode                    *string               `json:"volumeMode,omitempty"`
	NodeAffinity                  *VolumeNodeAffinity   `json:"nodeAffinity,omitempty"`
	HostPath                      *HostPathVolumeSource `json:"hostPath,omitempty"`
	Local                         *LocalVolumeSource    `json:"local,omitempty"`
	NFS                           *NFSVolumeSource      `json:"nfs,omitempty"`
	CSI                           *CSIVolumeSource      `json:"csi,omitempty"`
}

type VolumeNodeAffinity struct {
	Required *NodeSelector `json:"required,omitempty"`
}

type LocalVolumeSource struct {
	Path   string  `json:"path"`
	FSType *string `json:"fsType,omitempty"`
}

type NFSVolumeSource struct {
	Server   string `json:"server"`
	Path     string `json:"path"`
	ReadOnly bool   `json:"readOnly,omitempty"`
}

type CSIVolumeSource struct {
	Driver           string            `json:"driver"`
	VolumeHandle     string            `json:"volumeHandle"`
	FSType           string            `json:"fsType,omitempty"`
	VolumeAttributes map[string]string `json:"volumeAttributes,omitempty"`
}

type PersistentVolumeStatus struct {
	Phase   string `json:"phase,omitempty"`
	Message string `json:"message,omitempty"`
	Reason  string `json:"reason,omitempty"`
	// LastPhaseTransitionTime is set on every phase change (v1.31 default).
	LastPhaseTransitionTime *Time `json:"lastPhaseTransitionTime,omitempty"`
}

// PersistentVolume phases.
const (
	VolumePending   = "Pending"
	VolumeAvailable = "Available"
	VolumeBound     = "Bound"
	VolumeReleased  = "Released"
	VolumeFailed    = "Failed"
)

// Reclaim policies.
const (
	ReclaimRetain = "Retain"
	ReclaimDelete = "Delete"
)

// Access modes.
const (
	ReadWriteOnce    = "ReadWriteOnce"
	ReadOnlyMany     = "ReadOnlyMany"
	ReadWriteMany    = "ReadWriteMany"
	ReadWriteOncePod = "ReadWriteOncePod"
)

// PersistentVolumeClaim is a request for storage that a pod mounts.
type PersistentVolumeClaim struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PersistentVolumeClaimSpec   `json:"spec,omitempty"`
	Status     PersistentVolumeClaimStatus `json:"status,omitempty"`
}

type PersistentVolumeClaimSpec struct {
	AccessModes []string             `json:"accessModes,omitempty"`
	Selector    *LabelSelector       `json:"selector,omitempty"`
	Resources   ResourceRequirements `json:"resources,omitempty"`
	VolumeName  string               `json:"volumeName,omitempty"`
	// StorageClassName nil means "the default class" (admission fills
	// it in); "" means "no class: bind only to class-less volumes".
	StorageClassName          *string `json:"storageClassName,omitempty"`
	VolumeMode                *string `json:"volumeMode,omitempty"`
	VolumeAttributesClassName *string `json:"volumeAttributesClassName,omitempty"`
}

type PersistentVolumeClaimStatus struct {
	Phase       string       `json:"phase,omitempty"`
	AccessModes []string     `json:"accessModes,omitempty"`
	Capacity    ResourceList `json:"capacity,omitempty"`
	// Conditions are Resizing and FileSystemResizePending while the
	// volume grows (persistentvolume-expander-controller).
	Conditions []PersistentVolumeClaimCondition `json:"conditions,omitempty"`
	// AllocatedResources is the size the resize works towards.
	AllocatedResources ResourceList `json:"allocatedResources,omitempty"`
}

// PersistentVolumeClaimCondition is one condition of a claim.
type PersistentVolumeClaimCondition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	LastProbeTime      *Time  `json:"lastProbeTime,omitempty"`
	LastTransitionTime *Time  `json:"lastTransitionTime,omitempty"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
}

// PersistentVolumeClaim condition types of volume expansion.
const (
	ClaimResizing                = "Resizing"
	ClaimFileSystemResizePending = "FileSystemResizePending"
)

// PersistentVolumeClaim phases.
const (
	ClaimPending = "Pending"
	ClaimBound   = "Bound"
	ClaimLost    = "Lost"
)

// StorageClass describes a kind of storage and who provisions it.
type StorageClass struct {
	TypeMeta             `json:",inline"`
	ObjectMeta           `json:"metadata,omitempty"`
	Provisioner          string            `json:"provisioner"`
	Parameters           map[string]string `json:"parameters,omitempty"`
	ReclaimPolicy        *string           `json:"reclaimPolicy,omitempty"`
	MountOptions         []string          `json:"mountOptions,omitempty"`
	AllowVolumeExpansion *bool             `json:"allowVolumeExpansion,omitempty"`
	VolumeBindingMode    *string           `json:"volumeBindingMode,omitempty"`
}

// Volume binding modes.
const (
	VolumeBindingImmediate            = "Immediate"
	VolumeBindingWaitForFirstConsumer = "WaitForFirstConsumer"
)

// IsDefaultClassAnnotation marks the StorageClass that claims without a
// storageClassName get.
const IsDefaultClassAnnotation = "storageclass.kubernetes.io/is-default-class"

// IsDefaultClass reports whether sc carries the default-class annotation.
func IsDefaultClass(sc *StorageClass) bool {
	return sc.Annotations[IsDefaultClassAnnotation] == "true"
}

// ClaimClass is a claim's storage class name ("" for none).
func ClaimClass(c *PersistentVolumeClaim) string {
	return Deref(c.Spec.StorageClassName, "")
}

// AccessModesShort is how kubectl prints access modes: RWO,ROX,RWX,RWOP.
func AccessModesShort(modes []string) string {
	out := ""
	for _, want := range []struct{ mode, short string }{
		{ReadWriteOnce, "RWO"}, {ReadOnlyMany, "ROX"}, {ReadWriteMany, "RWX"}, {ReadWriteOncePod, "RWOP"},
	} {
		for _, m := range modes {
			if m == want.mode {
				if out != "" {
					out += ","
				}
				out += want.short
				break
			}
		}
	}
	return out
}
