package cluster

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/controller"
)

// Upstream is one controller of kube-controller-manager v1.32 as its
// --controllers help lists it ("All controllers: …"): the canonical name
// (since v1.28 every name ends in "-controller") and the older name still
// accepted as an alias.
type Upstream struct {
	Name, Alias string
}

// KubeControllerManagerV132 is `kube-controller-manager --help`'s list of
// every controller in v1.32, in its (alphabetical) order. bootstrap-signer,
// selinux-warning and token-cleaner are disabled by default upstream; the cloud ones run
// only with a cloud provider.
var KubeControllerManagerV132 = []Upstream{
	{"bootstrap-signer-controller", "bootstrapsigner"},
	{"certificatesigningrequest-approving-controller", "csrapproving"},
	{"certificatesigningrequest-cleaner-controller", "csrcleaner"},
	{"certificatesigningrequest-signing-controller", "csrsigning"},
	{"cloud-node-lifecycle-controller", "cloud-node-lifecycle"},
	{"clusterrole-aggregation-controller", "clusterrole-aggregation"},
	{"cronjob-controller", "cronjob"},
	{"daemonset-controller", "daemonset"},
	{"deployment-controller", "deployment"},
	{"disruption-controller", "disruption"},
	{"endpoints-controller", "endpoint"},
	{"endpointslice-controller", "endpointslice"},
	{"endpointslice-mirroring-controller", "endpointslicemirroring"},
	{"ephemeral-volume-controller", "ephemeral-volume"},
	{"garbage-collector-controller", "garbagecollector"},
	{"horizontal-pod-autoscaler-controller", "horizontalpodautoscaling"},
	{"job-controller", "job"},
	{"kube-apiserver-serving-clustertrustbundle-publisher-controller", ""},
	{"legacy-serviceaccount-token-cleaner-controller", "legacy-service-account-token-cleaner"},
	{"namespace-controller", "namespace"},
	{"node-ipam-controller", "nodeipam"},
	{"node-lifecycle-controller", "nodelifecycle"},
	{"node-route-controller", "route"},
	{"persistentvolume-attach-detach-controller", "attachdetach"},
	{"persistentvolume-binder-controller", "persistentvolume-binder"},
	{"persistentvolume-expander-controller", "persistentvolume-expander"},
	{"persistentvolume-protection-controller", "pv-protection"},
	{"persistentvolumeclaim-protection-controller", "pvc-protection"},
	{"pod-garbage-collector-controller", "podgc"},
	{"replicaset-controller", "replicaset"},
	{"replicationcontroller-controller", "replicationcontroller"},
	{"resourceclaim-controller", ""},
	{"resourcequota-controller", "resourcequota"},
	{"root-ca-certificate-publisher-controller", "root-ca-cert-publisher"},
	{"selinux-warning-controller", ""},
	{"service-cidr-controller", ""},
	{"service-lb-controller", "service"},
	{"serviceaccount-controller", "serviceaccount"},
	{"serviceaccount-token-controller", "serviceaccount-token"},
	{"statefulset-controller", "statefulset"},
	{"storage-version-migrator-controller", ""},
	{"storageversion-garbage-collector-controller", "storage-version-gc"},
	{"taint-eviction-controller", ""},
	{"token-cleaner-controller", "tokencleaner"},
	{"ttl-after-finished-controller", "ttl-after-finished"},
	{"ttl-controller", "ttl"},
	{"validatingadmissionpolicy-status-controller", ""},
	{"volumeattributesclass-protection-controller", ""},
}

// UpstreamName is the canonical v1.32 name for name, which may be the
// canonical name, the alias, or the canonical name without "-controller";
// "" when kube-controller-manager has no such controller.
func UpstreamName(name string) string {
	for _, u := range KubeControllerManagerV132 {
		if name == u.Name || (u.Alias != "" && name == u.Alias) || name == strings.TrimSuffix(u.Name, "-controller") {
			return u.Name
		}
	}
	return ""
}

func why(en, zh string) controller.Text { return controller.Text{En: en, Zh: zh} }

var (
	noCloud = why("Needs a cloud provider (load balancers, routes, cloud VMs); the sandbox is a kind-like cluster without one.",
		"需要云服务商（负载均衡器、路由、云主机）；沙盒是没有云服务商的类 kind 集群。")
)

