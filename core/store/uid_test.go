package store

import (
	"fmt"
	"testing"

	"github.com/kubeloop/kubeloop/core/clock"
)

// TestNewUIDIsTheFormattedUUID: the hand-written hex matches fmt's
// "%08x-%04x-%04x-%04x-%012x" of the same draws, so uids (and every seeded
// history) are as before.
func TestNewUIDIsTheFormattedUUID(t *testing.T) {
	s, ref := New(clock.New(3)), clock.New(3).Rand()
	for range 1000 {
		a, b := ref.Uint64(), ref.Uint64()
		b = b&^(0xf<<60) | 4<<60
		want := fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", a>>32, (a>>16)&0xffff, b>>48, (a&0x3fff)|0x8000, b&0xffffffffffff)
		if got := s.NewUID(); got != want {
			t.Fatalf("NewUID() = %s, want %s", got, want)
		}
	}
}
