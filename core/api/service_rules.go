package api

import (
	"fmt"
	"net/netip"
)

// This file holds the Service and EndpointSlice defaults and validation
// (ClusterIP and NodePort allocation is admission's: core/ipalloc).

// defaultService fills what the API server fills: type ClusterIP,
// sessionAffinity None, each port's protocol TCP and targetPort = port,
// the single-stack IPv4 family, and the traffic policies.
func defaultService(s *Service) {
	sp := &s.Spec
	if sp.Type == "" {
		sp.Type = ServiceTypeClusterIP
	}
	if sp.SessionAffinity == "" {
		sp.SessionAffinity = "None"
	}
	for i := range sp.Ports {
		p := &sp.Ports[i]
		if p.Protocol == "" {
			p.Protocol = "TCP"
		}
		if !p.TargetPort.IsString && p.TargetPort.IntVal == 0 {
			p.TargetPort = FromInt(p.Port)
		}
	}
	if sp.Type == ServiceTypeExternalName {
		return
	}
	if sp.ClusterIP != "" && len(sp.ClusterIPs) == 0 {
		sp.ClusterIPs = []string{sp.ClusterIP}
	}
	if len(sp.IPFamilies) == 0 {
		sp.IPFamilies = []string{"IPv4"}
	}
	if sp.IPFamilyPolicy == nil {
		sp.IPFamilyPolicy = Ptr("SingleStack")
	}
	if sp.InternalTrafficPolicy == nil {
		sp.InternalTrafficPolicy = Ptr("Cluster")
	}
	if (sp.Type == ServiceTypeNodePort || sp.Type == ServiceTypeLoadBalancer) && sp.ExternalTrafficPolicy == "" {
		sp.ExternalTrafficPolicy = "Cluster"
	}
	if sp.Type == ServiceTypeLoadBalancer && sp.AllocateLoadBalancerNodePorts == nil {
		sp.AllocateLoadBalancerNodePorts = Ptr(true)
	}
}

func defaultEndpointSlice(s *EndpointSlice) {
	for i := range s.Ports {
		if s.Ports[i].Protocol == nil {
			s.Ports[i].Protocol = Ptr("TCP")
		}
	}
}

// validateService checks what the API server checks before allocation.
func validateService(errs *FieldErrors, s *Service, old Object) {
	sp := &s.Spec
	switch sp.Type {
	case ServiceTypeClusterIP, ServiceTypeNodePort, ServiceTypeLoadBalancer, ServiceTypeExternalName:
	default:
		errs.unsupported("spec.type", sp.Type, ServiceTypeClusterIP, ServiceTypeExternalName, ServiceTypeLoadBalancer, ServiceTypeNodePort)
	}
	switch {
	case sp.Type == ServiceTypeExternalName:
		if sp.ExternalName == "" {
			errs.required("spec.externalName", "")
		}
	case len(sp.Ports) == 0 && !s.IsHeadless():
		errs.required("spec.ports", "")
	}
	names := map[string]bool{}
	for i, p := range sp.Ports {
		path := fmt.Sprintf("spec.ports[%d]", i)
		switch {
		case p.Name == "" && len(sp.Ports) > 1:
			errs.required(path+".name", "")
		case p.Name != "" && (len(p.Name) > 15 || !IsDNS1123Label(p.Name)):
			errs.invalid(path+".name", p.Name, "must be no more than 15 characters and contain only lowercase alphanumerics or '-'")
		case p.Name != "" && names[p.Name]:
			*errs = append(*errs, FieldError{Type: "Duplicate value", Field: path + ".name", BadValue: p.Name})
		}
		names[p.Name] = true
		if p.Port < 1 || p.Port > 65535 {
			errs.invalid(path+".port", int64(p.Port), "must be between 1 and 65535, inclusive")
		}
		switch p.Protocol {
		case "TCP", "UDP", "SCTP":
		default:
			errs.unsupported(path+".protocol", p.Protocol, "SCTP", "TCP", "UDP")
		}
		if !p.TargetPort.IsString && (p.TargetPort.IntVal < 1 || p.TargetPort.IntVal > 65535) {
			errs.invalid(path+".targetPort", int64(p.TargetPort.IntVal), "must be between 1 and 65535, inclusive")
		}
		if p.NodePort != 0 && sp.Type == ServiceTypeClusterIP {
			*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: path + ".nodePort", Detail: "may not be used when `type` is 'ClusterIP'"})
		}
	}
	if ip := sp.ClusterIP; ip != "" && ip != ClusterIPNone {
		if _, err := netip.ParseAddr(ip); err != nil {
			errs.invalid("spec.clusterIPs[0]", ip, "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)")
		}
	}
	if s.IsHeadless() && (sp.Type == ServiceTypeNodePort || sp.Type == ServiceTypeLoadBalancer) {
		errs.invalid("spec.clusterIPs[0]", ClusterIPNone, "may not be set to 'None' for LoadBalancer or NodePort services")
	}
	if o, ok := old.(*Service); ok && o.Spec.ClusterIP != "" && sp.ClusterIP != "" && sp.ClusterIP != o.Spec.ClusterIP {
		// An empty clusterIP on update keeps the allocated one (admission
		// copies it), as for `kubectl apply` of a manifest without one.
		errs.invalid("spec.clusterIPs[0]", []string{sp.ClusterIP}, "may not change once set")
	}
}
