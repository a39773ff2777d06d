package api

// ServiceAccount is an identity for processes in pods. The serviceaccount
// controller gives every namespace one named "default", and admission sets
// it as the service account of a pod that names none.
type ServiceAccount struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	// Secrets lists token Secrets; since v1.24 none are created, so the
	// SECRETS column shows 0.
	Secrets                      []ObjectReference `json:"secrets,omitempty"`
	ImagePullSecrets             []ImagePullSecret `json:"imagePullSecrets,omitempty"`
	AutomountServiceAccountToken *bool             `json:"automountServiceAccountToken,omitempty"`
}

// ImagePullSecret names a Secret in the same namespace
// (LocalObjectReference upstream).
type ImagePullSecret struct {
	Name string `json:"name,omitempty"`
}

// DefaultServiceAccountName is the service account every namespace gets.
const DefaultServiceAccountName = "default"
