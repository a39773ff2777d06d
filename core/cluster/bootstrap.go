package cluster

import (
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/digest"
)

// This file is what a fresh kind cluster runs besides the learner's work:
// its control-plane node, the control plane's static pods (mirror pods on
// that node), CoreDNS, the kube-proxy and kindnet DaemonSets, and the API
// server's identity Lease. The sandbox's control plane is simulated — the
// store is the API server, controller managers and scheduler are
// processes of their own (controlplane.go) — so these objects are its
// faces in the API, as a learner will meet them in a real cluster:
// `kubectl get pods -n kube-system`, drain's DaemonSet refusal, describe
// node's Non-terminated Pods and allocated resources.
//
// The node is named control-plane-1, not kind's kind-control-plane: the
// sandbox's workers are node-N, and the controller managers' and
// scheduler's identities already name their host control-plane-1, as
// every Lease, lesson and leader-election transcript shows.
//
// The containers carry kubeadm's and kind's commands, which the kubelet's
// process model knows as servers that run until stopped; their images are
// on every node from the start (kind's node image ships them), and the
// kubelet starts what it finds at the cluster's build at once, so a
// learner's first `kubectl get pods -n kube-system` shows them Running.

// ControlPlaneNode is the name of the cluster's control-plane node.
const ControlPlaneNode = "control-plane-1"

// Annotations and labels of a static pod's mirror pod.
const (
	// MirrorPodAnnotation marks a pod the kubelet made from a static pod's
	// manifest: the API server's copy, not the pod itself.
	MirrorPodAnnotation = api.MirrorPodAnnotation
	configSource        = "kubernetes.io/config.source"
	configSeen          = "kubernetes.io/config.seen"
	configHash          = "kubernetes.io/config.hash"
)

// Priorities of the built-in PriorityClasses the system pods name.
const (
	systemNodeCritical    = "system-node-critical"
	systemNodeCriticalPri = 2000001000
	systemClusterCritical = "system-cluster-critical"
	systemClusterCritPri  = 2000000000
)

// staticPod is one manifest in the control-plane node's
// /etc/kubernetes/manifests.
type staticPod struct {
	component, image string
	cpu, memory      string // requests, as kubeadm writes them
	command          []string
}

// staticPods are kubeadm's control plane, in the order kubeadm writes them,
// with the flags of kind's manifests that say what each one is.
var staticPods = []staticPod{
	{component: "etcd", image: api.EtcdImage, cpu: "100m", memory: "100Mi", command: []string{"etcd",
		"--advertise-client-urls=https://172.18.0.1:2379", "--data-dir=/var/lib/etcd",
		"--initial-cluster=" + ControlPlaneNode + "=https://172.18.0.1:2380",
		"--listen-client-urls=https://127.0.0.1:2379,https://172.18.0.1:2379", "--name=" + ControlPlaneNode,
		"--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt"}},
	{component: "kube-apiserver", image: api.ComponentImage("kube-apiserver"), cpu: "250m", command: []string{"kube-apiserver",
		"--advertise-address=172.18.0.1", "--authorization-mode=Node,RBAC", "--enable-admission-plugins=NodeRestriction",
		"--etcd-servers=https://127.0.0.1:2379", "--secure-port=6443",
		"--service-account-issuer=https://kubernetes.default.svc.cluster.local", "--service-cluster-ip-range=10.96.0.0/16"}},
	{component: "kube-controller-manager", image: api.ComponentImage("kube-controller-manager"), cpu: "200m", command: []string{"kube-controller-manager",
		"--allocate-node-cidrs=true", "--cluster-cidr=10.244.0.0/16", "--cluster-name=kind",
		"--controllers=*,bootstrapsigner,tokencleaner", "--kubeconfig=/etc/kubernetes/controller-manager.conf",
		"--leader-elect=true", "--service-cluster-ip-range=10.96.0.0/16", "--use-service-account-credentials=true"}},
	{component: "kube-scheduler", image: api.ComponentImage("kube-scheduler"), cpu: "100m", command: []string{"kube-scheduler",
		"--bind-address=127.0.0.1", "--kubeconfig=/etc/kubernetes/scheduler.conf", "--leader-elect=true"}},
}

