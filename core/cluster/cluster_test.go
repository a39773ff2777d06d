package cluster_test

import (
	"errors"
	"fmt"
	"github.com/kubeloop/kubeloop/core/examples"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/store"
)

const nginxDeployment = examples.NginxDeployment

func names(objs []api.Object) []string {
	out := []string{}
	for _, o := range objs {
		out = append(out, o.GetObjectMeta().Name)
	}
	return out
}

// learnerView is a snapshot without the cluster's own workloads
// (kube-system's): what a learner's commands made.
func learnerView(s cluster.Snapshot) cluster.Snapshot {
	s.Pods = slices.DeleteFunc(s.Pods, func(p cluster.PodView) bool { return p.System })
	s.Deployments = slices.DeleteFunc(s.Deployments, func(d cluster.DeploymentView) bool { return d.Namespace == "kube-system" })
	s.ReplicaSets = slices.DeleteFunc(s.ReplicaSets, func(rs cluster.ReplicaSetView) bool { return rs.Namespace == "kube-system" })
	return s
}

func settled(t *testing.T, seed uint64) *cluster.Cluster {
	t.Helper()
	c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	ok, _ := c.Settle(0)
	require.True(t, ok)
	return c
}

func TestNewHasNamespacesAndReadyNodes(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	assert.Equal(t, []string{"default", "kube-node-lease", "kube-public", "kube-system"},
		names(c.Store().List(api.Namespaces, "")))

	nodes := c.Store().List(api.Nodes, "")
	require.Equal(t, []string{"control-plane-1", "node-1", "node-2", "node-3"}, names(nodes))
	for i, o := range nodes {
		n := o.(*api.Node)
		assert.Equal(t, fmt.Sprintf("10.244.%d.0/24", i), n.Spec.PodCIDR, "the control plane's is 10.244.0.0/24")
		assert.Equal(t, []string{n.Spec.PodCIDR}, n.Spec.PodCIDRs)
		assert.Equal(t, n.Name, n.Labels["kubernetes.io/hostname"])
		require.Len(t, n.Status.Conditions, 4, "MemoryPressure, DiskPressure, PIDPressure, Ready")
		assert.Equal(t, "Ready", n.Status.Conditions[3].Type)
		assert.Equal(t, api.ConditionTrue, n.Status.Conditions[3].Status)
		assert.Equal(t, cluster.KubernetesVersion, n.Status.NodeInfo.KubeletVersion)
	}
	snap := learnerView(c.Snapshot())
	require.Len(t, snap.Nodes, 4)
	assert.Equal(t, cluster.NodeView{Name: "control-plane-1", Ready: true, PodCIDR: "10.244.0.0/24",
		Taints: []string{"node-role.kubernetes.io/control-plane:NoSchedule"}, ControlPlane: true}, snap.Nodes[0])
	assert.Equal(t, cluster.NodeView{Name: "node-2", Ready: true, PodCIDR: "10.244.2.0/24"}, snap.Nodes[2])
	assert.False(t, c.Clock().Busy(), "a new cluster is at rest")
}

func TestOptionsNodesSetsTheNodeCount(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), Nodes: 5})
	nodes := c.Store().List(api.Nodes, "")
	require.Len(t, nodes, 6, "5 workers and the control-plane node")
	assert.Equal(t, "node-5", nodes[5].GetObjectMeta().Name)
	assert.Equal(t, "10.244.5.0/24", nodes[5].(*api.Node).Spec.PodCIDR)

	// The pods of a deployment spread over them.
	_, err := c.Apply(strings.Replace(nginxDeployment, "replicas: 3", "replicas: 5", 1))
	require.NoError(t, err)
	ok, _ := c.Settle(0)
	require.True(t, ok)
	used := map[string]bool{}
	for _, p := range learnerView(c.Snapshot()).Pods {
		used[p.Node] = true
	}
	assert.Len(t, used, 5)
}

