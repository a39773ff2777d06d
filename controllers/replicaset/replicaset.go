// Package replicaset keeps the number of pods each ReplicaSet selects equal
// to its spec.replicas: the thermostat of the control loop.
//
// Observe: the ReplicaSet and the active pods it controls (from the
// informers' caches). Diff: how many are missing or extra. Act: create
// pods in slow-start batches (1, 2, 4, …, at most 500 per sync) or delete
// the least valuable ones first, then write status. Pods that match the
// selector but have no controller are adopted; controlled pods whose labels
// stopped matching are released.
package replicaset

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/controllers/expectations"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// BurstReplicas caps creates or deletes in one sync, as upstream's 500.
const BurstReplicas = 500

// Kind is what the loop needs to know about one kind of replicated set.
// The ReplicaSet controller and the ReplicationController controller are
// the same loop over two kinds: ReplicaSets below, and the adapter in
// controllers/replication.
type Kind struct {
	Kind       string    // "ReplicaSet": the kind of the pods' ownerReference
	Resource   *api.Kind // api.ReplicaSets: the kind the informer caches
	Controller string    // "replicaset": the name in --controllers
	Component  string    // "replicaset-controller": the source of its Events
	// Spec reads the fields the loop acts on from one object.
	Spec func(api.Object) (Spec, error)
	// Status reads an object's status; WithStatus returns a copy of the
	// object with st as its status.
	Status     func(api.Object) api.ReplicaSetStatus
	WithStatus func(o api.Object, st api.ReplicaSetStatus) api.Object
}

// Spec is the desired state of one replicated set, whatever its kind.
type Spec struct {
	Replicas        int32
	MinReadySeconds int32
	Selector        api.Selector
	Template        *api.PodTemplateSpec
}

// ReplicaSets is the ReplicaSet kind.
var ReplicaSets = &Kind{
	Kind: "ReplicaSet", Resource: api.ReplicaSets, Controller: "replicaset", Component: "replicaset-controller",
	Spec: func(o api.Object) (Spec, error) {
		rs := o.(*api.ReplicaSet)
		sel, err := rs.Spec.Selector.AsSelector()
		return Spec{Replicas: api.Deref(rs.Spec.Replicas, 1), MinReadySeconds: rs.Spec.MinReadySeconds, Selector: sel, Template: &rs.Spec.Template}, err
	},
	Status: func(o api.Object) api.ReplicaSetStatus { return o.(*api.ReplicaSet).Status },
	WithStatus: func(o api.Object, st api.ReplicaSetStatus) api.Object {
		c := api.DeepCopy(o.(*api.ReplicaSet))
		c.Status = st
		return c
	},
}

// Reconciler is the ReplicaSet controller (or, with another Kind, the
// ReplicationController controller).
type Reconciler struct {
	kind *Kind
	// replicaSets and pods are the caches the loop observes; never modify
	// what they return.
	pods        informer.Lister[*api.Pod]
	replicaSets *informer.Informer
	ctrl        *controller.Controller
	// expectations remember creates and deletes whose watch events have not
	// arrived yet, so a lagging cache never causes a second round of them.
	expectations *expectations.Expectations
	// tally counts the cached pods per controller (tally.go), so that a
	// sync that deletes nothing need not walk its pods.
	tally *podTally
}

// Register adds the ReplicaSet controller to a manager.
func Register(m *controller.Manager) *controller.Controller { return RegisterKind(m, ReplicaSets) }

// RegisterKind adds the loop for one kind of replicated set to a manager.
func RegisterKind(m *controller.Manager, kind *Kind) *controller.Controller {
	r := &Reconciler{
		kind:         kind,
		replicaSets:  m.Informers.For(kind.Resource),
		pods:         informer.ListerFor[*api.Pod](m.Informers),
		expectations: expectations.New(m.Clock),
		tally:        newPodTally(kind.Kind),
	}
	c := m.NewController(kind.Controller, r, controller.Options{Component: kind.Component})
	r.ctrl = c
	r.replicaSets.AddHandler(informer.Handler{
		OnAdd:    c.EnqueueObject,
		OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) },
		OnDelete: func(o any) {
			if rs := informer.DeletedObject(o); rs != nil {
				r.expectations.Forget(store.KeyOf(rs))
				c.EnqueueObject(rs)
			}
		},
	})
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd: func(p *api.Pod) {
			r.tally.update(nil, p)
			if p.DeletionTimestamp != nil {
				r.enqueueOwners(p)
				return
			}
			if key := r.ownerKey(p); key != "" {
				r.expectations.CreationObserved(key)
			}
			r.enqueueOwners(p)
		},
		OnUpdate: func(old, p *api.Pod) {
			r.tally.update(old, p)
			r.enqueueOwners(old)
			r.enqueueOwners(p)
		},
		OnDelete: func(p *api.Pod) {
			r.tally.update(p, nil)
			if key := r.ownerKey(p); key != "" {
				r.expectations.DeletionObserved(key, p.UID)
			}
			r.enqueueOwners(p)
		},
	})
	return c
}

