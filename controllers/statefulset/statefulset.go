package statefulset

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// Reconciler is the StatefulSet controller.
type Reconciler struct {
	// sets, pods, claims and revisions are the caches the loop observes;
	// never modify what they return.
	sets      informer.Lister[*api.StatefulSet]
	pods      informer.Lister[*api.Pod]
	claims    informer.Lister[*api.PersistentVolumeClaim]
	revisions informer.Lister[*api.ControllerRevision]
	ctrl      *controller.Controller
}

// Register adds the StatefulSet controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		sets:      informer.ListerFor[*api.StatefulSet](m.Informers),
		pods:      informer.ListerFor[*api.Pod](m.Informers),
		claims:    informer.ListerFor[*api.PersistentVolumeClaim](m.Informers),
		revisions: informer.ListerFor[*api.ControllerRevision](m.Informers),
	}
	c := m.NewController("statefulset", r, controller.Options{Component: "statefulset-controller"})
	r.ctrl = c
	r.sets.AddTypedHandler(informer.HandlerFor[*api.StatefulSet]{
		OnAdd:    func(s *api.StatefulSet) { c.EnqueueObject(s) },
		OnUpdate: func(_, s *api.StatefulSet) { c.EnqueueObject(s) },
		OnDelete: func(s *api.StatefulSet) { c.EnqueueObject(s) },
	})
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd: r.enqueueOwner,
		OnUpdate: func(old, p *api.Pod) {
			r.enqueueOwner(old)
			r.enqueueOwner(p)
		},
		OnDelete: r.enqueueOwner,
	})
	r.revisions.AddTypedHandler(informer.HandlerFor[*api.ControllerRevision]{
		OnDelete: func(rev *api.ControllerRevision) { r.enqueueController(rev) },
	})
	return c
}

// enqueueController wakes the set controlling o (a pod or a revision), and
// reports whether o has a controller at all.
func (r *Reconciler) enqueueController(o api.Object) bool {
	ref := api.ControllerOf(o)
	if ref == nil {
		return false
	}
	if ref.Kind == "StatefulSet" {
		r.ctrl.Enqueue(controller.Request{Namespace: o.GetObjectMeta().Namespace, Name: ref.Name})
	}
	return true
}

// enqueueOwner wakes the set controlling p, or — for an orphan — every set
// whose selector matches it (one may adopt it).
func (r *Reconciler) enqueueOwner(p *api.Pod) {
	if r.enqueueController(p) {
		return
	}
	for _, set := range r.sets.List(p.Namespace) {
		if sel, err := set.Spec.Selector.AsSelector(); err == nil && !sel.Empty() && sel.Matches(p.Labels) {
			r.ctrl.EnqueueObject(set)
		}
	}
}

// Reconcile brings one StatefulSet one step closer to its spec.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	set, ok := r.sets.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("StatefulSet %s is gone", req)
		return controller.Result{}, nil
	}
	if set.DeletionTimestamp != nil {
		ctx.Observe("StatefulSet %s is being deleted: its pods are the garbage collector's", req)
		return controller.Result{}, nil
	}
	sel, err := set.Spec.Selector.AsSelector()
	if err != nil || sel.Empty() {
		return controller.Result{}, controller.Terminal(fmt.Errorf("invalid selector: %v", err))
	}
	pods, err := r.claimPods(ctx, set, sel)
	if err != nil {
		return controller.Result{}, err
	}
	revs := r.ownedRevisions(set)
	cur, upd, collisions, err := r.syncRevisions(ctx, set, revs)
	if err != nil {
		return controller.Result{}, err
	}
	v, err := newView(set, cur, upd, pods)
	if err != nil {
		return controller.Result{}, controller.Terminal(err)
	}
	ctx.Observe("spec.replicas=%d, %s; revisions current=%s update=%s", v.replicas, v.describe(), cur.Name, upd.Name)
	requeue, syncErr := r.step(ctx, v)
	if err := r.updateStatus(ctx, set, v, collisions); err != nil {
		return controller.Result{}, err
	}
	if syncErr != nil {
		return controller.Result{}, syncErr
	}
	if err := r.truncateHistory(ctx, set, v, revs); err != nil {
		return controller.Result{}, err
	}
	return controller.Result{RequeueAfter: requeue}, nil
}

