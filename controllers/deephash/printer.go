package deephash

// This file is the printer: go-spew's "%#v" format for the shapes the
// upstream types are made of. A struct field prints as Name:(type)value; a
// value inside a slice or map prints without its type; nil prints <nil>;
// strings print bare; map keys are sorted.

import (
	"io"
	"slices"
	"strconv"
)

type printer struct {
	w io.Writer
	// minor is the Kubernetes release's minor version: fields added in a
	// release appear only from it on.
	minor int
	// fresh is true right after a { or [ opened: the next field or
	// element needs no separating space.
	fresh bool
}

func (p *printer) raw(s string) {
	_, _ = io.WriteString(p.w, s) // writers here are hashes and builders, which never fail
	p.fresh = false
}

// open starts a struct ({) or list ([), typed unless typ is empty.
func (p *printer) open(typ, brace string) {
	if typ != "" {
		p.raw("(" + typ + ")")
	}
	p.raw(brace)
	p.fresh = true
}

// field starts a struct field: its name, and the space before it unless it
// is the first.
func (p *printer) field(name string) {
	if !p.fresh {
		p.raw(" ")
	}
	p.raw(name + ":")
}

func (p *printer) typed(typ, v string) { p.raw("(" + typ + ")" + v) }

func (p *printer) nilField(name, typ string) {
	p.field(name)
	p.typed(typ, "<nil>")
}

func (p *printer) str(name, typ, v string) {
	p.field(name)
	p.typed(typ, v)
}

func (p *printer) boolean(name string, v bool) { p.str(name, "bool", strconv.FormatBool(v)) }

func (p *printer) integer(name, typ string, v int64) {
	p.str(name, typ, strconv.FormatInt(v, 10))
}

func (p *printer) int64Ptr(name string, v *int64) {
	if v == nil {
		p.nilField(name, "*int64")
		return
	}
	p.integer(name, "*int64", *v)
}

func (p *printer) int32Ptr(name string, v *int32) {
	if v == nil {
		p.nilField(name, "*int32")
		return
	}
	p.integer(name, "*int32", int64(*v))
}

func (p *printer) boolPtr(name string, v *bool) {
	if v == nil {
		p.nilField(name, "*bool")
		return
	}
	p.str(name, "*bool", strconv.FormatBool(*v))
}

// strPtr prints a pointer to a string type such as *v1.PreemptionPolicy.
func (p *printer) strPtr(name, typ string, v *string) {
	if v == nil {
		p.nilField(name, typ)
		return
	}
	p.str(name, typ, *v)
}

// strings prints a []string; empty is nil, as the API server's protobuf
// decoding leaves it.
func (p *printer) strings(name string, v []string) {
	p.list(name, "[]string", len(v), func(i int) { p.raw(v[i]) })
}

func (p *printer) int64s(name string, v []int64) {
	p.list(name, "[]int64", len(v), func(i int) { p.raw(strconv.FormatInt(v[i], 10)) })
}

// list prints a slice field of n elements, each (the ith) untyped; empty
// is nil. Not generic over the slice: an instance of a generic function
// for each element type made the page's wasm bigger, for no speed a hash
// of a pod template needs.
func (p *printer) list(name, typ string, n int, each func(i int)) {
	p.field(name)
	if n == 0 {
		p.typed(typ, "<nil>")
		return
	}
	p.open(typ, "[")
	for i := range n {
		if i > 0 {
			p.raw(" ")
		}
		each(i)
	}
	p.raw("]")
}

// sortedMap prints a map field in key order, each value through each;
// empty is nil.
func sortedMap[V any](p *printer, name, typ string, m map[string]V, each func(V)) {
	p.field(name)
	if len(m) == 0 {
		p.typed(typ, "<nil>")
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	p.typed(typ, "map[")
	for i, k := range keys {
		if i > 0 {
			p.raw(" ")
		}
		p.raw(k + ":")
		each(m[k])
	}
	p.raw("]")
}

func (p *printer) stringMap(name string, m map[string]string) {
	sortedMap(p, name, "map[string]string", m, func(v string) { p.raw(v) })
}

// structField prints a struct-valued field (typ "v1.X", or "*v1.X" for a
// non-nil pointer) whose fields body prints.
func (p *printer) structField(name, typ string, body func()) {
	p.field(name)
	p.open(typ, "{")
	body()
	p.raw("}")
}

// ptrField prints a pointer-to-struct field: nil, or the fields body
// prints (not generic, as list is not).
func (p *printer) ptrField(name, typ string, isNil bool, body func()) {
	if isNil {
		p.nilField(name, "*"+typ)
		return
	}
	p.structField(name, "*"+typ, body)
}

// element prints an untyped struct inside a list or map.
func (p *printer) element(body func()) {
	p.open("", "{")
	body()
	p.raw("}")
}
