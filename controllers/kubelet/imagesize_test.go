package kubelet

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The Pulled event names the image's size, as a v1.32 kubelet's does; the
// size is the image's own, the same on every pull and node.
func TestImageSizeIsPlausibleAndStable(t *testing.T) {
	assert.Equal(t, int64(72080558), imageSize("nginx:1.25"))
	assert.Equal(t, imageSize("nginx:1.25"), imageSize("docker.io/library/nginx:1.25"))
	assert.NotEqual(t, imageSize("nginx:1.25"), imageSize("nginx:1.26"))
	for _, image := range []string{"nginx:1.26", "busybox:1.36", "redis", "registry.example/app:v3"} {
		size := imageSize(image)
		assert.Equal(t, size, imageSize(image), image)
		assert.Greater(t, size, int64(100_000), image)
		assert.Less(t, size, int64(400_000_000), image)
	}
	base := imageSizes["busybox"]
	assert.InDelta(t, base, imageSize("busybox:1.36"), float64(base)/20+1)
}
