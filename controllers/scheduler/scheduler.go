// Package scheduler binds each unscheduled pod to a node: filter the nodes
// that can run it, score the rest, bind to the best. It is not part of
// kube-controller-manager, but it is a control loop of the same shape, and
// without it no pod would ever run.
package scheduler

import (
	"fmt"
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// Name is the schedulerName this scheduler serves.
const Name = "default-scheduler"

// Reconciler is the scheduler.
type Reconciler struct {
	pods  informer.Lister[*api.Pod]
	nodes informer.Lister[*api.Node]
	ctrl  *controller.Controller
	// assumed holds pods bound but not yet seen bound in the cache (pod
	// key → node and requests), so decisions made before the watch catches
	// up still count them, pods and resources — the scheduler cache's
	// "assume" step.
	assumed map[string]assumedPod
	// usage is, per node, the cache's pods summed (usage.go), kept up to
	// date from the pod informer's events, so a decision costs O(nodes)
	// rather than O(pods on the nodes) — the scheduler cache's NodeInfo —
	// and assumed summed likewise.
	usage map[string]*nodeUsages
	// nodeInfoCache is the nodes as the filter reads them (nodeinfo.go);
	// nil after a node event until the next attempt.
	nodeInfoCache []nodeInfo
	// fitBuffer and reasonBuffer back filter's results, reused by every
	// attempt.
	fitBuffer    []nodeInfo
	reasonBuffer []reasonCount
	// unschedulable holds the keys of cached pods that fitted nowhere and
	// still wait (unschedulable.go): what a cluster event re-queues.
	unschedulable map[string]struct{}
	// parked holds the keys of unschedulable that may not be in the work
	// queue: a superset of those taken from it (or newly unschedulable)
	// since the last retry — what a retry must add, in key order.
	parked map[string]struct{}
	// retryKeys is where a retry sorts parked's keys, reused.
	retryKeys []string
	// failures holds, per waiting pod key, its failed attempts and when
	// the last failed: its back-off (backoff.go).
	failures map[string]failures
	// keyBuf is where forgetPod spells the key it looks up.
	keyBuf []byte
	// clk is the time a retry's remaining back-off is measured at.
	clk *clock.Sim
	// volumes is the VolumeBinding plugin (volumebinding.go).
	volumes *volumeBinding
}

// assumedPod is where an assumed pod went and what it asked for.
type assumedPod struct {
	node string
	use  nodeUsage
}

// Register adds the scheduler to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{pods: informer.ListerFor[*api.Pod](m.Informers), nodes: informer.ListerFor[*api.Node](m.Informers),
		assumed: map[string]assumedPod{}, usage: map[string]*nodeUsages{}, failures: map[string]failures{}, clk: m.Clock}
	c := m.NewController("scheduler", r, controller.Options{Component: Name})
	r.ctrl = c
	r.volumes = newVolumeBinding(m, r)
	enqueueIfPending := func(p *api.Pod) {
		if p.Spec.NodeName != "" || p.DeletionTimestamp != nil {
			r.forgetPod(p) // the cache has caught up
		}
		if needsScheduling(p) {
			c.EnqueueObject(p)
		}
	}
	r.pods.AddTypedHandler(r.usageHandler())
	r.pods.AddTypedHandler(r.unschedulableHandler())
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{OnAdd: enqueueIfPending, OnUpdate: func(_, p *api.Pod) { enqueueIfPending(p) },
		OnDelete: func(p *api.Pod) {
			// A deletion a relist found (a tombstone) too, as upstream's
			// scheduler unwraps it: an assumed pod is forgotten either way.
			r.forgetPod(p)
			if p.Spec.NodeName != "" {
				r.retryUnschedulable() // its node has room now
			}
		}})
	// A node that appears or changes may fit pods that fitted nowhere.
	r.nodes.AddHandler(informer.Handler{
		OnAdd:    func(api.Object) { r.nodeInfoCache = nil; r.retryUnschedulable() },
		OnUpdate: func(_, _ api.Object) { r.nodeInfoCache = nil; r.retryUnschedulable() },
		OnDelete: func(any) { r.nodeInfoCache = nil }})
	return c
}

func needsScheduling(p *api.Pod) bool {
	return p.Spec.NodeName == "" && p.DeletionTimestamp == nil && api.IsPodActive(p) &&
		(p.Spec.SchedulerName == "" || p.Spec.SchedulerName == Name)
}

