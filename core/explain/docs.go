package explain

import "github.com/kubeloop/kubeloop/core/apijson"

// Docs are the descriptions in one language (site/data/explain.*.json).
type Docs interface {
	// Type describes a struct type ("Deployment"), or returns "".
	Type(structName string) string
	// Field describes a field of a struct, or returns "".
	Field(structName, field string) string
}

// MapDocs is Docs read from a data file: a JSON object whose keys are a
// struct ("DeploymentStrategy"), a struct's field
// ("DeploymentStrategy.type"), or a field of any struct (".replicas"), the
// last for a field that means the same wherever it appears.
type MapDocs map[string]string

// ParseDocs reads a data file.
func ParseDocs(text []byte) (MapDocs, error) {
	var m MapDocs
	if err := apijson.Unmarshal(text, &m); err != nil {
		return nil, err
	}
	return m, nil
}

func (m MapDocs) Type(structName string) string { return m[structName] }

func (m MapDocs) Field(structName, field string) string {
	if d, ok := m[structName+"."+field]; ok {
		return d
	}
	return m["."+field]
}
