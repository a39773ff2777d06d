package digest

import (
	"crypto/sha256"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The hand-written SHA-256 agrees with the standard library on every
// length around the block and padding boundaries.
func TestSHA256MatchesTheStandardLibrary(t *testing.T) {
	for n := 0; n <= 200; n++ {
		msg := []byte(strings.Repeat("k8s", n)[:n])
		assert.Equal(t, sha256.Sum256(msg), SHA256(msg), "sha256 of %d bytes", n)
	}
}
