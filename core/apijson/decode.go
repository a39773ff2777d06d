package apijson

import (
	"encoding/base64"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Unmarshaler is encoding/json's Unmarshaler: a type that reads its own
// JSON.
type Unmarshaler interface {
	UnmarshalJSON([]byte) error
}

var unmarshalerType = reflect.TypeFor[Unmarshaler]()

// Number is a JSON number as written, as json.Number is.
type Number string

// String returns the number's text.
func (n Number) String() string { return string(n) }

// Float64 returns the number as a float64.
func (n Number) Float64() (float64, error) { return strconv.ParseFloat(string(n), 64) }

// Int64 returns the number as an int64.
func (n Number) Int64() (int64, error) { return strconv.ParseInt(string(n), 10, 64) }

var numberType = reflect.TypeFor[Number]()

// Options change how Decode reads, as the json.Decoder methods of the same
// names do.
type Options struct {
	// UseNumber reads numbers into an interface as Number, not float64.
	UseNumber bool
	// DisallowUnknownFields refuses an object key that no struct field has.
	DisallowUnknownFields bool
}

// Unmarshal reads the JSON value data into v, as json.Unmarshal does.
func Unmarshal(data []byte, v any) error { return Decode(data, v, Options{}) }

// Decode is Unmarshal with options.
func Decode(data []byte, v any, o Options) error {
	if err := checkValid(data); err != nil {
		return err
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		if v == nil {
			return errors.New("json: Unmarshal(nil)")
		}
		if rv.Kind() != reflect.Pointer {
			return errors.New("json: Unmarshal(non-pointer " + rv.Type().String() + ")")
		}
		return errors.New("json: Unmarshal(nil " + rv.Type().String() + ")")
	}
	d := decoder{data: data, opts: o}
	d.i = d.skipSpace(0)
	if err := d.value(rv); err != nil {
		return err
	}
	return d.saved
}

// parse reads valid-or-not data into a generic value.
func parse(data []byte, useNumber bool) (any, error) {
	var v any
	err := Decode(data, &v, Options{UseNumber: useNumber})
	return v, err
}

// An UnmarshalTypeError is a JSON value that cannot go where it is, with
// encoding/json's text.
type UnmarshalTypeError struct {
	Value  string       // "string", "number", "number 1.5", "bool", "array", "object"
	Type   reflect.Type // where it would have gone
	Struct string       // the innermost struct holding the field
	Field  string       // the path of JSON names to it
}

func (e *UnmarshalTypeError) Error() string {
	if e.Struct != "" || e.Field != "" {
		return "json: cannot unmarshal " + e.Value + " into Go struct field " + e.Struct + "." + e.Field + " of type " + e.Type.String()
	}
	return "json: cannot unmarshal " + e.Value + " into Go value of type " + e.Type.String()
}

// decoder reads text that checkValid has accepted; it follows
// encoding/json's decodeState: type errors are kept (the first one) and
// decoding goes on; an UnmarshalJSON error stops it.
type decoder struct {
	data   []byte
	i      int
	opts   Options
	saved  error
	strct  reflect.Type // error context: the struct whose field is being read
	fields []string     // and the JSON names down to it
}

func (d *decoder) skipSpace(i int) int {
	for i < len(d.data) && isSpace(d.data[i]) {
		i++
	}
	return i
}

func (d *decoder) typeError(value string, t reflect.Type) {
	d.saveError(&UnmarshalTypeError{Value: value, Type: t})
}

// saveError keeps the first error, with the field it happened in as
// encoding/json adds it.
func (d *decoder) saveError(err error) {
	if d.saved != nil {
		return
	}
	d.saved = err
	e, ok := err.(*UnmarshalTypeError)
	if !ok {
		return
	}
	if d.strct != nil || len(d.fields) > 0 {
		if d.strct != nil {
			e.Struct = d.strct.Name()
		}
		for i, f := range d.fields {
			if i > 0 {
				e.Field += "."
			}
			e.Field += f
		}
	}
}

// skip passes over one value and returns its text.
func (d *decoder) skip() []byte {
	s := scanner{data: d.data}
	start := d.i
	end, _ := s.value(start, 0)
	d.i = d.skipSpace(end)
	return d.data[start:end]
}

// indirect is encoding/json's: it walks down pointers, allocating them,
// to an Unmarshaler or a value to set; for null it stops at a settable
// pointer.
func indirect(v reflect.Value, null bool) (Unmarshaler, reflect.Value) {
	v0 := v
	haveAddr := false
	if v.Kind() != reflect.Pointer && v.Type().Name() != "" && v.CanAddr() {
		haveAddr = true
		v = v.Addr()
	}
	for {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			if e := v.Elem(); e.Kind() == reflect.Pointer && !e.IsNil() && (!null || e.Elem().Kind() == reflect.Pointer) {
				haveAddr = false
				v = e
				continue
			}
		}
		if v.Kind() != reflect.Pointer {
			break
		}
		if null && v.CanSet() {
			break
		}
		if v.Elem().Kind() == reflect.Interface && v.Elem().Elem().Equal(v) {
			v = v.Elem()
			break
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		if v.Type().NumMethod() > 0 && v.CanInterface() {
			if u, ok := v.Interface().(Unmarshaler); ok {
				return u, reflect.Value{}
			}
		}
		if haveAddr {
			v = v0
			haveAddr = false
		} else {
			v = v.Elem()
		}
	}
	return nil, v
}

func (d *decoder) value(v reflect.Value) error {
	if !v.IsValid() {
		d.skip()
		return nil
	}
	switch d.data[d.i] {
	case '{':
		return d.object(v)
	case '[':
		return d.array(v)
	}
	return d.literal(v)
}

func (d *decoder) object(v reflect.Value) error {
	u, pv := indirect(v, false)
	if u != nil {
		return u.UnmarshalJSON(d.skip())
	}
	v = pv
	t := v.Type()
	if v.Kind() == reflect.Interface && v.NumMethod() == 0 {
		v.Set(reflect.ValueOf(d.generic()))
		return nil
	}
	var fields *structFields
	switch v.Kind() {
	case reflect.Map:
		switch t.Key().Kind() {
		case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		default:
			d.typeError("object", t)
			d.skip()
			return nil
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(t))
		}
	case reflect.Struct:
		fields = fieldsOf(t)
	default:
		d.typeError("object", t)
		d.skip()
		return nil
	}
	outerStruct, outerFields := d.strct, len(d.fields)
	d.i = d.skipSpace(d.i + 1)
	if d.data[d.i] == '}' {
		d.i = d.skipSpace(d.i + 1)
		return nil
	}
	for {
		key := d.str()
		d.i = d.skipSpace(d.skipSpace(d.i) + 1) // the colon
		if v.Kind() == reflect.Map {
			elem := reflect.New(t.Elem()).Elem()
			if err := d.value(elem); err != nil {
				return err
			}
			kv, ok := d.mapKey(key, t.Key())
			if ok {
				v.SetMapIndex(kv, elem)
			}
		} else {
			f, ok := fields.exact[key]
			if !ok {
				f, ok = fields.folded[foldName(key)]
			}
			var sub reflect.Value
			if ok {
				sub = v
				index := fields.list[f].index
				for i, x := range index {
					if sub.Kind() == reflect.Pointer {
						if sub.IsNil() {
							if !sub.CanSet() {
								d.saveError(fmt.Errorf("json: cannot set embedded pointer to unexported struct: %v", sub.Type().Elem()))
								sub = reflect.Value{}
								break
							}
							sub.Set(reflect.New(sub.Type().Elem()))
						}
						sub = sub.Elem()
					}
					if i < len(index)-1 {
						// encoding/json names the embedded structs on the way.
						d.fields = append(d.fields, sub.Type().Field(x).Name)
					}
					sub = sub.Field(x)
				}
				d.fields = append(d.fields, fields.list[f].name)
				d.strct = t
			} else if d.opts.DisallowUnknownFields {
				d.saveError(fmt.Errorf("json: unknown field %q", key))
			}
			if err := d.value(sub); err != nil {
				return err
			}
			d.strct, d.fields = outerStruct, d.fields[:outerFields]
		}
		d.i = d.skipSpace(d.i)
		c := d.data[d.i]
		d.i = d.skipSpace(d.i + 1)
		if c == '}' {
			return nil
		}
	}
}

