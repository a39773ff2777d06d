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

// webPods counts the pods of the web Deployment in the store.
func webPods(c *cluster.Cluster) int {
	n := 0
	for _, o := range c.Store().List(api.Pods, "default") {
		if o.GetObjectMeta().Labels["app"] == "web" && o.GetObjectMeta().DeletionTimestamp == nil {
			n++
		}
	}
	return n
}

func webCluster(t *testing.T, replicas string) *cluster.Cluster {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	r := c.Kubectl("kubectl create deployment web --image=nginx --replicas="+replicas, "")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	c.Settle(time.Minute)
	return c
}

// While its watch on pods is broken, the controller manager does not see
// pods go: the ReplicaSet replaces them only once the watch is back, here
// resumed from the last revision it saw (few events, a short break).
func TestABrokenWatchBlindsTheControllersUntilItResumes(t *testing.T) {
	c := webCluster(t, "3")
	out, err := c.Sim([]string{"watch", "break", "pods", "--for", "30s"})
	require.NoError(t, err)
	assert.Regexp(t, `^kube-controller-manager on control-plane-1 lost its watch on pods at revision \d+; it watches again in 30s\n$`, out)
	_, err = c.Sim([]string{"watch", "break", "pods"})
	assert.EqualError(t, err, "kube-controller-manager on control-plane-1 has already lost its watch on pods")

	require.Equal(t, 0, c.Kubectl("kubectl delete pod -l app=web --wait=false", "").ExitCode)
	c.Advance(20 * time.Second)
	assert.Equal(t, 0, webPods(c), "the ReplicaSet's cache still holds the deleted pods")
	list, err := c.Sim([]string{"watch", "list"})
	require.NoError(t, err)
	assert.Contains(t, rowOf(list, "pods"), "broken, back in 10s")

	c.Advance(15 * time.Second)
	assert.Equal(t, 3, webPods(c))
	list, err = c.Sim([]string{"watch", "list", "po"})
	require.NoError(t, err)
	assert.Regexp(t, `^pods +watching +\d+ +resumed 5s ago: \d+ events missed$`, rowOf(list, "pods"))
	assert.Len(t, strings.Split(strings.TrimSpace(list), "\n"), 3, "the leader, the header, pods")
}

// Past the watch cache's reach — more than 100 missed events, older than
// 75 s — the API server answers 410 Gone and the informer relists: the
// pods deleted meanwhile reach the controllers as tombstones, and the
// ReplicaSet controller, unwrapping them, replaces every pod.
func TestAWatchPastTheWatchCacheRelistsWithTombstones(t *testing.T) {
	c := webCluster(t, "60")
	_, err := c.Sim([]string{"watch", "break", "pods", "--for=2m"})
	require.NoError(t, err)
	require.Equal(t, 0, c.Kubectl("kubectl delete pod -l app=web --wait=false", "").ExitCode)
	c.Advance(2*time.Minute + time.Second)
	list, err := c.Sim([]string{"watch", "list"})
	require.NoError(t, err)
	assert.Regexp(t, `^pods +watching +\d+ +relisted 1s ago: 410 Gone, \d{3} events missed$`, rowOf(list, "pods"))
	c.Settle(2 * time.Minute)
	assert.Equal(t, 60, webPods(c))
	r := c.Kubectl("kubectl get deployment web", "")
	assert.Contains(t, r.Stdout, "60/60")
}

func TestSimWatchRefusesWhatItCannotBreak(t *testing.T) {
	c := webCluster(t, "1")
	for args, want := range map[string]string{
		"break":                 "usage: sim watch list [RESOURCE] | break RESOURCE [--for DURATION]",
		"break widgets":         `the server doesn't have a resource type "widgets"`,
		"break events":          "kube-controller-manager on control-plane-1 does not watch events: no controller it runs reads them",
		"break pods --for soon": `--for takes a duration such as 30s or 2m: time: invalid duration "soon"`,
		"break pods --for 2h":   "--for must be between 0s and 1h, not 2h0m0s",
		"break pods nodes":      "usage: sim watch list [RESOURCE] | break RESOURCE [--for DURATION]",
		"mend pods":             `unknown command "mend"; usage: sim watch list [RESOURCE] | break RESOURCE [--for DURATION]`,
	} {
		_, err := c.Sim(append([]string{"watch"}, strings.Fields(args)...))
		assert.EqualError(t, err, want, args)
	}
}