// claimPods returns the pods this set controls, adopting matching orphans
// named like its pods and releasing controlled pods that stopped matching.
func (r *Reconciler) claimPods(ctx *controller.Context, set *api.StatefulSet, sel api.Selector) ([]*api.Pod, error) {
	var out []*api.Pod
	for _, p := range r.pods.List(set.Namespace) {
		ref := api.ControllerOf(p)
		_, member := ordinalOf(set, p)
		matches := sel.Matches(p.Labels)
		switch {
		case ref != nil && ref.UID == set.UID && matches:
			out = append(out, p)
		case ref != nil && ref.UID == set.UID:
			c := api.DeepCopy(p)
			var refs []api.OwnerReference
			for _, x := range c.OwnerReferences {
				if x.UID != set.UID {
					refs = append(refs, x)
				}
			}
			c.OwnerReferences = refs
			ctx.Why("pod %s no longer matches the selector: release it", p.Name)
			if _, err := ctx.Update(c, "release"); err != nil && !api.IsNotFound(err) && !api.IsConflict(err) {
				return nil, err
			}
		case ref == nil && matches && member && p.DeletionTimestamp == nil:
			c := api.DeepCopy(p)
			owner := api.DeepCopy(set)
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
			out = append(out, adopted.(*api.Pod))
		}
	}
	return out, nil
}

// burstPods caps the pods a Parallel sync creates, and those it deletes,
// as the ReplicaSet controller's burstReplicas caps its own. Upstream's
// StatefulSet controller issues them all in one sync; there each create
// is an API call that takes its time, here it is not, and ten thousand in
// one reconcile would hold the page's worker for seconds, the page seeing
// no change meanwhile. The rest follow in the syncs their own creations
// (or deletions) enqueue, at the same simulated instant.
const burstPods = 500

// step makes the one move the policy allows — or, with Parallel, all of
// them, burstPods at a time — and returns when to look again for pods
// inside minReadySeconds. The moves come in order: fill the ordinals in
// range, then remove the pods above them, then update to the new revision;
// under OrderedReady, a phase that moves or waits ends the step.
func (r *Reconciler) step(ctx *controller.Context, v *view) (time.Duration, error) {
	monotonic := v.set.Spec.PodManagementPolicy != api.ParallelPodManagement
	// Taken before any move: the scale-down spares the first unhealthy pod.
	firstUnhealthy := v.firstUnhealthy()
	requeue, done, err := r.stepOrdinals(ctx, v, monotonic)
	if done {
		return requeue, err
	}
	if requeue, done, err = r.stepCondemned(ctx, v, monotonic, firstUnhealthy, requeue); done {
		return requeue, err
	}
	return r.stepUpdate(ctx, v, requeue)
}