func TestApplyReportsCreatedUnchangedConfigured(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	lines, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	assert.Equal(t, []string{"deployment.apps/nginx-deployment created"}, lines)

	lines, err = c.Apply(nginxDeployment)
	require.NoError(t, err)
	assert.Equal(t, []string{"deployment.apps/nginx-deployment unchanged"}, lines)

	lines, err = c.Apply(strings.Replace(nginxDeployment, "replicas: 3", "replicas: 4", 1))
	require.NoError(t, err)
	assert.Equal(t, []string{"deployment.apps/nginx-deployment configured"}, lines)
	o, err := c.Store().Get(api.Deployments, "default", "nginx-deployment")
	require.NoError(t, err)
	assert.Equal(t, int32(4), *o.(*api.Deployment).Spec.Replicas)
}

func TestApplyIsAllOrNothing(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	rev := c.Store().Revision()
	second := strings.NewReplacer("name: nginx-deployment", "name: broken", "app: nginx\n  template", "app: other\n  template").
		Replace(nginxDeployment)
	require.Contains(t, second, "app: other", "the second document's selector no longer matches its template")

	_, err := c.Apply(nginxDeployment + "---\n" + second)
	require.Error(t, err)
	var se *api.StatusError
	require.True(t, errors.As(err, &se), "%T: %v", err, err)
	assert.Contains(t, err.Error(), `Deployment "broken" is invalid`)
	assert.Contains(t, err.Error(), "`selector` does not match template `labels`")

	assert.Equal(t, rev, c.Store().Revision(), "nothing was written, not even the valid first document")
	assert.Empty(t, c.Store().List(api.Deployments, "default"))
	assert.False(t, c.Clock().Busy())

	// Bad YAML is refused the same way, with a position.
	_, err = c.Apply(nginxDeployment + "---\nkind: Deployment\napiVersion: apps/v1\nmetadata:\n  name: x\nspec:\n  replicas: three\n")
	require.Error(t, err)
	assert.Regexp(t, `^line 28, column \d+: spec\.replicas`, err.Error())
	assert.Equal(t, rev, c.Store().Revision())
}

func TestSettleSettlesAHealthyDeployment(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	start := c.Now()
	ok, took := c.Settle(0)
	assert.True(t, ok)
	assert.Equal(t, c.Now().Sub(start), took)
	assert.GreaterOrEqual(t, took, 3*time.Second, "a 2s pull and a 1s start")
	assert.Less(t, took, time.Minute)
	assert.False(t, c.Clock().Busy())
	for _, p := range learnerView(c.Snapshot()).Pods {
		assert.Equal(t, "Running", p.Status)
	}
	d := learnerView(c.Snapshot()).Deployments
	require.Len(t, d, 1)
	assert.Equal(t, int32(3), d[0].Available)

	// Settling a settled cluster takes no time.
	ok, took = c.Settle(0)
	assert.True(t, ok)
	assert.Zero(t, took)
}

func TestSettleGivesUpAfterMaxOnAnImageThatCannotBePulled(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(strings.Replace(nginxDeployment, "nginx:1.7.9", "nginx:1.91", 1))
	require.NoError(t, err)
	start := c.Now()
	ok, took := c.Settle(2 * time.Minute)
	assert.False(t, ok, "ImagePullBackOff keeps the cluster busy")
	assert.Equal(t, 2*time.Minute, took)
	assert.Equal(t, start.Add(2*time.Minute), c.Now(), "the clock moved by exactly MAX")
	for _, p := range learnerView(c.Snapshot()).Pods {
		assert.Contains(t, []string{"ErrImagePull", "ImagePullBackOff"}, p.Status)
		assert.False(t, p.Ready)
	}

	// The default MAX is 10 minutes.
	start = c.Now()
	ok, took = c.Settle(0)
	assert.False(t, ok)
	assert.Equal(t, cluster.DefaultSettle, took)
	assert.Equal(t, start.Add(10*time.Minute), c.Now())
}

func TestAdvanceBudgetCarriesOnWhenTheBudgetRunsOut(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	start := c.Now()

	done := c.AdvanceBudget(time.Minute, 3)
	assert.False(t, done)
	assert.True(t, c.Now().Before(start.Add(time.Minute)), "the clock stays at the last task run")
	assert.Empty(t, learnerView(c.Snapshot()).Pods, "three tasks are not enough to create a pod")

	calls := 1
	for !c.AdvanceBudget(start.Add(time.Minute).Sub(c.Now()), 3) {
		calls++
		require.Less(t, calls, 10000)
	}
	assert.Greater(t, calls, 2)
	assert.Equal(t, start.Add(time.Minute), c.Now(), "done: the clock is at the target")
	for _, p := range learnerView(c.Snapshot()).Pods {
		assert.Equal(t, "Running", p.Status)
	}

	// An idle cluster runs only housekeeping (lease renewals every 2 s).
	assert.True(t, c.AdvanceBudget(time.Hour, 100000))
	assert.Equal(t, start.Add(time.Hour+time.Minute), c.Now())
}

