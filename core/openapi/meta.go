package openapi

import (
	"reflect"

	"github.com/kubeloop/kubeloop/core/api"
)

// The types of requests and responses that are not kinds kubeloop stores:
// lists' metadata, Status, DeleteOptions, patches and the
// scale subresource. They follow k8s.io/apimachinery's and k8s.io/api's
// fields; only their schemas are needed, so they live here. (No watch
// paths are written — they are deprecated upstream — so no WatchEvent.)
type (
	listMeta struct {
		Continue           string `json:"continue,omitempty"`
		RemainingItemCount *int64 `json:"remainingItemCount,omitempty"`
		ResourceVersion    string `json:"resourceVersion,omitempty"`
		SelfLink           string `json:"selfLink,omitempty"`
	}
	status struct {
		api.TypeMeta `json:",inline"`
		Code         int32          `json:"code,omitempty"`
		Details      *statusDetails `json:"details,omitempty"`
		Message      string         `json:"message,omitempty"`
		Metadata     listMeta       `json:"metadata,omitempty"`
		Reason       string         `json:"reason,omitempty"`
		Status       string         `json:"status,omitempty"`
	}
	statusDetails struct {
		Causes            []statusCause `json:"causes,omitempty"`
		Group             string        `json:"group,omitempty"`
		Kind              string        `json:"kind,omitempty"`
		Name              string        `json:"name,omitempty"`
		RetryAfterSeconds int32         `json:"retryAfterSeconds,omitempty"`
		UID               string        `json:"uid,omitempty"`
	}
	statusCause struct {
		Field   string `json:"field,omitempty"`
		Message string `json:"message,omitempty"`
		Reason  string `json:"reason,omitempty"`
	}
	deleteOptions struct {
		api.TypeMeta       `json:",inline"`
		DryRun             []string       `json:"dryRun,omitempty"`
		GracePeriodSeconds *int64         `json:"gracePeriodSeconds,omitempty"`
		OrphanDependents   *bool          `json:"orphanDependents,omitempty"`
		Preconditions      *preconditions `json:"preconditions,omitempty"`
		PropagationPolicy  *string        `json:"propagationPolicy,omitempty"`
	}
	preconditions struct {
		ResourceVersion *string `json:"resourceVersion,omitempty"`
		UID             *string `json:"uid,omitempty"`
	}
	patch struct{}
	scale struct {
		api.TypeMeta `json:",inline"`
		Metadata     api.ObjectMeta `json:"metadata,omitempty"`
		Spec         scaleSpec      `json:"spec,omitempty"`
		Status       scaleStatus    `json:"status,omitempty"`
	}
	scaleSpec struct {
		Replicas int32 `json:"replicas,omitempty"`
	}
	scaleStatus struct {
		Replicas int32  `json:"replicas"`
		Selector string `json:"selector,omitempty"`
	}
)

// helperNames are the upstream names of the types above.
var helperNames = map[reflect.Type]string{
	reflect.TypeOf(listMeta{}):      metaPackage + ".ListMeta",
	reflect.TypeOf(status{}):        metaPackage + ".Status",
	reflect.TypeOf(statusDetails{}): metaPackage + ".StatusDetails",
	reflect.TypeOf(statusCause{}):   metaPackage + ".StatusCause",
	reflect.TypeOf(deleteOptions{}): metaPackage + ".DeleteOptions",
	reflect.TypeOf(preconditions{}): metaPackage + ".Preconditions",
	reflect.TypeOf(patch{}):         metaPackage + ".Patch",
	reflect.TypeOf(scale{}):         "io.k8s.api.autoscaling.v1.Scale",
	reflect.TypeOf(scaleSpec{}):     "io.k8s.api.autoscaling.v1.ScaleSpec",
	reflect.TypeOf(scaleStatus{}):   "io.k8s.api.autoscaling.v1.ScaleStatus",
}

// metaKinds are the kinds of the helper types that a client may send or
// receive as objects of their own, with the group-version-kinds upstream
// files them under.
var metaKinds = map[reflect.Type]GroupVersionKind{
	reflect.TypeOf(status{}):        {Kind: "Status", Version: "v1"},
	reflect.TypeOf(deleteOptions{}): {Kind: "DeleteOptions", Version: "v1"},
	reflect.TypeOf(scale{}):         {Group: "autoscaling", Kind: "Scale", Version: "v1"},
}

// helper adds a helper type's schema and returns its name.
func (c *components) helper(v any) string {
	t := reflect.TypeOf(v)
	name := c.structType(t)
	if gvk, ok := metaKinds[t]; ok {
		c.schemas[name].GroupVersionKinds = []GroupVersionKind{gvk}
	}
	return name
}
