package kubelet

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// digest spells its two 64-bit hashes as 32 hex digits, zero-padded, as
// "%016x%016x" would: container and image IDs in transcripts depend on it.
func TestDigestIsTwoPaddedHexHashes(t *testing.T) {
	for _, s := range []string{"", "a", "nginx:1.25", "uid-1nginx0", "\x00\xff"} {
		var h1, h2 uint64 = 14695981039346656037, 1099511628211
		for i := 0; i < len(s); i++ {
			h1 = (h1 ^ uint64(s[i])) * 1099511628211
			h2 = (h2 ^ uint64(s[i])) * 14695981039346656037
		}
		assert.Equal(t, fmt.Sprintf("%016x%016x", h1, h2), digest(s), "%q", s)
	}
	assert.Equal(t, "cbf29ce484222325", digest("")[:16], "FNV-1a's offset basis")
}

// A digest of parts is the digest of their concatenation.
func TestAppendDigestHashesPartsAsOne(t *testing.T) {
	assert.Equal(t, "id:"+digest("uid-1nginx0"), string(appendDigest([]byte("id:"), "uid-1", "nginx", "0")))
	assert.Equal(t, digest("nginx:1.25"), string(appendDigest(nil, "nginx", ":", "1.25")))
	assert.Equal(t, digest(""), string(appendDigest(nil)))
}
