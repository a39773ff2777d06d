package cluster

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/dns"
	"github.com/kubeloop/kubeloop/core/ipalloc"
	"github.com/kubeloop/kubeloop/core/vfs"
)

// network is the sandbox's share of the cluster network: the cluster DNS
// server (CoreDNS in a real cluster, here a resolver over the store, not
// pods) and the file trees of running containers and their emptyDirs.
type network struct {
	dns *dns.Resolver
	// containers maps pod uid → container name → its own file tree;
	// emptyDirs pod uid → volume name → the volume's tree. Both go with
	// the pod.
	containers map[string]map[string]*vfs.FS
	emptyDirs  map[string]map[string]*vfs.FS
}

// startNetwork installs the Service allocators in admission and creates
// what a fresh kubeadm cluster has: the `kubernetes` Service (10.96.0.1)
// with the API server's Endpoints and EndpointSlice, and the `kube-dns`
// Service (10.96.0.10) in kube-system. kube-dns has CoreDNS's selector,
// but no CoreDNS pods run: the sandbox answers DNS itself, so its
// endpoints stay empty.
func (c *Cluster) startNetwork() {
	c.net = &network{dns: dns.New(c.store), containers: map[string]map[string]*vfs.FS{}, emptyDirs: map[string]map[string]*vfs.FS{}}
	c.store.AddAdmission(ipalloc.Admission(c.store))
	c.mustCreate(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "kubernetes", Namespace: "default",
			Labels: map[string]string{"component": "apiserver", "provider": "kubernetes"}},
		Spec: api.ServiceSpec{ClusterIP: ipalloc.KubernetesIP,
			Ports: []api.ServicePort{{Name: "https", Port: 443, Protocol: "TCP", TargetPort: api.FromInt(6443)}}},
	})
	c.mustCreate(&api.Endpoints{
		ObjectMeta: api.ObjectMeta{Name: "kubernetes", Namespace: "default",
			Labels: map[string]string{"endpointslice.kubernetes.io/skip-mirror": "true"}},
		Subsets: []api.EndpointSubset{{Addresses: []api.EndpointAddress{{IP: APIServerIP}},
			Ports: []api.EndpointPort{{Name: "https", Port: 6443, Protocol: "TCP"}}}},
	})
	c.mustCreate(&api.EndpointSlice{
		ObjectMeta: api.ObjectMeta{Name: "kubernetes", Namespace: "default",
			Labels: map[string]string{api.LabelServiceName: "kubernetes"}},
		AddressType: "IPv4",
		Endpoints:   []api.Endpoint{{Addresses: []string{APIServerIP}, Conditions: api.EndpointConditions{Ready: api.Ptr(true)}}},
		Ports:       []api.EndpointSlicePort{{Name: api.Ptr("https"), Port: api.Ptr[int32](6443), Protocol: api.Ptr("TCP")}},
	})
	c.mustCreate(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "kube-dns", Namespace: "kube-system",
			Labels:      map[string]string{"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS"},
			Annotations: map[string]string{"prometheus.io/port": "9153", "prometheus.io/scrape": "true"}},
		Spec: api.ServiceSpec{ClusterIP: ipalloc.DNSIP, Selector: map[string]string{"k8s-app": "kube-dns"},
			Ports: []api.ServicePort{
				{Name: "dns", Port: 53, Protocol: "UDP", TargetPort: api.FromInt(53)},
				{Name: "dns-tcp", Port: 53, Protocol: "TCP", TargetPort: api.FromInt(53)},
				{Name: "metrics", Port: 9153, Protocol: "TCP", TargetPort: api.FromInt(9153)},
			}},
	})
}

// APIServerIP is where the `kubernetes` Service's endpoint points: the
// control plane's address on the nodes' network.
const APIServerIP = "172.18.0.1"

// DNSRecord is one name the cluster DNS answers (see core/dns).
type DNSRecord = dns.Record

// DNSRecords lists every name the cluster DNS answers now, with its
// addresses, sorted by name: the page's DNS table.
func (c *Cluster) DNSRecords() []DNSRecord {
	if c.net == nil {
		return nil // built up to its nodes (BuildNodes): no network yet
	}
	return c.net.dns.Records()
}

// DNS is the cluster's DNS server.
func (c *Cluster) DNS() *dns.Resolver { return c.net.dns }
