package apiserver

import (
	"fmt"
	"strconv"

	"github.com/kubeloop/kubeloop/core/api"
)

// get answers GET on one object.
func (s *Server) get(r *Request, rt route, kind *api.Kind) *Response {
	if _, miss := s.readRevision(r.Param("resourceVersion")); miss != nil {
		return miss
	}
	o, err := s.c.Store().Get(kind, rt.Namespace, rt.Name)
	if err != nil {
		return statusResponse(apiStatus(err, kind))
	}
	if wantsTable(r) {
		if t := s.tableResponse(r, kind, []api.Object{o}, ListMeta{}); t != nil {
			return t
		}
	}
	return objectResponse(200, kind, o)
}

// readRevision checks a resourceVersion to read at least as new as, as
// upstream's NotOlderThan: "" and "0" read the newest; a number past the
// newest revision is the 504 a real server gives once it has waited for
// it in vain (the simulation has nothing to wait for).
func (s *Server) readRevision(rv string) (int64, *Response) {
	if rv == "" || rv == "0" {
		return 0, nil
	}
	n, err := strconv.ParseUint(rv, 10, 64)
	if err != nil {
		// Upstream returns the parse failure as a plain error: a 500
		// with no reason.
		return 0, statusResponse(&Status{Kind: "Status", APIVersion: "v1", Status: "Failure", Code: 500,
			Message: fmt.Sprintf("resourceVersion: Invalid value: %q: %v", rv, err)})
	}
	if cur := s.c.Store().Revision(); int64(n) > cur {
		return 0, statusResponse(failure(504, "Timeout", fmt.Sprintf("Timeout: Too large resource version: %d, current: %d", n, cur),
			&StatusDetails{Causes: []StatusCause{{Type: "ResourceVersionTooLarge", Message: "Too large resource version"}}, RetryAfterSeconds: 1}))
	}
	return int64(n), nil
}

// listQuery is what a list asks for, read and checked.
type listQuery struct {
	labels     api.Selector
	fields     api.FieldSelector
	filtered   bool // a selector was given: no remainingItemCount
	limit      int  // 0: all
	start      string
	rev        int64 // the revision to read at; 0: the newest
	exact      bool  // rev must be read exactly (not "at least")
	continuing bool
}

// readListQuery reads labelSelector, fieldSelector, limit, continue,
// resourceVersion and resourceVersionMatch as upstream checks them, or
// the response that refuses them.
func (s *Server) readListQuery(r *Request, kind *api.Kind) (listQuery, *Response) {
	var q listQuery
	var err error
	if q.labels, err = api.ParseSelector(r.Param("labelSelector")); err != nil {
		return q, statusResponse(badRequest(err.Error()))
	}
	if q.fields, err = api.ParseFieldSelector(r.Param("fieldSelector")); err != nil {
		return q, statusResponse(badRequest(err.Error()))
	}
	if err := q.fields.Check(kind); err != nil {
		return q, statusResponse(badRequest(err.Error()))
	}
	q.filtered = !q.labels.Empty() || !q.fields.Empty()
	if l := r.Param("limit"); l != "" {
		n, err := strconv.ParseInt(l, 10, 64)
		if err != nil {
			return q, statusResponse(badRequest(err.Error()))
		}
		if n > 0 {
			q.limit = int(min(n, 1<<31))
		}
	}
	rv, match, token := r.Param("resourceVersion"), r.Param("resourceVersionMatch"), r.Param("continue")
	switch {
	case match != "" && match != "Exact" && match != "NotOlderThan":
		return q, statusResponse(optionsInvalid("ListOptions", api.FieldError{Type: api.ErrTypeUnsupported, Field: "resourceVersionMatch", BadValue: match,
			Detail: `supported values: "Exact", "NotOlderThan", ""`}))
	case match != "" && rv == "":
		return q, statusResponse(optionsInvalid("ListOptions", api.FieldError{Type: api.ErrTypeForbidden, Field: "resourceVersionMatch",
			Detail: "resourceVersionMatch is forbidden unless resourceVersion is provided"}))
	case match != "" && token != "":
		return q, statusResponse(optionsInvalid("ListOptions", api.FieldError{Type: api.ErrTypeForbidden, Field: "resourceVersionMatch",
			Detail: "resourceVersionMatch is forbidden when continue is provided"}))
	case match == "Exact" && rv == "0":
		return q, statusResponse(optionsInvalid("ListOptions", api.FieldError{Type: api.ErrTypeForbidden, Field: "resourceVersionMatch",
			Detail: `resourceVersionMatch "exact" is forbidden for resourceVersion "0"`}))
	}
	if token != "" {
		if rv != "" && rv != "0" {
			return q, statusResponse(badRequest("specifying resource version is not allowed when using continue"))
		}
		if q.start, q.rev, err = decodeContinue(token); err != nil {
			return q, statusResponse(badRequest("invalid continue token: " + err.Error()))
		}
		if q.rev == -1 {
			q.rev = 0
		}
		q.exact, q.continuing = q.rev != 0, true
		return q, nil
	}
	n, miss := s.readRevision(rv)
	if miss != nil {
		return q, miss
	}
	if rv == "0" {
		// "Any revision" is served from upstream's watch cache, which
		// does not page: the limit is ignored.
		q.limit = 0
	}
	if match == "Exact" {
		q.rev, q.exact = n, true
	}
	return q, nil
}

// list answers GET on a collection: a <Kind>List of the objects the
// selectors keep, in key order, a page at a time when limit is set.
func (s *Server) list(r *Request, rt route, kind *api.Kind) *Response {
	q, miss := s.readListQuery(r, kind)
	if miss != nil {
		return miss
	}
	objs, rev, miss := s.listAt(q, rt, kind)
	if miss != nil {
		return miss
	}
	meta := ListMeta{ResourceVersion: strconv.FormatInt(rev, 10)}
	if q.limit > 0 && len(objs) > q.limit {
		rest := int64(len(objs) - q.limit)
		objs = objs[:q.limit]
		meta.Continue = encodeContinue(rev, listKey(objs[q.limit-1], rt.Namespace == ""))
		if !q.filtered {
			meta.RemainingItemCount = &rest
		}
	}
	if wantsTable(r) {
		if t := s.tableResponse(r, kind, objs, meta); t != nil {
			return t
		}
	}
	return listResponse(kind, objs, meta)
}

// listAt lists the objects the query keeps, after its continue key, at
// its revision (the newest unless it names one), and that revision.
func (s *Server) listAt(q listQuery, rt route, kind *api.Kind) ([]api.Object, int64, *Response) {
	st := s.c.Store()
	match := func(o api.Object) bool {
		return (q.start == "" || listKey(o, rt.Namespace == "") >= q.start) &&
			q.labels.Matches(o.GetObjectMeta().Labels) && q.fields.Matches(o)
	}
	if !q.exact || q.rev == st.Revision() {
		return st.ListMatching(kind, rt.Namespace, match), st.Revision(), nil
	}
	snap, err := st.At(q.rev)
	if err != nil {
		if q.continuing {
			return nil, 0, expiredContinue(q.start)
		}
		return nil, 0, statusResponse(failure(410, "Expired", "The resourceVersion for the provided list is too old.", nil))
	}
	var objs []api.Object
	for _, o := range snap.List(kind, rt.Namespace) {
		if match(o) {
			objs = append(objs, o)
		}
	}
	return objs, snap.Revision, nil
}
