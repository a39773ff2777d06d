// Package ttl is the TTL controller of kube-controller-manager
// (ttl-controller): it sets the annotation node.alpha.kubernetes.io/ttl on
// every node to the number of seconds a kubelet may cache the Secrets and
// ConfigMaps its pods use, chosen by the size of the cluster — the bigger
// the cluster, the longer the cache, so that kubelets do not flood the API
// server with GETs.
//
// The size steps, as upstream (pkg/controller/ttl):
//
//	nodes            TTL
//	0 … 100            0s
//	90 … 500          15s
//	450 … 1000        30s
//	900 … 2000        60s
//	1800 …           300s
//
// The ranges overlap on purpose (hysteresis): the step goes up when the
// count exceeds its maximum and down only when it falls below its minimum,
// so a cluster hovering around 100 nodes does not flap between 0 and 15.
// The step is the controller's memory of the count's history, kept in the
// event handlers as upstream does; a key is a node name.
package ttl

import (
	"math"
	"strconv"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// Annotation is the node annotation the kubelet reads.
const Annotation = "node.alpha.kubernetes.io/ttl"

// Boundary is one size step: from SizeMin to SizeMax nodes, TTLSeconds.
type Boundary struct {
	SizeMin, SizeMax, TTLSeconds int
}

// Boundaries are upstream's steps.
var Boundaries = []Boundary{
	{0, 100, 0},
	{90, 500, 15},
	{450, 1000, 30},
	{900, 2000, 60},
	{1800, math.MaxInt32, 300},
}

// NextStep is the step after the node count changed to count, from step:
// up while count is above the step's maximum, down while it is below its
// minimum.
func NextStep(step, count int) int {
	for step+1 < len(Boundaries) && count > Boundaries[step].SizeMax {
		step++
	}
	for step > 0 && count < Boundaries[step].SizeMin {
		step--
	}
	return step
}

// Reconciler is the TTL controller.
type Reconciler struct {
	// nodes is the cache the loop observes; never modify what it returns.
	nodes informer.Lister[*api.Node]
	ctrl  *controller.Controller
	// count and step are what the handlers have seen: the node count and
	// the size step it selects.
	count, step int
}

// Register adds the TTL controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{nodes: informer.ListerFor[*api.Node](m.Informers)}
	c := m.NewController("ttl", r, controller.Options{Component: "ttl-controller"})
	r.ctrl = c
	r.nodes.AddHandler(informer.Handler{
		OnAdd: func(o api.Object) {
			r.count++
			r.resize()
			r.enqueueIfWrong(o)
		},
		OnUpdate: func(_, o api.Object) { r.enqueueIfWrong(o) },
		OnDelete: func(any) {
			r.count--
			r.resize()
		},
	})
	return c
}

// DesiredTTL is the TTL for the node count seen so far.
func (r *Reconciler) DesiredTTL() int { return Boundaries[r.step].TTLSeconds }

// resize moves the step for the new count; a new TTL is work for every node.
func (r *Reconciler) resize() {
	next := NextStep(r.step, r.count)
	if next == r.step {
		return
	}
	r.step = next
	for _, n := range r.nodes.List("") {
		r.ctrl.EnqueueObject(n)
	}
}

// enqueueIfWrong queues a node whose annotation is not the desired TTL
// (upstream queues every update and finds most in order; the result is
// the same, the trace quieter).
func (r *Reconciler) enqueueIfWrong(o api.Object) {
	if o.GetObjectMeta().Annotations[Annotation] != strconv.Itoa(r.DesiredTTL()) {
		r.ctrl.EnqueueObject(o)
	}
}

// Reconcile sets one node's annotation to the desired TTL.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	o, ok := r.nodes.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	want := strconv.Itoa(r.DesiredTTL())
	have, set := o.GetObjectMeta().Annotations[Annotation]
	ctx.Observe("%d nodes: step %d…%d, ttl %ss; node %s has %q", r.count, Boundaries[r.step].SizeMin, Boundaries[r.step].SizeMax, want, req.Name, have)
	if set && have == want {
		return controller.Result{}, nil
	}
	ctx.Diff("annotation %s=%q, want %q", Annotation, have, want)
	ctx.Why("a cluster of %d nodes gives kubelets a %ss cache TTL", r.count, want)
	n := api.DeepCopy(o)
	if n.Annotations == nil {
		n.Annotations = map[string]string{}
	}
	n.Annotations[Annotation] = want
	if _, err := ctx.Update(n, Annotation+"="+want); err != nil && !api.IsNotFound(err) {
		return controller.Result{}, err
	}
	return controller.Result{}, nil
}
