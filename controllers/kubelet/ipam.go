package kubelet

import (
	"fmt"
	"net/netip"

	"github.com/kubeloop/kubeloop/core/api"
)

// ipam hands out pod IPs from each node's pod CIDR, lowest free first
// (starting at .2: .1 is the node's bridge), as a host-local CNI plugin does.
type ipam struct {
	used map[string]map[string]bool // node → IPs in use
}

func newIPAM() *ipam { return &ipam{used: map[string]map[string]bool{}} }

func (a *ipam) allocate(n *api.Node) (string, error) {
	prefix, err := netip.ParsePrefix(n.Spec.PodCIDR)
	if err != nil {
		return "", fmt.Errorf("node %s has no pod CIDR: %q", n.Name, n.Spec.PodCIDR)
	}
	used := a.used[n.Name]
	if used == nil {
		used = map[string]bool{}
		a.used[n.Name] = used
	}
	ip := prefix.Masked().Addr().Next().Next()
	for ; prefix.Contains(ip); ip = ip.Next() {
		if !used[ip.String()] && prefix.Contains(ip.Next()) { // skip the broadcast address
			used[ip.String()] = true
			return ip.String(), nil
		}
	}
	return "", fmt.Errorf("failed to allocate for range 0: no IP addresses available in range set: %s", n.Spec.PodCIDR)
}

func (a *ipam) release(node, ip string) {
	delete(a.used[node], ip)
}