func (d *decoder) mapKey(key string, t reflect.Type) (reflect.Value, bool) {
	kv := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.String:
		kv.SetString(key)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(key, 10, 64)
		if err != nil || kv.OverflowInt(n) {
			d.typeError("number "+key, t)
			return kv, false
		}
		kv.SetInt(n)
	default:
		n, err := strconv.ParseUint(key, 10, 64)
		if err != nil || kv.OverflowUint(n) {
			d.typeError("number "+key, t)
			return kv, false
		}
		kv.SetUint(n)
	}
	return kv, true
}

func (d *decoder) array(v reflect.Value) error {
	u, pv := indirect(v, false)
	if u != nil {
		return u.UnmarshalJSON(d.skip())
	}
	v = pv
	switch v.Kind() {
	case reflect.Interface:
		if v.NumMethod() == 0 {
			v.Set(reflect.ValueOf(d.generic()))
			return nil
		}
		fallthrough
	default:
		d.typeError("array", v.Type())
		d.skip()
		return nil
	case reflect.Array, reflect.Slice:
	}
	d.i = d.skipSpace(d.i + 1)
	i := 0
	for d.data[d.i] != ']' {
		if v.Kind() == reflect.Slice {
			if i >= v.Cap() {
				v.Grow(1)
			}
			if i >= v.Len() {
				v.SetLen(i + 1)
			}
		}
		var err error
		if i < v.Len() {
			err = d.value(v.Index(i))
		} else {
			err = d.value(reflect.Value{})
		}
		if err != nil {
			return err
		}
		i++
		d.i = d.skipSpace(d.i)
		if d.data[d.i] == ',' {
			d.i = d.skipSpace(d.i + 1)
		}
	}
	d.i = d.skipSpace(d.i + 1)
	if i < v.Len() {
		if v.Kind() == reflect.Array {
			for ; i < v.Len(); i++ {
				v.Index(i).SetZero()
			}
		} else {
			v.SetLen(i)
		}
	}
	if i == 0 && v.Kind() == reflect.Slice {
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
	}
	return nil
}

