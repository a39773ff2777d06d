package yaml

import (
	"fmt"
	"reflect"
	"strconv"
	"sync"

	"github.com/goccy/go-yaml/ast"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// checker walks a document's syntax tree beside the Go type it will decode
// into, and reports what a real API server would refuse: unknown fields,
// values of the wrong type, and values their own UnmarshalJSON rejects
// (a bad quantity). It reports every problem with its field path and
// position, where goccy stops at the first and cannot place errors from
// UnmarshalJSON at all.
//
// Types follow encoding/json: fields by their json tag names, exactly
// (case-sensitive, as Kubernetes' strict decoding is), embedded structs
// without a name inlined; null is accepted anywhere and leaves the zero
// value; scalars are typed as YAML 1.1 reads them, as kubectl does.
type checker struct {
	doc  int
	errs Errors
}

var jsonUnmarshalerType = reflect.TypeFor[apijson.Unmarshaler]()

func (c *checker) fail(n ast.Node, path, msg string) {
	tk := startToken(n)
	e := &Error{Doc: c.doc, Message: msg}
	if path != "" {
		e.Message = path + ": " + msg
	}
	if tk != nil {
		e.Line, e.Column = tk.Position.Line, tk.Position.Column
	}
	c.errs = append(c.errs, e)
}

func (c *checker) mismatch(n ast.Node, t reflect.Type, path string) {
	c.wrongValue(n, path, fmt.Sprintf("cannot unmarshal %s into %s", nodeKind(n), typeName(t)))
}

func (c *checker) wrongValue(n ast.Node, path, msg string) {
	c.fail(n, path, msg)
	c.errs[len(c.errs)-1].WrongValue = true
}

// typeName names a Go type for a learner: the scalar kinds as Go spells
// them, collections as YAML does.
func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct:
		if n, ok := valueTypeNames[t.Name()]; ok {
			return n
		}
		return "map"
	case reflect.Map:
		return "map"
	case reflect.Slice, reflect.Array:
		return "list"
	}
	return t.Kind().String()
}

// valueTypeNames are the api types written as one scalar.
var valueTypeNames = map[string]string{"Quantity": "quantity", "IntOrString": "int or string", "Time": "time", "MicroTime": "time"}

// check reports what is wrong with n as a value of type t at path, and
// below it.
func (c *checker) check(n ast.Node, t reflect.Type, path string) {
	if tag, ok := n.(*ast.TagNode); ok && tag.Start != nil && tag.Start.Value == "!!str" {
		// An explicit string tag makes any scalar a string.
		if t.Kind() == reflect.String {
			return
		}
	}
	n = unwrap(n)
	switch n.(type) {
	case nil, *ast.NullNode, *ast.AliasNode:
		// null leaves the zero value, as in JSON; an alias repeats a
		// value checked where its anchor was.
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshalerType) {
		c.checkUnmarshaler(n, t, path)
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		c.checkStruct(n, t, path)
	case reflect.Map:
		c.checkMap(n, t, path)
	case reflect.Slice:
		c.checkList(n, t, path)
	case reflect.String:
		c.checkString(n, path)
	case reflect.Bool:
		if nodeKind(n) != "bool" {
			c.mismatch(n, t, path)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		c.checkInt(n, t, path)
	}
}

// checkStruct checks a map against struct t: each key must name one of
// its fields, and each value must fit its field. Merge keys (<<) are not
// fields, and are skipped.
func (c *checker) checkStruct(n ast.Node, t reflect.Type, path string) {
	m, ok := n.(*ast.MappingNode)
	if !ok {
		c.mismatch(n, t, path)
		return
	}
	fields := fieldsOf(t)
	for _, mv := range m.Values {
		if _, merge := mv.Key.(*ast.MergeKeyNode); merge {
			continue
		}
		key := keyString(mv.Key)
		f, ok := fields[key]
		if !ok {
			c.fail(mv.Key, "", fmt.Sprintf("unknown field %q", joinPath(path, key)))
			c.errs[len(c.errs)-1].UnknownField = joinPath(path, key)
			continue
		}
		c.check(mv.Value, f, joinPath(path, key))
	}
}

// checkMap checks each value of a map against map type t's element type.
func (c *checker) checkMap(n ast.Node, t reflect.Type, path string) {
	m, ok := n.(*ast.MappingNode)
	if !ok {
		c.mismatch(n, t, path)
		return
	}
	for _, mv := range m.Values {
		c.check(mv.Value, t.Elem(), path+"["+keyString(mv.Key)+"]")
	}
}

// checkList checks each item of a list against slice type t's element
// type.
func (c *checker) checkList(n ast.Node, t reflect.Type, path string) {
	s, ok := n.(*ast.SequenceNode)
	if !ok {
		c.mismatch(n, t, path)
		return
	}
	for i, v := range s.Values {
		c.check(v, t.Elem(), path+"["+strconv.Itoa(i)+"]")
	}
}

// checkString refuses a value YAML does not read as a string. A number or
// bool may be a string written without quotes, so the message shows it
// quoted.
func (c *checker) checkString(n ast.Node, path string) {
	k := nodeKind(n)
	if k == "string" {
		return
	}
	msg := fmt.Sprintf("cannot unmarshal %s into string", k)
	if k == "number" || k == "bool" {
		msg += fmt.Sprintf(` (write it in quotes: "%s")`, startToken(n).Value)
	}
	c.wrongValue(n, path, msg)
}

// checkInt refuses a value that is not an integer, or one too big for
// integer type t.
func (c *checker) checkInt(n ast.Node, t reflect.Type, path string) {
	i, ok := n.(*ast.IntegerNode)
	if !ok {
		c.mismatch(n, t, path)
		return
	}
	if !fitsInt(i.Value, t) {
		c.wrongValue(n, path, fmt.Sprintf("cannot unmarshal number %v into %s", i.Value, t.Kind()))
	}
}

func fitsInt(v any, t reflect.Type) bool {
	z := reflect.New(t).Elem()
	switch x := v.(type) {
	case int64:
		return !z.OverflowInt(x)
	case uint64:
		return x <= 1<<63-1 && !z.OverflowInt(int64(x))
	}
	return false
}

// checkUnmarshaler runs the type's own UnmarshalJSON on the value, as the
// API server would, to place its complaint at the right line.
func (c *checker) checkUnmarshaler(n ast.Node, t reflect.Type, path string) {
	var raw string
	switch x := n.(type) {
	case *ast.StringNode:
		raw = string(apijson.Quote(x.Value))
	case *ast.LiteralNode:
		raw = string(apijson.Quote(x.Value.Value))
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
		raw = x.GetToken().Value
	default:
		c.mismatch(n, t, path)
		return
	}
	v := reflect.New(t).Interface().(apijson.Unmarshaler)
	if err := v.UnmarshalJSON([]byte(raw)); err != nil {
		c.fail(n, path, fmt.Sprintf("invalid %s %q: %v", typeName(t), scalarText(n), err))
	}
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// fieldsByType caches each struct's JSON field names and types; a sync.Map
// because hosts may decode from several goroutines.
var fieldsByType sync.Map

func fieldsOf(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldsByType.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	fields := apijson.FieldTypes(t)
	fieldsByType.Store(t, fields)
	return fields
}

// scalarText is a scalar's value as written, without quotes.
func scalarText(n ast.Node) string {
	switch x := n.(type) {
	case *ast.StringNode:
		return x.Value
	case *ast.LiteralNode:
		return x.Value.Value
	}
	return startToken(n).Value
}
