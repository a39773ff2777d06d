// Package scenario tests whole-cluster behaviour through the same entry
// points the page and transcripts use, checking invariants at every step
// of the loop rather than only at the end.
package scenario

import (
	"github.com/kubeloop/kubeloop/core/examples"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

const nginxDeployment = examples.NginxDeployment

// podCounts returns the active (not terminating) pods of the deployment,
// how many of them are available, and the images they run.
func podCounts(c *cluster.Cluster) (active, available int, images map[string]int) {
	images = map[string]int{}
	for _, o := range c.Store().List(api.Pods, "default") {
		p := o.(*api.Pod)
		if p.Labels["app"] != "nginx" || !api.IsPodActive(p) {
			continue
		}
		active++
		if api.IsPodReady(p) {
			available++
		}
		images[p.Spec.Containers[0].Image]++
	}
	return active, available, images
}

func mustKubectl(t *testing.T, c *cluster.Cluster, line string) string {
	t.Helper()
	res := c.Kubectl(line, "")
	require.Equal(t, 0, res.ExitCode, "%s\nstdout: %s\nstderr: %s", line, res.Stdout, res.Stderr)
	return res.Stdout
}

func TestRollingUpdateHoldsSurgeAndAvailabilityAtEveryStep(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 7, Controllers: controllers.All()})
	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	settled, _ := c.Settle(0)
	require.True(t, settled)
	active, available, _ := podCounts(c)
	require.Equal(t, 3, active)
	require.Equal(t, 3, available)

	mustKubectl(t, c, "kubectl scale deployment nginx-deployment --replicas=4")
	settled, _ = c.Settle(0)
	require.True(t, settled)
	mustKubectl(t, c, "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1")

	// 4 replicas at 25%/25%: maxSurge rounds up to 1, maxUnavailable down to 1.
	const maxPods, minAvailable = 5, 3
	steps := 0
	for c.Clock().Busy() {
		require.True(t, c.Step())
		steps++
		active, available, _ := podCounts(c)
		require.LessOrEqual(t, active, maxPods, "step %d: more pods than replicas + maxSurge", steps)
		require.GreaterOrEqual(t, available, minAvailable, "step %d: fewer available than replicas − maxUnavailable", steps)
		require.Less(t, steps, 100000, "the rollout must finish")
	}
	active, available, images := podCounts(c)
	assert.Equal(t, 4, active)
	assert.Equal(t, 4, available)
	assert.Equal(t, map[string]int{"nginx:1.9.1": 4}, images)

	var sizes []int32
	for _, o := range c.Store().List(api.ReplicaSets, "default") {
		sizes = append(sizes, *o.(*api.ReplicaSet).Spec.Replicas)
	}
	assert.ElementsMatch(t, []int32{0, 4}, sizes, "the old ReplicaSet is kept at 0 for rollback")
}

// run plays the same inputs on a fresh cluster and returns its history hash.
func run(t *testing.T, seed uint64) string {
	c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	c.Settle(0)
	mustKubectl(t, c, "kubectl scale deployment nginx-deployment --replicas=5")
	c.Advance(3 * time.Second)
	mustKubectl(t, c, "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1")
	c.Settle(0)
	mustKubectl(t, c, "kubectl delete pod "+firstPod(c))
	c.Settle(0)
	return c.HistoryHash()
}

func firstPod(c *cluster.Cluster) string {
	return c.Store().List(api.Pods, "default")[0].GetObjectMeta().Name
}

func TestSameSeedSameHistory(t *testing.T) {
	a, b := run(t, 42), run(t, 42)
	assert.Equal(t, a, b)
	assert.NotEqual(t, a, run(t, 43), "the seed matters: names and scheduling differ")
}

func TestBadInputChangesNothing(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	rev := c.Store().Revision()
	bad := []struct{ name, yaml, want string }{
		{"unknown field", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replica: 3\n", "line 6"},
		{"wrong type", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: three\n", "line 6"},
		{"tab indentation", "apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n", "line 4"},
		{"unsupported kind", "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n", `no matches for kind "Widget"`},
		{"selector mismatch", strings.ReplaceAll(nginxDeployment, "        app: nginx\n    spec", "        app: other\n    spec"), "`selector` does not match template `labels`"},
		{"negative replicas", strings.ReplaceAll(nginxDeployment, "replicas: 3", "replicas: -1"), "spec.replicas: Invalid value: -1: must be greater than or equal to 0"},
		{"second document invalid", nginxDeployment + "---\n" + strings.ReplaceAll(strings.ReplaceAll(nginxDeployment, "replicas: 3", "replicas: -1"), "name: nginx-deployment", "name: other"), "must be greater than or equal to 0"},
	}
	for _, b := range bad {
		t.Run(b.name, func(t *testing.T) {
			_, err := c.Apply(b.yaml)
			require.Error(t, err)
			assert.Contains(t, err.Error(), b.want)
			assert.Equal(t, rev, c.Store().Revision(), "nothing was written")
		})
	}
}
