package apiserver

// discovery answers /api, /apis and the group and group-version documents,
// as a real v1.32 API server does, for the kinds the sandbox simulates
// (discovery_catalog.go):
//   - /api and /apis: the legacy APIVersions and APIGroupList, or the
//     aggregated APIGroupDiscoveryList when the Accept header asks for it
//     (discovery_aggregated.go);
//   - /apis/GROUP: APIGroup; /api/v1 and /apis/GROUP/VERSION:
//     APIResourceList (discovery_documents.go).
//
// A group the server lacks is upstream's plain 404 page (no handler serves
// its path); a version the server lacks in a group it has, or in the core
// group, is a 404 Status. Any method but GET is 405.
func (s *Server) discovery(r *Request, rt route) *Response {
	switch {
	case rt.Legacy && rt.Version == "":
		return s.discoveryRoot(r, true)
	case !rt.Legacy && rt.Group == "":
		return s.discoveryRoot(r, false)
	case !rt.Legacy && rt.Version == "":
		g, ok := findGroup(rt.Group)
		if !ok || g.name == "" {
			return notFoundPage()
		}
		doc := legacyGroup(g)
		doc.Kind, doc.APIVersion = "APIGroup", "v1"
		return groupDocumentResponse(r, doc)
	default:
		if _, ok := findGroup(rt.Group); !ok {
			return notFoundPage()
		}
		v, ok := findVersion(rt.Group, rt.Version)
		if !ok {
			return statusResponse(resourceNotFound())
		}
		return groupDocumentResponse(r, legacyResourceList(rt.Group, v))
	}
}

// discoveryRoot answers /api (legacy) or /apis.
func (s *Server) discoveryRoot(r *Request, legacy bool) *Response {
	if r.Method != "GET" {
		return statusResponse(methodNotAllowed())
	}
	rep, refused := negotiate(r, rootDocument)
	switch {
	case refused != nil:
		return notAcceptable(refused)
	case rep != plainJSON:
		return aggregatedResponse(r, rep, legacy)
	case legacy:
		return documentResponse(r, s.legacyAPIVersions())
	default:
		return documentResponse(r, legacyGroupList())
	}
}

// groupDocumentResponse answers a group's or a group-version's document.
func groupDocumentResponse(r *Request, doc any) *Response {
	if r.Method != "GET" {
		return statusResponse(methodNotAllowed())
	}
	if _, refused := negotiate(r, groupDocument); refused != nil {
		return notAcceptable(refused)
	}
	return documentResponse(r, doc)
}

// documentResponse writes a legacy document as JSON.
func documentResponse(r *Request, doc any) *Response {
	body, err := encodeDocument(r, doc)
	if err != nil {
		return statusResponse(internalError(err.Error()))
	}
	return &Response{Code: 200, Header: map[string]string{"Content-Type": "application/json", "Cache-Control": "no-cache, private"}, Body: body}
}

// servesGroupVersion says whether the server has that group-version (""
// for the core group), so that a resource path under one it lacks can be
// answered as upstream does: the plain 404 page for a group it lacks, a
// 404 Status for a version it lacks.
func servesGroupVersion(group, version string) bool {
	_, ok := findVersion(group, version)
	return ok
}