// stepOrdinals goes over every ordinal in range, upwards: it re-creates a
// finished pod, creates a missing one and claims its volumes, and returns
// the soonest a pod inside minReadySeconds becomes available; done says
// the step ends there, with that duration and error.
func (r *Reconciler) stepOrdinals(ctx *controller.Context, v *view, monotonic bool) (requeue time.Duration, done bool, err error) {
	set := v.set
	now := ctx.Clock.Now()
	created := 0
	for i := 0; i < v.replicas; i++ {
		ord := v.start + i
		if err := r.replaceFinished(ctx, v, i); err != nil {
			return 0, true, err
		}
		p := v.slots[i]
		if p == nil {
			if !monotonic && created == burstPods {
				ctx.Why("Parallel: more than %d pods missing: create %d this sync, the rest when their creation is seen", burstPods, burstPods)
				return requeue, true, nil
			}
			ctx.Diff("%s is missing", PodName(set, ord))
			if err := r.createPod(ctx, v, i); err != nil {
				return 0, true, err
			}
			created++
			if monotonic {
				if i+1 < v.replicas {
					ctx.Why("OrderedReady: create %s; %s waits until it is Running and Ready", PodName(set, ord), PodName(set, ord+1))
				} else {
					ctx.Why("OrderedReady: create %s, the last ordinal", PodName(set, ord))
				}
				return 0, true, nil
			}
			continue
		}
		if !runningAndReady(p) || p.DeletionTimestamp != nil {
			if monotonic {
				ctx.Why("%s %s", waiter(v, i), p.Name+" "+notReadyReason(p))
				return 0, true, nil
			}
			continue
		}
		if !api.IsPodAvailable(p, set.Spec.MinReadySeconds, now) {
			wait := readyFor(p, set.Spec.MinReadySeconds, now)
			if requeue == 0 || wait < requeue {
				requeue = wait
			}
			if monotonic {
				ctx.Why("%s %s has been Ready for less than minReadySeconds=%d", waiter(v, i), p.Name, set.Spec.MinReadySeconds)
				return requeue, true, nil
			}
		}
		if err := r.ensureClaims(ctx, v, i); err != nil {
			return 0, true, err
		}
	}
	return requeue, false, nil
}

// replaceFinished deletes slot i's pod if it has finished (Succeeded or
// Failed), so that it is re-created with the same name.
func (r *Reconciler) replaceFinished(ctx *controller.Context, v *view, i int) error {
	set, p := v.set, v.slots[i]
	if p == nil || !isFinished(p) || p.DeletionTimestamp != nil {
		return nil
	}
	if p.Status.Phase == api.PodFailed {
		ctx.Event(set, controller.EventWarning, "RecreatingFailedPod", "StatefulSet %s/%s is recreating failed Pod %s", set.Namespace, set.Name, p.Name)
	} else {
		ctx.Event(set, controller.EventNormal, "RecreatingTerminatedPod", "StatefulSet %s/%s is recreating terminated Pod %s", set.Namespace, set.Name, p.Name)
	}
	ctx.Diff("%s is %s", p.Name, p.Status.Phase)
	ctx.Why("a StatefulSet pod that finished is deleted and re-created with the same name")
	return r.deletePod(ctx, v, i, "re-create")
}

// stepCondemned deletes the pods above the wanted count, highest ordinal
// first (OrderedReady: one at a time, and only if the rest are healthy,
// or it is the first unhealthy pod); done says the step ends there, with
// that duration and error.
func (r *Reconciler) stepCondemned(ctx *controller.Context, v *view, monotonic bool, firstUnhealthy *api.Pod, requeue time.Duration) (time.Duration, bool, error) {
	condemned := 0
	for _, p := range v.condemned {
		if p.DeletionTimestamp != nil {
			if monotonic {
				ctx.Why("OrderedReady scale-down: wait for %s to terminate before the next", p.Name)
				return 0, true, nil
			}
			continue
		}
		if monotonic && !runningAndReady(p) && p != firstUnhealthy {
			ctx.Why("OrderedReady scale-down waits: %s is unhealthy", firstUnhealthy.Name)
			return 0, true, nil
		}
		if !monotonic && condemned == burstPods {
			ctx.Why("Parallel: more than %d pods above spec.replicas: delete %d this sync, the rest when their deletion is seen", burstPods, burstPods)
			return requeue, true, nil
		}
		ctx.Diff("%s is above spec.replicas=%d", p.Name, v.replicas)
		if err := r.condemn(ctx, v, p); err != nil {
			return 0, true, err
		}
		condemned++
		if monotonic {
			ctx.Why("OrderedReady scale-down: delete %s, the highest ordinal, one at a time", p.Name)
			return 0, true, nil
		}
	}
	return requeue, false, nil
}

