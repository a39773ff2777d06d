package clientgo

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/kubernetes/scheme"
)

// The typed clientsets of client-go send built-in objects as Kubernetes
// protobuf (`application/vnd.kubernetes.protobuf`), so a server they can
// create and update through must read it. kubeloop reads it with a table
// of each message's field numbers (core/kubeproto/schema.json), which
// this test derives from k8s.io/api's protobuf tags for every kind the
// sandbox serves, and checks is current. `go test -run
// TestTheProtobufSchemaIsCurrent -update` rewrites it.

var update = flag.Bool("update", false, "rewrite core/kubeproto/schema.json")

// schemaFile is the table, in kubeloop's own module.
var schemaFile = filepath.Join("..", "..", "core", "kubeproto", "schema.json")

// protoField is one field of a message as the table writes it.
type protoField struct {
	Number int    `json:"n"`
	JSON   string `json:"json,omitempty"`
	// Type is a scalar ("string", "bytes", "int", "bool", "double"), a
	// well-known message of apimachinery's ("time", "microtime",
	// "duration", "intorstring", "quantity", "raw") or a message's name.
	Type string `json:"type"`
	// List marks a repeated field; Key a map's (its value is Type).
	List bool   `json:"list,omitempty"`
	Key  string `json:"key,omitempty"`
	// Pointer marks a field whose zero value is still sent in JSON (an
	// optional field: Go pointer), so it is kept when zero.
	Pointer bool `json:"pointer,omitempty"`
	// Inline marks a message whose fields JSON writes in its parent's.
	Inline bool `json:"inline,omitempty"`
}

// protoSchema is the table: the message of each kind ("apps/v1
// Deployment") and each message's fields. A message with Items set is a
// named list (ExtraValue): on the wire a message of one repeated field 1,
// in JSON the list itself.
type protoSchema struct {
	Kinds    map[string]string       `json:"kinds"`
	Messages map[string][]protoField `json:"messages"`
}

// wellKnown are apimachinery's types whose protobuf and JSON forms are
// their own, read by kubeloop by name.
var wellKnown = map[reflect.Type]string{
	reflect.TypeFor[metav1.Time]():          "time",
	reflect.TypeFor[metav1.MicroTime]():     "microtime",
	reflect.TypeFor[metav1.Duration]():      "duration",
	reflect.TypeFor[intstr.IntOrString]():   "intorstring",
	reflect.TypeFor[resource.Quantity]():    "quantity",
	reflect.TypeFor[runtime.RawExtension](): "raw",
	reflect.TypeFor[metav1.FieldsV1]():      "raw",
	reflect.TypeFor[apiextensionsv1.JSON](): "raw",
}

// TestTheProtobufSchemaIsCurrent lists the kinds the sandbox serves (and
// their subresources' kinds, and the options client-go sends as bodies)
// and compares the table built from their Go types with the one kubeloop
// embeds.
func TestTheProtobufSchemaIsCurrent(t *testing.T) {
	s := start(t)
	kinds := servedKinds(t, s)
	table := protoSchema{Kinds: map[string]string{}, Messages: map[string][]protoField{}}
	for _, gvk := range kinds {
		obj, err := scheme.Scheme.New(gvk)
		if gvk.Group == metav1.GroupName {
			obj, err = &metav1.DeleteOptions{}, nil
		}
		if err != nil {
			obj, err = apiextensionsScheme().New(gvk)
		}
		require.NoError(t, err, "client-go knows %v", gvk)
		typ := reflect.TypeOf(obj).Elem()
		name, err := table.message(typ)
		require.NoError(t, err, "%v", gvk)
		table.Kinds[gvk.GroupVersion().String()+" "+gvk.Kind] = name
	}
	got, err := json.MarshalIndent(table, "", " ")
	require.NoError(t, err)
	got = append(got, '\n')
	if *update {
		require.NoError(t, os.WriteFile(schemaFile, got, 0o644))
		return
	}
	want, err := os.ReadFile(schemaFile)
	require.NoError(t, err)
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is out of date with k8s.io/api: go test -run TestTheProtobufSchemaIsCurrent -update", schemaFile)
	}
}

