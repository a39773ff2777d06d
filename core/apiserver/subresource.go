package apiserver

import "github.com/kubeloop/kubeloop/core/api"

// subresource answers a request on an object's subresource: status,
// scale, eviction, binding, log; exec goes to exec.go. (Stub: the
// subresource work replaces it.)
func (s *Server) subresource(r *Request, rt route, kind *api.Kind) *Response {
	if rt.Subresource == "exec" {
		return s.exec(r, rt)
	}
	return statusResponse(resourceNotFound())
}
