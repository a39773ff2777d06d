package apiserver

import (
	"encoding/base64"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// encodeWithType writes o as the API server does: with its apiVersion and
// kind, which the store's objects need not carry. (A private version: the
// CRUD work has its own, and the two fold into one after the merge.)
func encodeWithType(kind *api.Kind, o api.Object) ([]byte, error) {
	b, err := apijson.Marshal(o)
	if err != nil {
		return nil, err
	}
	if o.GetTypeMeta().Kind != "" || len(b) < 2 || b[0] != '{' {
		return b, nil
	}
	head := `{"kind":"` + kind.Kind + `","apiVersion":"` + kind.APIVersion() + `"`
	if string(b) == "{}" {
		return []byte(head + "}"), nil
	}
	return append([]byte(head+","), b[1:]...), nil
}

// mustMarshal writes a value this package builds (a Status), which always
// encodes.
func mustMarshal(v any) []byte {
	b, err := apijson.Marshal(v)
	if err != nil {
		panic(err) // a programmer's error: the types here all encode
	}
	return b
}

// base64Std is standard base64 with padding, as upstream writes its
// annotations' blueprints.
func base64Std(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
