// Package bench is kubeloop's end-to-end benchmark scenario, the one
// `make bench` runs natively, as WebAssembly under Node, and against the
// peer simulator (webernetes) with the same N, node count and end
// conditions:
//
//  1. scale-up: apply a Deployment of N replicas (image bench:1.0) and run
//     until N pods of it are Running and Ready;
//  2. rollout: apply it again with image bench:2.0 and run until N new
//     pods are Ready and no old pod is left in the API at all.
//
// The end of each phase is observed the way the peer's harness observes
// it, through a watch on pods (deliveries are tasks on the simulated
// clock), not by scanning the store after every step.
package bench

import (
	"github.com/kubeloop/kubeloop/core/examples"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/store"
)

// Image tags of the two phases, as the peer's harness names them.
const (
	ImageV1 = "bench:1.0"
	ImageV2 = "bench:2.0"
)

// MaxSim bounds each phase in simulated time: a phase that has not ended
// by then failed (it never happens unless something is broken).
const MaxSim = time.Hour

// Nodes is the benchmark's node count: max(3, ⌈N/108⌉), so that no node
// holds more than kubelet's default maxPods of 110 with the two pods every
// node of a kind cluster runs besides (kube-proxy's and kindnet's) — the
// peer's --nodes=auto, on kind's shape.
func Nodes(n int) int {
	const perNode = maxPods - systemPodsPerNode
	return max(3, (n+perNode-1)/perNode)
}

// maxPods is the kubelet's default; systemPodsPerNode are the DaemonSet
// pods of kube-system (kube-proxy, kindnet) on every node.
const (
	maxPods           = 110
	systemPodsPerNode = 2
)

// Scenario is one run: a fresh cluster and a watch that keeps the counts
// the end conditions need.
type Scenario struct {
	N       int
	Cluster *cluster.Cluster
	// pods is each pod's last seen image and readiness.
	pods map[string]podState
	// ready counts live Ready pods per image, present all pods per image.
	ready, present map[string]int
}

type podState struct {
	image string
	ready bool
}

// New builds the cluster (seed 1, Nodes(n) nodes) and starts the watch.
func New(n int) *Scenario {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), Nodes: Nodes(n)})
	s := &Scenario{N: n, Cluster: c, pods: map[string]podState{}, ready: map[string]int{}, present: map[string]int{}}
	st := c.Store()
	if _, err := st.Watch(api.Pods, st.Revision(), "bench watch", s.observe); err != nil {
		panic(err) // watching from the newest revision cannot be Gone
	}
	return s
}

func (s *Scenario) observe(ev store.Event) {
	key := ev.Key
	if old, ok := s.pods[key]; ok {
		s.present[old.image]--
		if old.ready {
			s.ready[old.image]--
		}
		delete(s.pods, key)
	}
	if ev.Type == store.Deleted {
		return
	}
	p := ev.Object.(*api.Pod)
	st := podState{image: p.Spec.Containers[0].Image,
		ready: p.Status.Phase == api.PodRunning && p.DeletionTimestamp == nil && api.IsPodReady(p)}
	s.pods[key] = st
	s.present[st.image]++
	if st.ready {
		s.ready[st.image]++
	}
}

// Phase is what one phase took.
type Phase struct {
	Name string
	Wall time.Duration // host time
	Sim  time.Duration // simulated time
	OK   bool
}

// ScaleUp runs phase 1.
func (s *Scenario) ScaleUp() Phase {
	return s.phase("scale-up", ImageV1, func() bool { return s.ready[ImageV1] >= s.N })
}

// Rollout runs phase 2.
func (s *Scenario) Rollout() Phase {
	return s.phase("rollout", ImageV2, func() bool { return s.ready[ImageV2] >= s.N && s.present[ImageV1] == 0 })
}

func (s *Scenario) phase(name, image string, done func() bool) Phase {
	start, simStart := time.Now(), s.Cluster.Now()
	if _, err := s.Cluster.Apply(examples.BenchDeployment(s.N, image)); err != nil {
		panic(err) // the manifest is fixed and valid
	}
	ok := s.Cluster.RunUntil(done, MaxSim)
	return Phase{Name: name, Wall: time.Since(start), Sim: s.Cluster.Now().Sub(simStart), OK: ok}
}

// Counts reports the live Ready pods and all present pods of an image.
func (s *Scenario) Counts(image string) (ready, present int) { return s.ready[image], s.present[image] }