// stepUpdate moves the pods to the update revision: under RollingUpdate
// it replaces the highest outdated ordinal at or above the partition once
// those above it are healthy; under OnDelete it only says how many wait.
func (r *Reconciler) stepUpdate(ctx *controller.Context, v *view, requeue time.Duration) (time.Duration, error) {
	if v.set.Spec.UpdateStrategy.Type == api.OnDeleteStatefulSetStrategyType {
		if n := v.outdated(); n > 0 {
			ctx.Why("OnDelete: %d pod(s) run an old revision; they are replaced only when deleted", n)
		}
		return requeue, nil
	}
	partition := v.partition()
	for i := v.replicas - 1; i >= partition; i-- {
		p := v.slots[i]
		if p == nil {
			return requeue, nil
		}
		if revisionOf(p) != v.upd.Name && p.DeletionTimestamp == nil {
			ctx.Diff("%s runs revision %s, not %s", p.Name, revisionOf(p), v.upd.Name)
			ctx.Why("RollingUpdate: replace %s (highest ordinal first, down to partition %d), then wait for it to be Running and Ready", p.Name, partition)
			return requeue, r.deletePod(ctx, v, i, "rolling update")
		}
		if !healthy(p) {
			ctx.Why("RollingUpdate waits: %s %s", p.Name, notReadyReason(p))
			return requeue, nil
		}
	}
	if partition > 0 && v.outdated() > 0 {
		ctx.Why("partition %d: ordinals below it keep revision %s", partition, v.cur.Name)
	}
	return requeue, nil
}

// waiter names who waits for slot i: "web-1 waits:", or, for the last
// ordinal, the set.
func waiter(v *view, i int) string {
	if i+1 < v.replicas {
		return PodName(v.set, v.start+i+1) + " waits:"
	}
	return "waiting:"
}

func readyFor(p *api.Pod, minReady int32, now time.Time) time.Duration {
	c := p.Condition(api.PodReady)
	if c == nil {
		return time.Second
	}
	return c.LastTransitionTime.Add(time.Duration(minReady) * time.Second).Sub(now)
}

// createPod creates slot i's claims (those missing) and then its pod.
func (r *Reconciler) createPod(ctx *controller.Context, v *view, i int) error {
	set := v.set
	ord := v.start + i
	tmpl, rev := v.templateFor(i)
	pod := newPod(set, tmpl, rev, ord)
	if err := r.createClaims(ctx, set, pod, ord); err != nil {
		ctx.Event(set, controller.EventWarning, "FailedCreate", "create Pod %s in StatefulSet %s failed error: %v", pod.Name, set.Name, err)
		return err
	}
	out, err := ctx.Create(pod, fmt.Sprintf("ordinal %d, revision %s", ord, rev))
	if err != nil {
		if api.IsAlreadyExists(err) {
			return nil // the cache has not seen it yet
		}
		ctx.Event(set, controller.EventWarning, "FailedCreate", "create Pod %s in StatefulSet %s failed error: %v", pod.Name, set.Name, err)
		return err
	}
	ctx.Event(set, controller.EventNormal, "SuccessfulCreate", "create Pod %s in StatefulSet %s successful", pod.Name, set.Name)
	v.slots[i] = out.(*api.Pod)
	return nil
}

// createClaims creates the claims of ordinal ord that do not exist.
func (r *Reconciler) createClaims(ctx *controller.Context, set *api.StatefulSet, pod *api.Pod, ord int) error {
	for _, c := range newClaims(set, ord) {
		if o, ok := r.claims.Get(c.Namespace, c.Name); ok {
			if o.GetObjectMeta().DeletionTimestamp != nil {
				return fmt.Errorf("pvc %s is being deleted", c.Name)
			}
			continue
		}
		if _, err := ctx.Create(c, "for pod "+pod.Name); err != nil {
			if api.IsAlreadyExists(err) {
				continue
			}
			ctx.Event(set, controller.EventWarning, "FailedCreate", "create Claim %s for Pod %s in StatefulSet %s failed error: %v", c.Name, pod.Name, set.Name, err)
			return fmt.Errorf("failed to create PVC %s: %w", c.Name, err)
		}
		ctx.Event(set, controller.EventNormal, "SuccessfulCreate", "create Claim %s Pod %s in StatefulSet %s success", c.Name, pod.Name, set.Name)
	}
	return nil
}

