package api

// This file holds the networking kinds: Service and Endpoints (core/v1) and
// EndpointSlice (discovery.k8s.io/v1).

// Service gives a set of pods (its selector) one stable name and, unless it
// is headless (clusterIP: None), one stable virtual IP.
type Service struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ServiceSpec   `json:"spec,omitempty"`
	Status     ServiceStatus `json:"status,omitempty"`
}

// ServiceSpec's fields are in upstream's order: a typed Service (kubectl
// create service … -o json) prints in it.
type ServiceSpec struct {
	Ports                         []ServicePort     `json:"ports,omitempty"`
	Selector                      map[string]string `json:"selector,omitempty"`
	ClusterIP                     string            `json:"clusterIP,omitempty"`
	ClusterIPs                    []string          `json:"clusterIPs,omitempty"`
	Type                          string            `json:"type,omitempty"`
	ExternalIPs                   []string          `json:"externalIPs,omitempty"`
	SessionAffinity               string            `json:"sessionAffinity,omitempty"`
	LoadBalancerIP                string            `json:"loadBalancerIP,omitempty"`
	ExternalName                  string            `json:"externalName,omitempty"`
	ExternalTrafficPolicy         string            `json:"externalTrafficPolicy,omitempty"`
	PublishNotReadyAddresses      bool              `json:"publishNotReadyAddresses,omitempty"`
	IPFamilies                    []string          `json:"ipFamilies,omitempty"`
	IPFamilyPolicy                *string           `json:"ipFamilyPolicy,omitempty"`
	AllocateLoadBalancerNodePorts *bool             `json:"allocateLoadBalancerNodePorts,omitempty"`
	InternalTrafficPolicy         *string           `json:"internalTrafficPolicy,omitempty"`
}

type ServicePort struct {
	Name        string      `json:"name,omitempty"`
	Protocol    string      `json:"protocol,omitempty"`
	AppProtocol *string     `json:"appProtocol,omitempty"`
	Port        int32       `json:"port"`
	TargetPort  IntOrString `json:"targetPort,omitempty"`
	NodePort    int32       `json:"nodePort,omitempty"`
}

type ServiceStatus struct {
	LoadBalancer LoadBalancerStatus `json:"loadBalancer,omitempty"`
}

type LoadBalancerStatus struct {
	Ingress []LoadBalancerIngress `json:"ingress,omitempty"`
}

type LoadBalancerIngress struct {
	IP       string `json:"ip,omitempty"`
	Hostname string `json:"hostname,omitempty"`
}

// Service types and the clusterIP of a headless Service.
const (
	ServiceTypeClusterIP    = "ClusterIP"
	ServiceTypeNodePort     = "NodePort"
	ServiceTypeLoadBalancer = "LoadBalancer"
	ServiceTypeExternalName = "ExternalName"
	ClusterIPNone           = "None"
)

// IsHeadless reports a Service without a virtual IP: DNS answers with its
// endpoints' addresses instead.
func (s *Service) IsHeadless() bool { return s.Spec.ClusterIP == ClusterIPNone }

// Endpoints lists the addresses behind a Service (core/v1, the older API
// the endpoints controller still writes; kubectl get endpoints).
type Endpoints struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Subsets    []EndpointSubset `json:"subsets,omitempty"`
}

type EndpointSubset struct {
	Addresses         []EndpointAddress `json:"addresses,omitempty"`
	NotReadyAddresses []EndpointAddress `json:"notReadyAddresses,omitempty"`
	Ports             []EndpointPort    `json:"ports,omitempty"`
}

type EndpointAddress struct {
	IP        string           `json:"ip"`
	Hostname  string           `json:"hostname,omitempty"`
	NodeName  *string          `json:"nodeName,omitempty"`
	TargetRef *ObjectReference `json:"targetRef,omitempty"`
}

type EndpointPort struct {
	Name        string  `json:"name,omitempty"`
	Port        int32   `json:"port"`
	Protocol    string  `json:"protocol,omitempty"`
	AppProtocol *string `json:"appProtocol,omitempty"`
}

// EndpointSlice is the discovery.k8s.io/v1 successor of Endpoints: a
// Service's endpoints in slices, each with its own ready/serving/terminating
// conditions. kube-proxy and CoreDNS read these.
type EndpointSlice struct {
	TypeMeta    `json:",inline"`
	ObjectMeta  `json:"metadata,omitempty"`
	AddressType string              `json:"addressType"`
	Endpoints   []Endpoint          `json:"endpoints"`
	Ports       []EndpointSlicePort `json:"ports"`
}

type Endpoint struct {
	Addresses  []string           `json:"addresses"`
	Conditions EndpointConditions `json:"conditions,omitempty"`
	Hostname   *string            `json:"hostname,omitempty"`
	TargetRef  *ObjectReference   `json:"targetRef,omitempty"`
	NodeName   *string            `json:"nodeName,omitempty"`
	Zone       *string            `json:"zone,omitempty"`
}

type EndpointConditions struct {
	Ready       *bool `json:"ready,omitempty"`
	Serving     *bool `json:"serving,omitempty"`
	Terminating *bool `json:"terminating,omitempty"`
}

type EndpointSlicePort struct {
	Name        *string `json:"name,omitempty"`
	Protocol    *string `json:"protocol,omitempty"`
	Port        *int32  `json:"port,omitempty"`
	AppProtocol *string `json:"appProtocol,omitempty"`
}

// Labels the EndpointSlice controller puts on the slices it manages.
const (
	LabelServiceName   = "kubernetes.io/service-name"
	LabelManagedBy     = "endpointslice.kubernetes.io/managed-by"
	EndpointSliceOwner = "endpointslice-controller.k8s.io"
)
