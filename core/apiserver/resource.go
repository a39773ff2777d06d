package apiserver

// resource answers a request on a resource: CRUD, and the dispatch to
// patch, watch and subresources. (Stub: the CRUD work replaces it.)
func (s *Server) resource(r *Request, rt route) *Response {
	return statusResponse(resourceNotFound())
}