// Reconcile schedules one pod.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	r.taken(req)
	pod, ok := r.pods.Get(req.Namespace, req.Name)
	if !ok || !needsScheduling(pod) {
		ctx.Observe("pod is gone or already bound")
		return controller.Result{}, nil
	}
	nodes := r.nodeInfos()
	if msg := r.volumes.preFilter(pod); msg != "" {
		msg = withPostFilter(fmt.Sprintf("0/%d nodes are available: %s.", len(nodes), msg),
			postFilterMessage(pod, len(nodes), nil, r.preempts(pod, nodes)))
		ctx.Why("%s", msg)
		r.markUnschedulable(ctx, pod, msg)
		return controller.Result{}, nil
	}
	fit, reasons := r.filter(pod, nodes)
	ctx.Observe("pod %s unscheduled; %d node(s), %d fit", pod.Name, len(nodes), len(fit))
	if len(fit) == 0 {
		msg := unschedulableMessage(len(nodes), reasons)
		if len(nodes) > 0 {
			msg = withPostFilter(msg, postFilterMessage(pod, len(nodes), reasons, r.preempts(pod, nodes)))
		}
		ctx.Why("%s", msg)
		r.markUnschedulable(ctx, pod, msg)
		// Like upstream's unschedulable queue, wait for a node to appear or
		// change (the node handler re-enqueues) instead of spinning.
		return controller.Result{}, nil
	}
	best := r.score(ctx, pod, fit)
	ctx.Diff("pod has no node")
	ctx.Why("%s has the fewest pods among %d feasible node(s)", best.Name, len(fit))
	if a, done := r.assumed[store.KeyOf(pod)]; done {
		ctx.Why("already bound to %s; waiting for the cache to show it", a.node)
		return controller.Result{}, nil
	}
	if ready, err := r.volumes.preBind(ctx, pod, best.Name); !ready || err != nil {
		ctx.Why("the pod is bound once its claims are bound")
		return controller.Result{}, err
	}
	if err := ctx.Bind(pod, best.Name); err != nil {
		if api.IsConflict(err) || api.IsNotFound(err) {
			return controller.Result{}, nil
		}
		return controller.Result{}, err
	}
	r.assume(store.KeyOf(pod), best.Name, pod)
	ctx.Event(pod, controller.EventNormal, "Scheduled", "Successfully assigned %s/%s to %s", pod.Namespace, pod.Name, best.Name)
	return controller.Result{}, nil
}

// reasonCount is how many nodes one reason ruled out.
type reasonCount struct {
	why   string
	nodes int
}

// filter returns the nodes that can run pod, and for the others why not
// (each reason once, with its count), in kubectl's wording.
// Both lists reuse one buffer each (r.fitBuffer, r.reasonBuffer): they live
// only until the attempt ends, and growing a new one to ~100 nodes on every
// attempt was most of the filter's cost. The reasons are a list, not a map:
// a pod that fits nowhere counts a reason for each of the 91 nodes of a
// 10,000-pod run, and a map's string hashing on each was 40% of the
// filter's CPU under wasm (0.47 s of a rollout); there are a handful of
// distinct reasons.
func (r *Reconciler) filter(pod *api.Pod, nodes []nodeInfo) ([]nodeInfo, []reasonCount) {
	reasons := r.reasonBuffer[:0]
	fit := r.fitBuffer[:0]
	req := podUsage(pod)
	for _, n := range nodes {
		if why := r.unfit(pod, req, n); why != "" {
			reasons = countReason(reasons, why)
			continue
		}
		fit = append(fit, n)
	}
	r.fitBuffer, r.reasonBuffer = fit[:0], reasons[:0]
	return fit, reasons
}

// countReason counts one more node ruled out for why.
func countReason(reasons []reasonCount, why string) []reasonCount {
	for i := range reasons {
		if reasons[i].why == why {
			reasons[i].nodes++
			return reasons
		}
	}
	return append(reasons, reasonCount{why: why, nodes: 1})
}

// unfit says why node info cannot run pod, whose requests are req, or "".
func (r *Reconciler) unfit(pod *api.Pod, req nodeUsage, info nodeInfo) string {
	n := info.node
	// Filters in upstream's order: NodeUnschedulable, TaintToleration,
	// NodeAffinity, then resources. A node's readiness is not a filter:
	// the node lifecycle controller turns it into taints.
	if n.Spec.Unschedulable && !api.Tolerated(pod.Spec.Tolerations, api.Taint{Key: "node.kubernetes.io/unschedulable", Effect: "NoSchedule"}) {
		return "node(s) were unschedulable"
	}
	if t, bad := api.FirstUntoleratedTaint(n.Spec.Taints, pod.Spec.Tolerations, "NoSchedule", "NoExecute"); bad {
		return fmt.Sprintf("node(s) had untolerated taint {%s: %s}", t.Key, t.Value)
	}
	if !api.MatchesNode(&pod.Spec, n) {
		return "node(s) didn't match Pod's node affinity/selector"
	}
	if why := r.volumes.unfit(pod, n.Name); why != "" {
		return why
	}
	use := info.use.total()
	if info.maxPods != 0 && int64(use.pods+1) > info.maxPods {
		return "Too many pods"
	}
	if info.hasCPU && use.cpu.Plus(req.cpu).Cmp(api.MilliTotalOf(info.cpu)) > 0 {
		return "Insufficient cpu"
	}
	if info.hasMemory && use.memory.Plus(req.memory).Cmp(api.MilliTotalOf(info.memory)) > 0 {
		return "Insufficient memory"
	}
	return ""
}

