// Package daemonset runs one pod of each DaemonSet on every eligible node:
// the per-node variant of the control loop.
//
// Observe: the DaemonSet, the nodes, and the daemon pods it controls,
// grouped by the node each is pinned to. Diff, node by node: an eligible
// node without a pod (create one, pinned with required node affinity
// matchFields metadata.name In [node] and carrying the daemon tolerations,
// so the scheduler binds it there even on a not-ready node), a node with
// two (delete the newer), a node that may no longer run it (delete). A
// node is eligible when the template's nodeSelector and node affinity
// match it and every NoSchedule and NoExecute taint is tolerated; an
// untolerated NoExecute taint alone evicts a running daemon pod. Then the
// update strategy: RollingUpdate replaces pods of older revisions (delete
// then create within maxUnavailable, or create beside then delete within
// maxSurge); OnDelete waits for the user to delete them.
//
// The template's revisions are ControllerRevisions <ds>-<hash>, numbered;
// pods carry controller-revision-hash and pod-template-generation.
package daemonset

import (
	"fmt"
	"maps"
	"strings"

	"github.com/kubeloop/kubeloop/controllers/expectations"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// Reconciler is the DaemonSet controller.
type Reconciler struct {
	// The caches the loop observes; never modify what they return.
	daemonSets informer.Lister[*api.DaemonSet]
	pods       informer.Lister[*api.Pod]
	nodes      informer.Lister[*api.Node]
	revisions  informer.Lister[*api.ControllerRevision]
	ctrl       *controller.Controller
	// expectations remember creates and deletes whose events have not yet
	// reached the cache, so a lagging cache never doubles them.
	expectations *expectations.Expectations
}

// Register adds the DaemonSet controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		daemonSets:   informer.ListerFor[*api.DaemonSet](m.Informers),
		pods:         informer.ListerFor[*api.Pod](m.Informers),
		nodes:        informer.ListerFor[*api.Node](m.Informers),
		revisions:    informer.ListerFor[*api.ControllerRevision](m.Informers),
		expectations: expectations.New(m.Clock),
	}
	c := m.NewController("daemonset", r, controller.Options{Component: "daemonset-controller"})
	r.ctrl = c
	r.daemonSets.AddTypedHandler(informer.HandlerFor[*api.DaemonSet]{
		OnAdd:    func(ds *api.DaemonSet) { c.EnqueueObject(ds) },
		OnUpdate: func(_, ds *api.DaemonSet) { c.EnqueueObject(ds) },
		OnDelete: func(ds *api.DaemonSet) {
			r.expectations.Forget(store.KeyOf(ds))
			c.EnqueueObject(ds)
		},
	})
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd: func(p *api.Pod) {
			if key := ownerKey(p); key != "" && p.DeletionTimestamp == nil {
				r.expectations.CreationObserved(key)
			}
			r.enqueueOwner(p)
		},
		OnUpdate: func(old, p *api.Pod) {
			// A pod marked for deletion counts as deleted, as upstream.
			if p.DeletionTimestamp != nil && old.DeletionTimestamp == nil {
				if key := ownerKey(p); key != "" {
					r.expectations.DeletionObserved(key, p.UID)
				}
			}
			r.enqueueOwner(old)
			r.enqueueOwner(p)
		},
		OnDelete: func(p *api.Pod) {
			if key := ownerKey(p); key != "" {
				r.expectations.DeletionObserved(key, p.UID)
			}
			r.enqueueOwner(p)
		},
	})
	// Any node change may change where daemon pods belong.
	enqueueAll := func() {
		for _, o := range r.daemonSets.List("") {
			c.EnqueueObject(o)
		}
	}
	r.nodes.AddTypedHandler(informer.HandlerFor[*api.Node]{
		OnAdd: func(*api.Node) { enqueueAll() },
		OnUpdate: func(old, n *api.Node) {
			if nodeSchedulingChanged(old, n) {
				enqueueAll()
			}
		},
		OnDelete: func(*api.Node) { enqueueAll() },
	})
	return c
}

