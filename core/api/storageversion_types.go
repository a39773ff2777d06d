package api

// This file holds StorageVersion (internal.apiserver.k8s.io/v1alpha1): the
// record, for one resource, of the version each API server stores it in,
// kept by the API servers and garbage-collected by
// storageversion-garbage-collector-controller when a server is gone.

// StorageVersion is the storage versions of one resource, named
// <group>.<resource> (e.g. apps.deployments).
type StorageVersion struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       StorageVersionSpec   `json:"spec"`
	Status     StorageVersionStatus `json:"status"`
}

// StorageVersionSpec is empty upstream.
type StorageVersionSpec struct{}

type StorageVersionStatus struct {
	// StorageVersions has one entry per API server.
	StorageVersions       []ServerStorageVersion    `json:"storageVersions,omitempty"`
	CommonEncodingVersion *string                   `json:"commonEncodingVersion,omitempty"`
	Conditions            []StorageVersionCondition `json:"conditions,omitempty"`
}

// ServerStorageVersion is one API server's encoding of the resource.
type ServerStorageVersion struct {
	APIServerID       string   `json:"apiServerID,omitempty"`
	EncodingVersion   string   `json:"encodingVersion,omitempty"`
	DecodableVersions []string `json:"decodableVersions,omitempty"`
	ServedVersions    []string `json:"servedVersions,omitempty"`
}

type StorageVersionCondition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	ObservedGeneration int64  `json:"observedGeneration,omitempty"`
	LastTransitionTime *Time  `json:"lastTransitionTime,omitempty"`
	Reason             string `json:"reason"`
	Message            string `json:"message,omitempty"`
}

// API server identity: each kube-apiserver holds a Lease in kube-system
// named APIServerLeasePrefix+<id> with this label, and renews it.
const (
	APIServerIdentityLabel = "apiserver.kubernetes.io/identity"
	APIServerIdentityValue = "kube-apiserver"
	APIServerLeasePrefix   = "apiserver-"
)
