package apiserver

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// The store and admission report failures as api.StatusError: a reason
// and the message kubectl prints after "Error from server (Reason): ".
// apiStatus turns one into the Status a real API server writes for it:
// the same message, with the code and details upstream's
// k8s.io/apimachinery/pkg/api/errors constructors give.

// apiStatus is the Status of an error the store, admission or validation
// returned for an object of kind k.
func apiStatus(err error, k *api.Kind) *Status {
	var se *api.StatusError
	if !errors.As(err, &se) {
		return internalError(err.Error())
	}
	switch se.Reason {
	case api.ReasonNotFound:
		return failure(404, se.Reason, se.Message, objectDetails(se.Message))
	case api.ReasonAlreadyExists, api.ReasonConflict:
		return failure(409, se.Reason, se.Message, objectDetails(se.Message))
	case api.ReasonForbidden:
		return failure(403, se.Reason, se.Message, objectDetails(se.Message))
	case api.ReasonInvalid:
		return invalid(qualifiedKind(k), k.Group, k.Kind, se.Name, se.Causes)
	case api.ReasonGone:
		return failure(410, "Expired", se.Message, nil)
	case store.ReasonTooManyRequests:
		return failure(429, se.Reason, se.Message, nil)
	case "InternalError":
		cause := strings.TrimPrefix(se.Message, "Internal error occurred: ")
		return failure(500, se.Reason, se.Message, &StatusDetails{Causes: []StatusCause{{Message: cause}}})
	case api.ReasonBadRequest:
		if se.Message == "resourceVersion should not be set on objects to be created" {
			// Upstream's create strategy returns this as a plain error,
			// which the handler writes as a 500 with no reason.
			return &Status{Kind: "Status", APIVersion: "v1", Status: "Failure", Message: se.Message, Code: 500}
		}
		return failure(400, se.Reason, se.Message, nil)
	}
	return failure(500, se.Reason, se.Message, nil)
}

// badRequest is a 400 with no details.
func badRequest(msg string) *Status { return failure(400, api.ReasonBadRequest, msg, nil) }

// invalid is the 422 of failed validation: upstream's NewInvalid, whose
// message names the kind qualified by its group ("Deployment.apps") and
// lists the causes (in brackets when more than one), and whose details
// carry each cause's field, type and message. kubectl prints it as
// `The Deployment "web" is invalid: spec.replicas: Invalid value: …`
// from the details, so both must hold the same words.
func invalid(qualified, group, kind, name string, errs api.FieldErrors) *Status {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	list := strings.Join(msgs, ", ")
	if len(errs) != 1 {
		list = "[" + list + "]"
	}
	return failure(422, api.ReasonInvalid, fmt.Sprintf("%s %q is invalid: %s", qualified, name, list),
		&StatusDetails{Name: name, Group: group, Kind: kind, Causes: fieldCauses(errs)})
}

// fieldCauses are a Status's causes for field errors: each one's type,
// field, and message without the field's name.
func fieldCauses(errs api.FieldErrors) []StatusCause {
	causes := make([]StatusCause, len(errs))
	for i, e := range errs {
		causes[i] = StatusCause{Type: causeType(e.Type), Field: e.Field, Message: strings.TrimPrefix(e.Error(), e.Field+": ")}
	}
	return causes
}

// storeFailure is the Status of an error from the store for a patch, an
// apply or a subresource, as the API server writes it: the reason's code,
// and details naming the object by its resource (kindName: "deployments",
// "deployments/scale").
func storeFailure(err error, kind *api.Kind, kindName, name string) *Status {
	var se *api.StatusError
	if !errors.As(err, &se) {
		return internalError(err.Error())
	}
	details := &StatusDetails{Name: name, Group: kind.Group, Kind: kindName}
	code := 500
	switch se.Reason {
	case api.ReasonNotFound:
		code = 404
	case api.ReasonAlreadyExists, api.ReasonConflict:
		code = 409
	case api.ReasonInvalid:
		code = 422
		details.Kind = se.Kind
		if se.Name != "" {
			details.Name = se.Name
		}
		details.Causes = fieldCauses(se.Causes)
	case api.ReasonGone:
		code, details = 410, nil
	case api.ReasonBadRequest:
		code, details = 400, nil
	case api.ReasonForbidden:
		code = 403
	case store.ReasonTooManyRequests:
		code = 429
	case "InternalError":
		return internalError(se.Message)
	default:
		details = nil
	}
	return failure(code, se.Reason, se.Message, details)
}

// causeType is metav1.CauseType for a field error's type.
func causeType(t string) string {
	switch t {
	case api.ErrTypeInvalid:
		return "FieldValueInvalid"
	case api.ErrTypeRequired:
		return "FieldValueRequired"
	case api.ErrTypeUnsupported:
		return "FieldValueNotSupported"
	case api.ErrTypeForbidden:
		return "FieldValueForbidden"
	case "Duplicate value":
		return "FieldValueDuplicate"
	case "Too long":
		return "FieldValueTooLong"
	case "Too many":
		return "FieldValueTooMany"
	case "Not found":
		return "FieldValueNotFound"
	}
	return "FieldValueInvalid"
}

// qualifiedKind is how upstream's Invalid names a kind: "Deployment.apps",
// or "Pod" in the core group.
func qualifiedKind(k *api.Kind) string {
	if k.Group == "" {
		return k.Kind
	}
	return k.Kind + "." + k.Group
}

// objectDetails reads back the object a store message names — `pods "x"
// not found`, `Operation cannot be fulfilled on deployments.apps "web":
// …`, `pods "x" is forbidden: …` — as upstream's details carry it: the
// name, the resource as kind, and its group.
func objectDetails(msg string) *StatusDetails {
	msg = strings.TrimPrefix(msg, "Operation cannot be fulfilled on ")
	resource, rest, ok := strings.Cut(msg, " \"")
	if !ok || strings.Contains(resource, " ") {
		return &StatusDetails{}
	}
	name, _, ok := strings.Cut(rest, "\"")
	if !ok {
		return &StatusDetails{}
	}
	resource, group, _ := strings.Cut(resource, ".")
	return &StatusDetails{Name: name, Group: group, Kind: resource}
}

// optionsInvalid is the 422 for options (query parameters) that fail
// validation: `ListOptions.meta.k8s.io "" is invalid: …`.
func optionsInvalid(options string, e api.FieldError) *Status {
	return invalid(options+".meta.k8s.io", "meta.k8s.io", options, "", api.FieldErrors{e})
}

// successStatus is the Status upstream answers a delete with when the
// object is gone at once and its kind does not return it: status Success,
// no code, and the object named in the details.
type successStatus struct {
	Kind       string        `json:"kind"`
	APIVersion string        `json:"apiVersion"`
	Metadata   struct{}      `json:"metadata"`
	Status     string        `json:"status"`
	Details    StatusDetails `json:"details"`
}

func deleted(k *api.Kind, name, uid string) *Response {
	return jsonResponse(200, successStatus{Kind: "Status", APIVersion: "v1", Status: "Success",
		Details: StatusDetails{Name: name, Group: k.Group, Kind: k.Resource, UID: uid}})
}
