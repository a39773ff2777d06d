package api

import (
	"maps"
	"unsafe"
)

// SameLabels reports whether two label (or annotation) maps hold the same
// pairs, as maps.Equal does: nil and empty are alike.
//
// It first asks whether a and b are one map. A status write shares the
// metadata of the version it replaces (the store copies only the status),
// so the old and new pod of most updates hold the very same labels, and
// the informers and controllers that compare them on every pod update
// compared each map with itself, pair by pair: about 2% of a 10,000-pod
// run under wasm, where every lookup hashes its key in Go.
func SameLabels(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || oneMap(a, b) {
		return true
	}
	return maps.Equal(a, b)
}

// oneMap reports whether a and b are the same map. A map value is one
// pointer to the runtime's map, which Go does not let map values compare;
// reflect.Value.UnsafePointer says the same, but through reflect, which
// costs more than the comparison it makes.
func oneMap(a, b map[string]string) bool {
	return *(*unsafe.Pointer)(unsafe.Pointer(&a)) == *(*unsafe.Pointer)(unsafe.Pointer(&b))
}