// newControlPlaneNode is the kind control-plane node: the node-role label,
// the NoSchedule taint that keeps workloads off, pod CIDR 10.244.0.0/24
// and the API server's address, 172.18.0.1.
func (c *Cluster) newControlPlaneNode(now time.Time) *api.Node {
	return c.buildNode(ControlPlaneNode, 0, now, nodeOptions{controlPlane: true})
}

// startSystem creates the kube-system workloads of a kind cluster. The
// controllers, not started yet, make CoreDNS's and the DaemonSets' pods;
// the kubelet starts the mirror pods.
func (c *Cluster) startSystem() {
	for _, sa := range append(controllerServiceAccounts, "coredns", "kube-proxy", "kindnet") {
		c.mustCreate(&api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: sa, Namespace: "kube-system"}})
	}
	c.mustCreate(apiServerLease(c))
	for _, sp := range staticPods {
		c.mustCreate(c.mirrorPod(sp))
	}
	c.mustCreate(coreDNS())
	c.mustCreate(kubeProxy())
	c.mustCreate(kindnet())
}

// mirrorPod is the API server's copy of static pod sp on the control-plane
// node: named <component>-<node>, owned by the Node, critical to it.
func (c *Cluster) mirrorPod(sp staticPod) *api.Pod {
	node, err := c.store.Get(api.Nodes, "", ControlPlaneNode)
	if err != nil {
		panic("the control-plane node is created first: " + err.Error())
	}
	hash := configHashOf(sp.component)
	requests := api.ResourceList{"cpu": api.MustParseQuantity(sp.cpu)}
	if sp.memory != "" {
		requests["memory"] = api.MustParseQuantity(sp.memory)
	}
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{
			Name: sp.component + "-" + ControlPlaneNode, Namespace: "kube-system",
			Labels: map[string]string{"component": sp.component, "tier": "control-plane"},
			Annotations: map[string]string{
				MirrorPodAnnotation: hash, configHash: hash, configSource: "file",
				configSeen: c.clk.Now().UTC().Format("2006-01-02T15:04:05.000000000Z"),
			},
			OwnerReferences: []api.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: ControlPlaneNode,
				UID: node.GetObjectMeta().UID, Controller: api.Ptr(true)}},
		},
		Spec: api.PodSpec{
			NodeName: ControlPlaneNode, HostNetwork: true, RestartPolicy: "Always", DNSPolicy: "ClusterFirst",
			PriorityClassName: systemNodeCritical, Priority: api.Ptr[int32](systemNodeCriticalPri),
			Tolerations: []api.Toleration{{Operator: "Exists", Effect: "NoExecute"}},
			Containers: []api.Container{{Name: sp.component, Image: sp.image, Command: sp.command, ImagePullPolicy: "IfNotPresent",
				Resources: api.ResourceRequirements{Requests: requests}}},
		},
	}
}

// systemWorkloads are the workloads of kube-system that the cluster itself
// runs (startSystem), by kind and name.
var systemWorkloads = map[string]bool{"Deployment/coredns": true, "DaemonSet/kube-proxy": true, "DaemonSet/kindnet": true}

// IsSystemWorkload reports whether the workload kind/name in namespace is
// one the cluster runs itself (CoreDNS, kube-proxy, kindnet), not one a
// learner made: a learner's DaemonSet in kube-system is the learner's.
func IsSystemWorkload(namespace, kind, name string) bool {
	return namespace == "kube-system" && systemWorkloads[kind+"/"+name]
}

