package apijson

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"sync"
	"unicode/utf8"
)

// Marshaler is encoding/json's Marshaler: a type that writes its own JSON
// (api.Quantity, api.Time, IntOrString …).
type Marshaler interface {
	MarshalJSON() ([]byte, error)
}

var marshalerType = reflect.TypeFor[Marshaler]()

// Marshal returns v's JSON as json.Marshal does, byte for byte.
func Marshal(v any) ([]byte, error) {
	e := bufPool.Get().(*encoder)
	defer bufPool.Put(e)
	e.buf = e.buf[:0]
	if err := e.value(reflect.ValueOf(v)); err != nil {
		return nil, err
	}
	return bytes.Clone(e.buf), nil
}

// bufPool keeps encoders' buffers between calls: an object's JSON is
// written in one buffer that has grown to size before, then copied once.
var bufPool = sync.Pool{New: func() any { return &encoder{buf: make([]byte, 0, 1024)} }}

// MarshalIndent is Marshal with each element on its own line, as
// json.MarshalIndent writes it.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	b, err := Marshal(v)
	if err != nil {
		return nil, err
	}
	return appendIndent(make([]byte, 0, len(b)+len(b)/2), b, prefix, indent), nil
}

// Generic returns v as json.Marshal and then a json.Decoder with UseNumber
// would: map[string]any, []any, Number, string, bool or nil.
func Generic(v any) (any, error) {
	b, err := Marshal(v)
	if err != nil {
		return nil, err
	}
	return parse(b, true)
}

// An UnsupportedError is a value JSON cannot hold: a channel, a function,
// a complex number, NaN or an infinity, or a field with an option apijson
// does not implement.
type UnsupportedError struct{ What string }

func (e *UnsupportedError) Error() string { return "json: unsupported " + e.What }

type encoder struct {
	buf []byte
}

