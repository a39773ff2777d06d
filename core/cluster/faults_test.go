package cluster_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// rowOf is the line of a kubectl table that starts with name.
func rowOf(table, name string) string {
	for _, line := range strings.Split(table, "\n") {
		if strings.HasPrefix(line, name+" ") {
			return line
		}
	}
	return ""
}

func TestAPartitionedNodeGoesUnknownWhileItsContainersKeepRunning(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(nginx3)
	require.NoError(t, err)
	c.Settle(time.Minute)
	victims := podsOn(c, "default", "node-2")
	require.Len(t, victims, 1)
	victim := victims[0].Name

	out, err := c.Sim([]string{"node", "partition", "node-2"})
	require.NoError(t, err)
	assert.Equal(t, "node/node-2 partitioned: its kubelet cannot reach the API server; its containers keep running\n", out)
	assert.Equal(t, cluster.NodeFault{Partitioned: true}, c.NodeFault("node-2"))
	_, err = c.Sim([]string{"node", "partition", "node-2"})
	assert.EqualError(t, err, `node "node-2" is already partitioned`)

	c.Advance(30 * time.Second)
	assert.Equal(t, api.ConditionTrue, ready(node(t, c, "node-2")), "within the 50 s grace period")
	c.Advance(30 * time.Second)
	n := node(t, c, "node-2")
	assert.Equal(t, api.ConditionUnknown, ready(n))
	for _, cond := range n.Status.Conditions {
		assert.Equal(t, "NodeStatusUnknown", cond.Reason)
		assert.Equal(t, "Kubelet stopped posting node status.", cond.Message)
	}
	assert.Contains(t, n.Spec.Taints, api.Taint{Key: "node.kubernetes.io/unreachable", Effect: "NoSchedule"})
	assert.Contains(t, rowOf(kubectl(t, c, "kubectl get nodes"), "node-2"), "NotReady")
	// What the API server last heard: the pod Running, its container
	// ready — READY counts the containers' statuses, which only the
	// kubelet writes — while the node lifecycle controller set the pod's
	// Ready condition False, as a real cluster's does (MarkPodsNotReady).
	row := rowOf(kubectl(t, c, "kubectl get pods -o wide"), victim)
	assert.Regexp(t, `^`+victim+` +1/1 +Running +0 +\S+ +10\.244\.2\.\d+ +node-2 `, row)
	assert.Regexp(t, `\n  Ready +False *\n`, kubectl(t, c, "kubectl describe pod "+victim))

	c.Advance(5 * time.Minute)
	p, err := c.Store().Get(api.Pods, "default", victim)
	require.NoError(t, err)
	require.NotNil(t, p.GetObjectMeta().DeletionTimestamp, "evicted after the 300 s toleration")
	assert.Contains(t, rowOf(kubectl(t, c, "kubectl get pods -o wide"), victim), "Terminating",
		"no kubelet confirms the deletion: the pod stays Terminating")
	assert.Len(t, c.Store().List(api.Pods, "default"), 4, "the ReplicaSet replaced it elsewhere")

	out, err = c.Sim([]string{"node", "heal", "node-2"})
	require.NoError(t, err)
	assert.Equal(t, "node/node-2 healed: its kubelet reaches the API server again\n", out)
	assert.Equal(t, cluster.NodeFault{}, c.NodeFault("node-2"))
	settled, _ := c.Settle(time.Minute)
	assert.True(t, settled)
	n = node(t, c, "node-2")
	assert.Equal(t, api.ConditionTrue, ready(n))
	assert.Empty(t, n.Spec.Taints)
	_, err = c.Store().Get(api.Pods, "default", victim)
	assert.True(t, api.IsNotFound(err), "the kubelet, back in touch, stops the pod deleted meanwhile")
	_, err = c.Sim([]string{"node", "heal", "node-2"})
	assert.EqualError(t, err, `node "node-2" is not partitioned`)
}

func TestAPodThatToleratesTheDisconnectionKeepsRunningThroughAPartition(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(strings.Replace(agent, "%s", "nginx:1.25", 1))
	require.NoError(t, err)
	c.Settle(time.Minute)
	daemon := podsOn(c, "default", "node-3")
	require.Len(t, daemon, 1)
	started := daemon[0].Status.ContainerStatuses[0].State.Running.StartedAt

	_, err = c.Sim([]string{"node", "partition", "node-3"})
	require.NoError(t, err)
	c.Advance(10 * time.Minute)
	p, err := c.Store().Get(api.Pods, "default", daemon[0].Name)
	require.NoError(t, err)
	assert.Nil(t, p.GetObjectMeta().DeletionTimestamp, "DaemonSet pods tolerate unreachable forever")
	assert.False(t, api.IsPodReady(p.(*api.Pod)))

	_, err = c.Sim([]string{"node", "heal", "node-3"})
	require.NoError(t, err)
	c.Settle(time.Minute)
	p, err = c.Store().Get(api.Pods, "default", daemon[0].Name)
	require.NoError(t, err)
	pod := p.(*api.Pod)
	assert.True(t, api.IsPodReady(pod), "Ready again once the kubelet reports")
	cs := pod.Status.ContainerStatuses[0]
	assert.Equal(t, int32(0), cs.RestartCount, "the container ran all along")
	require.NotNil(t, cs.State.Running)
	assert.Equal(t, started, cs.State.Running.StartedAt)
}

