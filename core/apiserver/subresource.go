package apiserver

import (
	"reflect"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// subresource answers a request on an object's subresource: status,
// scale, eviction, binding, log; exec goes to exec.go. A subresource a
// kind does not have is the 404 a real API server gives for a path it
// does not serve; a method it does not serve, a 405.
func (s *Server) subresource(r *Request, rt route, kind *api.Kind) *Response {
	switch {
	case rt.Subresource == "exec" && kind.Kind == "Pod":
		return s.exec(r, rt)
	case rt.Subresource == "status" && hasStatus(kind):
		return s.statusSubresource(r, rt, kind)
	case rt.Subresource == "scale" && scalable(kind):
		return s.scaleSubresource(r, rt, kind)
	case rt.Subresource == "eviction" && kind.Kind == "Pod":
		return s.evict(r, rt)
	case rt.Subresource == "binding" && kind.Kind == "Pod":
		return s.bind(r, rt)
	case rt.Subresource == "log" && kind.Kind == "Pod":
		return s.podLog(r, rt)
	}
	return statusResponse(resourceNotFound())
}

// hasStatus reports a kind with a status subresource: one whose objects
// have a status (ConfigMaps, Roles, Events… have none).
func hasStatus(kind *api.Kind) bool {
	t := reflect.TypeOf(kind.New()).Elem()
	_, ok := t.FieldByName("Status")
	return ok
}

// subresourceMethodNotAllowed is the 405 for a method a subresource does not serve.
func subresourceMethodNotAllowed() *Response {
	return statusResponse(failure(405, "MethodNotAllowed", "the server does not allow this method on the requested resource", &StatusDetails{}))
}

// subresourceBadRequest is a 400 with upstream's message.
func subresourceBadRequest(message string) *Response {
	return statusResponse(failure(400, "BadRequest", message, nil))
}

// subresourceSuccess is the Status a POST of an eviction or a binding answers.
func subresourceSuccess(code int) *Response {
	return jsonResponse(code, &Status{Kind: "Status", APIVersion: "v1", Status: "Success", Code: code})
}

// patchType is the patch a PATCH's Content-Type names ("json", "merge",
// "strategic"), or "" for one a subresource does not take.
func patchType(r *Request) string {
	ct, _, _ := strings.Cut(r.HeaderValue("Content-Type"), ";")
	switch strings.TrimSpace(ct) {
	case "application/json-patch+json":
		return "json"
	case "application/merge-patch+json":
		return "merge"
	case "application/strategic-merge-patch+json":
		return "strategic"
	}
	return ""
}

// unsupportedPatch is the 415 for a PATCH of a type a subresource does
// not take (server-side apply on subresources is not simulated).
func unsupportedPatch(r *Request) *Response {
	return statusResponse(failure(415, "UnsupportedMediaType", "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json", nil))
}

// decodeSubresourceBody reads a request's JSON body into v, with the API server's
// wording for a body it cannot read.
func decodeSubresourceBody(r *Request, v any, kindName, version string) *Response {
	if err := apijson.Unmarshal(r.Body, v); err != nil {
		return subresourceBadRequest(kindName + " in version \"" + version + "\" cannot be handled as a " + kindName + ": " + err.Error())
	}
	return nil
}
