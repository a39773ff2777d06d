package apiserver

import (
	"strconv"

	"github.com/kubeloop/kubeloop/core/api"
)

// resource answers a request on a resource: CRUD here, and the dispatch to
// patch, watch and subresources. Which method a path allows is upstream's:
// a collection takes GET (list, or watch with ?watch=1), POST (create)
// and DELETE (deletecollection); an object takes GET, PUT, PATCH and
// DELETE; anything else is 405. A namespaced resource named without a
// namespace is the list (and watch) across all namespaces, and nothing
// else.
func (s *Server) resource(r *Request, rt route) *Response {
	kind, miss := kindForRoute(rt)
	if miss != nil {
		return miss
	}
	if rt.Subresource != "" {
		return s.subresource(r, rt, kind)
	}
	allNamespaces := kind.Namespaced && rt.Namespace == ""
	if rt.Name == "" {
		switch {
		case r.Method == "GET" && isWatch(r):
			return s.watch(r, rt, kind)
		case r.Method == "GET":
			return s.list(r, rt, kind)
		case r.Method == "POST" && !allNamespaces:
			return s.create(r, rt, kind)
		case r.Method == "DELETE" && !allNamespaces && kind.Kind != "Namespace":
			return s.deleteCollection(r, rt, kind)
		}
		return statusResponse(unsupportedMethod())
	}
	if allNamespaces {
		// /api/v1/pods/NAME names nothing: an object of a namespaced
		// resource lives under its namespace.
		return statusResponse(resourceNotFound())
	}
	switch r.Method {
	case "GET":
		if isWatch(r) {
			return s.watch(r, rt, kind)
		}
		return s.get(r, rt, kind)
	case "PUT":
		return s.update(r, rt, kind)
	case "PATCH":
		return s.patch(r, rt, kind)
	case "DELETE":
		return s.delete(r, rt, kind)
	}
	return statusResponse(unsupportedMethod())
}

// isWatch reports ?watch=1 (or true, t …: the parameter is a bool).
func isWatch(r *Request) bool {
	w, err := strconv.ParseBool(r.Param("watch"))
	return err == nil && w
}

// unsupportedMethod is the 405 for a method the path does not take.
func unsupportedMethod() *Status {
	return failure(405, "MethodNotAllowed", "the server does not allow this method on the requested resource", &StatusDetails{})
}

// kindForRoute finds the kind a route's group, version and resource name.
// A group the server does not serve at all is upstream's plain 404 page
// (no handler is registered for it); a known group with an unknown
// version or resource, or a cluster-scoped resource under a namespace, is
// the NotFound Status.
func kindForRoute(rt route) (*api.Kind, *Response) {
	groupKnown := rt.Legacy
	for _, k := range api.Kinds {
		if k.Group != rt.Group {
			continue
		}
		groupKnown = true
		if k.Version == rt.Version && k.Resource == rt.Resource && (k.Group == "") == rt.Legacy {
			if rt.Namespace != "" && !k.Namespaced {
				return nil, statusResponse(resourceNotFound())
			}
			return k, nil
		}
	}
	if !groupKnown || (!rt.Legacy && rt.Group == "") {
		return nil, notFoundPage()
	}
	return nil, statusResponse(resourceNotFound())
}
