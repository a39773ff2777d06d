package apiserver

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/patch"
)

// patch answers PATCH on an object, by its Content-Type: a strategic
// merge patch, an RFC 7386 JSON merge patch, an RFC 6902 JSON patch (all
// through core/patch, as the sandbox's kubectl patches), or server-side
// apply (apply.go).
func (s *Server) patch(r *Request, rt route, kind *api.Kind) *Response {
	var typ string
	switch mediaType(r.HeaderValue("Content-Type")) {
	case "application/apply-patch+yaml":
		return s.apply(r, rt, kind)
	case "application/strategic-merge-patch+json":
		typ = patch.StrategicPatch
	case "application/merge-patch+json":
		typ = patch.MergePatch
	case "application/json-patch+json":
		typ = patch.JSONPatch
	default:
		return statusResponse(failure(415, "UnsupportedMediaType", "415: Unsupported Media Type", &StatusDetails{}))
	}
	validation, bad := fieldValidation(r)
	if bad != nil {
		return statusResponse(bad)
	}
	if st := checkDryRun(r); st != nil {
		return statusResponse(st)
	}
	p, st := decodePatch(typ, r.Body)
	if st != nil {
		return statusResponse(st)
	}
	live, err := s.c.Store().Get(kind, rt.Namespace, rt.Name)
	if err != nil {
		return statusResponse(storeFailure(err, kind, kind.Resource, rt.Name))
	}
	next, unknown, perr := patch.ObjectWith(live, typ, p, patch.Options{Strict: validation == "Strict"})
	if perr != nil {
		return statusResponse(patchFailure(perr, typ, p))
	}
	api.Default(next)
	trackUpdate(kind, live, next, managerFromRequest(r), "", s.c.Now())
	resp := s.writePatched(r, kind, live, next)
	if validation == "Warn" && resp.Code < 300 {
		addWarnings(resp, unknownFieldWarnings(unknown))
	}
	return resp
}

// writePatched stores next over live (unless nothing changed, or the
// request is a dry run) and answers with the object as stored.
func (s *Server) writePatched(r *Request, kind *api.Kind, live, next api.Object) *Response {
	if sameObject(live, next) {
		return patchedObjectResponse(200, live)
	}
	if r.Param("dryRun") == "All" {
		if err := api.Validate(next, live); err != nil {
			return statusResponse(storeFailure(err, kind, kind.Resource, next.GetObjectMeta().Name))
		}
		return patchedObjectResponse(200, next)
	}
	stored, err := s.c.Store().Update(next)
	if err != nil {
		return statusResponse(storeFailure(err, kind, kind.Resource, next.GetObjectMeta().Name))
	}
	return patchedObjectResponse(200, stored)
}

// mediaType is a Content-Type without its parameters.
func mediaType(ct string) string {
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return strings.ToLower(strings.TrimSpace(ct))
}

// fieldValidation is the fieldValidation parameter: Strict, Warn (the
// default) or Ignore.
func fieldValidation(r *Request) (string, *Status) {
	switch v := r.Param("fieldValidation"); v {
	case "":
		return "Warn", nil
	case "Strict", "Warn", "Ignore":
		return v, nil
	default:
		return "", failure(400, "BadRequest", fmt.Sprintf("fieldValidation must be one of \"Ignore\", \"Warn\", or \"Strict\", got %q", v), nil)
	}
}

// checkDryRun accepts dryRun=All, the only value upstream knows.
func checkDryRun(r *Request) *Status {
	for _, v := range r.Query["dryRun"] {
		if v != "All" {
			return failure(400, "BadRequest", fmt.Sprintf("Invalid dryRun: %s", v), nil)
		}
	}
	return nil
}

// decodePatch reads the request's body as a patch of typ, refusing what
// the API server refuses before it reads the object.
func decodePatch(typ string, body []byte) (any, *Status) {
	p, err := patch.Decode(body)
	if err != nil {
		msg := jsonSyntaxError(err)
		if typ != patch.StrategicPatch {
			msg = "error decoding patch: " + msg
		}
		return nil, failure(400, "BadRequest", msg, nil)
	}
	switch typ {
	case patch.JSONPatch:
		if _, ok := p.([]any); !ok {
			return nil, failure(400, "BadRequest", fmt.Sprintf("error decoding patch: json: cannot unmarshal %s into Go value of type []handlers.jsonPatchOp", patch.JSONKind(p)), nil)
		}
	case patch.MergePatch:
		if _, ok := p.(map[string]any); !ok {
			return nil, failure(400, "BadRequest", fmt.Sprintf("error decoding patch: json: cannot unmarshal %s into Go value of type map[string]interface {}", patch.JSONKind(p)), nil)
		}
	}
	return p, nil
}

// jsonSyntaxError words a JSON syntax error as encoding/json does
// ("invalid character 'b' looking for beginning of object key string").
func jsonSyntaxError(err error) string {
	msg := err.Error()
	return strings.TrimPrefix(msg, "json: ")
}

// patchFailure is the Status of a patch that does not apply. An invalid
// result names the field "patch" with, as its value, the patch (strategic)
// or the patched object's JSON (merge and JSON patches).
func patchFailure(e *patch.Error, typ string, p any) *Status {
	if e.Invalid == "" {
		if e.Code == 422 {
			return failure(422, "Invalid", e.Message, &StatusDetails{})
		}
		return failure(e.Code, e.Reason, e.Message, nil)
	}
	value := fmt.Sprintf("%v", patch.GoValue(p))
	if typ != patch.StrategicPatch {
		b, _ := apijson.Marshal(e.Patched)
		value = string(b)
	}
	detail := fmt.Sprintf("Invalid value: %q: %s", value, e.Invalid)
	return failure(422, "Invalid", ` "" is invalid: patch: `+detail, &StatusDetails{
		Causes: []StatusCause{{Type: "FieldValueInvalid", Message: detail, Field: "patch"}},
	})
}

// unknownFieldWarnings are the warnings fieldValidation=Warn gives.
func unknownFieldWarnings(fields []string) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = fmt.Sprintf("unknown field %q", f)
	}
	return out
}

// addWarnings sets the Warning header: each warning as upstream writes it
// (299 - "text"), several joined by commas as HTTP allows.
func addWarnings(resp *Response, warnings []string) {
	if len(warnings) == 0 {
		return
	}
	parts := make([]string, len(warnings))
	for i, w := range warnings {
		parts[i] = `299 - ` + string(apijson.Quote(w))
	}
	if resp.Header == nil {
		resp.Header = map[string]string{}
	}
	resp.Header["Warning"] = strings.Join(parts, ", ")
}

// patchedObjectResponse writes an object as the API server does: JSON, with its
// apiVersion and kind.
func patchedObjectResponse(code int, o api.Object) *Response {
	b, err := patchEncode(o)
	if err != nil {
		return statusResponse(internalError(err.Error()))
	}
	return &Response{Code: code, Header: map[string]string{"Content-Type": "application/json"}, Body: b}
}

// patchEncode is an object's JSON with its apiVersion and kind set. (A
// private version of what the CRUD work encodes.)
func patchEncode(o api.Object) ([]byte, error) {
	if tm := o.GetTypeMeta(); tm.Kind == "" || tm.APIVersion == "" {
		o = api.DeepCopyObject(o)
		api.SetKind(o)
	}
	return apijson.Marshal(o)
}

// sameObject reports two objects that encode alike.
func sameObject(a, b api.Object) bool {
	x, err1 := patchEncode(a)
	y, err2 := patchEncode(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}
