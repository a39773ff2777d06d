package kubeproto

import (
	"fmt"
	"github.com/kubeloop/kubeloop/core/api"
	"math"
)

// maxDepth bounds how deep messages nest, so that no body can exhaust
// the stack (the served kinds nest about 15 deep).
const maxDepth = 64

// decodeMessage reads the message named name: an object of its fields,
// the list of a named list, or a well-known type's JSON value.
func (s *schema) decodeMessage(name string, b []byte, depth int) (any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("messages nest deeper than %d", maxDepth)
	}
	if value, ok, err := wellKnown(name, b, depth); ok {
		return value, err
	}
	fields, ok := s.byNumber[name]
	if !ok {
		return nil, fmt.Errorf("no message %s", name)
	}
	obj := map[string]any{}
	err := eachField(b, func(number int, wire wireType, v uint64, data []byte) error {
		f, known := fields[number]
		if !known {
			return nil // a field newer than the table: JSON would not know it either
		}
		return s.decodeField(obj, f, wire, v, data, depth)
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if s.namedList(name) {
		list, _ := obj[""].([]any)
		return list, nil
	}
	return obj, nil
}

// decodeField adds one field's value to obj: a list's element to its
// list, a map's entry to its map, an inline message's fields to obj.
func (s *schema) decodeField(obj map[string]any, f field, wire wireType, v uint64, data []byte, depth int) error {
	switch {
	case f.Key != "":
		return s.decodeEntry(obj, f, data, depth)
	case f.List && wire == wireBytes && isVarint(f.Type):
		packed, err := varints(data)
		if err != nil {
			return fmt.Errorf("%s: %w", f.JSON, err)
		}
		for _, p := range packed {
			value, _ := scalar(f.Type, wireVarint, p, nil)
			obj[f.JSON] = append(asList(obj[f.JSON]), value)
		}
		return nil
	}
	value, err := s.decodeValue(f.Type, wire, v, data, depth)
	if err != nil {
		return fmt.Errorf("%s: %w", f.JSON, err)
	}
	switch {
	case f.List:
		obj[f.JSON] = append(asList(obj[f.JSON]), value)
	case f.Inline:
		if inner, ok := value.(map[string]any); ok {
			for k, v := range inner {
				obj[k] = v
			}
		}
	case f.Pointer || !isZero(value):
		obj[f.JSON] = value
	}
	return nil
}

// decodeEntry reads one entry of a map field: a message of key = 1,
// value = 2.
func (s *schema) decodeEntry(obj map[string]any, f field, data []byte, depth int) error {
	var key, value any
	err := eachField(data, func(number int, wire wireType, v uint64, d []byte) error {
		var err error
		switch number {
		case 1:
			key, err = s.decodeValue(f.Key, wire, v, d, depth)
		case 2:
			value, err = s.decodeValue(f.Type, wire, v, d, depth)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("%s: %w", f.JSON, err)
	}
	k, _ := key.(string) // every map the served kinds hold is keyed by strings
	if value == nil {
		value = zeroOf(f.Type)
	}
	m, _ := obj[f.JSON].(map[string]any)
	if m == nil {
		m = map[string]any{}
		obj[f.JSON] = m
	}
	m[k] = value
	return nil
}

// zeroOf is the value a map entry without one holds.
func zeroOf(typ string) any {
	switch typ {
	case "string", "quantity", "bytes":
		return ""
	case "bool":
		return false
	case "int", "double":
		return 0
	}
	return map[string]any{}
}

// decodeValue reads one value of a scalar, well-known or message type.
func (s *schema) decodeValue(typ string, wire wireType, v uint64, data []byte, depth int) (any, error) {
	if value, ok := scalar(typ, wire, v, data); ok {
		return value, nil
	}
	if isScalar(typ) {
		return nil, fmt.Errorf("a %s sent with wire type %d", typ, wire)
	}
	if wire != wireBytes {
		return nil, fmt.Errorf("a message sent with wire type %d", wire)
	}
	return s.decodeMessage(typ, data, depth+1)
}

// scalar reads a scalar value, or reports false if typ is not a scalar
// or came with another wire type.
func scalar(typ string, wire wireType, v uint64, data []byte) (any, bool) {
	switch {
	case typ == "string" && wire == wireBytes:
		return string(data), true
	case typ == "bytes" && wire == wireBytes:
		return append([]byte{}, data...), true // JSON writes it in base64
	case typ == "int" && wire == wireVarint:
		return int64(v), true // int32s are sign-extended to 64 bits on the wire
	case typ == "bool" && wire == wireVarint:
		return v != 0, true
	case typ == "double" && wire == wireFixed64:
		return math.Float64frombits(v), true
	}
	return nil, false
}

func isScalar(typ string) bool {
	switch typ {
	case "string", "bytes", "int", "bool", "double":
		return true
	}
	return false
}

// isVarint reports a scalar sent as a varint, which a list may pack.
func isVarint(typ string) bool { return typ == "int" || typ == "bool" }

func asList(v any) []any {
	list, _ := v.([]any)
	return list
}

// isZero reports a value JSON would leave out of a field that is not a
// pointer.
func isZero(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case int64:
		return v == 0
	case bool:
		return !v
	case float64:
		return v == 0
	case []byte:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	case []any:
		return len(v) == 0
	case api.RawExtension:
		return len(v) == 0
	}
	return false
}
