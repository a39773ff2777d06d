// Package yaml turns the YAML a learner writes into api objects, and api
// objects back into the YAML and JSON kubectl prints.
//
// Decoding is strict, as a real API server with field validation is: an
// unknown field, a value of the wrong type, a bad quantity, a duplicate key
// or a tab used for indentation is an error, reported at its line and column
// in the whole multi-document text. Scalars are read as kubectl reads them
// (YAML 1.1 through sigs.k8s.io/yaml), so `value: 8080` or `value: yes` for a
// string field is refused here exactly as a real cluster refuses it.
//
// Encoding follows `kubectl get -o yaml`: the object goes through JSON as
// encoding/json writes it (core/apijson; so JSON tags decide names and
// omitted fields), then is written with keys sorted at every level,
// sequences not indented past their parent key, and strings quoted as
// go-yaml v2 quotes them.
//
// The package does no defaulting and no validation: `replicas: -1` decodes
// fine; api.Default and api.Validate judge it later, as the API server does.
package yaml
