package apiserver

import (
	"errors"
	"reflect"
	"strconv"
	"sync"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// pruneUnknown walks a JSON body beside the Go type it decodes into and
// returns it without the members no field has, with each one's path in
// the order they appear ("spec.replica",
// "spec.template.spec.containers[0].bogus"): the list upstream's strict
// decoding reports, or warns of. The decoder then reads only known
// fields, and reads them by exact name, as upstream's case-sensitive
// decoder does ("Replicas" is unknown, not replicas). Values of the wrong
// type are copied as they are, for the decoder to refuse in its words.
func pruneUnknown(data []byte, t reflect.Type) ([]byte, []string, error) {
	p := &pruner{}
	rest, err := p.value(data, t, "")
	if err != nil {
		return nil, nil, err
	}
	if len(skipSpace(rest)) > 0 {
		return nil, nil, errors.New("invalid character after top-level value")
	}
	return p.out, p.unknown, nil
}

type pruner struct {
	out     []byte
	unknown []string
}

var unmarshalerType = reflect.TypeFor[apijson.Unmarshaler]()

// value copies the value at the start of data (of type t) and returns
// what follows it.
func (p *pruner) value(data []byte, t reflect.Type, path string) ([]byte, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	data = skipSpace(data)
	if len(data) > 0 && !reflect.PointerTo(t).Implements(unmarshalerType) {
		switch {
		case data[0] == '{' && t.Kind() == reflect.Struct:
			return p.object(data, path, func(key string) (reflect.Type, bool) {
				f, ok := jsonFields(t)[key]
				return f, ok
			})
		case data[0] == '{' && t.Kind() == reflect.Map:
			return p.object(data, path+"[", func(string) (reflect.Type, bool) { return t.Elem(), true })
		case data[0] == '[' && t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Uint8:
			return p.array(data, t.Elem(), path)
		}
	}
	v, rest, err := apijson.Cut(data)
	if err != nil {
		return nil, err
	}
	p.out = append(p.out, v...)
	return rest, nil
}

// object copies an object's known members. A path ending in "[" is a
// map's: its keys are written as [key]. The body has been checked to be
// valid JSON, so the structure is not checked again.
func (p *pruner) object(data []byte, path string, field func(string) (reflect.Type, bool)) ([]byte, error) {
	p.out = append(p.out, '{')
	data = data[1:]
	wrote := false
	for {
		data = skipSpace(data)
		if len(data) == 0 {
			return nil, errors.New("unexpected end of JSON input")
		}
		if data[0] == '}' {
			break
		}
		if data[0] == ',' {
			data = skipSpace(data[1:])
		}
		rawKey, rest, err := apijson.Cut(data)
		if err != nil {
			return nil, err
		}
		var key string
		if err := apijson.Unmarshal(rawKey, &key); err != nil {
			return nil, err
		}
		rest = skipSpace(rest)[1:] // the ':'
		sub := path + "." + key
		switch {
		case path == "":
			sub = key
		case path[len(path)-1] == '[':
			sub = path + key + "]"
		}
		t, known := field(key)
		if !known {
			p.unknown = append(p.unknown, sub)
			if _, data, err = apijson.Cut(rest); err != nil {
				return nil, err
			}
			continue
		}
		if wrote {
			p.out = append(p.out, ',')
		}
		wrote = true
		p.out = append(append(p.out, rawKey...), ':')
		if data, err = p.value(rest, t, sub); err != nil {
			return nil, err
		}
	}
	p.out = append(p.out, '}')
	return data[1:], nil
}

// array copies an array's elements.
func (p *pruner) array(data []byte, elem reflect.Type, path string) ([]byte, error) {
	p.out = append(p.out, '[')
	data = skipSpace(data[1:])
	for i := 0; len(data) > 0 && data[0] != ']'; i++ {
		if i > 0 {
			if data[0] != ',' {
				return nil, errors.New("invalid character in array")
			}
			p.out = append(p.out, ',')
			data = data[1:]
		}
		rest, err := p.value(data, elem, path+"["+strconv.Itoa(i)+"]")
		if err != nil {
			return nil, err
		}
		data = skipSpace(rest)
	}
	if len(data) == 0 {
		return nil, errors.New("unexpected end of JSON input")
	}
	p.out = append(p.out, ']')
	return data[1:], nil
}

func skipSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\n' || b[0] == '\r') {
		b = b[1:]
	}
	return b
}

// fieldsByType caches each struct type's JSON members.
var fieldsByType sync.Map

func jsonFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldsByType.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	f := apijson.FieldTypes(t)
	fieldsByType.Store(t, f)
	return f
}