// NotSimulated is every controller of kube-controller-manager v1.32 the
// sandbox does not run, with the reason.
var NotSimulated = map[string]controller.Text{
	"cloud-node-lifecycle-controller": noCloud,
	"node-route-controller":           noCloud,
	"service-lb-controller":           noCloud,
	"legacy-serviceaccount-token-cleaner-controller": why("It deletes only auto-generated token Secrets (listed in a ServiceAccount's secrets, made before v1.24) unused for a year; since v1.24 none are generated and the sandbox never generates them (hand-made ones, which serviceaccount-token-controller fills, are never cleaned): nothing to clean.",
		"它只删除自动生成的（列在服务账号 secrets 中、v1.24 之前生成的）且一年未用的令牌 Secret；自 v1.24 起不再自动生成，沙盒也从不生成（手工创建的由 serviceaccount-token-controller 填充，从不被清理）：没有可清理的。"),
	"node-ipam-controller": why("Each node gets its podCIDR (10.244.N.0/24) when it registers (sim node add), the result node IPAM would write; there is no loop to watch.",
		"每个节点注册时（sim node add）就得到 podCIDR（10.244.N.0/24），即 node IPAM 会写的结果；没有需要观察的循环。"),
	"resourceclaim-controller": why("Dynamic resource allocation (ResourceClaims for devices) is beta and off by default in v1.32, and the sandbox has no devices.",
		"动态资源分配（为设备申请的 ResourceClaim）在 v1.32 是 beta 且默认关闭，沙盒也没有设备。"),
	"service-cidr-controller": why("ServiceCIDR and IPAddress are beta and off by default in v1.32; the sandbox's API server allocates ClusterIPs from one fixed range.",
		"ServiceCIDR 和 IPAddress 在 v1.32 是 beta 且默认关闭；沙盒的 API 服务器从一个固定网段分配 ClusterIP。"),
	"kube-apiserver-serving-clustertrustbundle-publisher-controller": why("Publishes the API server's serving CA as a ClusterTrustBundle, an alpha API off by default in v1.32 that the sandbox does not serve.",
		"把 API 服务器的服务端 CA 发布为 ClusterTrustBundle，这是 v1.32 中默认关闭的 alpha API，沙盒不提供它。"),
	"selinux-warning-controller": why("Disabled by default in v1.32 and needs the alpha SELinuxChangePolicy feature: it warns when pods sharing a volume ask for different SELinux labels; the sandbox's nodes have no SELinux.",
		"v1.32 中默认停用，且需要 alpha 特性 SELinuxChangePolicy：共享同一卷的 Pod 要求不同的 SELinux 标签时它会发出警告；沙盒的节点没有 SELinux。"),
	"volumeattributesclass-protection-controller": why("Keeps a VolumeAttributesClass from being deleted while a PVC or PV uses it; the class is a beta API off by default in v1.32, and the sandbox has none.",
		"在有 PVC 或 PV 使用 VolumeAttributesClass 时阻止删除它；该类是 v1.32 中默认关闭的 beta API，沙盒中没有。"),
	"storage-version-migrator-controller": why("Rewrites stored objects when their storage version changes (alpha); the sandbox stores one version of each kind.",
		"在存储版本变化时重写存储的对象（alpha）；沙盒每个类型只存一个版本。"),
	"validatingadmissionpolicy-status-controller": why("Type-checks the CEL of ValidatingAdmissionPolicies; the sandbox has no admission policies.",
		"对 ValidatingAdmissionPolicy 的 CEL 做类型检查；沙盒中没有准入策略。"),
}

// CatalogEntry is one controller of kube-controller-manager as the page
// and the README list it: implemented (with its card) or not (with why).
type CatalogEntry struct {
	Name      string // canonical v1.32 name
	Simulated bool
	Card      controller.Card // when Simulated
	Reason    controller.Text // when not
}

// Catalog lists every controller of kube-controller-manager v1.32 in the
// upstream order (TestCatalog checks that cs.KubeControllerManager and
// NotSimulated cover it exactly).
func (cs Components) Catalog() []CatalogEntry {
	cards := map[string]controller.Card{}
	for _, s := range cs.KubeControllerManager {
		for _, c := range s.Cards {
			cards[UpstreamName(c.Name)] = c
		}
	}
	out := make([]CatalogEntry, 0, len(KubeControllerManagerV132))
	for _, u := range KubeControllerManagerV132 {
		if c, ok := cards[u.Name]; ok {
			out = append(out, CatalogEntry{Name: u.Name, Simulated: true, Card: c})
			continue
		}
		out = append(out, CatalogEntry{Name: u.Name, Reason: NotSimulated[u.Name]})
	}
	return out
}

// CatalogMarkdown is the README's table of controllers (between its
// "controllers:begin" and "controllers:end" markers).
func (cs Components) CatalogMarkdown() string {
	var b strings.Builder
	entries := cs.Catalog()
	n := 0
	for _, e := range entries {
		if e.Simulated {
			n++
		}
	}
	fmt.Fprintf(&b, "%d of the %d controllers of kube-controller-manager v1.32 run in the sandbox.\n\n", n, len(entries))
	b.WriteString("| Controller (`--controllers`) | Status | What it does / why not |\n")
	b.WriteString("|---|---|---|\n")
	for _, e := range entries {
		if e.Simulated {
			fmt.Fprintf(&b, "| `%s` | simulated (`%s`) | %s |\n", e.Name, e.Card.Package, e.Card.Title.En)
		} else {
			fmt.Fprintf(&b, "| `%s` | not simulated | %s |\n", e.Name, e.Reason.En)
		}
	}
	b.WriteString("\nOther components of the sandbox, not in kube-controller-manager:\n\n")
	for _, c := range cs.OtherComponents {
		fmt.Fprintf(&b, "- `%s` (`%s`): %s\n", c.Name, c.Package, c.Title.En)
	}
	return b.String()
}

// ExampleIsCommands tells a card's example of commands (each line
// "kubectl …" or "sim …": the page types them into the terminal) from a
// manifest (the page puts it in the editor).
func ExampleIsCommands(example string) bool {
	return strings.HasPrefix(example, "kubectl ") || strings.HasPrefix(example, "sim ")
}
