package cluster_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

const nginx3 = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
`

const agent = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      name: agent
  template:
    metadata:
      labels:
        name: agent
    spec:
      containers:
      - name: agent
        image: %s
`

func node(t *testing.T, c *cluster.Cluster, name string) *api.Node {
	t.Helper()
	o, err := c.Store().Get(api.Nodes, "", name)
	require.NoError(t, err)
	return o.(*api.Node)
}

func ready(n *api.Node) string {
	for _, c := range n.Status.Conditions {
		if c.Type == "Ready" {
			return c.Status
		}
	}
	return ""
}

func podsOn(c *cluster.Cluster, ns, node string) []*api.Pod {
	var out []*api.Pod
	for _, o := range c.Store().List(api.Pods, ns) {
		if p := o.(*api.Pod); p.Spec.NodeName == node {
			out = append(out, p)
		}
	}
	return out
}

// kubeSystemDaemonPods names the cluster's own DaemonSet pods on node as
// kubectl drain lists them: "kube-system/kindnet-…, kube-system/kube-proxy-…".
func kubeSystemDaemonPods(c *cluster.Cluster, node string) string {
	var names []string
	for _, p := range podsOn(c, "kube-system", node) {
		if ref := api.ControllerOf(p); ref != nil && ref.Kind == "DaemonSet" {
			names = append(names, "kube-system/"+p.Name)
		}
	}
	return strings.Join(names, ", ")
}

func kubectl(t *testing.T, c *cluster.Cluster, line string) string {
	t.Helper()
	r := c.Kubectl(line, "")
	return r.Stdout + r.Stderr
}