// ownerKey is the key of the ReplicaSet controlling p, if any.
func (r *Reconciler) ownerKey(p *api.Pod) string {
	ref := api.ControllerOf(p)
	if ref == nil || ref.Kind != r.kind.Kind {
		return ""
	}
	return store.Key(p.Namespace, ref.Name)
}

// enqueueOwners wakes the pod's controlling ReplicaSet, or — for an orphan —
// every ReplicaSet whose selector matches it (one may adopt it).
func (r *Reconciler) enqueueOwners(p *api.Pod) {
	if ref := api.ControllerOf(p); ref != nil {
		if ref.Kind == r.kind.Kind {
			r.ctrl.Enqueue(controller.Request{Namespace: p.Namespace, Name: ref.Name})
		}
		return
	}
	for _, o := range r.replicaSets.List(p.Namespace) {
		if spec, err := r.kind.Spec(o); err == nil && !spec.Selector.Empty() && spec.Selector.Matches(p.Labels) {
			r.ctrl.EnqueueObject(o)
		}
	}
}

// Reconcile brings one ReplicaSet's pods to its spec.replicas.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	o, ok := r.replicaSets.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("%s %s is gone", r.kind.Kind, req)
		r.expectations.Forget(req.String())
		return controller.Result{}, nil
	}
	rs := o
	spec, err := r.kind.Spec(o)
	if err != nil {
		return controller.Result{}, controller.Terminal(fmt.Errorf("invalid selector: %w", err))
	}
	if spec.Template == nil {
		return controller.Result{}, controller.Terminal(fmt.Errorf("%s %s has no pod template", r.kind.Kind, req))
	}
	want := int(spec.Replicas)
	counts := newPodCounts(spec, ctx.Clock.Now())
	active, counted := r.countPods(rs, spec, counts)
	var pods []*api.Pod
	switch {
	case !counted:
		// The walk: it adopts and releases, counts, and lists the pods,
		// which a scale-down ranks.
		pods, counts, err = r.claimPods(ctx, rs, spec)
		if err != nil {
			return controller.Result{}, err
		}
		active = len(pods)
	case active > want:
		pods = controlledPods(r.pods, rs, active, r.tally.controlled(rs.GetObjectMeta().UID)) // for the scale-down to rank
	}
	ctx.Observe("spec.replicas=%d, active pods=%d%s", want, active, counts.describe())

	var manageErr error
	if rs.GetObjectMeta().DeletionTimestamp == nil {
		if pending, ok := r.expectations.Satisfied(req.String()); !ok {
			ctx.Why("waiting for the cache to see %s this controller already made; acting now could double them", pending)
		} else {
			manageErr = r.manage(ctx, rs, spec, active, pods, want)
		}
	}
	requeue, err := r.updateStatus(ctx, rs, active, counts)
	if manageErr != nil {
		return controller.Result{}, manageErr
	}
	if err != nil {
		return controller.Result{}, err
	}
	return controller.Result{RequeueAfter: requeue}, nil
}

// podCounts is what a sync reads from its active pods besides the pods
// themselves: the observe line's Pending and not-ready pods, and the
// status's fully labeled, ready and available ones with when to look again
// for one still inside minReadySeconds. The tally has them without a walk
// (countPods); otherwise claimPods gathers them as it claims,
// in its one pass over the pods, where there were three (claim, this line,
// status), and each pod's Ready condition is looked up once, not twice.
// Measured alone at 10,000 pods the gain is within the noise: loading each
// pod the first time dominates, and one pass pays that as three did.
type podCounts struct {
	// What count needs: the sync's clock, the spec's minReadySeconds, and
	// whether every claimed pod carries the template's labels (allLabeled)
	// or each must be matched against them (tmplSel).
	now        time.Time
	minReady   int32
	allLabeled bool
	tmplSel    api.Selector

	pending, notReady              int
	fullyLabeled, ready, available int32
	requeue                        time.Duration
}

