package api

import (
	"reflect"
	"sync"
)

// DeepCopy returns a copy of obj that shares no mutable memory with it.
// It walks the value with reflection, so a new kind needs no generated code.
func DeepCopy[T any](obj T) T {
	src := reflect.ValueOf(&obj).Elem()
	dst := reflect.New(src.Type()).Elem()
	copyValue(dst, src)
	return dst.Interface().(T)
}

// DeepCopyField sets dst's field name to a deep copy of src's, in place —
// no intermediate copy is made and boxed — and reports whether the kind has
// that field. dst and src are of the same kind. (The store's status writes:
// one per kubelet step of every pod.)
func DeepCopyField(dst, src Object, name string) bool {
	s := reflect.ValueOf(src).Elem().FieldByName(name)
	if !s.IsValid() {
		return false
	}
	copyValue(reflect.ValueOf(dst).Elem().FieldByName(name), s) // a struct is overwritten whole
	return true
}

// DeepCopyObject copies any stored object.
func DeepCopyObject(o Object) Object { return DeepCopy(o) }

var timeType = reflect.TypeOf(Time{})

func copyValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(src.Type().Elem())
		copyValue(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		inner := src.Elem()
		c := reflect.New(inner.Type()).Elem()
		copyValue(c, inner)
		dst.Set(c)
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		if needsDeepCopy(src.Type().Elem()) {
			for i := 0; i < src.Len(); i++ {
				copyValue(s.Index(i), src.Index(i))
			}
		} else {
			reflect.Copy(s, src)
		}
		dst.Set(s)
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		deep := needsDeepCopy(src.Type().Elem())
		it := src.MapRange()
		for it.Next() {
			v := it.Value()
			if deep {
				c := reflect.New(v.Type()).Elem()
				copyValue(c, v)
				v = c
			}
			m.SetMapIndex(it.Key(), v)
		}
		dst.Set(m)
	case reflect.Struct:
		// A whole-struct Set copies unexported fields too (Quantity, Time);
		// then exported fields that hold references are replaced by copies.
		dst.Set(src)
		if src.Type() == timeType {
			return
		}
		for i := 0; i < src.NumField(); i++ {
			if src.Type().Field(i).IsExported() && needsDeepCopy(src.Field(i).Type()) {
				copyValue(dst.Field(i), src.Field(i))
			}
		}
	default:
		dst.Set(src)
	}
}

// deepCache remembers needsDeepCopy per type; a sync.Map because tests and
// hosts may copy objects from several goroutines.
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