func TestStepRunsExactlyOneTask(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	assert.False(t, c.Clock().Busy(), "a cluster at rest has only housekeeping scheduled")

	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	before := c.Trace().Last()
	// First task: the watch event reaches the deployment informer of the
	// leading controller manager (a standby has none), whose handler queues
	// the key. No reconcile has run yet.
	require.True(t, c.Step())
	assert.Empty(t, c.TraceSince(before))
	// Second task: the one reconcile of that key.
	require.True(t, c.Step())
	entries := c.TraceSince(before)
	require.Len(t, entries, 1)
	assert.Equal(t, "deployment", entries[0].Controller)
	assert.Equal(t, "default/nginx-deployment", entries[0].Key)
	assert.Len(t, c.Store().List(api.ReplicaSets, "default"), 1, "that reconcile created the ReplicaSet…")
	assert.Empty(t, c.Store().List(api.Pods, "default"), "…and nothing else has run yet")

	// Each further step adds at most one trace entry.
	for range 50 {
		last := c.Trace().Last()
		require.True(t, c.Step())
		assert.LessOrEqual(t, len(c.TraceSince(last)), 1)
	}
}

func TestSnapshotShowsPodsWithStatusOwnerNodeAndIP(t *testing.T) {
	c := settled(t, 1)
	snap := learnerView(c.Snapshot())
	assert.Equal(t, c.Store().Revision(), snap.Revision)
	assert.Equal(t, c.Now(), snap.Time)

	require.Len(t, snap.ReplicaSets, 1)
	rs := snap.ReplicaSets[0]
	assert.Regexp(t, `^nginx-deployment-[456789bcdf]+$`, rs.Name)
	assert.Equal(t, "nginx-deployment", rs.Owner)
	assert.Equal(t, int32(3), rs.Ready)
	assert.Equal(t, "nginx:1.7.9", rs.Image)
	assert.Equal(t, "1", rs.Revision)

	require.Len(t, snap.Pods, 3)
	for _, p := range snap.Pods {
		assert.True(t, strings.HasPrefix(p.Name, rs.Name+"-"), p.Name)
		assert.Equal(t, "default", p.Namespace)
		assert.Equal(t, "Running", p.Status)
		assert.Equal(t, api.PodRunning, p.Phase)
		assert.True(t, p.Ready)
		assert.Equal(t, "1/1", p.ReadyText)
		assert.Equal(t, rs.Name, p.Owner)
		assert.Equal(t, "ReplicaSet", p.OwnerKind)
		assert.Equal(t, "nginx:1.7.9", p.Image)
		require.Regexp(t, `^node-[123]$`, p.Node)
		n := p.Node[len("node-"):]
		assert.Regexp(t, `^10\.244\.`+n+`\.\d+$`, p.IP, "the IP comes from the pod's node's CIDR")
		assert.False(t, p.Deleting)
		assert.Empty(t, p.Reason)
	}

	require.Len(t, snap.Deployments, 1)
	assert.Equal(t, cluster.DeploymentView{Name: "nginx-deployment", Namespace: "default", Replicas: 3, Ready: 3, Updated: 3,
		Available: 3, Revision: "1"}, snap.Deployments[0])
	reasons := map[string]bool{}
	for _, e := range snap.Events {
		reasons[e.Reason] = true
	}
	for _, r := range []string{"ScalingReplicaSet", "SuccessfulCreate", "Scheduled", "Pulling", "Pulled", "Created", "Started"} {
		assert.True(t, reasons[r], "event %s", r)
	}
}

