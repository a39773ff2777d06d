package apiserver

// version answers /version. (Stub: the discovery work replaces it.)
func (s *Server) version(r *Request) *Response { return statusResponse(resourceNotFound()) }
