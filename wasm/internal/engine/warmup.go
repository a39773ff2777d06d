package engine

import (
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/examples"
)

// The browser compiles each of the wasm's functions the first time it
// runs, and Go builds some of its own tables (a kind's decoder, …) on
// first use: a learner's first apply of the course's Deployment, its
// first update and the first `kubectl describe` were each much slower
// than the next. Once the cluster has started, the worker runs what those
// first actions run — the apply, the controllers' work on it, an update,
// the common kubectl commands — on a throwaway cluster, one short step per
// idle turn (WarmUp.Step), so that this is done in the first idle second
// instead of while a learner waits for an answer.
//
// The engine's own cluster is not touched: the warm-up's cluster has its
// own store, clock and random source, and what the packages share between
// clusters is caches of derived data (decoders, copiers, time zones), so
// the history is the same with or without it.

// warmUpSteps are the warm-up's steps, each a few milliseconds once
// compiled, run in order on the throwaway cluster.
var warmUpSteps = []func(c *cluster.Cluster){
	func(c *cluster.Cluster) { c.Apply(examples.NginxDeployment) },
	func(c *cluster.Cluster) { c.Advance(2 * time.Second) },
	func(c *cluster.Cluster) { c.Advance(2 * time.Second) },
	func(c *cluster.Cluster) { c.Advance(4 * time.Second) },
	func(c *cluster.Cluster) {
		c.Apply(strings.Replace(examples.NginxDeployment, "replicas: 3", "replicas: 4", 1))
	},
	func(c *cluster.Cluster) { c.Kubectl("kubectl get pods -o wide", "") },
	func(c *cluster.Cluster) { c.Kubectl("kubectl describe deployment nginx-deployment", "") },
	func(c *cluster.Cluster) { c.Kubectl("kubectl get all", "") },
	func(c *cluster.Cluster) {
		c.Kubectl("kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1", "")
	},
	func(c *cluster.Cluster) { c.Advance(4 * time.Second) },
	func(c *cluster.Cluster) { c.Advance(8 * time.Second) },
	func(c *cluster.Cluster) { c.Kubectl("kubectl get events", "") },
	func(c *cluster.Cluster) { c.Kubectl("kubectl delete deployment nginx-deployment", "") },
	func(c *cluster.Cluster) { c.Advance(4 * time.Second) },
}

// WarmUp is the warm-up in progress: Done of Steps have run.
type WarmUp struct {
	c     *cluster.Cluster
	Done  int `json:"done"`
	Steps int `json:"steps"`
}

// NewWarmUp is a warm-up not yet begun.
func NewWarmUp() *WarmUp { return &WarmUp{Steps: len(warmUpSteps)} }

// Step runs the next step (the first builds the throwaway cluster) and
// reports whether any is left. A step that panics is not run again.
func (w *WarmUp) Step() (more bool) {
	if w.Done == len(warmUpSteps) {
		return false
	}
	if w.c == nil {
		w.c = cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
		return true
	}
	step := warmUpSteps[w.Done]
	w.Done++
	defer func() {
		if w.Done == len(warmUpSteps) {
			w.c = nil // the throwaway cluster goes to the collector
		}
	}()
	step(w.c)
	return w.Done < len(warmUpSteps)
}