func TestSnapshotShowsWhyAPodIsPending(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	big := strings.Replace(nginxDeployment, "        ports:", "        resources:\n          requests:\n            cpu: \"8\"\n        ports:", 1)
	_, err := c.Apply(strings.Replace(big, "replicas: 3", "replicas: 1", 1))
	require.NoError(t, err)
	c.Settle(0)
	snap := learnerView(c.Snapshot())
	require.Len(t, snap.Pods, 1)
	assert.Equal(t, "Pending", snap.Pods[0].Status)
	assert.Empty(t, snap.Pods[0].Node)
	assert.Equal(t, "0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. "+
		"preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.", snap.Pods[0].Reason)
}

func TestSnapshotAtAnEarlierRevisionShowsTheStateThen(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	applied := c.Store().Revision()
	ok, _ := c.Settle(0)
	require.True(t, ok)

	// The revision at which the first pod was created.
	events, err := c.Store().Events(0)
	require.NoError(t, err)
	var firstPod int64
	for _, ev := range events {
		if ev.Kind == api.Pods && ev.Type == store.Added && ev.Revision > applied {
			firstPod = ev.Revision
			break
		}
	}
	require.NotZero(t, firstPod)

	then, err := c.SnapshotAt(applied)
	require.NoError(t, err)
	then = learnerView(then)
	assert.Equal(t, applied, then.Revision)
	assert.Empty(t, then.Pods)
	require.Len(t, then.Deployments, 1)
	assert.Zero(t, then.Deployments[0].Ready)

	then, err = c.SnapshotAt(firstPod)
	require.NoError(t, err)
	then = learnerView(then)
	require.Len(t, then.Pods, 1)
	assert.Equal(t, "Pending", then.Pods[0].Status, "just created: not yet scheduled")
	assert.Empty(t, then.Pods[0].Node)

	now := learnerView(c.Snapshot())
	assert.Len(t, now.Pods, 3)
	assert.Less(t, len(then.Pods), len(now.Pods))
}

func TestHistoryHashIsReproducible(t *testing.T) {
	run := func(seed uint64) string {
		c := settled(t, seed)
		res := c.Kubectl("kubectl scale deployment nginx-deployment --replicas=5", "")
		require.Equal(t, 0, res.ExitCode, res.Stderr)
		c.Settle(0)
		return c.HistoryHash()
	}
	a, b := run(1), run(1)
	assert.Regexp(t, `^[0-9a-f]{32}$`, a)
	assert.Equal(t, a, b, "same seed, same inputs, same history")
	assert.NotEqual(t, a, run(2), "another seed names pods differently")

	// A different input changes it too.
	c := settled(t, 1)
	assert.NotEqual(t, a, c.HistoryHash())
}

func TestTraceSinceNamesEveryControllerThatActed(t *testing.T) {
	c := settled(t, 1)
	entries := c.TraceSince(0)
	require.NotEmpty(t, entries)
	seen := map[string]bool{}
	for i, e := range entries {
		seen[e.Controller] = true
		assert.Equal(t, int64(i+1), e.Seq)
		assert.NotEmpty(t, e.Result)
	}
	for _, name := range []string{"deployment", "replicaset", "scheduler", "kubelet"} {
		assert.True(t, seen[name], "no trace entry from %s", name)
	}
	last := c.Trace().Last()
	assert.Empty(t, c.TraceSince(last))
	assert.Equal(t, entries[len(entries)-3:], c.TraceSince(last-3))

	var bind *string
	for _, e := range entries {
		for _, a := range e.Actions {
			if e.Controller == "scheduler" && a.Verb == "bind" {
				bind = &a.Detail
			}
		}
	}
	require.NotNil(t, bind)
	assert.Regexp(t, `^to node-[123]$`, *bind)
}

func TestKubectlRunsAgainstTheCluster(t *testing.T) {
	c := settled(t, 1)
	res := c.Kubectl("kubectl get deployments", "")
	require.Equal(t, 0, res.ExitCode, res.Stderr)
	lines := strings.Split(strings.TrimSpace(res.Stdout), "\n")
	require.Len(t, lines, 2)
	assert.Regexp(t, `^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$`, lines[0])
	assert.Regexp(t, `^nginx-deployment\s+3/3\s+3\s+3\s+\d+s$`, lines[1])

	res = c.Kubectl("kubectl get deployment nope", "")
	assert.Equal(t, 1, res.ExitCode)
	assert.Equal(t, "Error from server (NotFound): deployments.apps \"nope\" not found\n", res.Stderr)
}
