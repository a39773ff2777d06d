package patch

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// This file checks decoded JSON against a Go api type the way the API
// server's strict decoding does: every field must be one the type declares,
// spelled exactly (encoding/json alone would drop unknown fields and match
// names case-insensitively).

var unmarshalerType = reflect.TypeFor[apijson.Unmarshaler]()

// UnknownFields lists the fields of v that t does not declare, as paths
// like "spec.template.spec.containers[0].foo", sorted.
func UnknownFields(v any, t reflect.Type) []string {
	var out []string
	walkUnknown(v, t, "", &out)
	sort.Strings(out)
	return out
}

func walkUnknown(v any, t reflect.Type, path string, out *[]string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return // Time, IntOrString, Quantity read themselves
	}
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		fields := apijson.FieldTypes(t)
		for _, k := range sortedKeys(m) {
			ft, ok := fields[k]
			p := k
			if path != "" {
				p = path + "." + k
			}
			if !ok {
				*out = append(*out, p)
				continue
			}
			walkUnknown(m[k], ft, p, out)
		}
	case reflect.Slice:
		list, ok := v.([]any)
		if !ok {
			return
		}
		for i, e := range list {
			walkUnknown(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for _, k := range sortedKeys(m) {
			walkUnknown(m[k], t.Elem(), path+"."+k, out)
		}
	}
}

// StrictDecodingError words unknown fields as the API server does.
func StrictDecodingError(fields []string) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = fmt.Sprintf("unknown field %q", f)
	}
	return "strict decoding error: " + strings.Join(parts, ", ")
}
