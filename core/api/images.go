package api

// The images of a kind cluster's own pods, which kind's node image ships
// with (its build imports them into containerd): every node has them
// before any pull. The cluster's bootstrap runs its system pods from them,
// and the kubelet finds them "already present on machine".
const (
	EtcdImage    = "registry.k8s.io/etcd:3.5.16-0"
	CoreDNSImage = "registry.k8s.io/coredns/coredns:v1.11.3"
	KindnetImage = "docker.io/kindest/kindnetd:v20241108-5c6d2daf"
	PauseImage   = "registry.k8s.io/pause:3.10"
)

// ComponentImage is a Kubernetes component's image (kube-apiserver,
// kube-proxy, …) at the version the nodes run.
func ComponentImage(component string) string {
	return "registry.k8s.io/" + component + ":" + KubernetesVersion
}
