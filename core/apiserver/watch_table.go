package apiserver

import "github.com/kubeloop/kubeloop/core/api"

// watchTables is how a watch writes an object for a client that asked for
// tables (kubectl get -w sends Accept: application/json;as=Table;
// g=meta.k8s.io;v=v1): each event carries a Table of the one object
// changed (watchTable), the first with the column definitions. It is nil
// for a client that did not ask; a bad includeObject is the answer.
func (s *Server) watchTables(r *Request, kind *api.Kind) (func(o api.Object, first bool) []byte, *Response) {
	if !wantsTable(r) {
		return nil, nil
	}
	if _, st := tableInclude(r); st != nil {
		return nil, statusResponse(st)
	}
	return func(o api.Object, first bool) []byte {
		b, _ := s.watchTable(r, kind, o, first)
		return b
	}, nil
}