func TestSimNodeAddRegistersANodeWithTheNextPodCIDRAndALease(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	out, err := c.Sim([]string{"node", "add", "node-4", "--label", "disktype=ssd", "--taint", "dedicated=db:NoSchedule", "--cpu", "8", "--memory", "16Gi"})
	require.NoError(t, err)
	assert.Equal(t, "node/node-4 added (pod CIDR 10.244.4.0/24)\n", out)
	c.RunUntilIdle(0)
	n := node(t, c, "node-4")
	assert.Equal(t, "10.244.4.0/24", n.Spec.PodCIDR)
	assert.Equal(t, "ssd", n.Labels["disktype"])
	assert.Equal(t, []api.Taint{{Key: "dedicated", Value: "db", Effect: "NoSchedule"}}, n.Spec.Taints)
	cpu := n.Status.Allocatable["cpu"]
	assert.Equal(t, int64(8000), cpu.MilliValue())
	assert.Equal(t, api.ConditionTrue, ready(n))
	l, err := c.Store().Get(api.Leases, "kube-node-lease", "node-4")
	require.NoError(t, err)
	assert.Equal(t, "node-4", *l.(*api.Lease).Spec.HolderIdentity)
	assert.Equal(t, int32(40), *l.(*api.Lease).Spec.LeaseDurationSeconds)

	_, err = c.Sim([]string{"node", "add", "cp", "--control-plane"})
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^cp\s+Ready\s+control-plane\s`, kubectl(t, c, "kubectl get nodes"))
	assert.Equal(t, "10.244.5.0/24", node(t, c, "cp").Spec.PodCIDR)
}

func TestLeasesAreRenewedEveryTenSecondsWithoutKeepingTheClusterBusy(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	settled, _ := c.Settle(time.Minute)
	require.True(t, settled)
	start := c.Now()
	c.Advance(35 * time.Second)
	l, err := c.Store().Get(api.Leases, "kube-node-lease", "node-1")
	require.NoError(t, err)
	assert.Equal(t, start.Add(30*time.Second), l.(*api.Lease).Spec.RenewTime.Time)
	settled, took := c.Settle(time.Minute)
	assert.True(t, settled)
	assert.Less(t, took, time.Second, "heartbeats are housekeeping")
}

func TestAFailedNodeIsUnknownAfterTheGracePeriodAndItsPodsAreEvictedAfter300s(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(nginx3)
	require.NoError(t, err)
	c.Settle(time.Minute)
	victim := podsOn(c, "default", "node-2")
	require.Len(t, victim, 1)

	_, err = c.Sim([]string{"node", "fail", "node-2"})
	require.NoError(t, err)
	c.Advance(30 * time.Second)
	assert.Equal(t, api.ConditionTrue, ready(node(t, c, "node-2")), "within the 50 s grace period")
	c.Advance(30 * time.Second)
	n := node(t, c, "node-2")
	assert.Equal(t, api.ConditionUnknown, ready(n))
	for _, cond := range n.Status.Conditions {
		assert.Equal(t, "NodeStatusUnknown", cond.Reason)
		assert.Equal(t, "Kubelet stopped posting node status.", cond.Message)
	}
	var taints []string
	for _, tn := range n.Spec.Taints {
		taints = append(taints, tn.Key+":"+tn.Effect)
	}
	assert.ElementsMatch(t, []string{"node.kubernetes.io/unreachable:NoExecute", "node.kubernetes.io/unreachable:NoSchedule"}, taints)
	assert.Regexp(t, `(?m)^node-2\s+NotReady\s`, kubectl(t, c, "kubectl get nodes"))
	p, _ := c.Store().Get(api.Pods, "default", victim[0].Name)
	assert.False(t, api.IsPodReady(p.(*api.Pod)), "the node lifecycle marks its pods not ready")

	c.Advance(4 * time.Minute)
	p, _ = c.Store().Get(api.Pods, "default", victim[0].Name)
	assert.Nil(t, p.GetObjectMeta().DeletionTimestamp, "tolerated for 300 s")
	c.Advance(2 * time.Minute)
	p, _ = c.Store().Get(api.Pods, "default", victim[0].Name)
	require.NotNil(t, p.GetObjectMeta().DeletionTimestamp, "evicted; it stays Terminating: no kubelet confirms it")
	events := kubectl(t, c, "kubectl get events")
	assert.Contains(t, events, "TaintManagerEviction   pod/"+victim[0].Name+"    Marking for deletion Pod default/"+victim[0].Name)

	_, err = c.Sim([]string{"node", "recover", "node-2"})
	require.NoError(t, err)
	c.Settle(time.Minute)
	n = node(t, c, "node-2")
	assert.Equal(t, api.ConditionTrue, ready(n))
	assert.Empty(t, n.Spec.Taints)
	_, err = c.Store().Get(api.Pods, "default", victim[0].Name)
	assert.True(t, api.IsNotFound(err), "the recovered kubelet finishes the evicted pod")
}

func TestCordonDrainUncordon(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(nginx3)
	require.NoError(t, err)
	_, err = c.Apply(strings.Replace(agent, "%s", "nginx:1.25", 1))
	require.NoError(t, err)
	c.Settle(time.Minute)
	daemon := podsOn(c, "default", "node-1")
	var ds, web string
	for _, p := range daemon {
		if p.Labels["name"] == "agent" {
			ds = p.Name
		} else {
			web = p.Name
		}
	}
	require.NotEmpty(t, ds)
	require.NotEmpty(t, web)

	assert.Equal(t, "node/node-1 cordoned\n", kubectl(t, c, "kubectl cordon node-1"))
	assert.Regexp(t, `(?m)^node-1\s+Ready,SchedulingDisabled\s`, kubectl(t, c, "kubectl get nodes"))
	c.Settle(time.Minute)
	assert.Contains(t, node(t, c, "node-1").Spec.Taints, api.Taint{Key: "node.kubernetes.io/unschedulable", Effect: "NoSchedule"},
		"the node lifecycle taints a cordoned node")

	// The learner's daemon pod and the cluster's own (kindnet, kube-proxy).
	daemons := "default/" + ds + ", " + kubeSystemDaemonPods(c, "node-1")
	require.Regexp(t, `^default/agent-\w+, kube-system/kindnet-\w+, kube-system/kube-proxy-\w+$`, daemons)
	r := c.Kubectl("kubectl drain node-1", "")
	assert.Equal(t, 1, r.ExitCode)
	assert.Equal(t, "node/node-1 already cordoned\n", r.Stdout)
	assert.Equal(t, `error: unable to drain node "node-1" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): `+daemons+`, continuing command...
There are pending nodes to be drained:
 node-1
cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): `+daemons+"\n", r.Stderr)

	r = c.Kubectl("kubectl drain node-1 --ignore-daemonsets", "")
	assert.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Equal(t, "node/node-1 already cordoned\nWarning: ignoring DaemonSet-managed Pods: "+daemons+"\n"+
		"evicting pod default/"+web+"\npod/"+web+" evicted\nnode/node-1 drained\n", r.Interleaved())
	assert.Equal(t, "Warning: ignoring DaemonSet-managed Pods: "+daemons+"\n", r.Stderr, "kubectl warns on stderr")
	c.Settle(time.Minute)
	left := podsOn(c, "default", "node-1")
	require.Len(t, left, 1, "only the daemon pod stays")
	assert.Equal(t, ds, left[0].Name)

	assert.Equal(t, "node/node-1 uncordoned\n", kubectl(t, c, "kubectl uncordon node-1"))
	assert.Equal(t, "node/node-1 already uncordoned\n", kubectl(t, c, "kubectl uncordon node-1"))
	c.Settle(time.Minute)
	assert.Empty(t, node(t, c, "node-1").Spec.Taints)
}

func TestTaintAndUntaint(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	assert.Equal(t, "node/node-1 tainted\n", kubectl(t, c, "kubectl taint nodes node-1 dedicated=db:NoSchedule"))
	assert.Equal(t, "error: node node-1 already has dedicated taint(s) with same effect(s) and --overwrite is false\n",
		kubectl(t, c, "kubectl taint nodes node-1 dedicated=web:NoSchedule"))
	assert.Equal(t, "node/node-1 modified\n", kubectl(t, c, "kubectl taint nodes node-1 dedicated=web:NoSchedule --overwrite"))
	assert.Equal(t, []api.Taint{{Key: "dedicated", Value: "web", Effect: "NoSchedule"}}, node(t, c, "node-1").Spec.Taints)
	assert.Equal(t, "node/node-1 untainted\n", kubectl(t, c, "kubectl taint nodes node-1 dedicated:NoSchedule-"))
	assert.Empty(t, node(t, c, "node-1").Spec.Taints)
	assert.Equal(t, "error: taint \"dedicated:NoSchedule\" not found\n", kubectl(t, c, "kubectl taint nodes node-1 dedicated:NoSchedule-"))
	assert.Equal(t, "node/node-2 labeled\n", kubectl(t, c, "kubectl label nodes node-2 disktype=ssd"))
}

func TestADeletedNodeTakesItsDaemonPodWithIt(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(strings.Replace(agent, "%s", "nginx:1.25", 1))
	require.NoError(t, err)
	c.Settle(time.Minute)
	require.Len(t, podsOn(c, "default", "node-3"), 1)
	_, err = c.Sim([]string{"node", "delete", "node-3"})
	require.NoError(t, err)
	c.Advance(2 * time.Minute)
	assert.Empty(t, podsOn(c, "default", "node-3"))
	assert.Contains(t, kubectl(t, c, "kubectl get ds"), "agent   2         2         2       2            2           <none>")
}

func TestDaemonSetRolloutHistoryAndUndo(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(strings.Replace(agent, "%s", "nginx:1.25", 1))
	require.NoError(t, err)
	c.Settle(time.Minute)
	_, err = c.Apply(strings.Replace(agent, "%s", "nginx:1.26", 1))
	require.NoError(t, err)
	assert.Equal(t, `Waiting for daemon set spec update to be observed...
Waiting for daemon set "agent" rollout to finish: 0 out of 3 new pods have been updated...
Waiting for daemon set "agent" rollout to finish: 1 out of 3 new pods have been updated...
Waiting for daemon set "agent" rollout to finish: 2 out of 3 new pods have been updated...
Waiting for daemon set "agent" rollout to finish: 2 of 3 updated pods are available...
daemon set "agent" successfully rolled out
`, kubectl(t, c, "kubectl rollout status ds/agent"))
	assert.Equal(t, "daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n", kubectl(t, c, "kubectl rollout history daemonset/agent"))
	assert.Equal(t, "daemonset.apps/agent rolled back\n", kubectl(t, c, "kubectl rollout undo daemonset/agent"))
	c.Settle(time.Minute)
	assert.Contains(t, kubectl(t, c, "kubectl get controllerrevision"), "agent-")
	revs := kubectl(t, c, "kubectl rollout history daemonset/agent")
	assert.Equal(t, "daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n\n", revs, "revision 1's template is current again: it becomes 3")
	for _, o := range c.Store().List(api.Pods, "default") {
		assert.Equal(t, "nginx:1.25", o.(*api.Pod).Spec.Containers[0].Image)
	}
	assert.Equal(t, "daemonset.apps/agent skipped rollback (current template already matches revision 3)\n",
		kubectl(t, c, "kubectl rollout undo daemonset/agent --to-revision=3"))
}

// `sim node add` refuses a worker node beyond cluster.MaxNodes (the
// control-plane node is not counted), and says the limit; deleting one
// makes room again.
func TestSimNodeAddRefusesBeyondTheNodeLimit(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), Nodes: cluster.MaxNodes - 1})
	out, err := c.Sim([]string{"node", "add", "node-last"})
	require.NoError(t, err)
	assert.Contains(t, out, "node/node-last added")
	_, err = c.Sim([]string{"node", "add", "node-extra"})
	require.Error(t, err)
	assert.Equal(t, `cannot add node "node-extra": the cluster has 100 worker nodes, and kubeloop simulates at most 100 worker nodes per cluster, besides its control-plane node`, err.Error())
	assert.Len(t, c.NodeNames(), cluster.MaxNodes+1, "the workers and the control-plane node")
	_, err = c.Sim([]string{"node", "delete", "node-last"})
	require.NoError(t, err)
	_, err = c.Sim([]string{"node", "add", "node-extra"})
	require.NoError(t, err)
}

// Found by tests/chaos (seed 44): a node deleted and registered again under
// the same name left the pods still bound to it Pending (or Terminating)
// for ever; and a pod bound to a node before the node joined never
// started. A kubelet that starts now syncs the pods already on its node.
func TestAKubeletThatStartsSyncsThePodsAlreadyOnItsNode(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 44, Controllers: controllers.All()})
	_, err := c.Apply(`apiVersion: v1
