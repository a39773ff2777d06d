package openapi

// Schema is an OpenAPI v3 schema object, with the fields and extensions
// Kubernetes' documents use. Its JSON has the field order upstream writes.
type Schema struct {
	Ref         string   `json:"$ref,omitempty"`
	Description string   `json:"description,omitempty"`
	Type        string   `json:"type,omitempty"`
	Format      string   `json:"format,omitempty"`
	Default     any      `json:"default,omitempty"`
	Enum        []string `json:"enum,omitempty"`
	Required    []string `json:"required,omitempty"`
	// UniqueItems is set on the parameters' schemas, as upstream sets it.
	UniqueItems          bool               `json:"uniqueItems,omitempty"`
	Items                *Schema            `json:"items,omitempty"`
	Properties           map[string]*Schema `json:"properties,omitempty"`
	AdditionalProperties *Schema            `json:"additionalProperties,omitempty"`
	AllOf                []*Schema          `json:"allOf,omitempty"`
	OneOf                []*Schema          `json:"oneOf,omitempty"`

	GroupVersionKinds     []GroupVersionKind `json:"x-kubernetes-group-version-kind,omitempty"`
	PreserveUnknownFields bool               `json:"x-kubernetes-preserve-unknown-fields,omitempty"`
	extensions
}

// extensions are how servers and clients merge a field's values.
type extensions struct {
	ListMapKeys   []string `json:"x-kubernetes-list-map-keys,omitempty"`
	ListType      string   `json:"x-kubernetes-list-type,omitempty"`
	MapType       string   `json:"x-kubernetes-map-type,omitempty"`
	PatchMergeKey string   `json:"x-kubernetes-patch-merge-key,omitempty"`
	PatchStrategy string   `json:"x-kubernetes-patch-strategy,omitempty"`
}

// GroupVersionKind names a kind, in x-kubernetes-group-version-kind.
type GroupVersionKind struct {
	Group   string `json:"group"`
	Kind    string `json:"kind"`
	Version string `json:"version"`
}

// ref points at a component schema.
func ref(name string) *Schema { return &Schema{Ref: "#/components/schemas/" + name} }
