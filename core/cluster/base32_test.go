package cluster

import (
	"encoding/base32"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// base32Lower writes what encoding/base32 does, unpadded, in lower case,
// for every length up to 40 bytes.
func TestBase32LowerIsTheStandardEncoding(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 41 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.UintN(256))
		}
		want := strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
		assert.Equal(t, want, base32Lower(b), "%d bytes", n)
	}
}
