package cluster_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// kindShaped is a new cluster — kind-shaped, as every cluster is — of
// three workers, a minute old.
func kindShaped(t *testing.T) *cluster.Cluster {
	t.Helper()
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	c.Advance(time.Minute)
	return c
}

func kubectlOK(t *testing.T, c *cluster.Cluster, line string) string {
	t.Helper()
	r := c.Kubectl(line, "")
	require.Equal(t, 0, r.ExitCode, "%s\n%s", line, r.Stderr)
	return r.Stdout
}

func TestKindShapeHasAControlPlaneNodeBesideTheWorkers(t *testing.T) {
	c := kindShaped(t)
	out := kubectlOK(t, c, "kubectl get nodes")
	assert.Regexp(t, `(?m)^control-plane-1\s+Ready\s+control-plane\s`, out)
	assert.Regexp(t, `(?m)^node-3\s+Ready\s+<none>\s`, out)
	assert.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 5, "a header, 1 control-plane node and 3 workers")
	n, err := c.Store().Get(api.Nodes, "", cluster.ControlPlaneNode)
	require.NoError(t, err)
	assert.Equal(t, "node-role.kubernetes.io/control-plane:NoSchedule", n.(*api.Node).Spec.Taints[0].ToString())
	assert.Equal(t, "172.18.0.1", n.(*api.Node).Status.Addresses[0].Address, "the API server's address")
}

func TestKindShapeRunsTheControlPlaneAsMirrorPods(t *testing.T) {
	c := kindShaped(t)
	for _, component := range []string{"etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler"} {
		o, err := c.Store().Get(api.Pods, "kube-system", component+"-control-plane-1")
		require.NoError(t, err, component)
		p := o.(*api.Pod)
		assert.True(t, cluster.IsMirrorPod(p), component)
		assert.Equal(t, api.PodRunning, p.Status.Phase, component)
		assert.Equal(t, cluster.ControlPlaneNode, p.Spec.NodeName, component)
		assert.Equal(t, "system-node-critical", p.Spec.PriorityClassName, component)
		ref := api.ControllerOf(p)
		require.NotNil(t, ref, component)
		assert.Equal(t, "Node", ref.Kind, component)
	}
}

// Resource requests as kind has them: describe node adds them up.
func TestKindShapeControlPlaneNodeAllocatesKindsRequests(t *testing.T) {
	c := kindShaped(t)
	out := kubectlOK(t, c, "kubectl describe node control-plane-1")
	assert.Contains(t, out, "Non-terminated Pods:          (8 in total)")
	// etcd 100m, kube-apiserver 250m, kube-controller-manager 200m,
	// kube-scheduler 100m, kindnet 100m, 2 × CoreDNS 100m (kube-proxy
	// asks for nothing); memory: etcd 100Mi, kindnet 50Mi, 2 × CoreDNS
	// 70Mi, limited to kindnet's 50Mi and 2 × CoreDNS's 170Mi.
	assert.Regexp(t, `(?m)^  cpu\s+950m \(23%\)\s+100m \(2%\)$`, out)
	assert.Regexp(t, `(?m)^  memory\s+290Mi \(3%\)\s+390Mi \(4%\)$`, out)
}

func TestKindShapeRunsCoreDNSBehindKubeDNS(t *testing.T) {
	c := kindShaped(t)
	assert.Regexp(t, `(?m)^coredns\s+2/2\s+2\s+2\s`, kubectlOK(t, c, "kubectl get deployment coredns -n kube-system"))
	pods := kubectlOK(t, c, "kubectl get pods -n kube-system -l k8s-app=kube-dns -o wide")
	ips := regexp.MustCompile(`10\.244\.\d+\.\d+`).FindAllString(pods, -1)
	require.Len(t, ips, 2)
	endpoints := kubectlOK(t, c, "kubectl get endpoints kube-dns -n kube-system")
	for _, ip := range ips {
		assert.Contains(t, endpoints, ip+":53")
	}
}

