package api

import (
	"reflect"
	"sync"
	"unsafe"
)

// DeepCopy returns a copy of obj that shares no mutable memory with it.
// It works from the types by reflection, so a new kind needs no generated
// code: each type is examined once and compiled into a copier (below),
// which then copies values through their addresses — the store copies
// every object it is given, so a copy is on the hot path of every write,
// and walking a Pod's fields by reflection on each one is slow under
// WebAssembly.
func DeepCopy[T any](obj T) T {
	var out T
	copierOf(reflect.TypeFor[T]()).copy(unsafe.Pointer(&out), unsafe.Pointer(&obj))
	return out
}

// DeepCopyObject copies any stored object.
func DeepCopyObject(o Object) Object { return DeepCopy(o) }

var timeType = reflect.TypeOf(Time{})

// copier deep-copies values of one type from one address to another: what
// a walk of the type by reflection would decide at each step, decided once.
// Every copier may copy a value onto itself (dst == src): each part is read
// before its copy is written, so a value copied shallowly by the caller
// becomes deep in place.
type copier struct {
	t    reflect.Type
	kind reflect.Kind
	// elem copies what a pointer points to, a slice's elements or a map's
	// values; deepElem says whether those need more than a shallow copy.
	elem     *copier
	deepElem bool
	// fields are a struct's exported fields that need a deep copy, after
	// the struct itself was copied whole (unexported fields — Quantity's,
	// Time's — are copied as they are).
	fields []fieldCopier
	// stringMap: a map[string]string (labels, annotations, selectors),
	// copied without reflection.
	stringMap bool
}

type fieldCopier struct {
	off uintptr
	c   *copier
}

// copiers holds one copier per type; a sync.Map because tests and hosts
// may copy objects from several goroutines.
var copiers sync.Map

func copierOf(t reflect.Type) *copier {
	if c, ok := copiers.Load(t); ok {
		return c.(*copier)
	}
	return buildCopier(t, map[reflect.Type]*copier{})
}

// buildCopier makes t's copier and those it refers to, and publishes them.
// building holds the copiers under construction, so a recursive type
// refers to its own copier.
func buildCopier(t reflect.Type, building map[reflect.Type]*copier) *copier {
	if c, ok := copiers.Load(t); ok {
		return c.(*copier)
	}
	if c, ok := building[t]; ok {
		return c
	}
	c := &copier{t: t, kind: t.Kind()}
	building[t] = c
	switch c.kind {
	case reflect.Pointer, reflect.Slice:
		c.elem = buildCopier(t.Elem(), building)
		c.deepElem = needsDeepCopy(t.Elem())
	case reflect.Map:
		c.elem = buildCopier(t.Elem(), building)
		c.deepElem = needsDeepCopy(t.Elem())
		c.stringMap = t.Key() == stringType && t.Elem() == stringType
	case reflect.Struct:
		if t == timeType {
			break
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.IsExported() && needsDeepCopy(f.Type) {
				c.fields = append(c.fields, fieldCopier{off: f.Offset, c: buildCopier(f.Type, building)})
			}
		}
	}
	actual, _ := copiers.LoadOrStore(t, c)
	return actual.(*copier)
}

var stringType = reflect.TypeFor[string]()

// copy deep-copies the value at src to dst. Nil pointers, slices and maps
// are left as dst has them: nil in a new value, and — since a struct is
// first copied whole — the same nil in a struct's field.
func (c *copier) copy(dst, src unsafe.Pointer) {
	switch c.kind {
	case reflect.Pointer:
		p := *(*unsafe.Pointer)(src)
		if p == nil {
			return
		}
		n := reflect.New(c.t.Elem()).UnsafePointer()
		c.elem.copy(n, p)
		*(*unsafe.Pointer)(dst) = n
	case reflect.Interface:
		v := reflect.NewAt(c.t, src).Elem()
		if v.IsNil() {
			return
		}
		inner := v.Elem()
		n := reflect.New(inner.Type())
		n.Elem().Set(inner)
		p := n.UnsafePointer()
		copierOf(inner.Type()).copy(p, p)
		reflect.NewAt(c.t, dst).Elem().Set(n.Elem())
	case reflect.Slice:
		s := (*sliceHeader)(src)
		if s.data == nil {
			return
		}
		n := s.len
		out := reflect.MakeSlice(c.t, n, n)
		if c.deepElem {
			size := c.t.Elem().Size()
			base := out.UnsafePointer()
			for i := 0; i < n; i++ {
				c.elem.copy(unsafe.Add(base, uintptr(i)*size), unsafe.Add(s.data, uintptr(i)*size))
			}
		} else {
			reflect.Copy(out, reflect.NewAt(c.t, src).Elem())
		}
		*(*sliceHeader)(dst) = sliceHeader{data: out.UnsafePointer(), len: n, cap: n}
	case reflect.Map:
		if *(*unsafe.Pointer)(src) == nil {
			return
		}
		if c.stringMap {
			m := *(*map[string]string)(src)
			out := make(map[string]string, len(m))
			for k, v := range m {
				out[k] = v
			}
			*(*map[string]string)(dst) = out
			return
		}
		sv := reflect.NewAt(c.t, src).Elem()
		out := reflect.MakeMapWithSize(c.t, sv.Len())
		it := sv.MapRange()
		for it.Next() {
			v := it.Value()
			if c.deepElem {
				n := reflect.New(v.Type())
				n.Elem().Set(v)
				p := n.UnsafePointer()
				c.elem.copy(p, p)
				v = n.Elem()
			}
			out.SetMapIndex(it.Key(), v)
		}
		*(*unsafe.Pointer)(dst) = out.UnsafePointer()
	case reflect.String:
		*(*string)(dst) = *(*string)(src)
	case reflect.Bool:
		*(*bool)(dst) = *(*bool)(src)
	case reflect.Int32:
		*(*int32)(dst) = *(*int32)(src)
	case reflect.Int64:
		*(*int64)(dst) = *(*int64)(src)
	case reflect.Struct:
		if dst != src {
			reflect.NewAt(c.t, dst).Elem().Set(reflect.NewAt(c.t, src).Elem())
		}
		for _, f := range c.fields {
			f.c.copy(unsafe.Add(dst, f.off), unsafe.Add(src, f.off))
		}
	default:
		// Arrays and other kinds are copied as they are, as a value.
		if dst != src {
			reflect.NewAt(c.t, dst).Elem().Set(reflect.NewAt(c.t, src).Elem())
		}
	}
}

// sliceHeader is the layout of every slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// deepCache remembers needsDeepCopy per type while copiers are built.
var deepCache sync.Map

// needsDeepCopy reports whether values of t can reference shared memory.
func needsDeepCopy(t reflect.Type) bool {
	if v, ok := deepCache.Load(t); ok {
		return v.(bool)
	}
	deepCache.Store(t, true) // assume yes while recursing (cyclic types)
	var r bool
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		r = true
	case reflect.Struct:
		if t == timeType {
			break
		}
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() && needsDeepCopy(t.Field(i).Type) {
				r = true
			}
		}
	case reflect.Array:
		r = needsDeepCopy(t.Elem())
	}
	deepCache.Store(t, r)
	return r
}
