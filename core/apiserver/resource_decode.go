package apiserver

import (
	"encoding/hex"
	"fmt"
	"reflect"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// A create or update body is read as upstream's handlers read it: JSON
// or YAML by Content-Type; the kind it names must be the route's (an
// empty apiVersion and kind take the route's); values of the wrong type
// are refused with encoding/json's words; unknown fields are refused,
// warned of or ignored by ?fieldValidation (Strict, Warn — the default —
// or Ignore; kubectl sends Strict).

// bodyFormats is upstream's 415 list for a body it cannot read.
const bodyFormats = "the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf"

// readObject decodes the body of a create or update into an object of
// kind k, with the warnings to send back. options names the request's
// options type for their validation errors ("CreateOptions").
func readObject(r *Request, k *api.Kind, options string) (api.Object, []string, *Response) {
	validation := r.Param("fieldValidation")
	switch validation {
	case "", "Ignore", "Warn", "Strict":
	default:
		return nil, nil, statusResponse(optionsInvalid(options, api.FieldError{Type: api.ErrTypeUnsupported, Field: "fieldValidation",
			BadValue: validation, Detail: `supported values: "", "Ignore", "Strict", "Warn"`}))
	}
	body, miss := bodyJSON(r, k)
	if miss != nil {
		return nil, nil, miss
	}
	var tm api.TypeMeta
	if err := apijson.Unmarshal(body, &tm); err != nil || !strings.HasPrefix(string(skipSpace(body)), "{") {
		msg := "Object 'Kind' is missing in '" + string(body) + "'"
		if err != nil {
			msg = "couldn't get version/kind; json parse error: " + err.Error()
		}
		return nil, nil, unrecognized(k, msg, body)
	}
	version := tm.APIVersion
	if _, v, ok := strings.Cut(version, "/"); ok {
		version = v
	}
	if tm.Kind == "" {
		tm.Kind = k.Kind
	}
	if tm.APIVersion == "" {
		version = k.Version
	}
	if tm.Kind != k.Kind || (tm.APIVersion != "" && tm.APIVersion != k.APIVersion()) {
		return nil, nil, statusResponse(badRequest(wrongKind(tm, k)))
	}
	obj := k.New()
	pruned, unknown, err := pruneUnknown(body, reflect.TypeOf(obj).Elem())
	if err == nil {
		err = apijson.Unmarshal(pruned, obj)
	}
	if err != nil {
		return nil, nil, statusResponse(badRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", tm.Kind, version, k.Kind, err)))
	}
	messages := make([]string, len(unknown))
	for i, f := range unknown {
		messages[i] = fmt.Sprintf("unknown field %q", f)
	}
	switch {
	case len(unknown) == 0 || validation == "Ignore":
		messages = nil
	case validation == "Strict":
		return nil, nil, statusResponse(badRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: strict decoding error: %s",
			tm.Kind, version, k.Kind, strings.Join(messages, ", "))))
	}
	*obj.GetTypeMeta() = api.TypeMeta{APIVersion: k.APIVersion(), Kind: k.Kind}
	return obj, messages, nil
}

// bodyJSON is the body as JSON, from JSON or YAML.
func bodyJSON(r *Request, k *api.Kind) ([]byte, *Response) {
	media, _, _ := strings.Cut(r.HeaderValue("Content-Type"), ";")
	switch strings.TrimSpace(strings.ToLower(media)) {
	case "application/json", "":
		if !apijson.Valid(r.Body) {
			var v any
			err := apijson.Unmarshal(r.Body, &v)
			return nil, unrecognized(k, "couldn't get version/kind; json parse error: "+err.Error(), r.Body)
		}
		return r.Body, nil
	case "application/yaml":
		b, err := yaml.ToJSON(string(r.Body))
		if err != nil {
			return nil, unrecognized(k, "couldn't get version/kind; json parse error: error converting YAML to JSON: "+err.Error(), r.Body)
		}
		return b, nil
	}
	return nil, statusResponse(failure(415, "UnsupportedMediaType", bodyFormats, nil))
}

// unrecognized is upstream's 400 for a body it cannot read a kind from:
// the cause, then the start of the body (as text when it looks like
// JSON, else in hex).
func unrecognized(k *api.Kind, cause string, body []byte) *Response {
	const most = 30
	var summary string
	switch {
	case len(body) == 0:
		summary = "<empty>"
	case body[0] == '{' && len(body) > most:
		summary = string(body[:most]) + " ..."
	case body[0] == '{':
		summary = string(body)
	case len(body) > most:
		summary = hex.EncodeToString(body[:most]) + " ..."
	default:
		summary = hex.EncodeToString(body)
	}
	return statusResponse(badRequest(fmt.Sprintf("the object provided is unrecognized (must be of type %s): %s (%s)", k.Kind, cause, summary)))
}

// wrongKind is upstream's refusal of a body of another kind than the
// route's: a conversion it does not know between two registered kinds,
// or a kind it has not registered at all.
func wrongKind(tm api.TypeMeta, k *api.Kind) string {
	other := api.KindFor(tm.APIVersion, tm.Kind)
	if other == nil {
		return fmt.Sprintf("no kind %q is registered for version %q in scheme %q", tm.Kind, tm.APIVersion, "pkg/api/legacyscheme/scheme.go:30")
	}
	return fmt.Sprintf("%s in version %q cannot be handled as a %s: converting (%s.%s) to (%s.%s): unknown conversion",
		other.Kind, other.Version, k.Kind, other.Version, other.Kind, internalPackage(k), k.Kind)
}

// internalPackage is the name of the Go package of a group's internal
// types upstream, as its conversion errors name them ("core.ConfigMap").
func internalPackage(k *api.Kind) string {
	if k.Group == "" {
		return "core"
	}
	name, _, _ := strings.Cut(k.Group, ".")
	return name
}

// warningHeader joins warnings into one Warning header: upstream sends
// one header each, and a client reads a comma-separated list the same.
func warningHeader(resp *Response, warnings []string) *Response {
	if len(warnings) == 0 {
		return resp
	}
	parts := make([]string, len(warnings))
	for i, w := range warnings {
		parts[i] = `299 - "` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(w) + `"`
	}
	resp.Header["Warning"] = strings.Join(parts, ", ")
	return resp
}
