package apiserver

import "github.com/kubeloop/kubeloop/core/api"

// watch answers a list with ?watch=1: a Stream of watch events. (Stub: the
// watch work replaces it.)
func (s *Server) watch(r *Request, rt route, kind *api.Kind) *Response {
	return statusResponse(failure(405, "MethodNotAllowed", "the server does not allow this method on the requested resource", nil))
}
