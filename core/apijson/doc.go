// Package apijson writes and reads JSON exactly as encoding/json does, for
// the values kubeloop has: api objects (by their json tags and their
// MarshalJSON/UnmarshalJSON methods) and the page's own plain structs.
//
// It exists for size: encoding/json adds its code and its share of reflect
// data to the page's WebAssembly binary, and kubeloop needs only a part of
// it. What it does, it does byte for byte as encoding/json
// (apijson_test.go holds it to that over every kind and a running cluster):
//   - Marshal and MarshalIndent: field order, names, omitempty and omitzero,
//     embedded structs, `-`, map keys sorted, nil versus empty, HTML-safe
//     escaping (<, >, & as \u003c …), numbers as encoding/json formats them.
//   - Generic: what json.Marshal followed by a json.Decoder with UseNumber
//     gives: map[string]any, []any, Number, string, bool and nil.
//   - Unmarshal and Decode: encoding/json's rules (names matched exactly,
//     then case-insensitively; unknown fields ignored unless refused; null
//     leaves a value alone) and its error texts ("json: cannot unmarshal
//     string into Go struct field DeploymentSpec.spec.replicas of type
//     int32"), which kubectl shows.
//
// When not to use it: for types that write themselves with MarshalText
// (encoding.TextMarshaler) or a ",string" option, which Marshal refuses
// rather than write differently; for map keys other than strings and
// integers; for streams of values. encoding/json remains the reference;
// tests may use it freely.
package apijson