// newPodCounts starts the counts of one sync of a set with spec.
func newPodCounts(spec Spec, now time.Time) *podCounts {
	var tmplLabels map[string]string
	if spec.Template != nil {
		tmplLabels = spec.Template.Labels
	}
	// Every claimed pod matches the selector (an adopted one carries the
	// labels it matched with: no admission edits a pod's labels), so when
	// the selector requires each template label — a Deployment's
	// ReplicaSets, whose selector is their template's labels — every pod is
	// fully labeled, without a label lookup per pod.
	return &podCounts{now: now, minReady: spec.MinReadySeconds,
		allLabeled: spec.Selector.Implies(tmplLabels), tmplSel: api.SelectorFromSet(tmplLabels)}
}

// count adds one active pod. Its Ready condition is looked up once, for
// both the observe line and the status.
func (c *podCounts) count(p *api.Pod) {
	cond := p.Condition(api.PodReady)
	ready := cond != nil && cond.Status == api.ConditionTrue
	switch {
	case p.Status.Phase == api.PodPending || p.Status.Phase == "":
		c.pending++
	case !ready:
		c.notReady++
	}
	if c.allLabeled || c.tmplSel.Matches(p.Labels) {
		c.fullyLabeled++
	}
	if ready {
		c.ready++
		if api.IsReadyAvailable(cond, c.minReady, c.now) {
			c.available++
		} else {
			wait := cond.LastTransitionTime.Add(time.Duration(c.minReady) * time.Second).Sub(c.now)
			if c.requeue == 0 || wait < c.requeue {
				c.requeue = wait
			}
		}
	}
}

// describe is the observe line's count of the pods not running yet and not
// ready.
func (c *podCounts) describe() string {
	s := ""
	if c.pending > 0 {
		s += fmt.Sprintf(" (%d Pending)", c.pending)
	}
	if c.notReady > 0 {
		s += fmt.Sprintf(" (%d not ready)", c.notReady)
	}
	return s
}

// manage creates or deletes pods to close the gap between want and the
// active pods. pods lists them when there are more than want (it is nil
// otherwise: only a scale-down needs them).
func (r *Reconciler) manage(ctx *controller.Context, rs api.Object, spec Spec, active int, pods []*api.Pod, want int) error {
	diff := active - want
	key := store.KeyOf(rs)
	switch {
	case diff < 0:
		n := min(-diff, BurstReplicas)
		ctx.Diff("%d pod(s) missing", -diff)
		if -diff > BurstReplicas {
			ctx.Why("more than %d missing: create %d this sync, the rest next", BurstReplicas, BurstReplicas)
		}
		r.expectations.ExpectCreations(key, n)
		created, err := slowStart(n, func() error {
			err := r.createPod(ctx, rs, spec)
			if err != nil {
				r.expectations.LowerCreations(key, 1) // its event will never come
			}
			return err
		})
		if skipped := n - created; skipped > 0 {
			r.expectations.LowerCreations(key, skipped)
		}
		ctx.Why("observed %d < desired %d: create %d (slow-start batches 1, 2, 4, …)", active, want, n)
		return err
	case diff > 0:
		n := min(diff, BurstReplicas)
		ctx.Diff("%d pod(s) extra", diff)
		victims := podsToDelete(pods, r.relatedOnNode(rs), n, ctx.Clock.Now())
		ctx.Why("observed %d > desired %d: delete %d, least valuable first (unscheduled, pending, not ready, newest…)", active, want, n)
		uids := make([]string, len(victims))
		for i, p := range victims {
			uids[i] = p.UID
		}
		r.expectations.ExpectDeletions(key, uids)
		var firstErr error
		for _, p := range victims {
			if err := ctx.Delete(p, store.DeleteOptions{}, "scale down"); err != nil {
				r.expectations.DeletionObserved(key, p.UID)
				if !api.IsNotFound(err) && firstErr == nil {
					firstErr = err
				}
				continue
			}
			ctx.Event(rs, controller.EventNormal, "SuccessfulDelete", "Deleted pod: %s", p.Name)
		}
		return firstErr
	default:
		ctx.Why("observed = desired = %d: nothing to do", want)
	}
	return nil
}