kind: Pod
metadata:
  name: pinned
spec:
  nodeName: node-4
  containers:
  - name: web
    image: nginx:1.25
`)
	require.NoError(t, err)
	c.Advance(5 * time.Second)
	_, err = c.Sim([]string{"node", "add", "node-4"})
	require.NoError(t, err)
	settled, _ := c.Settle(0)
	require.True(t, settled)
	o, err := c.Store().Get(api.Pods, "default", "pinned")
	require.NoError(t, err)
	assert.Equal(t, api.PodRunning, o.(*api.Pod).Status.Phase, "the pod bound before its node joined runs once it has")

	_, err = c.Apply(nginx3)
	require.NoError(t, err)
	for _, line := range []string{"node fail node-4", "node fail node-1"} {
		_, err = c.Sim(strings.Fields(line))
		require.NoError(t, err)
	}
	c.Advance(2 * time.Minute)
	for _, line := range []string{"node delete node-1", "node add node-1", "node recover node-4"} {
		_, err = c.Sim(strings.Fields(line))
		require.NoError(t, err)
	}
	settled, _ = c.Settle(30 * time.Minute)
	require.True(t, settled)
	for _, o := range c.Store().List(api.Pods, "default") {
		p := o.(*api.Pod)
		assert.Nil(t, p.DeletionTimestamp, "pod %s on %s is stuck terminating", p.Name, p.Spec.NodeName)
		assert.Equal(t, api.PodRunning, p.Status.Phase, "pod %s on %s", p.Name, p.Spec.NodeName)
	}
}

// Found by tests/chaos (seeds 73, 168): pods left on a deleted node were
// never collected when the controller manager that leads afterwards started
// after the node went (it never saw the node's deletion). PodGC now finds
// such pods as upstream's periodic scan does: bound to a node that is not.
func TestPodGCOfANewLeaderCollectsPodsOfANodeGoneBeforeItStarted(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 73, Controllers: controllers.All()})
	_, err := c.Apply(nginx3)
	require.NoError(t, err)
	settled, _ := c.Settle(0)
	require.True(t, settled)
	for _, line := range []string{"node delete node-1", "controller-manager kill control-plane-1",
		"controller-manager kill control-plane-2", "controller-manager start control-plane-1"} {
		_, err = c.Sim(strings.Fields(line))
		require.NoError(t, err, line)
	}
	settled, _ = c.Settle(30 * time.Minute)
	require.True(t, settled)
	running := 0
	for _, o := range c.Store().List(api.Pods, "default") {
		p := o.(*api.Pod)
		assert.NotEqual(t, "node-1", p.Spec.NodeName, "pod %s is left on the deleted node", p.Name)
		if p.Status.Phase == api.PodRunning {
			running++
		}
	}
	assert.Equal(t, 3, running)
}

// Found by tests/chaos (seeds 1224, 1358, 2050): `sim node recover` then
// `sim settle` returned before the recovered kubelet's first report (a
// housekeeping timer), leaving the node NotReady and tainted, its daemon
// pod missing. The first report after a recovery is work settle waits for.
func TestSettleAfterRecoverWaitsForTheNodeToBeReady(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 2050, Controllers: controllers.All()})
	_, err := c.Sim([]string{"node", "fail", "node-2"})
	require.NoError(t, err)
	c.Advance(2 * time.Minute)
	_, err = c.Apply(fmt.Sprintf(agent, "nginx:1.25"))
	require.NoError(t, err)
	c.Advance(10 * time.Second)
	_, err = c.Sim([]string{"node", "recover", "node-2"})
	require.NoError(t, err)
	settled, _ := c.Settle(0)
	require.True(t, settled)
	o, err := c.Store().Get(api.Nodes, "", "node-2")
	require.NoError(t, err)
	n := o.(*api.Node)
	assert.Empty(t, n.Spec.Taints, "the node's taints are lifted")
	for _, cond := range n.Status.Conditions {
		if cond.Type == "Ready" {
			assert.Equal(t, api.ConditionTrue, cond.Status)
		}
	}
	onNode := 0
	for _, o := range c.Store().List(api.Pods, "default") {
		if p := o.(*api.Pod); p.Spec.NodeName == "node-2" && p.Status.Phase == api.PodRunning {
			onNode++
		}
	}
	assert.Equal(t, 1, onNode, "the learner's daemon pod runs on the recovered node")
}

func TestSimNodeAddRefusesNegativeCapacity(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--cpu", "-5"}, `invalid --cpu "-5": must be greater than or equal to 0`},
		{[]string{"--cpu", "2", "--memory", "-1Gi"}, `invalid --memory "-1Gi": must be greater than or equal to 0`},
		{[]string{"--memory=-1"}, `invalid --memory "-1": must be greater than or equal to 0`},
	} {
		_, err := c.Sim(append([]string{"node", "add", "n1"}, tc.args...))
		require.Error(t, err, "%v", tc.args)
		assert.Equal(t, tc.want, err.Error())
	}
	_, err := c.Store().Get(api.Nodes, "", "n1")
	assert.Error(t, err, "no node was added")
	_, err = c.Sim([]string{"node", "add", "n1", "--cpu", "0", "--memory", "0"})
	assert.NoError(t, err, "zero is a capacity the API server accepts")
}

// A node registers with what a v1.32 kubelet writes (where kwok, the
// oracle's fake kubelet, differs, the real kubelet is followed: kwok puts
// Ready first and leaves the kubelet's port 0): the attach/detach
// annotation, port 10250, the conditions in the kubelet's order, both
// addresses, and nodeInfo with the machine's IDs and kube-proxy's version.
func TestANodeRegistersAsAV132KubeletWritesIt(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Sim([]string{"node", "add", "node-4"})
	require.NoError(t, err)
	c.RunUntilIdle(0)
	n := node(t, c, "node-4")
	assert.Equal(t, "true", n.Annotations["volumes.kubernetes.io/controller-managed-attach-detach"])
	assert.Equal(t, int32(10250), n.Status.DaemonEndpoints.KubeletEndpoint.Port)
	var types []string
	for _, cd := range n.Status.Conditions {
		types = append(types, cd.Type)
	}
	assert.Equal(t, []string{"MemoryPressure", "DiskPressure", "PIDPressure", "Ready"}, types)
	assert.Equal(t, []api.NodeAddress{{Type: "InternalIP", Address: "172.18.0.5"}, {Type: "Hostname", Address: "node-4"}}, n.Status.Addresses)
	info := n.Status.NodeInfo
	assert.Equal(t, "v1.32.13", info.KubeletVersion)
	assert.Equal(t, "v1.32.13", info.KubeProxyVersion)
	assert.Regexp(t, `^[0-9a-f]{32}$`, info.MachineID)
	assert.Regexp(t, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, info.SystemUUID)
	assert.Regexp(t, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, info.BootID)
	other := node(t, c, "node-1").Status.NodeInfo
	assert.NotEqual(t, info.MachineID, other.MachineID, "each kind node has its own machine-id")
	assert.NotEqual(t, info.SystemUUID, other.SystemUUID, "and its own product UUID")
	assert.Equal(t, info.BootID, other.BootID, "but they share the host's kernel, so its boot ID")
	assert.Contains(t, kubectl(t, c, "kubectl get node node-4 -o yaml"), "  daemonEndpoints:\n    kubeletEndpoint:\n      Port: 10250\n")
}
