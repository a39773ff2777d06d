package cluster

import (
	"encoding/base32"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/digest"
)

// The containers carry no command: the kubelet's process model runs an
// image's own entrypoint, which for these images serves until stopped.
//
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

// ControlPlaneNode is the name of the cluster's control-plane node.
const ControlPlaneNode = "control-plane-1"

// Annotations and labels of a static pod's mirror pod.
const (
	// MirrorPodAnnotation marks a pod the kubelet made from a static pod's
	// manifest: the API server's copy, not the pod itself.
	MirrorPodAnnotation = "kubernetes.io/config.mirror"
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
}

// staticPods are kubeadm's control plane, in the order kubeadm writes them.
var staticPods = []staticPod{
	{component: "etcd", image: "registry.k8s.io/etcd:3.5.16-0", cpu: "100m", memory: "100Mi"},
	{component: "kube-apiserver", image: "registry.k8s.io/kube-apiserver:" + KubernetesVersion, cpu: "250m"},
	{component: "kube-controller-manager", image: "registry.k8s.io/kube-controller-manager:" + KubernetesVersion, cpu: "200m"},
	{component: "kube-scheduler", image: "registry.k8s.io/kube-scheduler:" + KubernetesVersion, cpu: "100m"},
}

// newControlPlaneNode is the kind control-plane node: the node-role label,
// the NoSchedule taint that keeps workloads off, pod CIDR 10.244.0.0/24
// and the API server's address, 172.18.0.1.
func newControlPlaneNode() *api.Node {
	return buildNode(ControlPlaneNode, 0, time.Time{}, nodeOptions{controlPlane: true})
}

// startSystem creates the kube-system workloads of a kind cluster. The
// controllers, not started yet, make CoreDNS's and the DaemonSets' pods;
// the kubelet starts the mirror pods.
func (c *Cluster) startSystem() {
	for _, sa := range []string{"coredns", "kube-proxy", "kindnet"} {
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
	node, err := c.store.Get(api.ResourceFor("nodes"), "", ControlPlaneNode)
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
			Containers: []api.Container{{Name: sp.component, Image: sp.image, ImagePullPolicy: "IfNotPresent",
				Resources: api.ResourceRequirements{Requests: requests}}},
		},
	}
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

// apiServerLease is the API server's identity Lease (kube-system/
// apiserver-<hash>), which kube-apiserver names after its host as upstream
// does: the base32 of the host's SHA-256, first 16 bytes, lower case.
func apiServerLease(c *Cluster) *api.Lease {
	sum := digest.SHA256([]byte(ControlPlaneNode))
	id := "apiserver-" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:16]))
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
					Tolerations: []api.Toleration{{Key: "CriticalAddonsOnly", Operator: "Exists"},
						{Key: "node-role.kubernetes.io/control-plane", Effect: "NoSchedule"}},
					Containers: []api.Container{{Name: "coredns", Image: "registry.k8s.io/coredns/coredns:v1.11.3",
						ImagePullPolicy: "IfNotPresent",
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
					Containers: []api.Container{{Name: "kube-proxy", Image: "registry.k8s.io/kube-proxy:" + KubernetesVersion,
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
					Containers: []api.Container{{Name: "kindnet-cni", Image: "docker.io/kindest/kindnetd:v20241108-5c6d2daf",
						ImagePullPolicy: "IfNotPresent",
						Resources:       api.ResourceRequirements{Requests: resources("100m", "50Mi"), Limits: resources("100m", "50Mi")}}},
				},
			},
		},
	}
}
