package bootstrap

import (
	"crypto/hmac"
	"crypto/sha256"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The hand-written HMAC agrees with the standard library on
// every length around the block and padding boundaries, and on long keys.
func TestHMACSHA256MatchesTheStandardLibrary(t *testing.T) {
	for n := 0; n <= 200; n++ {
		msg := []byte(strings.Repeat("k8s", n)[:n])
		for _, key := range []string{"", "0123456789abcdef", strings.Repeat("x", 64), strings.Repeat("y", 100)} {
			m := hmac.New(sha256.New, []byte(key))
			m.Write(msg)
			got := hmacSHA256([]byte(key), msg)
			assert.Equal(t, m.Sum(nil), got[:], "hmac of %d bytes, key of %d", n, len(key))
		}
	}
}