// ensureClaims re-creates a running pod's missing claims and keeps their
// owner references in line with the retention policy.
func (r *Reconciler) ensureClaims(ctx *controller.Context, v *view, i int) error {
	set, ord := v.set, v.start+i
	if err := r.createClaims(ctx, set, v.slots[i], ord); err != nil {
		return err
	}
	for _, ct := range set.Spec.VolumeClaimTemplates {
		c, ok := r.claims.Get(set.Namespace, ClaimName(set, ct.Name, ord))
		if !ok {
			continue
		}
		want := whenDeleted(set)
		if hasOwner(&c.ObjectMeta, set.UID) == want && !hasOwner(&c.ObjectMeta, v.slots[i].UID) {
			continue
		}
		cp := api.DeepCopy(c)
		var refs []api.OwnerReference
		for _, ref := range cp.OwnerReferences {
			if ref.UID != set.UID && ref.UID != v.slots[i].UID {
				refs = append(refs, ref)
			}
		}
		if want {
			refs = append(refs, plainRef(set))
		}
		cp.OwnerReferences = refs
		ctx.Why("claim %s: owner references follow persistentVolumeClaimRetentionPolicy", c.Name)
		if _, err := ctx.Update(cp, "retention policy"); err != nil && !api.IsNotFound(err) && !api.IsConflict(err) {
			return err
		}
	}
	return nil
}

// condemn deletes a pod above the wanted count; with whenScaled=Delete its
// claims first get the pod as owner, so they go with it.
func (r *Reconciler) condemn(ctx *controller.Context, v *view, p *api.Pod) error {
	set := v.set
	if ord, ok := ordinalOf(set, p); ok && whenScaled(set) {
		for _, ct := range set.Spec.VolumeClaimTemplates {
			o, ok := r.claims.Get(set.Namespace, ClaimName(set, ct.Name, ord))
			if !ok || hasOwner(o.GetObjectMeta(), p.UID) {
				continue
			}
			cp := api.DeepCopy(o)
			cp.OwnerReferences = append(cp.OwnerReferences, plainRef(p))
			if _, err := ctx.Update(cp, "whenScaled=Delete: owned by "+p.Name); err != nil && !api.IsNotFound(err) {
				return err
			}
		}
	}
	if err := ctx.Delete(p, store.DeleteOptions{}, "scale down"); err != nil {
		if api.IsNotFound(err) {
			return nil
		}
		ctx.Event(set, controller.EventWarning, "FailedDelete", "delete Pod %s in StatefulSet %s failed error: %v", p.Name, set.Name, err)
		return err
	}
	ctx.Event(set, controller.EventNormal, "SuccessfulDelete", "delete Pod %s in StatefulSet %s successful", p.Name, set.Name)
	live, _ := controller.GetLive[*api.Pod](ctx.Store(), p.Namespace, p.Name) // nil when it is gone
	v.replaceCondemned(p, live)
	return nil
}

// deletePod deletes the pod in slot i (to be re-created).
func (r *Reconciler) deletePod(ctx *controller.Context, v *view, i int, why string) error {
	p := v.slots[i]
	set := v.set
	if err := ctx.Delete(p, store.DeleteOptions{}, why); err != nil {
		if api.IsNotFound(err) {
			v.slots[i] = nil
			return nil
		}
		ctx.Event(set, controller.EventWarning, "FailedDelete", "delete Pod %s in StatefulSet %s failed error: %v", p.Name, set.Name, err)
		return err
	}
	ctx.Event(set, controller.EventNormal, "SuccessfulDelete", "delete Pod %s in StatefulSet %s successful", p.Name, set.Name)
	if live, err := controller.GetLive[*api.Pod](ctx.Store(), p.Namespace, p.Name); err == nil {
		v.slots[i] = live // Terminating
	} else {
		v.slots[i] = nil // gone at once (it had no node or had finished)
	}
	return nil
}