func (d *decoder) literal(v reflect.Value) error {
	start := d.i
	item := d.skip()
	u, pv := indirect(v, item[0] == 'n')
	if u != nil {
		return u.UnmarshalJSON(item)
	}
	v = pv
	switch c := item[0]; {
	case c == 'n':
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice:
			v.SetZero()
		}
	case c == 't' || c == 'f':
		switch {
		case v.Kind() == reflect.Bool:
			v.SetBool(c == 't')
		case v.Kind() == reflect.Interface && v.NumMethod() == 0:
			v.Set(reflect.ValueOf(c == 't'))
		default:
			d.typeError("bool", v.Type())
		}
	case c == '"':
		s := unquote(d.data[start+1 : start+len(item)-1])
		switch v.Kind() {
		case reflect.Slice:
			if v.Type().Elem().Kind() != reflect.Uint8 {
				d.typeError("string", v.Type())
				break
			}
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				d.saveError(err)
				break
			}
			v.SetBytes(b)
		case reflect.String:
			if v.Type() == numberType && !isNumber(s) {
				return fmt.Errorf("json: invalid number literal, trying to unmarshal %q into Number", item)
			}
			v.SetString(s)
		case reflect.Interface:
			if v.NumMethod() == 0 {
				v.Set(reflect.ValueOf(s))
			} else {
				d.typeError("string", v.Type())
			}
		default:
			d.typeError("string", v.Type())
		}
	default:
		s := string(item)
		switch v.Kind() {
		case reflect.Interface:
			n, err := d.number(s)
			if err != nil {
				d.saveError(err)
				break
			}
			if v.NumMethod() != 0 {
				d.typeError("number", v.Type())
				break
			}
			v.Set(reflect.ValueOf(n))
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || v.OverflowInt(n) {
				d.typeError("number "+s, v.Type())
				break
			}
			v.SetInt(n)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil || v.OverflowUint(n) {
				d.typeError("number "+s, v.Type())
				break
			}
			v.SetUint(n)
		case reflect.Float32, reflect.Float64:
			n, err := strconv.ParseFloat(s, v.Type().Bits())
			if err != nil || v.OverflowFloat(n) {
				d.typeError("number "+s, v.Type())
				break
			}
			v.SetFloat(n)
		default:
			if v.Kind() == reflect.String && v.Type() == numberType {
				v.SetString(s)
				break
			}
			d.typeError("number", v.Type())
		}
	}
	return nil
}

