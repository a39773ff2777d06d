package apiserver

import "github.com/kubeloop/kubeloop/core/api"

// patch answers PATCH on an object (strategic merge, JSON merge, JSON
// patch) and server-side apply. (Stub: the patch work replaces it.)
func (s *Server) patch(r *Request, rt route, kind *api.Kind) *Response {
	return statusResponse(failure(415, "UnsupportedMediaType", "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml", nil))
}
