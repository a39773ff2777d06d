package apiserver

import (
	"strings"
	"sync"

	"github.com/kubeloop/kubeloop/core/explain"
	"github.com/kubeloop/kubeloop/core/openapi"
)

// openAPI answers /openapi/v3 (the index of the group-versions' documents)
// and /openapi/v3/api/v1, /openapi/v3/apis/GROUP/VERSION, as upstream's
// handler does: the index names each document with its hash; a request
// with the current hash may be cached for good, one with an old hash is
// sent to the current one, and one without a hash is answered but not to
// be cached.
func (s *Server) openAPI(r *Request) *Response {
	spec := openAPISpec(s.c.FieldDocs())
	path := strings.TrimPrefix(r.Path, "/openapi/v3")
	if path == "" {
		// Upstream writes the index without a content type; Go's sniffing
		// names it text/plain, and clients read it as JSON all the same.
		return &Response{Code: 200, Header: map[string]string{"Content-Type": "text/plain; charset=utf-8"}, Body: spec.Index()}
	}
	body, hash, ok := spec.Document(strings.TrimPrefix(path, "/"))
	if !ok || !strings.HasPrefix(path, "/") {
		return &Response{Code: 404, Header: map[string]string{}}
	}
	if !acceptsJSON(r.HeaderValue("Accept")) {
		return &Response{Code: 406, Header: map[string]string{"Content-Type": "text/plain; charset=utf-8"}, Body: []byte("406 Not Acceptable\n")}
	}
	header := map[string]string{
		"Content-Type":  "application/json",
		"Etag":          `"` + hash + `"`,
		"Vary":          "Accept",
		"Cache-Control": "no-cache, private",
	}
	if want := r.Param("hash"); want != "" && want != hash {
		header["Location"] = r.Path + "?hash=" + hash
		return &Response{Code: 301, Header: header}
	} else if want == hash {
		header["Cache-Control"] = "public, immutable"
	}
	if r.HeaderValue("If-None-Match") == header["Etag"] {
		return &Response{Code: 304, Header: header}
	}
	return &Response{Code: 200, Header: header, Body: body}
}

// acceptsJSON reports whether an Accept header admits JSON, the one
// encoding served (not upstream's protobuf).
func acceptsJSON(accept string) bool {
	if accept == "" {
		return true
	}
	for _, part := range strings.Split(accept, ",") {
		t, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		switch t {
		case "application/json", "application/*", "*/*":
			return true
		}
	}
	return false
}

// The documents depend only on the kinds (fixed) and the descriptions, and
// take a while to write: the last set built is kept for the descriptions
// it was built with.
var (
	specMu     sync.Mutex
	specDocs   any
	specCached *openapi.Spec
)

// openAPISpec is the documents with descriptions from docs (nil for none).
func openAPISpec(docs explain.Docs) *openapi.Spec {
	key := openapi.DocsIdentity(docs)
	specMu.Lock()
	defer specMu.Unlock()
	if specCached == nil || key == nil || key != specDocs {
		specCached, specDocs = openapi.BuildSpec(docs), key
	}
	return specCached
}
