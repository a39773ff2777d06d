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
	// cidrs is each node's pod CIDR as last parsed: every pod admitted
	// asks for one, and parsing it each time was 1% of a 10,000-pod run
	// under wasm. A node whose CIDR changed is parsed again.
	cidrs map[string]parsedCIDR
}

type parsedCIDR struct {
	text   string
	prefix netip.Prefix // masked
}

func newIPAM() *ipam {
	return &ipam{used: map[string]map[netip.Addr]bool{}, last: map[string]netip.Addr{}, cidrs: map[string]parsedCIDR{}}
}

// podCIDR is n's pod CIDR, masked.
func (a *ipam) podCIDR(n *api.Node) (netip.Prefix, error) {
	if c, ok := a.cidrs[n.Name]; ok && c.text == n.Spec.PodCIDR {
		return c.prefix, nil
	}
	prefix, err := netip.ParsePrefix(n.Spec.PodCIDR)
	if err != nil {
		return prefix, fmt.Errorf("node %s has no pod CIDR: %q", n.Name, n.Spec.PodCIDR)
	}
	prefix = prefix.Masked()
	a.cidrs[n.Name] = parsedCIDR{n.Spec.PodCIDR, prefix}
	return prefix, nil
}

func (a *ipam) allocate(n *api.Node) (string, error) {
	prefix, err := a.podCIDR(n)
	if err != nil {
		return "", err
	}
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
