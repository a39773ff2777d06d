// Package ipalloc gives Services their cluster IPs and node ports, as the
// API server's allocators do when a Service is created: an admission step
// that fills spec.clusterIP(s) and each port's nodePort, or rejects a
// requested one that is taken or out of range with the API server's words.
//
// The allocators keep no state of their own: what is allocated is read
// from the stored Services at each write, so deleting a Service frees its
// IP and ports at once, and a replayed store allocates the same way.
// Random choices come from the simulation's seeded source.
package ipalloc

import (
	"fmt"
	"net/netip"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Ranges of a kubeadm or kind cluster: --service-cluster-ip-range and
// --service-node-port-range.
var (
	ServiceCIDR = netip.MustParsePrefix("10.96.0.0/12")
)

const (
	NodePortMin = 30000
	NodePortMax = 32767
)

// Well-known cluster IPs: the API server's own Service (the first address
// of the range) and cluster DNS (the tenth, kubeadm's default).
const (
	KubernetesIP = "10.96.0.1"
	DNSIP        = "10.96.0.10"
)

// Admission returns the store admission step that allocates for Services.
func Admission(s *store.Store) store.AdmissionFunc {
	return func(op store.Operation, obj, old api.Object) error {
		svc, ok := obj.(*api.Service)
		if !ok {
			return nil
		}
		o, _ := old.(*api.Service)
		return allocate(s, svc, o)
	}
}

func allocate(s *store.Store, svc, old *api.Service) error {
	sp := &svc.Spec
	var errs api.FieldErrors
	if old != nil {
		keepAllocated(svc, old)
	}
	if sp.Type == api.ServiceTypeExternalName {
		sp.ClusterIP, sp.ClusterIPs = "", nil
		return nil
	}
	usedIPs, usedPorts := inUse(s, svc)
	switch {
	case sp.ClusterIP == api.ClusterIPNone:
		sp.ClusterIPs = []string{api.ClusterIPNone}
	case sp.ClusterIP == "":
		ip, err := randomIP(s, usedIPs)
		if err != nil {
			return err
		}
		sp.ClusterIP, sp.ClusterIPs = ip, []string{ip}
	case old == nil || old.Spec.ClusterIP != sp.ClusterIP:
		ip, err := netip.ParseAddr(sp.ClusterIP)
		if err != nil {
			return nil // validation words it
		}
		switch {
		case !inRange(ip):
			errs = append(errs, api.FieldError{Type: api.ErrTypeInvalid, Field: "spec.clusterIPs", BadValue: []string{sp.ClusterIP},
				Detail: fmt.Sprintf("failed to allocate IP %s: the provided IP (%s) is not in the valid range. The range of valid IPs is %s", ip, ip, ServiceCIDR)})
		case usedIPs[ip.String()]:
			errs = append(errs, api.FieldError{Type: api.ErrTypeInvalid, Field: "spec.clusterIPs", BadValue: []string{sp.ClusterIP},
				Detail: fmt.Sprintf("failed to allocate IP %s: provided IP is already allocated", ip)})
		}
		sp.ClusterIPs = []string{sp.ClusterIP}
	}
	if sp.Type == api.ServiceTypeNodePort || sp.Type == api.ServiceTypeLoadBalancer {
		for i := range sp.Ports {
			p := &sp.Ports[i]
			path := fmt.Sprintf("spec.ports[%d].nodePort", i)
			if p.NodePort == 0 {
				n, err := randomPort(s, usedPorts)
				if err != nil {
					return err
				}
				p.NodePort = n
				usedPorts[n] = true
				continue
			}
			if old != nil && hasNodePort(old, p.NodePort) {
				usedPorts[p.NodePort] = true
				continue
			}
			switch {
			case p.NodePort < NodePortMin || p.NodePort > NodePortMax:
				errs = append(errs, api.FieldError{Type: api.ErrTypeInvalid, Field: path, BadValue: int64(p.NodePort),
					Detail: fmt.Sprintf("provided port is not in the valid range. The range of valid ports is %d-%d", NodePortMin, NodePortMax)})
			case usedPorts[p.NodePort]:
				errs = append(errs, api.FieldError{Type: api.ErrTypeInvalid, Field: path, BadValue: int64(p.NodePort),
					Detail: "provided port is already allocated"})
			}
			usedPorts[p.NodePort] = true
		}
	} else {
		for i := range sp.Ports {
			if old != nil {
				sp.Ports[i].NodePort = 0 // no longer a NodePort Service: released
			}
		}
	}
	if len(errs) > 0 {
		return api.NewInvalid("Service", svc.Name, errs)
	}
	return nil
}

// keepAllocated carries the allocated IP and node ports over an update
// that does not mention them (kubectl apply of the original manifest).
func keepAllocated(svc, old *api.Service) {
	sp := &svc.Spec
	if sp.ClusterIP == "" && old.Spec.ClusterIP != "" {
		sp.ClusterIP, sp.ClusterIPs = old.Spec.ClusterIP, append([]string(nil), old.Spec.ClusterIPs...)
	}
	for i := range sp.Ports {
		p := &sp.Ports[i]
		if p.NodePort != 0 {
			continue
		}
		for _, q := range old.Spec.Ports {
			if q.NodePort != 0 && q.Port == p.Port && q.Protocol == p.Protocol {
				p.NodePort = q.NodePort
			}
		}
	}
}

func hasNodePort(s *api.Service, port int32) bool {
	for _, p := range s.Spec.Ports {
		if p.NodePort == port {
			return true
		}
	}
	return false
}

// inUse reads the IPs and node ports every other Service holds.
func inUse(s *store.Store, self *api.Service) (map[string]bool, map[int32]bool) {
	ips, ports := map[string]bool{}, map[int32]bool{}
	for _, o := range s.List(api.Services, "") {
		svc := o.(*api.Service)
		if svc.Namespace == self.Namespace && svc.Name == self.Name {
			continue
		}
		for _, ip := range svc.Spec.ClusterIPs {
			ips[ip] = true
		}
		if svc.Spec.ClusterIP != "" {
			ips[svc.Spec.ClusterIP] = true
		}
		for _, p := range svc.Spec.Ports {
			if p.NodePort != 0 {
				ports[p.NodePort] = true
			}
		}
	}
	return ips, ports
}

func inRange(ip netip.Addr) bool {
	return ServiceCIDR.Contains(ip) && ip != ServiceCIDR.Addr() && ip != broadcast()
}

func broadcast() netip.Addr {
	a := ServiceCIDR.Addr().As4()
	bits := 32 - ServiceCIDR.Bits()
	n := uint32(a[0])<<24 | uint32(a[1])<<16 | uint32(a[2])<<8 | uint32(a[3])
	n |= 1<<bits - 1
	return netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)})
}

