package apiserver

// openAPI answers /openapi/v3 and each group-version's document. (Stub:
// the OpenAPI work replaces it.)
func (s *Server) openAPI(r *Request) *Response { return statusResponse(resourceNotFound()) }