// IsSystemPod reports whether p is one of the cluster's own pods: a mirror
// pod of the control plane, or a pod of a system workload.
func IsSystemPod(p *api.Pod) bool {
	if p.Namespace != "kube-system" {
		return false
	}
	if IsMirrorPod(p) {
		return true
	}
	ref := api.ControllerOf(p)
	switch {
	case ref == nil:
		return false
	case ref.Kind == "ReplicaSet":
		// CoreDNS's ReplicaSets are coredns-<hash>, its pods labelled so.
		return strings.HasPrefix(ref.Name, "coredns-") && p.Labels["k8s-app"] == "kube-dns"
	}
	return IsSystemWorkload(p.Namespace, ref.Kind, ref.Name)
}

// IsMirrorPod reports whether p is a static pod's mirror.
func IsMirrorPod(p *api.Pod) bool {
	_, ok := p.Annotations[MirrorPodAnnotation]
	return ok
}

// configHashOf stands in for the kubelet's hash of a static pod's manifest:
// 32 hex digits, the same for the same manifest.
func configHashOf(component string) string {
	sum := digest.SHA256([]byte("/etc/kubernetes/manifests/" + component + ".yaml"))
	const hex = "0123456789abcdef"
	var b strings.Builder
	for _, x := range sum[:16] {
		b.WriteByte(hex[x>>4])
		b.WriteByte(hex[x&0xf])
	}
	return b.String()
}

// base32Lower is b in RFC 4648 base32, unpadded and in lower case: the
// alphabet is written out here, as encoding/base32 would be all of its
// package in the page for this one name.
func base32Lower(b []byte) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	var out strings.Builder
	var bits uint64
	n := 0 // bits held
	for _, x := range b {
		bits, n = bits<<8|uint64(x), n+8
		for n >= 5 {
			n -= 5
			out.WriteByte(alphabet[bits>>n&31])
		}
		bits &= 1<<n - 1
	}
	if n > 0 {
		out.WriteByte(alphabet[bits<<(5-n)&31])
	}
	return out.String()
}

// apiServerLease is the API server's identity Lease (kube-system/
// apiserver-<hash>), which kube-apiserver names after its host as upstream
// does: the base32 of the host's SHA-256, first 16 bytes, lower case.
func apiServerLease(c *Cluster) *api.Lease {
	sum := digest.SHA256([]byte(ControlPlaneNode))
	id := "apiserver-" + base32Lower(sum[:16])
	now := api.NewMicroTime(c.clk.Now())
	return &api.Lease{
		ObjectMeta: api.ObjectMeta{Name: id, Namespace: "kube-system", Labels: map[string]string{
			"apiserver.kubernetes.io/identity": "kube-apiserver", "kubernetes.io/hostname": ControlPlaneNode}},
		Spec: api.LeaseSpec{HolderIdentity: api.Ptr(id + "_" + c.store.NewUID()), LeaseDurationSeconds: api.Ptr[int32](3600),
			AcquireTime: &now, RenewTime: &now},
	}
}

func resources(cpu, memory string) api.ResourceList {
	l := api.ResourceList{}
	if cpu != "" {
		l["cpu"] = api.MustParseQuantity(cpu)
	}
	if memory != "" {
		l["memory"] = api.MustParseQuantity(memory)
	}
	return l
}

