package kubectl

import (
	"errors"
	"fmt"

	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/patch"
)

// ErrPatchNotApplicable is a JSON patch whose operations do not apply to
// the document: the API server answers it with a bare 422.
var ErrPatchNotApplicable = errors.New(patch.UnprocessableMessage)

// PatchDocument applies a patch to an object's JSON, as the API server's
// PATCH does for a subresource: typ is "json" (RFC 6902), "merge" (RFC
// 7386) or "strategic" (with the patch keys of the sandbox's types).
func PatchDocument(doc []byte, typ string, body []byte) ([]byte, error) {
	d, err := decodeJSON(doc)
	if err != nil {
		return nil, err
	}
	p, err := decodeJSON(body)
	if err != nil {
		return nil, err
	}
	var patched any
	switch typ {
	case "json":
		ops, err := patch.DecodeJSONPatch(p)
		if err != nil {
			return nil, err
		}
		if patched, err = patch.ApplyJSONPatch(d, ops); err != nil {
			return nil, ErrPatchNotApplicable
		}
	case "merge":
		patched = patch.Merge(d, p)
	case "strategic":
		pm, ok := p.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("json: cannot unmarshal %s into Go value of type map[string]interface {}", patch.JSONKind(p))
		}
		dm, _ := d.(map[string]any)
		merged, err := patch.Strategic(dm, pm)
		if err != nil {
			return nil, err
		}
		if merged == nil {
			merged = map[string]any{}
		}
		patched = merged
	default:
		return nil, fmt.Errorf("unknown patch type %q", typ)
	}
	return apijson.Marshal(patched)
}