// nodeSchedulingChanged reports a change that can move daemon pods:
// labels, taints, or the node's readiness (for status counts).
func nodeSchedulingChanged(a, b *api.Node) bool {
	if !maps.Equal(a.Labels, b.Labels) || len(a.Spec.Taints) != len(b.Spec.Taints) {
		return true
	}
	for i := range a.Spec.Taints {
		x, y := a.Spec.Taints[i], b.Spec.Taints[i]
		if x.Key != y.Key || x.Value != y.Value || x.Effect != y.Effect {
			return true
		}
	}
	return false
}

func ownerKey(p *api.Pod) string {
	ref := api.ControllerOf(p)
	if ref == nil || ref.Kind != "DaemonSet" {
		return ""
	}
	return store.Key(p.Namespace, ref.Name)
}

// enqueueOwner wakes the pod's DaemonSet, or for an orphan every DaemonSet
// that selects it.
func (r *Reconciler) enqueueOwner(p *api.Pod) {
	if ref := api.ControllerOf(p); ref != nil {
		if ref.Kind == "DaemonSet" {
			r.ctrl.Enqueue(controller.Request{Namespace: p.Namespace, Name: ref.Name})
		}
		return
	}
	for _, d := range r.daemonSets.List(p.Namespace) {
		if sel, err := d.Spec.Selector.AsSelector(); err == nil && !sel.Empty() && sel.Matches(p.Labels) {
			r.ctrl.EnqueueObject(d)
		}
	}
}

// Reconcile brings one DaemonSet's pods to one per eligible node.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	ds, ok := r.daemonSets.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("DaemonSet %s is gone", req)
		r.expectations.Forget(req.String())
		return controller.Result{}, nil
	}
	if ds.DeletionTimestamp != nil {
		ctx.Observe("DaemonSet %s is being deleted: the garbage collector removes its pods", req)
		return controller.Result{}, nil
	}
	sel, err := ds.Spec.Selector.AsSelector()
	if err != nil || sel.Empty() {
		return controller.Result{}, controller.Terminal(fmt.Errorf("invalid selector: %v", err))
	}
	cur, old, err := r.constructHistory(ctx, ds)
	if err != nil {
		return controller.Result{}, err
	}
	hash := cur.Labels[RevisionHashLabel]
	byNode, err := r.claimPods(ctx, ds, sel)
	if err != nil {
		return controller.Result{}, err
	}
	nodes := r.nodes.List("")
	now := ctx.Clock.Now()
	ctx.Observe("%d node(s), daemon pods on %d; revision %d (%s), strategy %s", len(nodes), len(byNode), cur.Revision, hash, ds.Spec.UpdateStrategy.Type)

	if pending, ok := r.expectations.Satisfied(req.String()); !ok {
		ctx.Why("waiting for the cache to see %s this controller already made; acting now could double them", pending)
	} else {
		plan := Sync(ds, nodes, byNode, hash, now)
		for _, w := range plan.Why {
			ctx.Why("%s", w)
		}
		if err := r.apply(ctx, ds, plan, hash); err != nil {
			return controller.Result{}, err
		}
	}
	if err := r.cleanupHistory(ctx, ds, old, byNode); err != nil {
		return controller.Result{}, err
	}
	requeue, err := r.updateStatus(ctx, ds, nodes, byNode, hash)
	return controller.Result{RequeueAfter: requeue}, err
}

