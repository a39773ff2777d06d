package scenario

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

const daemonSetManifest = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: kube-system
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

// Under random node failures, recoveries, additions and deletions — and
// template changes that roll the DaemonSet — at every step of the loop no
// node ever has two daemon pods (terminating ones included), and once the
// nodes are healthy and quiet again every node has exactly one, on the
// newest template.
func TestAtMostOneDaemonPodPerNodeUnderNodeChurn(t *testing.T) {
	seeds := uint64(8)
	if runtime.GOOS == "js" {
		seeds = 2 // Node runs it several times slower; the logic is the same
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
			_, err := c.Apply(fmt.Sprintf(daemonSetManifest, "nginx:1.25"))
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(seed, 42))
			failed := map[string]bool{}
			added := 3
			image := 0
			check := func(when string) {
				perNode := map[string][]string{}
				for _, o := range c.Store().List(api.Pods, "kube-system") {
					p := o.(*api.Pod)
					if p.Labels["name"] != "agent" {
						continue
					}
					if node := api.TargetNodeName(p); node != "" {
						perNode[node] = append(perNode[node], p.Name)
					}
				}
				for node, pods := range perNode {
					require.LessOrEqual(t, len(pods), 1, "%s: node %s has daemon pods %v", when, node, pods)
				}
			}
			for round := 0; round < 30; round++ {
				nodes := workers(c)
				switch op := rng.IntN(6); {
				case op == 0 && len(nodes) > 0:
					n := nodes[rng.IntN(len(nodes))]
					if !failed[n] {
						_, err = c.Sim([]string{"node", "fail", n})
						require.NoError(t, err)
						failed[n] = true
					}
				case op == 1:
					for n := range failed {
						_, err = c.Sim([]string{"node", "recover", n})
						require.NoError(t, err)
						delete(failed, n)
						break
					}
				case op == 2 && len(nodes) < 7:
					added++
					_, err = c.Sim([]string{"node", "add", fmt.Sprintf("node-%d", added)})
					require.NoError(t, err)
				case op == 3 && len(nodes) > 1:
					n := nodes[rng.IntN(len(nodes))]
					_, err = c.Sim([]string{"node", "delete", n})
					require.NoError(t, err)
					delete(failed, n)
				case op == 4:
					image = 1 - image
					_, err = c.Apply(fmt.Sprintf(daemonSetManifest, []string{"nginx:1.25", "nginx:1.26"}[image]))
					require.NoError(t, err)
				}
				deadline := c.Now().Add(time.Duration(5+rng.IntN(90)) * time.Second)
				for {
					next, ok := c.Clock().Next()
					if !ok || next.After(deadline) {
						break
					}
					c.Step()
					check(fmt.Sprintf("round %d at %s", round, c.Now().Format(time.TimeOnly)))
				}
			}
			for n := range failed {
				_, err = c.Sim([]string{"node", "recover", n})
				require.NoError(t, err)
			}
			end := c.Now().Add(10 * time.Minute)
			for c.Clock().Busy() && c.Now().Before(end) {
				c.Step()
				check("settling")
			}
			settled, _ := c.Settle(10 * time.Minute)
			require.True(t, settled)
			check("settled")

			ds, err := c.Store().Get(api.DaemonSets, "kube-system", "agent")
			require.NoError(t, err)
			st := ds.(*api.DaemonSet).Status
			nodes := workers(c)
			require.Equal(t, int32(len(nodes)), st.DesiredNumberScheduled, "every worker is healthy again (the agent does not tolerate the control plane's taint)")
			require.Equal(t, st.DesiredNumberScheduled, st.CurrentNumberScheduled)
			require.Equal(t, st.DesiredNumberScheduled, st.UpdatedNumberScheduled)
			require.Equal(t, st.DesiredNumberScheduled, st.NumberAvailable)
			require.Zero(t, st.NumberMisscheduled)
		})
	}
}

// workers are the nodes the churn works on: all but the control-plane node.
func workers(c *cluster.Cluster) []string {
	return slices.DeleteFunc(c.NodeNames(), func(n string) bool { return n == cluster.ControlPlaneNode })
}
