package kubeproto

import (
	"encoding/json"
	"errors"
	"time"
)

// wellKnown reads apimachinery's types whose protobuf and JSON forms are
// their own, as the JSON value the type writes. nil leaves the field
// out. ok is false for any other message.
func wellKnown(name string, b []byte, depth int) (value any, ok bool, err error) {
	var read func([]byte) (any, error)
	switch name {
	case "time":
		read = readTime
	case "microtime":
		read = readMicroTime
	case "duration":
		read = readDuration
	case "intorstring":
		read = readIntOrString
	case "quantity":
		read = readQuantity
	case "raw":
		read = func(b []byte) (any, error) { return readRaw(b, depth) }
	default:
		return nil, false, nil
	}
	value, err = read(b)
	return value, true, err
}

// readTime reads metav1.Time: Timestamp { seconds = 1; nanos = 2 }, written in
// RFC 3339 to the second; the zero time (an empty message) is left out.
func readTime(b []byte) (any, error) {
	t, err := timestamp(b)
	if err != nil || t.IsZero() {
		return nil, err
	}
	return t.UTC().Format(time.RFC3339), nil
}

// readMicroTime reads metav1.MicroTime: the same, to the microsecond.
func readMicroTime(b []byte) (any, error) {
	t, err := timestamp(b)
	if err != nil || t.IsZero() {
		return nil, err
	}
	return t.UTC().Format("2006-01-02T15:04:05.000000Z07:00"), nil
}

// readDuration reads metav1.Duration: { duration = 1 } in nanoseconds, written "1m30s".
func readDuration(b []byte) (any, error) {
	var d time.Duration
	err := eachField(b, func(n int, w wireType, v uint64, _ []byte) error {
		if n == 1 && w == wireVarint {
			d = time.Duration(int64(v))
		}
		return nil
	})
	return d.String(), err
}

// readIntOrString reads intstr.IntOrString: { type = 1 (0 int, 1 string); intVal = 2;
// strVal = 3 }, written as the number or the string.
func readIntOrString(b []byte) (any, error) {
	var isString bool
	var intVal int64
	var strVal string
	err := eachField(b, func(n int, w wireType, v uint64, d []byte) error {
		switch {
		case n == 1 && w == wireVarint:
			isString = v == 1
		case n == 2 && w == wireVarint:
			intVal = int64(int32(v))
		case n == 3 && w == wireBytes:
			strVal = string(d)
		}
		return nil
	})
	if isString {
		return strVal, err
	}
	return intVal, err
}

// readQuantity reads resource.Quantity: { string = 1 }, written as the string.
func readQuantity(b []byte) (any, error) {
	var q string
	err := eachField(b, func(n int, w wireType, _ uint64, d []byte) error {
		if n == 1 && w == wireBytes {
			q = string(d)
		}
		return nil
	})
	return q, err
}

// readRaw reads runtime.RawExtension and metav1.FieldsV1: { raw = 1 }, bytes that are
// JSON (or, for an object, protobuf again), written as they are.
func readRaw(b []byte, depth int) (any, error) {
	var raw []byte
	err := eachField(b, func(n int, w wireType, _ uint64, d []byte) error {
		if n == 1 && w == wireBytes {
			raw = d
		}
		return nil
	})
	switch {
	case err != nil || len(raw) == 0:
		return nil, err
	case len(raw) >= len(magic) && string(raw[:len(magic)]) == magic:
		j, err := decodeBody(raw, depth+1)
		return json.RawMessage(j), err
	case !json.Valid(raw):
		return nil, errors.New("raw bytes are neither JSON nor protobuf")
	}
	return json.RawMessage(raw), nil
}

// timestamp reads a Timestamp; metav1.Time sends the zero time as an
// empty message.
func timestamp(b []byte) (time.Time, error) {
	if len(b) == 0 {
		return time.Time{}, nil
	}
	var seconds, nanos int64
	err := eachField(b, func(n int, w wireType, v uint64, _ []byte) error {
		switch {
		case n == 1 && w == wireVarint:
			seconds = int64(v)
		case n == 2 && w == wireVarint:
			nanos = int64(int32(v))
		}
		return nil
	})
	return time.Unix(seconds, nanos), err
}