func TestKindShapeDaemonSetsRunOnEveryNodeIncludingNewOnes(t *testing.T) {
	c := kindShaped(t)
	_, err := c.Sim([]string{"node", "add", "node-4"})
	require.NoError(t, err)
	c.Advance(30 * time.Second)
	out := kubectlOK(t, c, "kubectl get daemonsets -n kube-system")
	assert.Regexp(t, `(?m)^kindnet\s+5\s+5\s+5\s+5\s+5\s`, out)
	assert.Regexp(t, `(?m)^kube-proxy\s+5\s+5\s+5\s+5\s+5\s`, out)
}

// kubectl drain's daemonSetFilter refuses DaemonSet pods unless told to
// ignore them (k8s.io/kubectl/pkg/drain/filters.go), and its
// mirrorPodFilter skips mirror pods without a word.
func TestKindShapeDrainRefusesDaemonSetPodsAndSkipsMirrorPods(t *testing.T) {
	c := kindShaped(t)
	r := c.Kubectl("kubectl drain node-1", "")
	assert.Equal(t, 1, r.ExitCode)
	assert.Regexp(t, `(?m)^cannot delete DaemonSet-managed Pods \(use --ignore-daemonsets to ignore\): kube-system/kindnet-\w{5}, kube-system/kube-proxy-\w{5}$`, r.Stderr)

	r = c.Kubectl("kubectl drain control-plane-1 --ignore-daemonsets", "")
	assert.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.NotContains(t, r.Stdout+r.Stderr, "control-plane-1 evicted")
	assert.Contains(t, r.Stdout, "node/control-plane-1 drained")
	for _, component := range []string{"etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler"} {
		_, err := c.Store().Get(api.Pods, "kube-system", component+"-control-plane-1")
		assert.NoError(t, err, "%s's mirror pod stays", component)
	}
}

func TestKindShapeKeepsWorkloadsOffTheControlPlane(t *testing.T) {
	c := kindShaped(t)
	kubectlOK(t, c, "kubectl create deployment web --image=nginx --replicas=9")
	c.Advance(time.Minute)
	pods := c.Store().List(api.Pods, "default")
	require.Len(t, pods, 9)
	for _, o := range pods {
		assert.NotEqual(t, cluster.ControlPlaneNode, o.(*api.Pod).Spec.NodeName)
	}
}

func TestKindShapeHasTheAPIServersIdentityLease(t *testing.T) {
	c := kindShaped(t)
	out := kubectlOK(t, c, "kubectl get lease -n kube-system")
	assert.Regexp(t, `(?m)^(apiserver-[a-z2-7]{26})\s+apiserver-[a-z2-7]{26}_[0-9a-f-]{36}\s`, out)
	assert.Regexp(t, `(?m)^kube-controller-manager\s+control-plane-1_`, out)
}

func TestKindShapeIsDeterministic(t *testing.T) {
	a, b := kindShaped(t), kindShaped(t)
	line := "kubectl get pods -A -o wide"
	assert.Equal(t, kubectlOK(t, a, line), kubectlOK(t, b, line))
}

// A kind cluster was up before the learner came: its pods run at the first
// command, from images its node image ships with.
func TestKindShapeSystemPodsRunFromTheStart(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	pods := c.Store().List(api.Pods, "kube-system")
	require.Len(t, pods, 4+2+2*4, "4 mirror pods, 2 CoreDNS, kindnet and kube-proxy on 4 nodes")
	for _, o := range pods {
		p := o.(*api.Pod)
		assert.Equal(t, api.PodRunning, p.Status.Phase, p.Name)
		assert.True(t, api.IsPodReady(p), p.Name)
		assert.Equal(t, c.Now(), p.Status.ContainerStatuses[0].State.Running.StartedAt.Time, p.Name)
	}
	events := kubectlOK(t, c, "kubectl get events -n kube-system")
	assert.Contains(t, events, `Container image "registry.k8s.io/etcd:3.5.16-0" already present on machine`)
	assert.NotContains(t, events, "Pulling")
	c.Advance(time.Hour)
	assert.NotContains(t, kubectlOK(t, c, "kubectl get pods -n kube-system"), "CrashLoopBackOff",
		"their commands are servers that run until stopped")
	for _, o := range c.Store().List(api.Pods, "kube-system") {
		assert.Zero(t, o.(*api.Pod).Status.ContainerStatuses[0].RestartCount, o.GetObjectMeta().Name)
	}
}

