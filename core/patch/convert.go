package patch

import (
	"fmt"
	"reflect"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// ConversionError is the API server's complaint when a patched object, v,
// cannot become the Go type t, or "" when it can: the patch handler turns
// the merged JSON into the typed object with k8s.io/apimachinery's
// runtime.DefaultUnstructuredConverter, whose words differ from the JSON
// decoder's a create meets ("unrecognized type: int32" where a create says
// "json: cannot unmarshal string into Go struct field …"). v is decoded
// JSON as GoValue gives it (int64, float64, string, bool, maps, slices).
//
// The converter walks struct fields in their order and stops at the first
// problem; it goes through a map's keys in Go's random order, here sorted.
func ConversionError(v any, t reflect.Type) string {
	if v == nil {
		return ""
	}
	sv := reflect.ValueOf(v)
	st := sv.Type()
	switch t.Kind() {
	case reflect.Map, reflect.Slice, reflect.Pointer, reflect.Struct, reflect.Interface:
	default:
		if st.AssignableTo(t) {
			return ""
		}
		if st.ConvertibleTo(t) {
			if convertsLikeJSON(sv, t) {
				return ""
			}
			// Upstream names its named string types here
			// ("v1.RestartPolicy"); the sandbox's are plain strings.
			return fmt.Sprintf("cannot convert %s to %s", st, t)
		}
	}
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		// Quantity, IntOrString, Time: through their own JSON reading.
		b, err := apijson.Marshal(v)
		if err == nil {
			err = reflect.New(t).Interface().(apijson.Unmarshaler).UnmarshalJSON(b)
		}
		if err != nil {
			return err.Error()
		}
		return ""
	}
	switch t.Kind() {
	case reflect.Pointer:
		return ConversionError(v, t.Elem())
	case reflect.Interface:
		return ""
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("cannot restore map from %v", st.Kind())
		}
		for _, k := range sortedKeys(m) {
			if msg := ConversionError(m[k], t.Elem()); msg != "" {
				return msg
			}
		}
	case reflect.Slice:
		if _, ok := v.(string); ok && t.Elem().Kind() == reflect.Uint8 {
			return "" // []byte travels as a base64 string
		}
		list, ok := v.([]any)
		if !ok {
			return fmt.Sprintf("cannot restore slice from %v", st.Kind())
		}
		for _, e := range list {
			if msg := ConversionError(e, t.Elem()); msg != "" {
				return msg
			}
		}
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("cannot restore struct from: %v", st.Kind())
		}
		for _, f := range apijson.Members(t) {
			if msg := ConversionError(m[f.Name], f.Type); msg != "" {
				return msg
			}
		}
	default:
		return fmt.Sprintf("unrecognized type: %v", t.Kind())
	}
	return ""
}

// convertsLikeJSON reports the conversions the converter allows between
// two scalar kinds Go can convert: within strings, bools, numbers — and a
// whole float into an integer — but not Go's number-to-string.
func convertsLikeJSON(sv reflect.Value, t reflect.Type) bool {
	from, to := scalarGroup(sv.Kind()), scalarGroup(t.Kind())
	switch {
	case from == to:
		return from != ""
	case from == "int" && to == "float":
		return true
	case from == "float" && to == "int":
		f := sv.Float()
		return f == float64(int64(f))
	}
	return false
}

func scalarGroup(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "int"
	case reflect.Float32, reflect.Float64:
		return "float"
	}
	return ""
}
