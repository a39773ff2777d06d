package cluster_test

import (
	"fmt"
	"github.com/kubeloop/kubeloop/core/examples"
	"strings"
	"testing"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// nodesFor is the benchmark's node count: max(3, ⌈N/110⌉), as the peer's.
func nodesFor(n int) int { return max(3, (n+109)/110) }

func readyPods(c *cluster.Cluster, image string) int {
	ready := 0
	for _, o := range c.Store().List(api.Pods, "default") {
		p := o.(*api.Pod)
		if api.IsPodActive(p) && api.IsPodReady(p) && p.Spec.Containers[0].Image == image {
			ready++
		}
	}
	return ready
}

// BenchmarkDeploymentReady: apply a Deployment of N replicas and run the
// loop until all N pods are Running and Ready.
func BenchmarkDeploymentReady(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), Nodes: nodesFor(n)})
				if _, err := c.Apply(examples.BenchDeployment(n, "bench:1.0")); err != nil {
					b.Fatal(err)
				}
				if settled, _ := c.Settle(0); !settled || readyPods(c, "bench:1.0") != n {
					b.Fatalf("not ready: %d of %d", readyPods(c, "bench:1.0"), n)
				}
			}
		})
	}
}

// BenchmarkRollingUpdate: from N Ready pods, change the image and run
// until N new pods are Ready and the old ones are gone.
func BenchmarkRollingUpdate(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), Nodes: nodesFor(n)})
				if _, err := c.Apply(examples.BenchDeployment(n, "bench:1.0")); err != nil {
					b.Fatal(err)
				}
				c.Settle(0)
				b.StartTimer()
				if _, err := c.Apply(strings.Replace(examples.BenchDeployment(n, "bench:1.0"), "bench:1.0", "bench:2.0", 1)); err != nil {
					b.Fatal(err)
				}
				// The Deployment's namespace: kube-system has the cluster's own pods.
				if settled, _ := c.Settle(0); !settled || readyPods(c, "bench:2.0") != n || len(c.Store().List(api.Pods, "default")) != n {
					b.Fatalf("rollout incomplete: %d new ready, %d pods", readyPods(c, "bench:2.0"), len(c.Store().List(api.Pods, "default")))
				}
			}
		})
	}
}

// BenchmarkSuccessiveRollouts: ten image changes in a row on 100 replicas,
// each run to completion, with revisionHistoryLimit 2 so every rollout
// also deletes an old ReplicaSet.
func BenchmarkSuccessiveRollouts(b *testing.B) {
	const n = 100
	base := strings.Replace(examples.BenchDeployment(n, "bench:1.0"), "spec:\n  replicas:", "spec:\n  revisionHistoryLimit: 2\n  replicas:", 1)
	for b.Loop() {
		c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), Nodes: nodesFor(n)})
		for i := 0; i <= 10; i++ {
			image := [2]string{"bench:1.0", "bench:2.0"}[i%2]
			// Alternating images would re-use an old ReplicaSet; an
			// annotation change makes every rollout a new revision.
			manifest := strings.Replace(base, "bench:1.0", image, 1)
			manifest = strings.Replace(manifest, "        app: bench\n    spec:", fmt.Sprintf("        app: bench\n      annotations:\n        rollout: \"%d\"\n    spec:", i), 1)
			if _, err := c.Apply(manifest); err != nil {
				b.Fatal(err)
			}
			if settled, _ := c.Settle(0); !settled || readyPods(c, image) != n {
				b.Fatalf("rollout %d incomplete", i)
			}
		}
		if rs := len(c.Store().List(api.ReplicaSets, "default")); rs != 3 {
			b.Fatalf("history cleanup: %d ReplicaSets, want 3 (current + 2 old)", rs)
		}
	}
}