// score picks the feasible node with the best preference score — matched
// preferred node affinity weights (plugin weight 2) and fewest untolerated
// PreferNoSchedule taints (weight 3), each normalised to 0–100 as
// upstream — then the fewest pods; ties go to the seeded random source,
// as upstream picks randomly among equal scores.
//
// A pod without preferred node affinity, among nodes without
// PreferNoSchedule taints, scores the same on every node: the scores are
// then not computed, and the fewest pods decide alone.
func (r *Reconciler) score(ctx *controller.Context, pod *api.Pod, fit []nodeInfo) *api.Node {
	var prefs []int64
	if hasPreferences(pod, fit) {
		nodes := make([]*api.Node, len(fit))
		for i, n := range fit {
			nodes[i] = n.node
		}
		prefs = preferenceScores(pod, nodes)
	}
	best, bestCount, bestPref, ties := fit[0].node, -1, int64(-1), 0
	for i, n := range fit {
		c := n.use.total().pods
		var pref int64
		if prefs != nil {
			pref = prefs[i]
		}
		switch {
		case pref > bestPref || (pref == bestPref && c < bestCount):
			best, bestCount, bestPref, ties = n.node, c, pref, 1
		case pref == bestPref && c == bestCount:
			ties++
			if ctx.Clock.Rand().IntN(ties) == 0 {
				best = n.node
			}
		}
	}
	return best
}

// assume counts a pod just bound to node until the cache shows it there.
func (r *Reconciler) assume(key, node string, pod *api.Pod) {
	a := assumedPod{node: node, use: podUsage(pod)}
	r.assumed[key] = a
	u := r.usageOf(node)
	u.assumed = u.assumed.plus(a.use, 1)
}

// forgetPod forgets p's assumption and failures. Every update of a bound
// pod comes here, and neither map holds most of them: the key is spelled
// in r.keyBuf to look it up, and made a string only to delete it.
func (r *Reconciler) forgetPod(p *api.Pod) {
	r.keyBuf = store.AppendKey(r.keyBuf[:0], p.Namespace, p.Name)
	_, assumed := r.assumed[string(r.keyBuf)]
	_, failed := r.failures[string(r.keyBuf)]
	if !assumed && !failed {
		return
	}
	key := string(r.keyBuf)
	r.forget(key)
	delete(r.failures, key)
}

func (r *Reconciler) forget(key string) {
	a, ok := r.assumed[key]
	if !ok {
		return
	}
	delete(r.assumed, key)
	u := r.usageOf(a.node)
	u.assumed = u.assumed.plus(a.use, -1)
}

func (r *Reconciler) markUnschedulable(ctx *controller.Context, pod *api.Pod, msg string) {
	r.failed(store.KeyOf(pod), ctx.Clock.Now())
	if c := pod.Condition(api.PodScheduled); c != nil && c.Status == api.ConditionFalse && c.Message == msg {
		return
	}
	// A status write keeps only the status, which the store copies: a
	// shallow copy of the cached pod, handed to the store, is enough, and
	// only the conditions, which change here, need a slice of their own.
	p := *pod
	p.Status.Conditions = slices.Clone(pod.Status.Conditions)
	cond := api.PodCondition{Type: api.PodScheduled, Status: api.ConditionFalse, Reason: "Unschedulable", Message: msg,
		LastTransitionTime: api.NewTime(ctx.Clock.Now())}
	replaced := false
	for i := range p.Status.Conditions {
		if p.Status.Conditions[i].Type == api.PodScheduled {
			p.Status.Conditions[i], replaced = cond, true
		}
	}
	if !replaced {
		p.Status.Conditions = append(p.Status.Conditions, cond)
	}
	p.Status.Phase = api.PodPending
	if _, err := ctx.UpdateStatusOwned(&p, "Unschedulable"); err == nil {
		ctx.Event(pod, controller.EventWarning, "FailedScheduling", "%s", msg)
	}
}

// unschedulableMessage words the filters' failure as the scheduler does:
// "0/3 nodes are available: 1 node(s) had untolerated taint {…}, 2 Insufficient cpu."
// (the preemption step's answer follows it: preemption.go).
func unschedulableMessage(total int, reasons []reasonCount) string {
	if total == 0 {
		return "no nodes available to schedule pods"
	}
	return nodesAvailable(total, reasons)
}
