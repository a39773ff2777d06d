package apiserver

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// wantsTable reports a request whose Accept asks for a meta.k8s.io/v1
// Table (kubectl get does) before plain JSON.
func wantsTable(r *Request) bool {
	accept := r.HeaderValue("Accept")
	return strings.Contains(accept, "as=Table") && strings.Contains(accept, "g=meta.k8s.io")
}

// tableResponse prints objects as a meta.k8s.io/v1 Table with the columns
// the sandbox's kubectl prints. list is set for a list (a Table with the
// list's resourceVersion and continue token), unset for one object.
// (Stub: the table work replaces it; until then, plain JSON.)
func (s *Server) tableResponse(r *Request, kind *api.Kind, objs []api.Object, list ListMeta) *Response {
	return nil
}

// ListMeta is a list's metadata.
type ListMeta struct {
	ResourceVersion    string `json:"resourceVersion,omitempty"`
	Continue           string `json:"continue,omitempty"`
	RemainingItemCount *int64 `json:"remainingItemCount,omitempty"`
}