// apply deletes, then creates, as the plan says.
func (r *Reconciler) apply(ctx *controller.Context, ds *api.DaemonSet, plan Plan, hash string) error {
	key := store.KeyOf(ds)
	if len(plan.Create) > 0 {
		ctx.Diff("%d node(s) need a daemon pod: %s", len(plan.Create), strings.Join(plan.Create, ", "))
	}
	if len(plan.Delete) > 0 {
		names := make([]string, len(plan.Delete))
		for i, p := range plan.Delete {
			names[i] = p.Name
		}
		ctx.Diff("%d daemon pod(s) to delete: %s", len(plan.Delete), strings.Join(names, ", "))
	}
	var firstErr error
	uids := make([]string, len(plan.Delete))
	for i, p := range plan.Delete {
		uids[i] = p.UID
	}
	r.expectations.ExpectDeletions(key, uids)
	for _, p := range plan.Delete {
		if err := ctx.Delete(p, store.DeleteOptions{UID: p.UID}, "daemon pod on "+api.TargetNodeName(p)); err != nil {
			r.expectations.DeletionObserved(key, p.UID)
			if !api.IsNotFound(err) && !api.IsConflict(err) && firstErr == nil {
				firstErr = err
			}
			continue
		}
		ctx.Event(ds, controller.EventNormal, "SuccessfulDelete", "Deleted pod: %s", p.Name)
	}
	r.expectations.ExpectCreations(key, len(plan.Create))
	for _, node := range plan.Create {
		out, err := ctx.Create(newPod(ds, node, hash), "daemon pod for "+node)
		if err != nil {
			r.expectations.LowerCreations(key, 1)
			ctx.Event(ds, controller.EventWarning, "FailedCreate", "Error creating: %v", err)
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		ctx.Event(ds, controller.EventNormal, "SuccessfulCreate", "Created pod: %s", out.GetObjectMeta().Name)
	}
	return firstErr
}

// newPod is the daemon pod for node: the template, the revision labels,
// the daemon tolerations, and required node affinity pinning it to node.
func newPod(ds *api.DaemonSet, node, hash string) *api.Pod {
	owner := api.DeepCopy(ds)
	api.SetKind(owner)
	t := api.DeepCopy(ds.Spec.Template)
	labels := maps.Clone(t.Labels)
	if labels == nil {
		labels = map[string]string{}
	}
	labels[RevisionHashLabel] = hash
	labels[PodTemplateGenerationLabel] = fmt.Sprint(ds.Generation)
	spec := t.Spec
	spec.Tolerations = DaemonPodTolerations(&spec)
	pin := api.NodeSelectorTerm{MatchFields: []api.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{node}}}}
	switch {
	case spec.Affinity == nil:
		spec.Affinity = &api.Affinity{}
		fallthrough
	case spec.Affinity.NodeAffinity == nil:
		spec.Affinity.NodeAffinity = &api.NodeAffinity{}
	}
	spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution = &api.NodeSelector{NodeSelectorTerms: []api.NodeSelectorTerm{pin}}
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{GenerateName: ds.Name + "-", Namespace: ds.Namespace, Labels: labels, Annotations: t.Annotations,
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(owner)}},
		Spec: spec,
	}
}

// claimPods returns ds's pods by target node, adopting matching orphans
// and releasing owned pods whose labels no longer match.
func (r *Reconciler) claimPods(ctx *controller.Context, ds *api.DaemonSet, sel api.Selector) (map[string][]*api.Pod, error) {
	out := map[string][]*api.Pod{}
	for _, p := range r.pods.List(ds.Namespace) {
		ref := api.ControllerOf(p)
		matches := sel.Matches(p.Labels)
		switch {
		case ref != nil && ref.UID == ds.UID && matches:
		case ref != nil && ref.UID == ds.UID:
			c := api.DeepCopy(p)
			c.OwnerReferences = nil
			for _, x := range p.OwnerReferences {
				if x.UID != ds.UID {
					c.OwnerReferences = append(c.OwnerReferences, x)
				}
			}
			ctx.Why("pod %s no longer matches the selector: release it", p.Name)
			if _, err := ctx.Update(c, "release"); err != nil && !api.IsNotFound(err) && !api.IsConflict(err) {
				return nil, err
			}
			continue
		case ref == nil && matches && p.DeletionTimestamp == nil:
			c := api.DeepCopy(p)
			owner := api.DeepCopy(ds)
			api.SetKind(owner)
			c.OwnerReferences = append(c.OwnerReferences, api.NewControllerRef(owner))
			ctx.Why("pod %s matches the selector and has no controller: adopt it", p.Name)
			adopted, err := ctx.Update(c, "adopt")
			if err != nil {
				if api.IsNotFound(err) || api.IsConflict(err) {
					continue
				}
				return nil, err
			}
			p = adopted.(*api.Pod)
		default:
			continue
		}
		if node := api.TargetNodeName(p); node != "" {
			out[node] = append(out[node], p)
		}
	}
	return out, nil
}
