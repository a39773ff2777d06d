package apiserver

import (
	"bytes"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// A watch for a client that asked for tables (kubectl get -w sends
// Accept: application/json;as=Table;g=meta.k8s.io;v=v1) carries, in each
// event, a meta.k8s.io/v1 Table of the one object changed, with the
// object's resourceVersion; as upstream, only the first event's table
// defines the columns, the later ones have "columnDefinitions":null.

// watchTables is how a watch writes an object for a client that asked for
// tables, or nil for one that did not (or when tables are not served: the
// objects go as they are). A table's options are checked once, on a table
// of nothing: a bad one is the answer.
func (s *Server) watchTables(r *Request, kind *api.Kind) (func(api.Object) []byte, *Response) {
	if !wantsTable(r) {
		return nil, nil
	}
	resp := s.tableResponse(r, kind, nil, ListMeta{})
	if resp == nil {
		return nil, nil
	}
	if resp.Code != 200 {
		return nil, resp
	}
	return func(o api.Object) []byte {
		if t := s.tableResponse(r, kind, []api.Object{o}, ListMeta{}); t != nil && t.Code == 200 {
			return t.Body
		}
		return nil
	}, nil
}

// columnDefinitionsKey is where a Table's column definitions start.
var columnDefinitionsKey = []byte(`"columnDefinitions":`)

// tableOnce leaves a table's column definitions in the watch's first
// table only.
func (w *watchStream) tableOnce(table []byte) []byte {
	w.tabled++
	if w.tabled == 1 {
		return table
	}
	i := bytes.Index(table, columnDefinitionsKey)
	if i < 0 {
		return table
	}
	at := i + len(columnDefinitionsKey)
	_, rest, err := apijson.Cut(table[at:])
	if err != nil {
		return table
	}
	out := make([]byte, 0, at+4+len(rest))
	out = append(out, table[:at]...)
	out = append(out, "null"...)
	return append(out, rest...)
}
