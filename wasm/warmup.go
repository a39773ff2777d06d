//go:build js && wasm

package main

import (
	"strings"
	"time"

	"github.com/hack-pad/safejs"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// The browser compiles each of the wasm's functions the first time it
// runs, and Go builds some of its own tables (a kind's decoder, …) on
// first use: on the served page a learner's first apply of the course's
// Deployment, its first update and the first `kubectl describe` were each
// much slower than the next. Once the page is ready, warmUp runs what
// those first actions run — the apply, the controllers' work on it, an
// update, the common kubectl commands — on a throwaway cluster, one short
// step per timer, so that this is done in the page's first idle second
// instead.
//
// The page's own cluster is not touched: the warm-up's cluster has its own
// store, clock and random source, and what the packages share between
// clusters is caches of derived data (decoders, copiers, time zones), so
// the page's history is the same with or without it
// (TestWarmUpLeavesThePagesClusterAlone checks the page's cluster sees
// none of it). A step may run while a task of the page's cluster is
// paused half-way (pause.go): nothing of that cluster is read or written.

// warmUpSteps are the warm-up's steps, each a few milliseconds once
// compiled, run in order on the throwaway cluster.
var warmUpSteps = []func(c *cluster.Cluster){
	func(c *cluster.Cluster) { c.Apply(courseManifest) },
	func(c *cluster.Cluster) { c.Advance(2 * time.Second) },
	func(c *cluster.Cluster) { c.Advance(2 * time.Second) },
	func(c *cluster.Cluster) { c.Advance(4 * time.Second) },
	func(c *cluster.Cluster) { c.Apply(strings.Replace(courseManifest, "replicas: 3", "replicas: 4", 1)) },
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

// warmUpGapMS is the wait before each step: the page's frames and the
// learner's first clicks come first.
const warmUpGapMS = 50

// warmUp is the warm-up in progress.
type warmUp struct {
	c    *cluster.Cluster
	done int // steps run
	fn   safejs.Func
}

// startWarmUp schedules the warm-up's steps. A step is a passive entry
// point: it leaves a task of the page's cluster paused half-way as it is
// (pause.go), since it does not act on that cluster.
func (a *app) startWarmUp() {
	w := &a.warm
	w.fn = a.passiveFuncOf("warm-up", func(string) any { return nil }, func(safejs.Value, []safejs.Value) any {
		a.warmUpStep()
		return nil
	})
	a.nextWarmUpStep()
}

func (a *app) nextWarmUpStep() {
	w := &a.warm
	if w.done == len(warmUpSteps) {
		w.c = nil // the throwaway cluster goes to the collector
		w.fn.Release()
		return
	}
	a.global.Call("setTimeout", w.fn.Value(), warmUpGapMS)
}

func (a *app) warmUpStep() {
	w := &a.warm
	defer a.nextWarmUpStep()
	if w.c == nil {
		w.c = cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()}) // a turn of its own
		return
	}
	step := warmUpSteps[w.done]
	w.done++ // a step that panics (reported by guard) is not run again
	step(w.c)
}
