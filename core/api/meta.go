package api

import (
	"time"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// Object is what the store keeps: any kind with type and object metadata.
type Object interface {
	GetTypeMeta() *TypeMeta
	GetObjectMeta() *ObjectMeta
}

// TypeMeta names the kind of an object, as in every manifest.
type TypeMeta struct {
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind,omitempty"`
}

// GetTypeMeta gives access to the embedded TypeMeta.
func (t *TypeMeta) GetTypeMeta() *TypeMeta { return t }

// ObjectMeta is the metadata every persisted object carries.
type ObjectMeta struct {
	Name                       string            `json:"name,omitempty"`
	GenerateName               string            `json:"generateName,omitempty"`
	Namespace                  string            `json:"namespace,omitempty"`
	UID                        string            `json:"uid,omitempty"`
	ResourceVersion            string            `json:"resourceVersion,omitempty"`
	Generation                 int64             `json:"generation,omitempty"`
	CreationTimestamp          Time              `json:"creationTimestamp,omitempty"`
	DeletionTimestamp          *Time             `json:"deletionTimestamp,omitempty"`
	DeletionGracePeriodSeconds *int64            `json:"deletionGracePeriodSeconds,omitempty"`
	Labels                     map[string]string `json:"labels,omitempty"`
	Annotations                map[string]string `json:"annotations,omitempty"`
	OwnerReferences            []OwnerReference  `json:"ownerReferences,omitempty"`
	Finalizers                 []string          `json:"finalizers,omitempty"`
	// ManagedFields say which manager set which fields (server-side
	// apply). Only the API server (core/apiserver) writes them.
	ManagedFields []ManagedFieldsEntry `json:"managedFields,omitempty"`
}

// ManagedFieldsEntry is the set of fields one manager owns, from one
// operation (Apply or Update) at one apiVersion, as metav1 has it.
type ManagedFieldsEntry struct {
	Manager    string `json:"manager,omitempty"`
	Operation  string `json:"operation,omitempty"` // "Apply" or "Update"
	APIVersion string `json:"apiVersion,omitempty"`
	Time       *Time  `json:"time,omitempty"`
	FieldsType string `json:"fieldsType,omitempty"` // "FieldsV1"
	// FieldsV1 is the set in upstream's encoding: {"f:spec":{"f:replicas":{}}}.
	FieldsV1    apijson.RawMessage `json:"fieldsV1,omitempty"`
	Subresource string             `json:"subresource,omitempty"`
}

// GetObjectMeta gives access to the embedded ObjectMeta.
func (m *ObjectMeta) GetObjectMeta() *ObjectMeta { return m }

// OwnerReference points from a dependent to its owner; the garbage collector
// and controllers' adoption follow it.
type OwnerReference struct {
	APIVersion         string `json:"apiVersion"`
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	UID                string `json:"uid"`
	Controller         *bool  `json:"controller,omitempty"`
	BlockOwnerDeletion *bool  `json:"blockOwnerDeletion,omitempty"`
}

// ControllerOf returns the owner reference marked controller, if any.
func ControllerOf(o Object) *OwnerReference {
	// By index, without copying each reference: the ReplicaSet controller
	// asks this of every pod it owns on every sync.
	refs := o.GetObjectMeta().OwnerReferences
	for i := range refs {
		if c := refs[i].Controller; c != nil && *c {
			return &refs[i]
		}
	}
	return nil
}

// NewControllerRef is the reference a controller writes on what it creates:
// controller and blockOwnerDeletion both true, as upstream does.
func NewControllerRef(owner Object) OwnerReference {
	t, m := owner.GetTypeMeta(), owner.GetObjectMeta()
	return OwnerReference{APIVersion: t.APIVersion, Kind: t.Kind, Name: m.Name, UID: m.UID,
		Controller: Ptr(true), BlockOwnerDeletion: Ptr(true)}
}

// ObjectReference names an object from another (Events' involvedObject).
type ObjectReference struct {
	Kind            string `json:"kind,omitempty"`
	Namespace       string `json:"namespace,omitempty"`
	Name            string `json:"name,omitempty"`
	UID             string `json:"uid,omitempty"`
	APIVersion      string `json:"apiVersion,omitempty"`
	ResourceVersion string `json:"resourceVersion,omitempty"`
	FieldPath       string `json:"fieldPath,omitempty"`
}

// Time is a timestamp with one-second precision in RFC 3339, as the API
// serialises it; the zero Time encodes as null.
type Time struct{ time.Time }

// NewTime wraps t, truncated to the second as the API server stores it.
func NewTime(t time.Time) Time { return Time{t.UTC().Truncate(time.Second)} }

// MarshalJSON writes RFC 3339, or null for the zero time.
func (t Time) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	return apijson.Quote(t.UTC().Format(time.RFC3339)), nil
}

// UnmarshalJSON reads RFC 3339 or null.
func (t *Time) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*t = Time{}
		return nil
	}
	var s string
	if err := apijson.Unmarshal(b, &s); err != nil {
		return err
	}
	p, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return err
	}
	*t = NewTime(p)
	return nil
}

// Ptr returns a pointer to v: for the many optional fields.
func Ptr[T any](v T) *T { return &v }

// Deref returns *p, or def when p is nil.
func Deref[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

// Condition types shared by several kinds' status.
const (
	ConditionTrue    = "True"
	ConditionFalse   = "False"
	ConditionUnknown = "Unknown"
)