// offsetIP is the address offset places after the network address.
func offsetIP(offset uint32) netip.Addr {
	a := ServiceCIDR.Addr().As4()
	n := uint32(a[0])<<24 | uint32(a[1])<<16 | uint32(a[2])<<8 | uint32(a[3])
	n += offset
	return netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)})
}

// randomIP picks a free address at random, as the API server does, from
// the upper part of the range first: the lowest addresses (up to 256) are
// kept for Services that ask for a specific one, such as 10.96.0.10.
func randomIP(s *store.Store, used map[string]bool) (string, error) {
	size := uint32(1)<<(32-ServiceCIDR.Bits()) - 2 // without network and broadcast
	static := min(max(16, size/16), 256)
	r := s.Clock().Rand()
	for try := 0; try < 64; try++ {
		ip := offsetIP(1 + static + uint32(r.IntN(int(size-static))))
		if !used[ip.String()] {
			return ip.String(), nil
		}
	}
	for off := uint32(1); off <= size; off++ {
		if ip := offsetIP(off); !used[ip.String()] {
			return ip.String(), nil
		}
	}
	return "", &api.StatusError{Reason: "InternalError", Message: "Internal error occurred: failed to allocate a serviceIP: range is full"}
}

// randomPort picks a free node port, from above the static band first.
func randomPort(s *store.Store, used map[int32]bool) (int32, error) {
	size := int32(NodePortMax - NodePortMin + 1)
	static := min(max(16, size/32), 128)
	r := s.Clock().Rand()
	for try := 0; try < 64; try++ {
		p := NodePortMin + static + int32(r.IntN(int(size-static)))
		if !used[p] {
			return p, nil
		}
	}
	for p := int32(NodePortMin); p <= NodePortMax; p++ {
		if !used[p] {
			return p, nil
		}
	}
	return 0, &api.StatusError{Reason: "InternalError", Message: "Internal error occurred: failed to allocate a nodePort: range is full"}
}
