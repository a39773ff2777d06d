package kubectl

import (
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestJoinHostPortIsNetJoinHostPort(t *testing.T) {
	for _, host := range []string{"10.244.1.5", "::1", "fd00::5", "web-0.web", ""} {
		assert.Equal(t, net.JoinHostPort(host, "80"), joinHostPort(host, "80"), host)
	}
}
