package apiserver

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// autoscalingScale is autoscaling/v1 Scale: the replicas of a Deployment, ReplicaSet,
// StatefulSet or ReplicationController, as kubectl scale and the HPA read
// and write them.
type autoscalingScale struct {
	Kind       string         `json:"kind"`
	APIVersion string         `json:"apiVersion"`
	Metadata   api.ObjectMeta `json:"metadata"`
	Spec       struct {
		Replicas int32 `json:"replicas,omitempty"`
	} `json:"spec"`
	Status struct {
		Replicas int32  `json:"replicas"`
		Selector string `json:"selector,omitempty"`
	} `json:"status"`
}

// scalable reports a kind with a scale subresource.
func scalable(kind *api.Kind) bool {
	switch kind.Kind {
	case "Deployment", "ReplicaSet", "StatefulSet", "ReplicationController":
		return true
	}
	return false
}

// scaleSubresource answers the scale subresource: GET reads the replicas, PUT and
// PATCH (kubectl scale sends a merge patch) set spec.replicas.
func (s *Server) scaleSubresource(r *Request, rt route, kind *api.Kind) *Response {
	live, err := s.c.Store().Get(kind, rt.Namespace, rt.Name)
	if api.IsNotFound(err) {
		// Upstream names the subresource: deployments/scale.apps "web"
		// (a ReplicationController's Scale is autoscaling's).
		group := kind.Group
		if group == "" {
			group = "autoscaling"
		}
		return statusResponse(failure(404, "NotFound", fmt.Sprintf("%s/scale.%s %q not found", kind.Resource, group, rt.Name),
			&StatusDetails{Name: rt.Name, Group: group, Kind: kind.Resource + "/scale"}))
	}
	if err != nil {
		return statusResponse(storeFailure(err, kind, kind.Resource, rt.Name))
	}
	switch r.Method {
	case "GET":
		return jsonResponse(200, scaleOf(live))
	case "PUT":
		var in autoscalingScale
		if resp := decodeSubresourceBody(r, &in, "Scale", "v1"); resp != nil {
			return resp
		}
		return s.writeScale(rt, kind, live, &in)
	case "PATCH":
		typ := patchType(r)
		if typ == "" {
			return unsupportedPatch(r)
		}
		doc, err := apijson.Marshal(scaleOf(live))
		if err != nil {
			return statusResponse(internalError(err.Error()))
		}
		patched, resp := applySubresourcePatch(doc, typ, r.Body)
		if resp != nil {
			return resp
		}
		var in autoscalingScale
		if err := apijson.Unmarshal(patched, &in); err != nil {
			return statusResponse(failure(422, "Invalid", err.Error(), nil))
		}
		return s.writeScale(rt, kind, live, &in)
	}
	return subresourceMethodNotAllowed()
}

// writeScale sets the object's spec.replicas from a Scale, refusing a
// stale resourceVersion as the object's own update would.
func (s *Server) writeScale(rt route, kind *api.Kind, live api.Object, in *autoscalingScale) *Response {
	if resp := checkBodyNames(rt, &in.Metadata); resp != nil {
		return resp
	}
	if in.Spec.Replicas < 0 {
		field := api.FieldError{Type: api.ErrTypeInvalid, Field: "spec.replicas", BadValue: in.Spec.Replicas, Detail: "must be greater than or equal to 0"}
		return statusResponse(failure(422, "Invalid", fmt.Sprintf("Scale.autoscaling %q is invalid: %s", rt.Name, field.Error()),
			&StatusDetails{Name: rt.Name, Group: "autoscaling", Kind: "Scale", Causes: []StatusCause{{
				Type: "FieldValueInvalid", Field: field.Field, Message: "Invalid value: " + fmt.Sprint(in.Spec.Replicas) + ": " + field.Detail}}}))
	}
	next := api.DeepCopyObject(live)
	next.GetObjectMeta().ResourceVersion = in.Metadata.ResourceVersion
	replicas := api.Ptr(in.Spec.Replicas)
	switch o := next.(type) {
	case *api.Deployment:
		o.Spec.Replicas = replicas
	case *api.ReplicaSet:
		o.Spec.Replicas = replicas
	case *api.StatefulSet:
		o.Spec.Replicas = replicas
	case *api.ReplicationController:
		o.Spec.Replicas = replicas
	}
	out, err := s.c.Store().Update(next)
	if err != nil {
		return statusResponse(storeFailure(err, kind, kind.Resource, rt.Name))
	}
	return jsonResponse(200, scaleOf(out))
}

// scaleOf is an object's Scale: its identity, desired and current
// replicas, and its pods' selector.
func scaleOf(o api.Object) *autoscalingScale {
	m := o.GetObjectMeta()
	sc := &autoscalingScale{Kind: "Scale", APIVersion: "autoscaling/v1", Metadata: api.ObjectMeta{
		Name: m.Name, Namespace: m.Namespace, UID: m.UID, ResourceVersion: m.ResourceVersion, CreationTimestamp: m.CreationTimestamp}}
	var sel *api.LabelSelector
	switch x := o.(type) {
	case *api.Deployment:
		sc.Spec.Replicas, sc.Status.Replicas, sel = api.Deref(x.Spec.Replicas, 1), x.Status.Replicas, x.Spec.Selector
	case *api.ReplicaSet:
		sc.Spec.Replicas, sc.Status.Replicas, sel = api.Deref(x.Spec.Replicas, 1), x.Status.Replicas, x.Spec.Selector
	case *api.StatefulSet:
		sc.Spec.Replicas, sc.Status.Replicas, sel = api.Deref(x.Spec.Replicas, 1), x.Status.Replicas, x.Spec.Selector
	case *api.ReplicationController:
		sc.Spec.Replicas, sc.Status.Replicas = api.Deref(x.Spec.Replicas, 1), x.Status.Replicas
		if len(x.Spec.Selector) > 0 {
			sel = &api.LabelSelector{MatchLabels: x.Spec.Selector}
		}
	}
	if sel != nil {
		if compiled, err := sel.AsSelector(); err == nil {
			sc.Status.Selector = compiled.String()
		}
	}
	return sc
}
