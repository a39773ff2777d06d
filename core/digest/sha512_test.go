package digest

import (
	"crypto/sha512"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The hand-written SHA-512 agrees with the standard library on every
// length around the block and padding boundaries.
func TestSHA512MatchesTheStandardLibrary(t *testing.T) {
	for n := 0; n <= 400; n++ {
		msg := []byte(strings.Repeat("k8s", n)[:n])
		assert.Equal(t, sha512.Sum512(msg), SHA512(msg), "sha512 of %d bytes", n)
	}
}
