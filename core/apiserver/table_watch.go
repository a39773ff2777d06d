package apiserver

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// watchTable is the object of one watch event when the watch asks for
// Tables (kubectl get -w): a Table of the one object, with the object's
// resourceVersion. Only the stream's first event carries the column
// definitions; the later ones have none ("columnDefinitions":null), as
// upstream sends them. The error is the Status of a bad includeObject.
func (s *Server) watchTable(r *Request, kind *api.Kind, o api.Object, first bool) ([]byte, *Status) {
	include, st := tableInclude(r)
	if st != nil {
		return nil, st
	}
	t, err := s.table(r, kind, []api.Object{o}, ListMeta{}, include)
	if err != nil {
		return nil, internalError(err.Error())
	}
	if !first {
		t.ColumnDefinitions = nil
	}
	b, err := apijson.Marshal(t)
	if err != nil {
		return nil, internalError(err.Error())
	}
	return b, nil
}
