package apiserver

// discovery answers /api, /apis and the group and group-version documents.
// (Stub: the discovery work replaces it.)
func (s *Server) discovery(r *Request, rt route) *Response {
	return statusResponse(resourceNotFound())
}