// coreDNS is kubeadm's CoreDNS Deployment: two replicas behind kube-dns,
// tolerating the control-plane taint. The sandbox answers DNS itself
// (core/dns); these pods are the endpoints that answer stands for.
//
// In kind, CoreDNS runs on the control-plane node: it is scheduled before
// the workers join. The sandbox's workers exist when its scheduler starts,
// so the template prefers the control-plane node (the one line that is
// not kubeadm's), which gives kind's placement and leaves the workers to
// the learner; cordoned or drained, CoreDNS moves to a worker as kind's
// would.
func coreDNS() *api.Deployment {
	labels := map[string]string{"k8s-app": "kube-dns"}
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "coredns", Namespace: "kube-system", Labels: map[string]string{"k8s-app": "kube-dns"}},
		Spec: api.DeploymentSpec{
			Replicas: api.Ptr[int32](2),
			Selector: &api.LabelSelector{MatchLabels: labels},
			Strategy: api.DeploymentStrategy{Type: "RollingUpdate", RollingUpdate: &api.RollingUpdateDeployment{
				MaxUnavailable: api.Ptr(api.FromInt(1)), MaxSurge: api.Ptr(api.FromString("25%"))}},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec: api.PodSpec{
					ServiceAccountName: "coredns", DNSPolicy: "Default",
					PriorityClassName: systemClusterCritical, Priority: api.Ptr[int32](systemClusterCritPri),
					NodeSelector: map[string]string{"kubernetes.io/os": "linux"},
					Affinity: &api.Affinity{NodeAffinity: &api.NodeAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []api.PreferredSchedulingTerm{{
						Weight: 100, Preference: api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{{
							Key: controlPlaneRole, Operator: "Exists"}}}}}}},
					Tolerations: []api.Toleration{{Key: "CriticalAddonsOnly", Operator: "Exists"},
						{Key: "node-role.kubernetes.io/control-plane", Effect: "NoSchedule"}},
					Containers: []api.Container{{Name: "coredns", Image: api.CoreDNSImage,
						Args: []string{"-conf", "/etc/coredns/Corefile"}, ImagePullPolicy: "IfNotPresent",
						Ports: []api.ContainerPort{{Name: "dns", ContainerPort: 53, Protocol: "UDP"},
							{Name: "dns-tcp", ContainerPort: 53, Protocol: "TCP"}, {Name: "metrics", ContainerPort: 9153, Protocol: "TCP"}},
						Resources: api.ResourceRequirements{Requests: resources("100m", "70Mi"), Limits: resources("", "170Mi")}}},
				},
			},
		},
	}
}

// kubeProxy is kubeadm's kube-proxy DaemonSet: on every node, tolerating
// every taint.
func kubeProxy() *api.DaemonSet {
	labels := map[string]string{"k8s-app": "kube-proxy"}
	return &api.DaemonSet{
		ObjectMeta: api.ObjectMeta{Name: "kube-proxy", Namespace: "kube-system", Labels: labels},
		Spec: api.DaemonSetSpec{
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec: api.PodSpec{
					ServiceAccountName: "kube-proxy", HostNetwork: true,
					PriorityClassName: systemNodeCritical, Priority: api.Ptr[int32](systemNodeCriticalPri),
					NodeSelector: map[string]string{"kubernetes.io/os": "linux"},
					Tolerations:  []api.Toleration{{Operator: "Exists"}},
					Containers: []api.Container{{Name: "kube-proxy", Image: api.ComponentImage("kube-proxy"),
						Command:         []string{"/usr/local/bin/kube-proxy", "--config=/var/lib/kube-proxy/config.conf"},
						ImagePullPolicy: "IfNotPresent"}},
				},
			},
		},
	}
}

// kindnet is kind's CNI DaemonSet: on every node, tolerating NoSchedule
// taints, with kind's requests and limits.
func kindnet() *api.DaemonSet {
	labels := map[string]string{"app": "kindnet"}
	return &api.DaemonSet{
		ObjectMeta: api.ObjectMeta{Name: "kindnet", Namespace: "kube-system",
			Labels: map[string]string{"app": "kindnet", "k8s-app": "kindnet", "tier": "node"}},
		Spec: api.DaemonSetSpec{
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "kindnet", "k8s-app": "kindnet", "tier": "node"}},
				Spec: api.PodSpec{
					ServiceAccountName: "kindnet", HostNetwork: true,
					Tolerations: []api.Toleration{{Operator: "Exists", Effect: "NoSchedule"}},
					Containers: []api.Container{{Name: "kindnet-cni", Image: api.KindnetImage,
						ImagePullPolicy: "IfNotPresent",
						Resources:       api.ResourceRequirements{Requests: resources("100m", "50Mi"), Limits: resources("100m", "50Mi")}}},
				},
			},
		},
	}
}
