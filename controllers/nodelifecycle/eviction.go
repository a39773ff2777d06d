package nodelifecycle

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// evictor is the taint-eviction controller (upstream's NoExecute taint
// manager): keys are pods. A pod on a node with NoExecute taints is
// deleted at once if it does not tolerate one of them, or when the
// shortest tolerationSeconds of the tolerations it uses has run out since
// the taint was added; a toleration without seconds tolerates forever
// (daemon pods' not-ready and unreachable ones).
type evictor struct {
	nodes informer.Lister[*api.Node]
	pods  informer.Lister[*api.Pod]
	// pending remembers pods whose eviction is scheduled, and since when
	// (for taints without timeAdded), so that a taint removed in time is
	// reported as a cancelled deletion.
	pending map[string]time.Time
	// keyBuf is where the pod handler spells the key it looks up.
	keyBuf []byte
}

func registerEviction(m *controller.Manager, nodes informer.Lister[*api.Node], pods informer.Lister[*api.Pod]) *controller.Controller {
	e := &evictor{nodes: nodes, pods: pods, pending: map[string]time.Time{}}
	c := m.NewController("taint-eviction", e, controller.Options{Component: "taint-eviction-controller"})
	enqueuePod := func(p *api.Pod) {
		if p.Spec.NodeName == "" || p.DeletionTimestamp != nil {
			return
		}
		// Looked up in a buffer, not by store.KeyOf: every update of a
		// bound pod comes here, and a key allocated for each was 1% of the
		// allocations of a 10,000-pod rollout.
		e.keyBuf = store.AppendKey(e.keyBuf[:0], p.Namespace, p.Name)
		if _, ok := e.pending[string(e.keyBuf)]; ok {
			c.EnqueueObject(p)
			return
		}
		if n, ok := nodes.Get("", p.Spec.NodeName); ok && len(noExecuteTaints(n)) > 0 {
			c.EnqueueObject(p)
		}
	}
	pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd:    enqueuePod,
		OnUpdate: func(_, p *api.Pod) { enqueuePod(p) },
		OnDelete: func(p *api.Pod) {
			if len(e.pending) > 0 {
				delete(e.pending, store.KeyOf(p))
			}
		},
	})
	enqueueNode := func(old, n *api.Node) {
		if old != nil && sameTaints(noExecuteTaints(old), noExecuteTaints(n)) {
			return
		}
		for _, p := range pods.ByIndex(informer.IndexNode, n.Name) {
			c.EnqueueObject(p)
		}
	}
	nodes.AddTypedHandler(informer.HandlerFor[*api.Node]{
		OnAdd:    func(n *api.Node) { enqueueNode(nil, n) },
		OnUpdate: enqueueNode,
	})
	return c
}

// Reconcile decides one pod's fate under its node's NoExecute taints.
func (e *evictor) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	key := req.String()
	p, ok := e.pods.Get(req.Namespace, req.Name)
	if !ok || p.DeletionTimestamp != nil {
		delete(e.pending, key)
		return controller.Result{}, nil
	}
	var taints []api.Taint
	if n, ok := e.nodes.Get("", p.Spec.NodeName); ok {
		taints = noExecuteTaints(n)
	}
	now := ctx.Clock.Now()
	ctx.Observe("pod %s on %s; NoExecute taints: %s", p.Name, p.Spec.NodeName, taintList(taints))
	if len(taints) == 0 {
		if _, was := e.pending[key]; was {
			delete(e.pending, key)
			ctx.Why("the NoExecute taints are gone before the pod's tolerations ran out: keep it")
			ctx.Event(p, controller.EventNormal, "TaintManagerEviction", "Cancelling deletion of Pod %s", key)
		}
		return controller.Result{}, nil
	}
	start, seen := e.pending[key]
	if !seen {
		start = now
	}
	wait, why := tolerationWait(p.Spec.Tolerations, taints, start, now)
	switch {
	case wait < 0:
		ctx.Why("%s", why)
		if _, was := e.pending[key]; was {
			delete(e.pending, key)
			ctx.Event(p, controller.EventNormal, "TaintManagerEviction", "Cancelling deletion of Pod %s", key)
		}
		return controller.Result{}, nil
	case wait > 0:
		e.pending[key] = start
		ctx.Why("%s: evict in %s", why, wait)
		return controller.Result{RequeueAfter: wait}, nil
	}
	ctx.Diff("pod runs on a node whose NoExecute taint it no longer tolerates")
	ctx.Why("%s: evict now", why)
	delete(e.pending, key)
	ctx.Event(p, controller.EventNormal, "TaintManagerEviction", "Marking for deletion Pod %s", key)
	next := api.DeepCopy(p)
	next.Status.Conditions = append(next.Status.Conditions, api.PodCondition{Type: "DisruptionTarget", Status: api.ConditionTrue,
		Reason: "DeletionByTaintManager", Message: "Taint manager: deleting due to NoExecute taint", LastTransitionTime: api.NewTime(now)})
	if _, err := ctx.UpdateStatus(next, "DisruptionTarget"); err != nil && !api.IsConflict(err) {
		return controller.Result{}, ignoreGone(err)
	}
	if err := ctx.Delete(p, store.DeleteOptions{UID: p.UID}, "NoExecute taint"); err != nil {
		return controller.Result{}, ignoreGone(err)
	}
	return controller.Result{}, nil
}

// tolerationWait is how long the tolerations keep the pod on a node with
// these NoExecute taints, counted from the taints' timeAdded (or seen, when
// they have none): 0 (now) if one is not tolerated or the time is up, -1
// for forever; and why, in words.
func tolerationWait(tols []api.Toleration, taints []api.Taint, seen, now time.Time) (time.Duration, string) {
	minSeconds := int64(-1)
	var start time.Time
	for _, t := range taints {
		matched := false
		for _, tol := range tols {
			if !api.ToleratesTaint(tol, t) {
				continue
			}
			matched = true
			if tol.TolerationSeconds != nil {
				s := max(*tol.TolerationSeconds, 0)
				if minSeconds < 0 || s < minSeconds {
					minSeconds = s
				}
			}
		}
		if !matched {
			return 0, fmt.Sprintf("taint %s is not tolerated", t.ToString())
		}
		if t.TimeAdded != nil && (start.IsZero() || t.TimeAdded.Before(start)) {
			start = t.TimeAdded.Time
		}
	}
	if minSeconds < 0 {
		return -1, "every NoExecute taint is tolerated without a time limit"
	}
	if start.IsZero() {
		start = seen
	}
	left := start.Add(time.Duration(minSeconds) * time.Second).Sub(now)
	why := fmt.Sprintf("taints tolerated for %ds (tolerationSeconds) since %s", minSeconds, start.Format(time.TimeOnly))
	if left <= 0 {
		return 0, why
	}
	return left, why
}

func noExecuteTaints(n *api.Node) []api.Taint {
	var out []api.Taint
	for _, t := range n.Spec.Taints {
		if t.Effect == "NoExecute" {
			out = append(out, t)
		}
	}
	return out
}
