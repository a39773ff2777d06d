package patch

import (
	"fmt"
	"reflect"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// The types of patch, as kubectl patch --type names them.
const (
	JSONPatch      = "json"      // application/json-patch+json
	MergePatch     = "merge"     // application/merge-patch+json
	StrategicPatch = "strategic" // application/strategic-merge-patch+json
)

// Error is a patch the API server refuses, as it reports it.
type Error struct {
	Code int // 400, 422 or 500
	// Reason is the Status reason: "BadRequest", "Invalid", or "" for an
	// internal error (the strategic merge's own failures are 500s).
	Reason  string
	Message string
	// Invalid, when set, is why the patched object does not decode (an
	// unknown field, a value of the wrong type): a 422 on the field
	// "patch", whose value the caller words (Patched is the patched JSON).
	Invalid string
	Patched any
}

func (e *Error) Error() string {
	if e.Invalid != "" {
		return e.Invalid
	}
	return e.Message
}

// UnprocessableMessage is the message of the API server's generic 422,
// which is all it says of a JSON patch that does not apply
// (apimachinery's NewGenericServerResponse keeps the reason out).
const UnprocessableMessage = "the server rejected our request due to an error in our request"

// Object applies a decoded patch of type typ to live's JSON and decodes
// the result strictly into a new object of its kind, keeping live's status
// (a patch of the main resource does not touch it). The name and namespace
// may not change.
func Object(live api.Object, typ string, patch any) (api.Object, *Error) {
	next, _, err := ObjectWith(live, typ, patch, Options{Strict: true})
	return next, err
}

// Options say how ObjectWith checks the patched object.
type Options struct {
	// Strict refuses unknown fields (fieldValidation=Strict); otherwise
	// they are dropped and returned, for the server's warnings.
	Strict bool
}

// ObjectWith is Object with options; it returns the unknown fields it
// dropped.
func ObjectWith(live api.Object, typ string, patch any, opts Options) (api.Object, []string, *Error) {
	doc, err := objectJSON(live)
	if err != nil {
		return nil, nil, &Error{Code: 500, Message: err.Error()}
	}
	var patched any
	switch typ {
	case JSONPatch:
		ops, err := DecodeJSONPatch(patch)
		if err != nil {
			return nil, nil, &Error{Code: 400, Reason: "BadRequest", Message: err.Error()}
		}
		if patched, err = ApplyJSONPatch(doc, ops); err != nil {
			return nil, nil, &Error{Code: 422, Reason: "Invalid", Message: UnprocessableMessage}
		}
	case MergePatch:
		patched = Merge(doc, patch)
	default:
		pm, ok := patch.(map[string]any)
		if !ok {
			return nil, nil, &Error{Code: 400, Reason: "BadRequest", Message: fmt.Sprintf("json: cannot unmarshal %s into Go value of type map[string]interface {}", JSONKind(patch))}
		}
		merged, err := Strategic(doc, pm)
		if err != nil {
			return nil, nil, &Error{Code: 500, Message: err.Error()}
		}
		if merged == nil {
			merged = map[string]any{}
		}
		patched = merged
	}
	invalid := func(reason string) *Error {
		return &Error{Code: 422, Reason: "Invalid", Invalid: reason, Patched: patched}
	}
	result, ok := patched.(map[string]any)
	if !ok {
		return nil, nil, invalid(fmt.Sprintf("json: cannot unmarshal %s into Go value of type %s", JSONKind(patched), reflect.TypeOf(live).Elem()))
	}
	unknown := UnknownFields(result, reflect.TypeOf(live))
	if len(unknown) > 0 && opts.Strict {
		return nil, nil, invalid(StrictDecodingError(unknown))
	}
	if status, has := doc["status"]; has {
		result["status"] = status
	} else {
		delete(result, "status")
	}
	next, err := decodeObject(api.KindOf(live), result)
	if err != nil {
		return nil, nil, invalid(err.Error())
	}
	lm, nm := live.GetObjectMeta(), next.GetObjectMeta()
	if nm.Name != lm.Name {
		return nil, nil, &Error{Code: 400, Reason: "BadRequest", Message: fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", nm.Name, lm.Name)}
	}
	if nm.Namespace != lm.Namespace {
		return nil, nil, &Error{Code: 400, Reason: "BadRequest", Message: "the namespace of the provided object does not match the namespace sent on the request"}
	}
	return next, unknown, nil
}

// objectJSON is an object's JSON, decoded.
func objectJSON(o api.Object) (map[string]any, error) {
	raw, err := apijson.Marshal(o)
	if err != nil {
		return nil, err
	}
	v, err := Decode(raw)
	if err != nil {
		return nil, err
	}
	m, _ := v.(map[string]any)
	return m, nil
}

// decodeObject decodes JSON into a new object of kind.
func decodeObject(kind *api.Kind, v map[string]any) (api.Object, error) {
	b, err := apijson.Marshal(v)
	if err != nil {
		return nil, err
	}
	next := kind.New()
	if err := apijson.Unmarshal(b, next); err != nil {
		return nil, err
	}
	api.SetKind(next)
	return next, nil
}
