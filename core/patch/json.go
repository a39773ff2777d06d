package patch

import (
	"sort"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// Values here are decoded JSON as Decode returns it: maps, slices,
// apijson.Number, strings, bools, nil.

// Decode reads JSON with its numbers kept exact.
func Decode(b []byte) (any, error) {
	var v any
	if err := apijson.Decode(b, &v, apijson.Options{UseNumber: true}); err != nil {
		return nil, err
	}
	return v, nil
}

// SameValue reports two values that encode to the same JSON.
func SameValue(a, b any) bool {
	x, err1 := apijson.Marshal(a)
	y, err2 := apijson.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

func containsJSON(list []any, v any) bool {
	for _, x := range list {
		if SameValue(x, v) {
			return true
		}
	}
	return false
}

// GoValue turns decoded JSON into what the API server prints with %v:
// integers as integers, maps sorted by key (fmt sorts them).
func GoValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = GoValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = GoValue(e)
		}
		return out
	case apijson.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	}
	return v
}

// JSONKind names a decoded JSON value's type as encoding/json's errors do.
func JSONKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "bool"
	case nil:
		return "null"
	}
	return "number"
}

// DeepCopy copies decoded JSON, so a value added twice is not shared.
func DeepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = DeepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = DeepCopy(e)
		}
		return out
	}
	return v
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// jsonText is a value's JSON, what items are matched on.
func jsonText(v any) string {
	b, _ := apijson.Marshal(v)
	return string(b)
}