func TestSimHelpListsEveryCommand(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	out, err := c.Sim([]string{"help"})
	require.NoError(t, err)
	for _, name := range cluster.SimCommands() {
		assert.Contains(t, out, "  sim "+name+" ", "sim help lists sim %s", name)
	}
	assert.Contains(t, out, "sim node partition NAME")
	assert.Contains(t, out, "sim node heal NAME")
}

func TestOverviewShowsCordonAndFaults(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	kubectl(t, c, "kubectl cordon node-1")
	_, err := c.Sim([]string{"node", "partition", "node-2"})
	require.NoError(t, err)
	_, err = c.Sim([]string{"node", "fail", "node-3"})
	require.NoError(t, err)
	views := map[string]cluster.NodeView{}
	for _, n := range c.Overview().Nodes {
		views[n.Name] = n
	}
	assert.True(t, views["node-1"].Unschedulable)
	assert.Equal(t, cluster.NodeFault{}, views["node-1"].Fault)
	assert.Equal(t, cluster.NodeFault{Partitioned: true}, views["node-2"].Fault)
	assert.Equal(t, cluster.NodeFault{Failed: true}, views["node-3"].Fault)
}

const soloAndCache = `apiVersion: v1
kind: Pod
metadata:
  name: solo
spec:
  nodeName: node-1
  containers:
  - name: solo
    image: nginx:1.25
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cache
spec:
  replicas: 1
  selector:
    matchLabels:
      app: cache
  template:
    metadata:
      labels:
        app: cache
    spec:
      nodeSelector:
        kubernetes.io/hostname: node-1
      volumes:
      - name: scratch
        emptyDir: {}
      containers:
      - name: cache
        image: nginx:1.25
`

func TestDrainRefusesUnmanagedAndLocalStoragePodsInKubectlsWords(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(soloAndCache)
	require.NoError(t, err)
	c.Settle(time.Minute)
	var cache string
	for _, p := range podsOn(c, "default", "node-1") {
		if p.Labels["app"] == "cache" {
			cache = p.Name
		}
	}
	require.NotEmpty(t, cache)

	r := c.Kubectl("kubectl drain node-1 --ignore-daemonsets", "")
	assert.Equal(t, 1, r.ExitCode)
	assert.Equal(t, "node/node-1 cordoned\n", r.Stdout)
	// kubectl really says "cannot delete cannot delete" for a pod no
	// controller would re-create.
	local := "cannot delete Pods with local storage (use --delete-emptydir-data to override): default/" + cache
	unmanaged := "cannot delete cannot delete Pods that declare no controller (use --force to override): default/solo"
	// The node's errors are one aggregate: bracketed on the "unable to
	// drain" line, one per line at the end (kubectl's checkErr unwraps the
	// aggregate of nodes and prints each error of the node's own).
	assert.Equal(t, `error: unable to drain node "node-1" due to error: [`+local+", "+unmanaged+"], continuing command...\n"+
		"There are pending nodes to be drained:\n node-1\n"+local+"\n"+unmanaged+"\n", r.Stderr)

	r = c.Kubectl("kubectl drain node-1 --ignore-daemonsets --delete-emptydir-data --force", "")
	assert.Equal(t, 0, r.ExitCode, r.Stderr)
	warning := "Warning: ignoring DaemonSet-managed Pods: " + kubeSystemDaemonPods(c, "node-1") +
		"; deleting Pods with local storage: default/" + cache + "; deleting Pods that declare no controller: default/solo\n"
	assert.Equal(t, warning, r.Stderr)
	assert.Equal(t, "node/node-1 already cordoned\n"+warning+
		"evicting pod default/"+cache+"\nevicting pod default/solo\n"+
		"pod/"+cache+" evicted\npod/solo evicted\nnode/node-1 drained\n", r.Interleaved())
}

func TestTaintPutsTheNewTaintFirstAndRejectsAnUnknownEffect(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	kubectl(t, c, "kubectl cordon node-1")
	c.Settle(time.Minute)
	assert.Equal(t, "node/node-1 tainted\n", kubectl(t, c, "kubectl taint nodes node-1 dedicated=lesson:NoSchedule"))
	assert.Equal(t, []api.Taint{{Key: "dedicated", Value: "lesson", Effect: "NoSchedule"},
		{Key: "node.kubernetes.io/unschedulable", Effect: "NoSchedule", TimeAdded: node(t, c, "node-1").Spec.Taints[1].TimeAdded}},
		node(t, c, "node-1").Spec.Taints)
	assert.Equal(t, "node/node-1 untainted\n", kubectl(t, c, "kubectl taint nodes node-1 dedicated=lesson:NoSchedule-"))
	assert.Equal(t, "error: invalid taint effect: Sometimes, unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n",
		kubectl(t, c, "kubectl taint nodes node-1 dedicated=lesson:Sometimes"))
}