func (e *encoder) value(v reflect.Value) error {
	if !v.IsValid() {
		e.buf = append(e.buf, "null"...)
		return nil
	}
	t := v.Type()
	switch marshalerOf(t) {
	case textMarshaler:
		return &UnsupportedError{"type: " + t.String() + " (it has MarshalText, which apijson does not call)"}
	case addrMarshaler:
		if v.CanAddr() {
			return e.marshaler(v.Addr())
		}
	case valueMarshaler:
		if t.Kind() == reflect.Pointer && v.IsNil() {
			e.buf = append(e.buf, "null"...)
			return nil
		}
		return e.marshaler(v)
	}
	switch t.Kind() {
	case reflect.Bool:
		e.buf = strconv.AppendBool(e.buf, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.buf = strconv.AppendInt(e.buf, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.buf = strconv.AppendUint(e.buf, v.Uint(), 10)
	case reflect.Float32:
		return e.float(v.Float(), 32)
	case reflect.Float64:
		return e.float(v.Float(), 64)
	case reflect.String:
		if t == numberType {
			return e.number(v.String())
		}
		e.buf = appendString(e.buf, v.String(), true)
	case reflect.Interface:
		if v.IsNil() {
			e.buf = append(e.buf, "null"...)
			return nil
		}
		return e.value(v.Elem())
	case reflect.Pointer:
		if v.IsNil() {
			e.buf = append(e.buf, "null"...)
			return nil
		}
		return e.value(v.Elem())
	case reflect.Struct:
		return e.structValue(v)
	case reflect.Map:
		return e.mapValue(v)
	case reflect.Slice:
		if v.IsNil() {
			e.buf = append(e.buf, "null"...)
			return nil
		}
		if t.Elem().Kind() == reflect.Uint8 && !reflect.PointerTo(t.Elem()).Implements(marshalerType) {
			e.buf = append(e.buf, '"')
			e.buf = base64.StdEncoding.AppendEncode(e.buf, v.Bytes())
			e.buf = append(e.buf, '"')
			return nil
		}
		return e.array(v)
	case reflect.Array:
		return e.array(v)
	default:
		return &UnsupportedError{"type: " + t.String()}
	}
	return nil
}

type marshalerKind uint8

const (
	notMarshaler   marshalerKind = iota + 1
	addrMarshaler                // *T has MarshalJSON, T does not: used when addressable
	valueMarshaler               // T has MarshalJSON
	textMarshaler                // T or *T has MarshalText only: refused, not written differently
)

var textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()

// marshalers caches marshalerOf: method sets are slow to search.
var marshalers sync.Map

// marshalerOf tells whether values of t write their own JSON, in the order
// encoding/json asks: through their address first, then as they are.
func marshalerOf(t reflect.Type) marshalerKind {
	if k, ok := marshalers.Load(t); ok {
		return k.(marshalerKind)
	}
	k := notMarshaler
	switch {
	case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(marshalerType) && !t.Implements(marshalerType):
		k = addrMarshaler
	case t.Implements(marshalerType):
		k = valueMarshaler
	case reflect.PointerTo(t).Implements(textMarshalerType):
		k = textMarshaler
	}
	marshalers.Store(t, k)
	return k
}

// marshaler writes what m.MarshalJSON returns, compacted and made
// HTML-safe as encoding/json does.
func (e *encoder) marshaler(m reflect.Value) error {
	b, err := m.Interface().(Marshaler).MarshalJSON()
	if err == nil && !Valid(b) {
		_, err = parse(b, true)
	}
	if err != nil {
		return fmt.Errorf("json: error calling MarshalJSON for type %s: %w", m.Type(), err)
	}
	e.buf = appendCompact(e.buf, b)
	return nil
}

// float writes f as encoding/json does: like ES6, 'f' form unless the
// exponent is far from 0, and exponents without padding.
func (e *encoder) float(f float64, bits int) error {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return &UnsupportedError{"value: " + strconv.FormatFloat(f, 'g', -1, bits)}
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	b := strconv.AppendFloat(e.buf, f, format, -1, bits)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	e.buf = b
	return nil
}

// number writes a Number as written, "0" when empty, as json.Number is.
func (e *encoder) number(s string) error {
	if s == "" {
		s = "0"
	}
	if !isNumber(s) {
		return fmt.Errorf("json: invalid number literal %q", s)
	}
	e.buf = append(e.buf, s...)
	return nil
}

func (e *encoder) structValue(v reflect.Value) error {
	fields := fieldsOf(v.Type())
	next := byte('{')
	for i := range fields.list {
		f := &fields.list[i]
		fv, ok := fieldByIndex(v, f.index)
		if !ok {
			continue
		}
		if f.quoted {
			return &UnsupportedError{"option: ,string on " + v.Type().String() + "." + f.name}
		}
		if f.omitEmpty && isEmptyValue(fv) || f.omitZero && isZero(fv) {
			continue
		}
		e.buf = append(e.buf, next)
		next = ','
		e.buf = append(e.buf, f.key...)
		if err := e.value(fv); err != nil {
			return err
		}
	}
	if next == '{' {
		e.buf = append(e.buf, '{')
	}
	e.buf = append(e.buf, '}')
	return nil
}

func (e *encoder) mapValue(v reflect.Value) error {
	if v.IsNil() {
		e.buf = append(e.buf, "null"...)
		return nil
	}
	if m, ok := v.Interface().(map[string]string); ok {
		// Labels, annotations, selectors: most maps in an object.
		e.buf = append(e.buf, '{')
		for i, k := range slices.Sorted(maps.Keys(m)) {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.buf = appendString(e.buf, k, true)
			e.buf = append(e.buf, ':')
			e.buf = appendString(e.buf, m[k], true)
		}
		e.buf = append(e.buf, '}')
		return nil
	}
	type entry struct {
		key string
		val reflect.Value
	}
	entries := make([]entry, 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		k := it.Key()
		var s string
		switch k.Kind() {
		case reflect.String:
			s = k.String()
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			s = strconv.FormatInt(k.Int(), 10)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			s = strconv.FormatUint(k.Uint(), 10)
		default:
			return &UnsupportedError{"type: " + v.Type().String()}
		}
		entries = append(entries, entry{s, it.Value()})
	}
	// sort.Slice: a map's keys are few, and slices.SortFunc would put a
	// copy of the sort for this element type into the page's wasm.
	sort.Slice(entries, func(i, j int) bool { return entries[i].key < entries[j].key })
	e.buf = append(e.buf, '{')
	for i, en := range entries {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.buf = appendString(e.buf, en.key, true)
		e.buf = append(e.buf, ':')
		if err := e.value(en.val); err != nil {
			return err
		}
	}
	e.buf = append(e.buf, '}')
	return nil
}

func (e *encoder) array(v reflect.Value) error {
	e.buf = append(e.buf, '[')
	for i := range v.Len() {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if err := e.value(v.Index(i)); err != nil {
			return err
		}
	}
	e.buf = append(e.buf, ']')
	return nil
}

// isEmptyValue is what omitempty leaves out: false, 0, nil, and empty
// strings, slices and maps (never a struct).
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

type isZeroer interface{ IsZero() bool }

var isZeroerType = reflect.TypeFor[isZeroer]()

// isZero is what omitzero leaves out: the value's own IsZero if it has
// one, else the zero value.
func isZero(v reflect.Value) bool {
	t := v.Type()
	switch {
	case (t.Kind() == reflect.Interface || t.Kind() == reflect.Pointer) && t.Implements(isZeroerType):
		return v.IsNil() || v.Kind() == reflect.Interface && v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() ||
			v.Interface().(isZeroer).IsZero()
	case t.Implements(isZeroerType):
		return v.Interface().(isZeroer).IsZero()
	case reflect.PointerTo(t).Implements(isZeroerType):
		if !v.CanAddr() {
			c := reflect.New(t).Elem()
			c.Set(v)
			v = c
		}
		return v.Addr().Interface().(isZeroer).IsZero()
	}
	return v.IsZero()
}

const hexDigits = "0123456789abcdef"

// appendString writes s as a JSON string, escaped as encoding/json escapes
// it: short escapes for \b \f \n \r \t, \u00XX for other control bytes,
// invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped, and with html also
// <, > and &.
func appendString(dst []byte, s string, html bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && (!html || b != '<' && b != '>' && b != '&') {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// Quote returns s as a JSON string, as json.Marshal(s) writes it.
func Quote(s string) []byte { return appendString(nil, s, true) }
