package kubelet

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func TestIPAMIsRoundRobinAndWraps(t *testing.T) {
	a := newIPAM()
	n := &api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"}, Spec: api.NodeSpec{PodCIDR: "10.244.1.0/29"}}
	var got []string
	for i := 0; i < 5; i++ {
		ip, err := a.allocate(n)
		require.NoError(t, err)
		got = append(got, ip)
	}
	assert.Equal(t, []string{"10.244.1.2", "10.244.1.3", "10.244.1.4", "10.244.1.5", "10.244.1.6"}, got,
		".0 network, .1 bridge and .7 broadcast are never given")
	_, err := a.allocate(n)
	assert.ErrorContains(t, err, "no IP addresses available")

	a.release("node-1", "10.244.1.3")
	ip, err := a.allocate(n)
	require.NoError(t, err)
	assert.Equal(t, "10.244.1.3", ip, "after wrapping, the freed address is found")

	a.release("node-1", "10.244.1.2")
	a.release("node-1", "10.244.1.5")
	ip, _ = a.allocate(n)
	assert.Equal(t, "10.244.1.5", ip, "the search starts after the last address given, not at the lowest free one")
}

// The parsed pod CIDR is kept per node, but a node whose CIDR changed (a
// node deleted and added again with another range) allocates from the new
// one; a node without one gets the error each time.
func TestIPAMFollowsAChangedPodCIDR(t *testing.T) {
	a := newIPAM()
	n := &api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"}, Spec: api.NodeSpec{PodCIDR: "10.244.1.0/24"}}
	ip, err := a.allocate(n)
	require.NoError(t, err)
	assert.Equal(t, "10.244.1.2", ip)
	n.Spec.PodCIDR = "10.244.7.0/24"
	ip, err = a.allocate(n)
	require.NoError(t, err)
	assert.Equal(t, "10.244.7.2", ip, "from the new range")
	n.Spec.PodCIDR = ""
	for range 2 {
		_, err = a.allocate(n)
		assert.ErrorContains(t, err, `node node-1 has no pod CIDR: ""`)
	}
}
