package api

import (
	"reflect"
	"sync"
	"unsafe"
)

// The store reads and writes a few fields of every kind by name — Spec and
// Status — on each write. Looking a field up by name through reflection
// walks the struct's fields and allocates; fieldAt looks each (type, name)
// up once, and the functions below then work at its offset.

// field is one named field of a kind's struct: where it lies and how to
// copy and compare it.
type field struct {
	t     reflect.Type // nil: the kind has no such field
	off   uintptr
	copy  *copier
	equal *comparer
}

type fieldKey struct {
	t    reflect.Type
	name string
}

var fields sync.Map // fieldKey → *field

// fieldAt is field name of the struct o points to.
func fieldAt(o Object, name string) *field {
	t := reflect.TypeOf(o)
	key := fieldKey{t, name}
	if f, ok := fields.Load(key); ok {
		return f.(*field)
	}
	f := &field{}
	if sf, ok := t.Elem().FieldByName(name); ok {
		// A promoted field's offset is the sum along its path of embedded
		// structs.
		st := t.Elem()
		for _, i := range sf.Index {
			if st.Kind() != reflect.Struct {
				panic("api: field " + name + " of " + t.String() + " is behind an embedded pointer")
			}
			f.off += st.Field(i).Offset
			st = st.Field(i).Type
		}
		f.t, f.copy, f.equal = sf.Type, copierOf(sf.Type), comparerOf(sf.Type)
	}
	actual, _ := fields.LoadOrStore(key, f)
	return actual.(*field)
}

// at is the address of the field in o.
func (f *field) at(o Object) unsafe.Pointer {
	return unsafe.Add(reflect.ValueOf(o).UnsafePointer(), f.off)
}

func sameKind(a, b Object, what string) {
	if reflect.TypeOf(a) != reflect.TypeOf(b) {
		panic("api." + what + ": " + reflect.TypeOf(a).String() + " and " + reflect.TypeOf(b).String() + " differ")
	}
}

// HasField reports whether o's kind has a field name.
func HasField(o Object, name string) bool { return fieldAt(o, name).t != nil }

// DeepCopyField sets dst's field name to a deep copy of src's, in place —
// no intermediate copy is made and boxed — and reports whether the kind has
// that field. dst and src are of the same kind. (The store's status writes:
// one per kubelet step of every pod.)
func DeepCopyField(dst, src Object, name string) bool {
	sameKind(dst, src, "DeepCopyField")
	f := fieldAt(src, name)
	if f.t == nil {
		return false
	}
	f.copy.copy(f.at(dst), f.at(src)) // a struct is overwritten whole
	return true
}

// ShareField sets dst's field name to src's, shallowly: what the field
// points to is then shared, so src must be a stored object, never changed
// (the store keeps an object's status across a spec update this way).
// It reports whether the kind has that field.
func ShareField(dst, src Object, name string) bool {
	sameKind(dst, src, "ShareField")
	f := fieldAt(src, name)
	if f.t == nil {
		return false
	}
	reflect.NewAt(f.t, f.at(dst)).Elem().Set(reflect.NewAt(f.t, f.at(src)).Elem())
	return true
}

// EqualField reports whether a's and b's fields name are Equal, and false
// when the kind has no such field. a and b are of the same kind.
func EqualField(a, b Object, name string) bool {
	sameKind(a, b, "EqualField")
	f := fieldAt(a, name)
	return f.t != nil && f.equal.equal(f.at(a), f.at(b))
}
