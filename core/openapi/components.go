package openapi

import (
	"reflect"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/explain"
)

// scalars are the types the API encodes as strings or numbers, each with
// its upstream component: a field of one refers to it.
var scalars = map[reflect.Type]*named{
	reflect.TypeOf(api.Time{}):         {timeName, &Schema{Type: "string", Format: "date-time"}},
	reflect.TypeOf(api.MicroTime{}):    {microTimeName, &Schema{Type: "string", Format: "date-time"}},
	reflect.TypeOf(api.IntOrString{}):  {intstrName, &Schema{Format: "int-or-string", OneOf: []*Schema{{Type: "integer"}, {Type: "string"}}}},
	reflect.TypeOf(api.Quantity{}):     {quantityName, &Schema{OneOf: []*Schema{{Type: "string"}, {Type: "number"}}}},
	reflect.TypeOf(api.RawExtension{}): {rawExtensionName, &Schema{Type: "object"}},
}

// base64Fields are the fields (or maps' values) kubeloop keeps as the
// base64 text the API carries, where upstream's Go types hold bytes: they
// are strings in format byte.
var base64Fields = map[string]bool{
	"Secret.data": true, "ConfigMap.binaryData": true,
	"CertificateSigningRequestSpec.request": true, "CertificateSigningRequestStatus.certificate": true,
}

// named is a component schema with its name.
type named struct {
	name   string
	schema *Schema
}

// components collects the schemas one document refers to.
type components struct {
	schemas map[string]*Schema
	pkg     string // the package of the document's group-version
	docs    explain.Docs
	fields  *explain.Schema // required fields and enums, as kubectl explain has them
}

func newComponents(pkg string, docs explain.Docs) *components {
	if docs == nil {
		docs = explain.MapDocs(nil)
	}
	return &components{schemas: map[string]*Schema{}, pkg: pkg, docs: docs, fields: explain.Default()}
}

// kind adds a kind's schema and its list's, and returns the kind's name.
func (c *components) kind(k *api.Kind) string {
	name := c.structType(reflect.TypeOf(k.New()).Elem())
	c.schemas[name].GroupVersionKinds = []GroupVersionKind{{Group: k.Group, Kind: k.Kind, Version: k.Version}}
	list := &Schema{
		Description: k.Kind + "List is a list of " + k.Kind + " objects.",
		Type:        "object",
		Required:    []string{"items"},
		Properties: map[string]*Schema{
			"apiVersion": {Description: c.docs.Field("", "apiVersion"), Type: "string"},
			"items":      {Description: "The " + k.Kind + " objects.", Type: "array", Items: &Schema{Default: map[string]any{}, AllOf: []*Schema{ref(name)}}},
			"kind":       {Description: c.docs.Field("", "kind"), Type: "string"},
			"metadata":   {Description: "Standard list metadata.", Default: map[string]any{}, AllOf: []*Schema{ref(c.structType(reflect.TypeOf(listMeta{})))}},
		},
		GroupVersionKinds: []GroupVersionKind{{Group: k.Group, Kind: k.Kind + "List", Version: k.Version}},
	}
	c.schemas[name+"List"] = list
	return name
}

// structType adds struct type t's schema, and the schemas of every struct
// its fields reach, and returns its name.
func (c *components) structType(t reflect.Type) string {
	name := componentName(t, c.pkg)
	if _, seen := c.schemas[name]; seen {
		return name
	}
	s := &Schema{Description: c.docs.Type(docName(t)), Type: "object", Properties: map[string]*Schema{}}
	c.schemas[name] = s // before the fields: types may recurse
	c.addFields(s, t, docName(t))
	return name
}

// docName is the struct a type's descriptions are filed under.
func docName(t reflect.Type) string {
	if n, ok := helperNames[t]; ok {
		return n[strings.LastIndexByte(n, '.')+1:]
	}
	return t.Name()
}

// addFields adds t's JSON fields to s, flattening inlined structs
// (TypeMeta) into owner's.
func (c *components) addFields(s *Schema, t reflect.Type, owner string) {
	known := c.fields.Struct(owner)
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if tag == "-" || !f.IsExported() {
			continue
		}
		if name == "" && (f.Anonymous || strings.Contains(opts, "inline")) {
			c.addFields(s, deref(f.Type), owner)
			continue
		}
		if name == "" {
			name = f.Name
		}
		p := c.field(f.Type, strings.Contains(opts, "omitempty"))
		if base64Fields[owner+"."+name] {
			if p.AdditionalProperties != nil {
				p.AdditionalProperties = &Schema{Type: "string", Format: "byte"}
			} else {
				p.Format, p.Default = "byte", nil
			}
		}
		p.Description = c.docs.Field(owner, name)
		p.extensions = listExtensions[owner+"."+name]
		required := !strings.Contains(opts, "omitempty") // as explain reads it, for the types it lacks
		if known != nil {
			if kf := known.Field(name); kf != nil {
				p.Enum, required = kf.Enum, kf.Required
			}
		}
		if required {
			s.Required = append(s.Required, name)
		}
		s.Properties[name] = p
	}
}

// field is the schema of a field of type t. A field that is always written
// (a struct, or a value without omitempty) has its zero value as default,
// as upstream's do.
func (c *components) field(t reflect.Type, omitempty bool) *Schema {
	pointer := t.Kind() == reflect.Pointer
	t = deref(t)
	if sc, ok := scalars[t]; ok {
		c.schemas[sc.name] = sc.schema
		return &Schema{AllOf: []*Schema{ref(sc.name)}}
	}
	if t.Kind() == reflect.Struct {
		s := &Schema{AllOf: []*Schema{ref(c.structType(t))}}
		if !pointer {
			s.Default = map[string]any{}
		}
		return s
	}
	s := c.value(t)
	if !pointer && !omitempty {
		s.Default = zero(t)
	}
	return s
}

// element is the schema of a list's item or a map's value.
func (c *components) element(t reflect.Type) *Schema {
	t = deref(t)
	if sc, ok := scalars[t]; ok {
		c.schemas[sc.name] = sc.schema
		return ref(sc.name)
	}
	if t.Kind() == reflect.Struct {
		return &Schema{Default: map[string]any{}, AllOf: []*Schema{ref(c.structType(t))}}
	}
	s := c.value(t)
	s.Default = zero(t)
	return s
}

// value is the schema of a type that is not a struct.
func (c *components) value(t reflect.Type) *Schema {
	switch t.Kind() {
	case reflect.String:
		return &Schema{Type: "string"}
	case reflect.Bool:
		return &Schema{Type: "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return &Schema{Type: "integer", Format: "int32"}
	case reflect.Int64, reflect.Uint, reflect.Uint64:
		return &Schema{Type: "integer", Format: "int64"}
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: "number", Format: "double"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return &Schema{Type: "string", Format: "byte"}
		}
		return &Schema{Type: "array", Items: c.element(t.Elem())}
	case reflect.Map:
		return &Schema{Type: "object", AdditionalProperties: c.element(t.Elem())}
	}
	return &Schema{Type: "object"}
}

// zero is the JSON zero value of a scalar type, or nil.
func zero(t reflect.Type) any {
	switch t.Kind() {
	case reflect.String:
		return ""
	case reflect.Bool:
		return false
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return 0
	}
	return nil
}
