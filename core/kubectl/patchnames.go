package kubectl

import "github.com/kubeloop/kubeloop/core/patch"

// The names the patch algorithms had in this package before they moved to
// core/patch, for code written against them (the API server's
// subresource patches, kubectl.PatchDocument): each is core/patch's.

const unprocessableMessage = patch.UnprocessableMessage

var (
	decodeJSONPatch = patch.DecodeJSONPatch
	applyJSONPatch  = patch.ApplyJSONPatch
	mergePatch      = patch.Merge
	jsonKind        = patch.JSONKind
)

func strategicMerge(doc, p map[string]any, _ []string) (map[string]any, error) {
	return patch.Strategic(doc, p)
}
