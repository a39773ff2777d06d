package kubeproto

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The protobuf wire format: each field is a varint key (number << 3 |
// wire type), then a varint, eight or four little-endian bytes, or a
// varint length and that many bytes.

type wireType uint8

const (
	wireVarint  wireType = 0
	wireFixed64 wireType = 1
	wireBytes   wireType = 2
	wireFixed32 wireType = 5
)

var errTruncated = errors.New("protobuf message is truncated")

// eachField calls visit with each field of a message in order: its
// number, wire type, and its value — v for a varint or fixed-width value,
// data for a length-delimited one.
func eachField(b []byte, visit func(number int, wire wireType, v uint64, data []byte) error) error {
	for len(b) > 0 {
		key, n := binary.Uvarint(b)
		if n <= 0 {
			return errTruncated
		}
		b = b[n:]
		number, wire := key>>3, wireType(key&7)
		if number == 0 || number > 1<<29 {
			return fmt.Errorf("protobuf field number %d is out of range", number)
		}
		var v uint64
		var data []byte
		switch wire {
		case wireVarint:
			if v, n = binary.Uvarint(b); n <= 0 {
				return errTruncated
			}
			b = b[n:]
		case wireFixed64:
			if len(b) < 8 {
				return errTruncated
			}
			v, b = binary.LittleEndian.Uint64(b), b[8:]
		case wireFixed32:
			if len(b) < 4 {
				return errTruncated
			}
			v, b = uint64(binary.LittleEndian.Uint32(b)), b[4:]
		case wireBytes:
			size, n := binary.Uvarint(b)
			if n <= 0 || size > uint64(len(b)-n) {
				return errTruncated
			}
			data, b = b[n:n+int(size)], b[n+int(size):]
		default:
			return fmt.Errorf("protobuf wire type %d (field %d) is not used by Kubernetes", wire, number)
		}
		if err := visit(int(number), wire, v, data); err != nil {
			return err
		}
	}
	return nil
}

// varints reads a packed run of varints.
func varints(b []byte) ([]uint64, error) {
	var out []uint64
	for len(b) > 0 {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return nil, errTruncated
		}
		out, b = append(out, v), b[n:]
	}
	return out, nil
}