// A host-network pod shares its node's network namespace: its IP is the
// node's (kubelet's podIPs for hostNetwork pods).
func TestKindShapeHostNetworkPodsHaveTheirNodesIP(t *testing.T) {
	c := kindShaped(t)
	for _, o := range c.Store().List(api.Pods, "kube-system") {
		p := o.(*api.Pod)
		if p.Spec.HostNetwork {
			assert.Equal(t, p.Status.HostIP, p.Status.PodIP, p.Name)
		} else {
			assert.Regexp(t, `^10\.244\.0\.\d+$`, p.Status.PodIP, "%s: CoreDNS runs on the control-plane node, as in kind", p.Name)
		}
	}
}

// The ServiceAccount admission plugin leaves mirror pods alone: no
// serviceAccountName, no token volume (upstream's plugin returns early for
// a pod with the kubernetes.io/config.mirror annotation).
func TestKindShapeMirrorPodsHaveNoServiceAccount(t *testing.T) {
	c := kindShaped(t)
	o, err := c.Store().Get(api.Pods, "kube-system", "etcd-control-plane-1")
	require.NoError(t, err)
	p := o.(*api.Pod)
	assert.Empty(t, p.Spec.ServiceAccountName)
	assert.Empty(t, p.Spec.Volumes)
	assert.Empty(t, p.Spec.Containers[0].VolumeMounts)
	out := kubectlOK(t, c, "kubectl get pods -n kube-system -l k8s-app=kube-dns -o jsonpath={.items[0].spec.serviceAccountName}")
	assert.Equal(t, "coredns", out, "CoreDNS's pods, which are not mirrors, keep theirs")
}

// Deleting a mirror pod does not stop the static pod: the kubelet deletes
// the mirror and creates it again at once, a new object over the same
// running container. The controller manager inside keeps running too, so
// its lease stays with the same holder: no leader failover.
func TestKindShapeADeletedMirrorPodComesBackAtOnce(t *testing.T) {
	c := kindShaped(t)
	name := "kube-controller-manager-control-plane-1"
	get := func() *api.Pod {
		o, err := c.Store().Get(api.Pods, "kube-system", name)
		require.NoError(t, err)
		return o.(*api.Pod)
	}
	before := get()
	holder := kubectlOK(t, c, "kubectl get lease kube-controller-manager -n kube-system -o jsonpath={.spec.holderIdentity}")

	assert.Equal(t, "pod \""+name+"\" deleted\n", kubectlOK(t, c, "kubectl delete pod "+name+" -n kube-system"))
	c.Advance(time.Second)
	after := get()
	assert.NotEqual(t, before.UID, after.UID, "a new mirror pod")
	assert.Nil(t, after.DeletionTimestamp)
	assert.Equal(t, api.PodRunning, after.Status.Phase)
	assert.Equal(t, before.Status.ContainerStatuses[0].ContainerID, after.Status.ContainerStatuses[0].ContainerID, "the same container")
	assert.Equal(t, before.Status.ContainerStatuses[0].State.Running.StartedAt, after.Status.ContainerStatuses[0].State.Running.StartedAt)
	assert.Zero(t, after.Status.ContainerStatuses[0].RestartCount)
	assert.Equal(t, holder, kubectlOK(t, c, "kubectl get lease kube-controller-manager -n kube-system -o jsonpath={.spec.holderIdentity}"),
		"the controller manager did not stop")
	assert.NotContains(t, kubectlOK(t, c, "kubectl get events -n kube-system --field-selector involvedObject.name="+name), "Killing")

	// Forced, the same.
	kubectlOK(t, c, "kubectl delete pod "+name+" -n kube-system --grace-period=0 --force")
	c.Advance(time.Second)
	assert.Equal(t, api.PodRunning, get().Status.Phase)
}
