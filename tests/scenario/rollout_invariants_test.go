package scenario

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

func deploymentWith(replicas int, surge, unavailable string) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: %d
  strategy:
    rollingUpdate:
      maxSurge: %s
      maxUnavailable: %s
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
`, replicas, surge, unavailable)
}

// resolve is the fencepost rule of UPSTREAM.md, written out independently
// of the controller: surge rounds up, unavailable rounds down, both 0 → 1.
func resolve(replicas int, surge, unavailable string) (int, int) {
	scale := func(v string, up bool) int {
		if p, ok := strings.CutSuffix(v, "%"); ok {
			var pct int
			fmt.Sscan(p, &pct)
			if up {
				return (pct*replicas + 99) / 100
			}
			return pct * replicas / 100
		}
		var n int
		fmt.Sscan(v, &n)
		return n
	}
	s, u := scale(surge, true), scale(unavailable, false)
	if s == 0 && u == 0 {
		u = 1
	}
	return s, min(u, replicas)
}

// Every combination of replicas 1..20 and several maxSurge/maxUnavailable
// settings: at every step of the loop, never more pods than replicas +
// maxSurge, never fewer available than replicas − maxUnavailable, and the
// rollout always completes. Under GOOS=js, which Node runs several times
// slower, a few sizes: one pod, percentages that round (3), that divide
// (4), and the largest.
func TestRollingUpdateInvariantsAcrossStrategies(t *testing.T) {
	strategies := [][2]string{{"25%", "25%"}, {"1", "0"}, {"0", "1"}, {"2", "1"}, {"50%", "0"}, {"0", "30%"}, {"100%", "100%"}, {"3", "2"}}
	for replicas := 1; replicas <= 20; replicas++ {
		if runtime.GOOS == "js" && !slices.Contains([]int{1, 3, 4, 20}, replicas) {
			continue
		}
		for _, st := range strategies {
			name := fmt.Sprintf("replicas=%d/surge=%s/unavailable=%s", replicas, st[0], st[1])
			t.Run(name, func(t *testing.T) {
				checkRollout(t, replicas, st[0], st[1])
			})
		}
	}
}

func checkRollout(t *testing.T, replicas int, surgeV, unavailV string) {
	c := cluster.New(cluster.Options{Seed: uint64(replicas), Controllers: controllers.All()})
	manifest := deploymentWith(replicas, surgeV, unavailV)
	_, err := c.Apply(manifest)
	require.NoError(t, err)
	settled, _ := c.Settle(0)
	require.True(t, settled)
	_, err = c.Apply(strings.Replace(manifest, "nginx:1.25", "nginx:1.27", 1))
	require.NoError(t, err)

	surge, unavailable := resolve(replicas, surgeV, unavailV)
	for step := 0; c.Clock().Busy(); step++ {
		require.True(t, c.Step())
		active, available := 0, 0
		for _, o := range c.Store().List(api.Pods, "default") {
			p := o.(*api.Pod)
			if api.IsPodActive(p) {
				active++
				if api.IsPodReady(p) {
					available++
				}
			}
		}
		require.LessOrEqual(t, active, replicas+surge, "step %d: pods > replicas + maxSurge (%d)", step, surge)
		require.GreaterOrEqual(t, available, replicas-unavailable, "step %d: available < replicas − maxUnavailable (%d)", step, unavailable)
		require.Less(t, step, 200000, "the rollout must finish")
	}
	ready := 0
	for _, o := range c.Store().List(api.Pods, "default") {
		p := o.(*api.Pod)
		require.Equal(t, "nginx:1.27", p.Spec.Containers[0].Image, "only new pods are left")
		if api.IsPodReady(p) {
			ready++
		}
	}
	require.Equal(t, replicas, ready)
}