// number is a number for an interface: Number with UseNumber, else
// float64.
func (d *decoder) number(s string) (any, error) {
	if d.opts.UseNumber {
		return Number(s), nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, &UnmarshalTypeError{Value: "number " + s, Type: reflect.TypeFor[float64]()}
	}
	return f, nil
}

// generic reads a value into map[string]any, []any, string, bool, nil and
// float64 or Number.
// A number out of float64's range is saved as an error and read as nil.
func (d *decoder) generic() any {
	switch c := d.data[d.i]; c {
	case '{':
		m := map[string]any{}
		d.i = d.skipSpace(d.i + 1)
		for d.data[d.i] != '}' {
			key := d.str()
			d.i = d.skipSpace(d.skipSpace(d.i) + 1)
			m[key] = d.generic()
			if d.data[d.i] == ',' {
				d.i = d.skipSpace(d.i + 1)
			}
		}
		d.i = d.skipSpace(d.i + 1)
		return m
	case '[':
		a := []any{}
		d.i = d.skipSpace(d.i + 1)
		for d.data[d.i] != ']' {
			a = append(a, d.generic())
			if d.data[d.i] == ',' {
				d.i = d.skipSpace(d.i + 1)
			}
		}
		d.i = d.skipSpace(d.i + 1)
		return a
	case '"':
		return d.str()
	case 't', 'f', 'n':
		d.skip()
		if c == 'n' {
			return nil
		}
		return c == 't'
	}
	n, err := d.number(string(d.skip()))
	if err != nil {
		d.saveError(err)
	}
	return n
}

// str reads a string at d.i and the spaces after it.
func (d *decoder) str() string {
	start := d.i
	d.skip()
	end := start + 1
	for d.data[end] != '"' {
		if d.data[end] == '\\' {
			end++
		}
		end++
	}
	return unquote(d.data[start+1 : end])
}

// unquote decodes a valid string body's escapes; invalid UTF-8 and lone
// surrogates become U+FFFD, as in encoding/json.
func unquote(b []byte) string {
	simple := true
	for _, c := range b {
		if c == '\\' || c >= utf8.RuneSelf {
			simple = false
			break
		}
	}
	if simple {
		return string(b)
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		c := b[i]
		if c == '\\' {
			i++
			switch b[i] {
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := hex4(b[i+1:])
				i += 4
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if i+6 < len(b) && b[i+1] == '\\' && b[i+2] == 'u' {
						r2 = hex4(b[i+3:])
					}
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						i += 6
						r = dec
					} else {
						r = utf8.RuneError
					}
				}
				out = utf8.AppendRune(out, r)
			default: // " \ /
				out = append(out, b[i])
			}
			i++
			continue
		}
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		i += size
		out = utf8.AppendRune(out, r)
	}
	return string(out)
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		default:
			c = c - 'A' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// RawMessage is JSON text kept as it is, as json.RawMessage: written
// (compacted) where it stands, read without being decoded.
type RawMessage []byte

// MarshalJSON returns m, or null when m is nil.
func (m RawMessage) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte("null"), nil
	}
	return m, nil
}

// UnmarshalJSON sets *m to a copy of data.
func (m *RawMessage) UnmarshalJSON(data []byte) error {
	if m == nil {
		return errors.New("json.RawMessage: UnmarshalJSON on nil pointer")
	}
	*m = append((*m)[0:0], data...)
	return nil
}
