package api

import (
	"reflect"
	"sync"
	"unsafe"
)

// Equal reports whether a and b are deeply equal, exactly as
// reflect.DeepEqual(a, b) would — unexported fields, nil versus empty and
// all — for values such as API objects: acyclic, and with no two slices
// sharing an array (DeepEqual does not compare again a pair of slices or
// pointers it has met before). Like DeepCopy it examines
// each type once and compiles a comparer that then reads values through
// their addresses: the kubelet compares every pod status it computes with
// the cached one, and reflect.DeepEqual walked it field by field through
// reflection.
func Equal[T any](a, b T) bool {
	return comparerOf(reflect.TypeFor[T]()).equal(unsafe.Pointer(&a), unsafe.Pointer(&b))
}

// comparer compares two values of one type at two addresses.
type comparer struct {
	t    reflect.Type
	kind reflect.Kind
	// elem compares what a pointer points to, a slice's or an array's
	// elements, or a map's values.
	elem *comparer
	// fields are every field of a struct, exported or not.
	fields []fieldComparer
	// stringMap: a map[string]string, compared without reflection.
	stringMap bool
}

type fieldComparer struct {
	off uintptr
	c   *comparer
}

// comparers holds one comparer per type (a sync.Map for the same reason
// as copiers).
var comparers sync.Map

func comparerOf(t reflect.Type) *comparer {
	if c, ok := comparers.Load(t); ok {
		return c.(*comparer)
	}
	return buildComparer(t, map[reflect.Type]*comparer{})
}

func buildComparer(t reflect.Type, building map[reflect.Type]*comparer) *comparer {
	if c, ok := comparers.Load(t); ok {
		return c.(*comparer)
	}
	if c, ok := building[t]; ok {
		return c
	}
	c := &comparer{t: t, kind: t.Kind()}
	building[t] = c
	switch c.kind {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		c.elem = buildComparer(t.Elem(), building)
	case reflect.Map:
		c.elem = buildComparer(t.Elem(), building)
		c.stringMap = t.Key() == stringType && t.Elem() == stringType
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			c.fields = append(c.fields, fieldComparer{off: f.Offset, c: buildComparer(f.Type, building)})
		}
	}
	actual, _ := comparers.LoadOrStore(t, c)
	return actual.(*comparer)
}

// equal follows reflect.DeepEqual case by case: pointers, slices and maps
// are equal when they are the same (same address, and for slices the same
// length), nil only equals nil, and otherwise what they hold is compared.
func (c *comparer) equal(a, b unsafe.Pointer) bool {
	switch c.kind {
	case reflect.String:
		return *(*string)(a) == *(*string)(b)
	case reflect.Bool:
		return *(*bool)(a) == *(*bool)(b)
	case reflect.Int, reflect.Uint:
		return *(*uint)(a) == *(*uint)(b)
	case reflect.Uintptr:
		return *(*uintptr)(a) == *(*uintptr)(b)
	case reflect.Int8, reflect.Uint8:
		return *(*uint8)(a) == *(*uint8)(b)
	case reflect.Int16, reflect.Uint16:
		return *(*uint16)(a) == *(*uint16)(b)
	case reflect.Int32, reflect.Uint32:
		return *(*uint32)(a) == *(*uint32)(b)
	case reflect.Int64, reflect.Uint64:
		return *(*uint64)(a) == *(*uint64)(b)
	case reflect.Float32:
		return *(*float32)(a) == *(*float32)(b)
	case reflect.Float64:
		return *(*float64)(a) == *(*float64)(b)
	case reflect.Pointer:
		pa, pb := *(*unsafe.Pointer)(a), *(*unsafe.Pointer)(b)
		if pa == pb {
			return true
		}
		if pa == nil || pb == nil {
			return false
		}
		return c.elem.equal(pa, pb)
	case reflect.Slice:
		sa, sb := (*sliceHeader)(a), (*sliceHeader)(b)
		if (sa.data == nil) != (sb.data == nil) || sa.len != sb.len {
			return false
		}
		if sa.data == sb.data {
			return true
		}
		size := c.t.Elem().Size()
		for i := 0; i < sa.len; i++ {
			if !c.elem.equal(unsafe.Add(sa.data, uintptr(i)*size), unsafe.Add(sb.data, uintptr(i)*size)) {
				return false
			}
		}
		return true
	case reflect.Array:
		size := c.t.Elem().Size()
		for i := 0; i < c.t.Len(); i++ {
			if !c.elem.equal(unsafe.Add(a, uintptr(i)*size), unsafe.Add(b, uintptr(i)*size)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for _, f := range c.fields {
			if !f.c.equal(unsafe.Add(a, f.off), unsafe.Add(b, f.off)) {
				return false
			}
		}
		return true
	case reflect.Complex64:
		return *(*complex64)(a) == *(*complex64)(b)
	case reflect.Complex128:
		return *(*complex128)(a) == *(*complex128)(b)
	case reflect.UnsafePointer:
		return *(*unsafe.Pointer)(a) == *(*unsafe.Pointer)(b)
	case reflect.Interface:
		// reflect is handed copies of the two interface values, never a or
		// b: what reflect is given escapes to the heap, and so would
		// every value Equal compares (two PodStatus copies per kubelet sync).
		ia, ib := *(*[2]unsafe.Pointer)(a), *(*[2]unsafe.Pointer)(b)
		va, vb := reflect.NewAt(c.t, unsafe.Pointer(&ia)).Elem(), reflect.NewAt(c.t, unsafe.Pointer(&ib)).Elem()
		if va.IsNil() || vb.IsNil() {
			return va.IsNil() == vb.IsNil()
		}
		ea, eb := va.Elem(), vb.Elem()
		if ea.Type() != eb.Type() {
			return false
		}
		if ea.Kind() == reflect.Pointer { // an Object: compare the pointers as values of their type
			pa, pb := ea.UnsafePointer(), eb.UnsafePointer()
			return comparerOf(ea.Type()).equal(unsafe.Pointer(&pa), unsafe.Pointer(&pb))
		}
		return reflect.DeepEqual(ea.Interface(), eb.Interface())
	case reflect.Map:
		if c.stringMap {
			ma, mb := *(*map[string]string)(a), *(*map[string]string)(b)
			if (ma == nil) != (mb == nil) || len(ma) != len(mb) {
				return false
			}
			for k, va := range ma {
				if vb, ok := mb[k]; !ok || va != vb {
					return false
				}
			}
			return true
		}
	}
	// Other maps, funcs, channels — each one word — as reflect does, from
	// copies (see Interface above).
	wa, wb := *(*unsafe.Pointer)(a), *(*unsafe.Pointer)(b)
	return reflect.DeepEqual(reflect.NewAt(c.t, unsafe.Pointer(&wa)).Elem().Interface(), reflect.NewAt(c.t, unsafe.Pointer(&wb)).Elem().Interface())
}