// relatedOnNode counts, per node, the active pods selected by every
// ReplicaSet that shares rs's controller, rs included — for a Deployment,
// the pods of all its revisions — each once, whoever controls them.
// Scale-down ranks a pod by its node's count. A ReplicaSet with no
// controller has none, as upstream. The tally has the counts per label
// set, unless the namespace has orphans, which it does not count: then
// the namespace's pods are walked (at 10,000 pods a walk was ~7% of a
// rollout's CPU under wasm, with the count of the pods it found).
func (r *Reconciler) relatedOnNode(rs api.Object) map[string]int {
	ref := api.ControllerOf(rs)
	if ref == nil {
		return nil
	}
	ns := rs.GetObjectMeta().Namespace
	var sels []api.Selector
	for _, o := range r.replicaSets.List(ns) {
		if other := api.ControllerOf(o); other != nil && other.UID == ref.UID {
			spec, err := r.kind.Spec(o)
			if err == nil && !spec.Selector.Empty() {
				sels = append(sels, spec.Selector)
			}
		}
	}
	onNode := map[string]int{}
	if r.pods.CountByIndex(informer.IndexControllerless, ns) == 0 && r.tally.onNode(ns, sels, onNode) {
		return onNode
	}
	all, _ := r.pods.EachByIndexes(informer.IndexNamespace, ns)
	for p := range all {
		if api.IsPodActive(p) && matchesAny(sels, p.Labels) {
			onNode[p.Spec.NodeName]++
		}
	}
	return onNode
}

// slowStart calls create n times in batches of 1, 2, 4, … and stops at
// the first batch with a failure, so a broken template costs one call,
// not hundreds. It returns how many calls were made.
func slowStart(n int, create func() error) (int, error) {
	done := 0
	for batch := 1; done < n; batch *= 2 {
		size := min(batch, n-done)
		var firstErr error
		for i := 0; i < size; i++ {
			if err := create(); err != nil && firstErr == nil {
				firstErr = err
			}
		}
		done += size
		if firstErr != nil {
			return done, firstErr
		}
	}
	return done, nil
}

func (r *Reconciler) createPod(ctx *controller.Context, rs api.Object, spec Spec) error {
	// The owner reference needs only rs's kind, name and uid. The pod is
	// handed to the store, which keeps it without a copy: everything in it
	// is made for it, the template's spec deep-copied (the store defaults
	// what it keeps). A whole copy of each pod by the store was 14 MB of a
	// 10,000-pod run's allocations, its labels made twice.
	m := rs.GetObjectMeta()
	ref := api.NewControllerRef(rs)
	if k := api.KindOf(rs); k != nil {
		ref.APIVersion, ref.Kind = k.APIVersion(), k.Kind
	}
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{
			GenerateName:    m.Name + "-",
			Namespace:       m.Namespace,
			Labels:          copyMap(spec.Template.Labels),
			Annotations:     copyMap(spec.Template.Annotations),
			OwnerReferences: []api.OwnerReference{ref},
		},
		Spec: api.DeepCopy(spec.Template.Spec),
	}
	out, err := ctx.CreateOwned(p, "for "+m.Name)
	if err != nil {
		ctx.Event(rs, controller.EventWarning, "FailedCreate", "Error creating: %v", err)
		return err
	}
	ctx.Event(rs, controller.EventNormal, "SuccessfulCreate", "Created pod: %s", out.GetObjectMeta().Name)
	return nil
}

// countPods fills c from the tally and returns the number of active pods
// the ReplicaSet controls, as claimPods would find them, or ok false when
// only claimPods can say: there are orphans in its namespace, which it may
// adopt, or the tally cannot answer (podTally.counts).
func (r *Reconciler) countPods(rs api.Object, spec Spec, c *podCounts) (active int, ok bool) {
	m := rs.GetObjectMeta()
	if r.pods.CountByIndex(informer.IndexControllerless, m.Namespace) > 0 {
		return 0, false
	}
	return r.tally.counts(m.UID, m.Namespace, spec.Selector, c)
}

// controlledPods lists, in key order, the n active pods the ReplicaSet rs
// controls, as claimPods would when countPods has vouched that it has
// nothing to claim: no orphan in its namespace, every pod it controls
// matching its selector. The scale-downs of a 10,000-pod rollout list
// their pods so, without claimPods' selector match and counts for each
// (0.6 s of the run under wasm). controlled is how many pods in all
// namespaces rs controls (podTally.controlled): when the pods that name
// rs as an owner are as many, each is controlled by it, and is not asked
// again (a third of the loop's time under wasm).
func controlledPods(pods informer.Lister[*api.Pod], rs api.Object, n, controlled int) []*api.Pod {
	m := rs.GetObjectMeta()
	owned, owners := pods.EachByIndexes(informer.IndexOwner, m.UID)
	out := make([]*api.Pod, 0, n)
	for p := range owned {
		if p.Namespace != m.Namespace || !api.IsPodActive(p) {
			continue
		}
		if owners == controlled {
			out = append(out, p)
		} else if ref := api.ControllerOf(p); ref != nil && ref.UID == m.UID {
			out = append(out, p)
		}
	}
	return out
}

