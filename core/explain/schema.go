package explain

import (
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// Field is one field of a struct, as kubectl explain lists it.
type Field struct {
	Name string `json:"n"` // the JSON name: "rollingUpdate"
	// Type is kubectl's name for the field's type, without the brackets:
	// "string", "integer", "[]Container", "map[string]string".
	Type string `json:"t"`
	// Struct is the struct type whose fields this field has ("Container"
	// for containers), empty for a scalar, a string map or a string list.
	Struct   string   `json:"s,omitempty"`
	Required bool     `json:"r,omitempty"`
	Enum     []string `json:"e,omitempty"`
}

// Struct is a struct type of the API, with its fields sorted by name, as
// kubectl lists them.
type Struct struct {
	Name   string  `json:"-"`
	Fields []Field `json:"f"`
}

// Field finds a field by its JSON name.
func (s *Struct) Field(name string) *Field {
	i := sort.Search(len(s.Fields), func(i int) bool { return s.Fields[i].Name >= name })
	if i < len(s.Fields) && s.Fields[i].Name == name {
		return &s.Fields[i]
	}
	return nil
}

// Schema is every struct reachable from the kinds kubeloop serves.
type Schema struct {
	Structs map[string]*Struct
}

// Struct returns the named struct type, or nil.
func (s *Schema) Struct(name string) *Struct { return s.Structs[name] }

// JSON is the schema for the page's editor: each struct's fields, and each
// kind's root struct under "kinds" ("apps/v1 Deployment": "Deployment").
func (s *Schema) JSON() []byte {
	kinds := map[string]string{}
	for _, k := range api.Kinds {
		kinds[k.APIVersion()+" "+k.Kind] = rootName(k)
	}
	b, err := apijson.Marshal(struct {
		Kinds   map[string]string  `json:"kinds"`
		Structs map[string]*Struct `json:"structs"`
	}{kinds, s.Structs})
	if err != nil {
		panic(err) // only plain strings, bools and slices: cannot fail
	}
	return b
}

var (
	builtOnce sync.Once
	built     *Schema
)

// Default is the schema of api.Kinds, built on first use.
func Default() *Schema {
	builtOnce.Do(func() { built = Build(api.Kinds) })
	return built
}

// Build reads the schema of the given kinds from their Go types.
func Build(kinds []*api.Kind) *Schema {
	s := &Schema{Structs: map[string]*Struct{}}
	for _, k := range kinds {
		s.add(reflect.TypeOf(k.New()).Elem())
	}
	return s
}

// rootName is the struct a kind's objects are: its Go type's name.
func rootName(k *api.Kind) string { return reflect.TypeOf(k.New()).Elem().Name() }

// Types kubectl names after their OpenAPI schema rather than their Go
// shape: the API encodes them as strings or numbers.
var (
	timeType      = reflect.TypeOf(api.Time{})
	microTimeType = reflect.TypeOf(api.MicroTime{})
	intOrString   = reflect.TypeOf(api.IntOrString{})
	quantityType  = reflect.TypeOf(api.Quantity{})
	rawJSON       = reflect.TypeOf(api.RawExtension{})
)

// add records struct type t and every struct its fields reach.
func (s *Schema) add(t reflect.Type) {
	if _, seen := s.Structs[t.Name()]; seen {
		return
	}
	st := &Struct{Name: t.Name()}
	s.Structs[t.Name()] = st // before the fields: types may recurse
	st.Fields = s.fields(t, nil)
	sort.Slice(st.Fields, func(i, j int) bool { return st.Fields[i].Name < st.Fields[j].Name })
}

// fields lists t's JSON fields, flattening inlined structs (TypeMeta).
func (s *Schema) fields(t reflect.Type, out []Field) []Field {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if tag == "-" || !f.IsExported() {
			continue
		}
		if name == "" && (f.Anonymous || strings.Contains(opts, "inline")) {
			out = s.fields(deref(f.Type), out)
			continue
		}
		if name == "" {
			name = f.Name
		}
		typ, structName := s.typeOf(f.Type)
		out = append(out, Field{
			Name:     name,
			Type:     typ,
			Struct:   structName,
			Required: !strings.Contains(opts, "omitempty"),
			Enum:     enums[t.Name()+"."+name],
		})
	}
	return out
}

// typeOf names t as kubectl explain does, and returns the struct whose
// fields it leads to.
func (s *Schema) typeOf(t reflect.Type) (name, structName string) {
	t = deref(t)
	switch t {
	case timeType, microTimeType:
		return "string", ""
	case intOrString:
		return "IntOrString", ""
	case quantityType:
		return "Quantity", ""
	case rawJSON:
		return "Object", ""
	}
	switch t.Kind() {
	case reflect.String:
		return "string", ""
	case reflect.Bool:
		return "boolean", ""
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer", ""
	case reflect.Float32, reflect.Float64:
		return "number", ""
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return "string", "" // []byte: base64 text
		}
		elem, st := s.typeOf(t.Elem())
		return "[]" + elem, st
	case reflect.Map:
		elem, st := s.typeOf(t.Elem())
		return "map[string]" + elem, st
	case reflect.Struct:
		s.add(t)
		return t.Name(), t.Name()
	}
	return "Object", ""
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}
