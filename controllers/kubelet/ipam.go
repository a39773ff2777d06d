package kubelet

import (
	"fmt"
	"net/netip"

	"github.com/kubeloop/kubeloop/core/api"
)

// ipam hands out pod IPs from each node's pod CIDR as the host-local CNI
// plugin does: round-robin from the address after the last one given
// (starting at .2: .1 is the node's bridge), wrapping at the end of the
// range. So a pod re-created on the same node gets a new IP — what a
// learner sees on a real cluster when web-0 comes back.
type ipam struct {
	used map[string]map[netip.Addr]bool // node → IPs in use
	last map[string]netip.Addr          // node → last IP handed out
}

func newIPAM() *ipam {
	return &ipam{used: map[string]map[netip.Addr]bool{}, last: map[string]netip.Addr{}}
}

func (a *ipam) allocate(n *api.Node) (string, error) {
	prefix, err := netip.ParsePrefix(n.Spec.PodCIDR)
	if err != nil {
		return "", fmt.Errorf("node %s has no pod CIDR: %q", n.Name, n.Spec.PodCIDR)
	}
	prefix = prefix.Masked()
	used := a.used[n.Name]
	if used == nil {
		used = map[netip.Addr]bool{}
		a.used[n.Name] = used
	}
	first := prefix.Addr().Next().Next()
	// usable reports addresses in the range but for the network, the
	// bridge and the broadcast address.
	usable := func(ip netip.Addr) bool { return prefix.Contains(ip) && prefix.Contains(ip.Next()) && !ip.Less(first) }
	start := first
	if last, ok := a.last[n.Name]; ok && usable(last.Next()) {
		start = last.Next()
	}
	for ip, wrapped := start, false; ; ip = ip.Next() {
		if !usable(ip) {
			if wrapped {
				break
			}
			ip, wrapped = first, true
		}
		if !used[ip] {
			used[ip] = true
			a.last[n.Name] = ip
			return ip.String(), nil
		}
		if wrapped && ip == start.Prev() {
			break
		}
	}
	return "", fmt.Errorf("failed to allocate for range 0: no IP addresses available in range set: %s", n.Spec.PodCIDR)
}

func (a *ipam) release(node, ip string) {
	if addr, err := netip.ParseAddr(ip); err == nil {
		delete(a.used[node], addr)
	}
}