// claimPods returns the active pods this ReplicaSet controls, adopting
// matching orphans and releasing controlled pods that no longer match, and
// their counts (an adopted pod counted as adopted).
func (r *Reconciler) claimPods(ctx *controller.Context, rs api.Object, spec Spec) ([]*api.Pod, *podCounts, error) {
	m := rs.GetObjectMeta()
	sel := spec.Selector
	counts := newPodCounts(spec, ctx.Clock.Now())
	// Only the pods rs owns and the namespace's orphans can be claimed,
	// released or adopted: every other pod has another controller. The
	// indexes give exactly those, in key order as a namespace list would.
	candidates, n := r.pods.EachByIndexes(informer.IndexOwner, m.UID, informer.IndexControllerless, m.Namespace)
	// Nearly every candidate is claimed: room for all of them at once, not
	// a dozen doublings of 10,000 pods per sync.
	out := make([]*api.Pod, 0, n)
	for p := range candidates {
		if p.Namespace != m.Namespace {
			continue // an owner reference cannot cross namespaces
		}
		ref := api.ControllerOf(p)
		matches := sel.Matches(p.Labels)
		switch {
		case ref != nil && ref.UID == m.UID && matches:
			if api.IsPodActive(p) {
				out = append(out, p)
				counts.count(p)
			}
		case ref != nil && ref.UID == m.UID:
			if err := r.release(ctx, p, rs); err != nil {
				return nil, nil, err
			}
		case ref == nil && matches && m.DeletionTimestamp == nil && p.DeletionTimestamp == nil:
			adopted, err := r.adopt(ctx, p, rs)
			if err != nil {
				return nil, nil, err
			}
			if adopted != nil && api.IsPodActive(adopted) {
				out = append(out, adopted)
				counts.count(adopted)
			}
		}
	}
	return out, counts, nil
}

func (r *Reconciler) adopt(ctx *controller.Context, p *api.Pod, rs api.Object) (*api.Pod, error) {
	c := api.DeepCopy(p)
	owner := api.DeepCopyObject(rs)
	api.SetKind(owner)
	c.OwnerReferences = append(c.OwnerReferences, api.NewControllerRef(owner))
	ctx.Why("pod %s matches the selector and has no controller: adopt it", p.Name)
	out, err := ctx.Update(c, "adopt")
	if err != nil {
		if api.IsNotFound(err) || api.IsConflict(err) {
			return nil, nil // it changed under us; the next event retries
		}
		return nil, err
	}
	return out.(*api.Pod), nil
}

func (r *Reconciler) release(ctx *controller.Context, p *api.Pod, rs api.Object) error {
	c := api.DeepCopy(p)
	var refs []api.OwnerReference
	for _, ref := range c.OwnerReferences {
		if ref.UID != rs.GetObjectMeta().UID {
			refs = append(refs, ref)
		}
	}
	c.OwnerReferences = refs
	ctx.Why("pod %s no longer matches the selector: release it", p.Name)
	if _, err := ctx.Update(c, "release"); err != nil && !api.IsNotFound(err) && !api.IsConflict(err) {
		return err
	}
	return nil
}

// updateStatus writes replicas/ready/available counts when they changed and
// says when to look again for pods still inside minReadySeconds.
func (r *Reconciler) updateStatus(ctx *controller.Context, rs api.Object, replicas int, counts *podCounts) (time.Duration, error) {
	old := r.kind.Status(rs)
	st := api.ReplicaSetStatus{Replicas: int32(replicas), ObservedGeneration: rs.GetObjectMeta().Generation, Conditions: old.Conditions,
		FullyLabeledReplicas: counts.fullyLabeled, ReadyReplicas: counts.ready, AvailableReplicas: counts.available}
	requeue := counts.requeue
	ctx.Observe("ready=%d, available=%d", st.ReadyReplicas, st.AvailableReplicas)
	if statusEqual(old, st) {
		return requeue, nil
	}
	c := r.kind.WithStatus(rs, st)
	_, err := ctx.UpdateStatus(c, fmt.Sprintf("replicas=%d ready=%d available=%d", st.Replicas, st.ReadyReplicas, st.AvailableReplicas))
	if api.IsNotFound(err) {
		return 0, nil
	}
	return requeue, err
}

func statusEqual(a, b api.ReplicaSetStatus) bool {
	return a.Replicas == b.Replicas && a.FullyLabeledReplicas == b.FullyLabeledReplicas &&
		a.ReadyReplicas == b.ReadyReplicas && a.AvailableReplicas == b.AvailableReplicas &&
		a.ObservedGeneration == b.ObservedGeneration
}

func copyMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}