// servedKinds is every kind in the sandbox's discovery, its
// subresources' kinds (Scale, Eviction, Binding) and DeleteOptions.
func servedKinds(t *testing.T, s *sandbox) []schema.GroupVersionKind {
	_, lists, err := s.client.Discovery().ServerGroupsAndResources()
	require.NoError(t, err)
	seen := map[schema.GroupVersionKind]bool{{Group: "meta.k8s.io", Version: "v1", Kind: "DeleteOptions"}: true}
	for _, list := range lists {
		gv, err := schema.ParseGroupVersion(list.GroupVersion)
		require.NoError(t, err)
		for _, r := range list.APIResources {
			gvk := gv.WithKind(r.Kind)
			if r.Group != "" || r.Version != "" {
				gvk = schema.GroupVersionKind{Group: r.Group, Version: r.Version, Kind: r.Kind}
			}
			if strings.HasSuffix(r.Name, "/log") || strings.HasSuffix(r.Name, "/exec") || strings.HasSuffix(r.Name, "/attach") {
				continue // streams, with no body
			}
			seen[gvk] = true
		}
	}
	var kinds []schema.GroupVersionKind
	for gvk := range seen {
		kinds = append(kinds, gvk)
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].String() < kinds[j].String() })
	return kinds
}

func apiextensionsScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	apiextensionsv1.AddToScheme(s)
	return s
}

// message adds typ's message (and those it holds) to the table and
// returns its name.
func (p *protoSchema) message(typ reflect.Type) (string, error) {
	if w, ok := wellKnown[typ]; ok {
		return w, nil
	}
	name := typ.PkgPath() + "." + typ.Name()
	if _, done := p.Messages[name]; done {
		return name, nil
	}
	if _, custom := reflect.New(typ).Interface().(json.Marshaler); custom {
		return "", fmt.Errorf("%s writes its own JSON: teach kubeloop's reader its form", name)
	}
	p.Messages[name] = nil // a message may hold itself
	var fields []protoField
	if typ.Kind() == reflect.Slice { // a named list: message { repeated items = 1 }
		elem, err := p.scalarOrMessage(typ.Elem())
		if err != nil {
			return "", fmt.Errorf("%s: %w", name, err)
		}
		fields = append(fields, protoField{Number: 1, Type: elem, List: true})
		p.Messages[name] = fields
		return name, nil
	}
	for i := range typ.NumField() {
		f := typ.Field(i)
		tag := f.Tag.Get("protobuf")
		if tag == "" || !f.IsExported() {
			continue
		}
		parts := strings.Split(tag, ",")
		number, err := strconv.Atoi(parts[1])
		if err != nil {
			return "", fmt.Errorf("%s.%s: protobuf tag %q", name, f.Name, tag)
		}
		jsonName, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		field := protoField{Number: number, JSON: jsonName, Inline: f.Anonymous && jsonName == ""}
		if jsonName == "-" {
			continue
		}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			field.Pointer = true
			ft = ft.Elem()
		}
		switch {
		case ft.Kind() == reflect.Map:
			field.Key, err = p.scalarOrMessage(ft.Key())
			if err == nil {
				field.Type, err = p.scalarOrMessage(ft.Elem())
			}
		case ft.Kind() == reflect.Slice && ft.Elem().Kind() != reflect.Uint8 && ft.Name() == "":
			field.List = true
			elem := ft.Elem()
			if elem.Kind() == reflect.Pointer {
				elem = elem.Elem()
			}
			field.Type, err = p.scalarOrMessage(elem)
		default:
			field.Type, err = p.scalarOrMessage(ft)
		}
		if err != nil {
			return "", fmt.Errorf("%s.%s: %w", name, f.Name, err)
		}
		fields = append(fields, field)
	}
	p.Messages[name] = fields
	return name, nil
}

// scalarOrMessage names a field's protobuf type.
func (p *protoSchema) scalarOrMessage(typ reflect.Type) (string, error) {
	if _, ok := wellKnown[typ]; ok {
		return wellKnown[typ], nil
	}
	switch typ.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Bool:
		return "bool", nil
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint32, reflect.Uint64:
		return "int", nil
	case reflect.Float64:
		return "double", nil
	case reflect.Slice:
		if typ.Elem().Kind() == reflect.Uint8 {
			return "bytes", nil
		}
		return p.message(typ)
	case reflect.Struct:
		return p.message(typ)
	}
	return "", fmt.Errorf("no protobuf form for %v", typ)
}
