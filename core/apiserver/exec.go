package apiserver

// exec answers pods/exec. (Stub: the exec work replaces it.)
func (s *Server) exec(r *Request, rt route) *Response {
	return statusResponse(resourceNotFound())
}
