// Package garbagecollector deletes objects whose owners are gone, and
// carries out foreground and orphan deletion of owners.
//
// Owner references are the only link: a ReplicaSet's pods point to it, the
// ReplicaSet points to its Deployment. When the last owner of a dependent
// no longer exists, the dependent is deleted (background cascade). An
// owner deleted with propagation Foreground carries the foregroundDeletion
// finalizer and waits until its blocking dependents are gone; with Orphan,
// its dependents lose the owner reference and stay.
package garbagecollector

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// Reconciler is the garbage collector. Its keys are "Kind:namespace/name"
// requests: Request.Namespace carries "Kind:namespace".
type Reconciler struct {
	// informers caches every kind that can own or be owned, by Kind.
	informers map[string]*informer.Informer
	// inOrder holds the same informers in the order of Kinds: dependents
	// are looked up kind by kind in this order, never in a map's random
	// order, so the same seed gives the same history.
	inOrder []*informer.Informer
	ctrl    *controller.Controller
}

// Kinds the garbage collector follows: every kind the sandbox serves but
// Events, as upstream's collector watches every resource it can delete and
// leaves out only events. Any object may own any other (a ConfigMap may own
// a Secret), so no kind can be left out without leaving its dependents
// behind.
var Kinds = func() []*api.Kind {
	var out []*api.Kind
	for _, k := range api.Kinds {
		if k != api.Events {
			out = append(out, k)
		}
	}
	return out
}()

// Register adds the garbage collector to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{informers: map[string]*informer.Informer{}}
	c := m.NewController("garbagecollector", r, controller.Options{Component: "garbage-collector-controller"})
	r.ctrl = c
	for _, kind := range Kinds {
		inf := m.Informers.For(kind)
		r.informers[inf.Kind().Kind] = inf
		r.inOrder = append(r.inOrder, inf)
		inf.AddHandler(informer.Handler{
			OnAdd: func(o api.Object) { r.enqueue(o) },
			OnUpdate: func(old, o api.Object) {
				if o.GetObjectMeta().DeletionTimestamp != nil {
					r.enqueue(o)
				}
				if !sameBlockingOwners(old.GetObjectMeta().OwnerReferences, o.GetObjectMeta().OwnerReferences) {
					// A reference added may point at an owner that is gone;
					// one removed or made non-blocking may be all an owner
					// deleted in the foreground was waiting for.
					r.enqueue(o)
					r.enqueueOwners(old)
				}
			},
			OnDelete: func(o any) {
				if obj := informer.DeletedObject(o); obj != nil {
					r.enqueueDependents(obj)
				}
			},
		})
	}
	return c
}

func requestFor(o api.Object) controller.Request {
	m := o.GetObjectMeta()
	return controller.Request{Namespace: api.KindOf(o).Kind + ":" + m.Namespace, Name: m.Name}
}

// enqueue looks at an object that may be an orphan or a terminating owner.
func (r *Reconciler) enqueue(o api.Object) {
	m := o.GetObjectMeta()
	if len(m.OwnerReferences) > 0 || m.DeletionTimestamp != nil {
		r.ctrl.Enqueue(requestFor(o))
	}
}

// enqueueDependents looks at everything that named o as an owner, and at
// o's owners (a foreground owner may be waiting for o).
func (r *Reconciler) enqueueDependents(o api.Object) {
	uid := o.GetObjectMeta().UID
	for _, inf := range r.inOrder {
		for _, d := range inf.ByIndex(informer.IndexOwner, uid) {
			r.ctrl.Enqueue(requestFor(d))
		}
	}
	r.enqueueOwners(o)
}

// enqueueOwners looks at o's owners that are being deleted: one deleted in
// the foreground may have been waiting for o.
func (r *Reconciler) enqueueOwners(o api.Object) {
	for _, ref := range o.GetObjectMeta().OwnerReferences {
		if inf := r.informers[ref.Kind]; inf != nil {
			if owner, ok := inf.Get(namespaceOf(inf.Kind(), o), ref.Name); ok && owner.GetObjectMeta().DeletionTimestamp != nil {
				r.ctrl.Enqueue(requestFor(owner))
			}
		}
	}
}

// Reconcile decides about one object: an owner being deleted with the
// orphan or foregroundDeletion finalizer is carried through it; any other
// object with owners is looked at as a dependent (attemptToDelete).
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	kind, ns, _ := cut(req.Namespace)
	inf := r.informers[kind]
	if inf == nil {
		return controller.Result{}, nil
	}
	o, ok := inf.Get(ns, req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	m := o.GetObjectMeta()
	if m.DeletionTimestamp != nil {
		switch {
		case slices.Contains(m.Finalizers, store.FinalizerOrphan):
			return controller.Result{}, r.orphan(ctx, o)
		case slices.Contains(m.Finalizers, store.FinalizerForeground):
			return controller.Result{}, r.deleteDependents(ctx, o)
		}
		return controller.Result{}, nil // on its way out; its owners hear when it goes
	}
	if len(m.OwnerReferences) == 0 {
		return controller.Result{}, nil
	}
	return controller.Result{}, r.attemptToDelete(ctx, o)
}

// owners sorts a dependent's owner references as upstream's collector
// does: solid owners exist and are not waiting for their dependents;
// waiting ones are being deleted in the foreground; dangling ones are gone
// (or were re-created: another uid).
type owners struct {
	solid, waiting, dangling []api.OwnerReference
}

func (r *Reconciler) classify(ctx *controller.Context, o api.Object) owners {
	var out owners
	for _, ref := range o.GetObjectMeta().OwnerReferences {
		owner, known := r.owner(ctx, o, ref)
		switch {
		case !known:
			// A kind the sandbox does not serve: whether the owner exists
			// cannot be told, so the dependent is not collected.
			ctx.Observe("owner %s %s is of a kind the collector does not know", ref.Kind, ref.Name)
			out.solid = append(out.solid, ref)
		case owner == nil:
			out.dangling = append(out.dangling, ref)
		case deletingDependents(owner):
			out.waiting = append(out.waiting, ref)
		default:
			out.solid = append(out.solid, ref)
		}
	}
	return out
}

// attemptToDelete decides about a dependent, as upstream's
// attemptToDeleteItem: it stays while it has an owner; it goes when every
// owner is gone or waits for it — in the foreground when it has dependents
// of its own, so that the waiting owner waits for the whole tree.
func (r *Reconciler) attemptToDelete(ctx *controller.Context, o api.Object) error {
	m := o.GetObjectMeta()
	ow := r.classify(ctx, o)
	switch {
	case len(ow.solid) > 0 && len(ow.dangling)+len(ow.waiting) == 0:
		ctx.Observe("owner %s %s exists", ow.solid[0].Kind, ow.solid[0].Name)
		return nil
	case len(ow.solid) > 0:
		ctx.Observe("owner %s %s exists; %d other owner(s) gone or being deleted in the foreground", ow.solid[0].Kind, ow.solid[0].Name, len(ow.dangling)+len(ow.waiting))
		ctx.Why("a dependent with an owner that stays is not deleted: only its references to the others are removed, so no owner waits for it")
		c := api.DeepCopyObject(o)
		c.GetObjectMeta().OwnerReferences = ow.solid
		_, err := ctx.Update(c, "remove owner references")
		return ignoreNotFound(err)
	case len(ow.waiting) > 0 && len(r.dependents(o)) > 0:
		if r.hasDependentDeletingDependents(o) {
			// Upstream's circle breaker: o's owner waits for o, and o
			// would wait for a dependent that waits too — perhaps for that
			// very owner. Once o's references no longer block, no owner
			// waits for o, and o is deleted in the foreground all the same.
			ctx.Why("a dependent of %s is itself waiting for its dependents, which may be a circle: its owner references stop blocking their owners", m.Name)
			c := api.DeepCopyObject(o)
			unblock(c.GetObjectMeta().OwnerReferences)
			if _, err := ctx.Update(c, "ownerReferences blockOwnerDeletion=false"); err != nil {
				return ignoreNotFound(err)
			}
		}
		ctx.Why("owner %s %s is being deleted in the foreground and %s has dependents of its own: delete it in the foreground too", ow.waiting[0].Kind, ow.waiting[0].Name, m.Name)
		return ignoreNotFound(ctx.Delete(o, store.DeleteOptions{PropagationPolicy: store.PropagationForeground}, "foreground cascade"))
	case len(ow.waiting) > 0:
		ctx.Why("owner %s %s is being deleted in the foreground: delete its dependent first", ow.waiting[0].Kind, ow.waiting[0].Name)
		return ignoreNotFound(ctx.Delete(o, store.DeleteOptions{PropagationPolicy: ownPolicy(o)}, "foreground cascade"))
	}
	ctx.Observe("%s %s: every owner is gone", api.KindOf(o).Kind, m.Name)
	ctx.Diff("dependent without owner")
	ctx.Why("background cascade: a dependent whose owners no longer exist is deleted")
	return ignoreNotFound(ctx.Delete(o, store.DeleteOptions{PropagationPolicy: ownPolicy(o)}, "owner gone"))
}

// ownPolicy is how a dependent that goes is deleted when no owner asks
// otherwise: as its own finalizers say, else in the background (a pod
// then terminates gracefully and its kubelet removes it).
func ownPolicy(o api.Object) string {
	switch f := o.GetObjectMeta().Finalizers; {
	case slices.Contains(f, store.FinalizerOrphan):
		return store.PropagationOrphan
	case slices.Contains(f, store.FinalizerForeground):
		return store.PropagationForeground
	}
	return store.PropagationBackground
}

// owner returns the live object a reference points to (matching uid), and
// whether the reference's kind is one the collector knows. The informer
// answers first; a miss is checked with the store, as upstream asks the
// API server before it calls an owner gone.
func (r *Reconciler) owner(ctx *controller.Context, dependent api.Object, ref api.OwnerReference) (api.Object, bool) {
	inf := r.informers[ref.Kind]
	if inf == nil {
		return nil, false
	}
	ns := namespaceOf(inf.Kind(), dependent)
	o, ok := inf.Get(ns, ref.Name)
	if !ok {
		live, err := ctx.Store().Get(inf.Kind(), ns, ref.Name)
		o, ok = live, err == nil
	}
	if !ok || o.GetObjectMeta().UID != ref.UID {
		return nil, true
	}
	return o, true
}

// namespaceOf is where an owner of kind k of o lives: in o's namespace,
// or in none for a cluster-scoped kind.
func namespaceOf(k *api.Kind, o api.Object) string {
	if !k.Namespaced {
		return ""
	}
	return o.GetObjectMeta().Namespace
}

// deletingDependents reports an object being deleted in the foreground.
func deletingDependents(o api.Object) bool {
	m := o.GetObjectMeta()
	return m.DeletionTimestamp != nil && slices.Contains(m.Finalizers, store.FinalizerForeground)
}

// dependents lists the objects naming o as an owner.
func (r *Reconciler) dependents(o api.Object) []api.Object {
	var out []api.Object
	for _, inf := range r.inOrder {
		out = append(out, inf.ByIndex(informer.IndexOwner, o.GetObjectMeta().UID)...)
	}
	return out
}

func (r *Reconciler) hasDependentDeletingDependents(o api.Object) bool {
	return slices.ContainsFunc(r.dependents(o), deletingDependents)
}

// orphan strips o from its dependents' owner references, then lets o go.
func (r *Reconciler) orphan(ctx *controller.Context, o api.Object) error {
	uid := o.GetObjectMeta().UID
	for _, d := range r.dependents(o) {
		c := api.DeepCopyObject(d)
		m := c.GetObjectMeta()
		m.OwnerReferences = slices.DeleteFunc(slices.Clone(m.OwnerReferences), func(ref api.OwnerReference) bool { return ref.UID == uid })
		ctx.Why("orphan cascade: %s keeps running without its owner", m.Name)
		if _, err := ctx.Update(c, "remove owner reference"); err != nil && !api.IsNotFound(err) {
			return err
		}
	}
	return r.removeFinalizer(ctx, o, store.FinalizerOrphan)
}

// deleteDependents carries an owner deleted in the foreground, as
// upstream's processDeletingDependentsItem: each dependent not yet being
// deleted is looked at in its own reconcile (attemptToDelete), and the
// owner goes once no dependent whose reference has blockOwnerDeletion is
// left. A dependent without it is deleted all the same, but not waited for.
func (r *Reconciler) deleteDependents(ctx *controller.Context, o api.Object) error {
	uid := o.GetObjectMeta().UID
	blocking := 0
	for _, d := range r.dependents(o) {
		if blocks(d, uid) {
			blocking++
		}
		if d.GetObjectMeta().DeletionTimestamp == nil {
			r.ctrl.Enqueue(requestFor(d))
		}
	}
	if blocking > 0 {
		ctx.Observe("%d dependent(s) block the owner's deletion", blocking)
		ctx.Why("foreground deletion: %d dependent(s) must go before the owner", blocking)
		return nil
	}
	ctx.Why("foreground deletion: no dependent blocks the owner any more")
	return r.removeFinalizer(ctx, o, store.FinalizerForeground)
}

// blocks reports whether d's reference to the owner uid has
// blockOwnerDeletion set.
func blocks(d api.Object, uid string) bool {
	for _, ref := range d.GetObjectMeta().OwnerReferences {
		if ref.UID == uid && api.Deref(ref.BlockOwnerDeletion, false) {
			return true
		}
	}
	return false
}

// unblock sets blockOwnerDeletion to false on every reference that had it.
func unblock(refs []api.OwnerReference) {
	for i := range refs {
		if api.Deref(refs[i].BlockOwnerDeletion, false) {
			refs[i].BlockOwnerDeletion = api.Ptr(false)
		}
	}
}

// sameBlockingOwners reports two lists of owner references naming the same
// owners, each blocking its owner's deletion or not alike.
func sameBlockingOwners(a, b []api.OwnerReference) bool {
	return slices.EqualFunc(a, b, func(x, y api.OwnerReference) bool {
		return x.UID == y.UID && api.Deref(x.BlockOwnerDeletion, false) == api.Deref(y.BlockOwnerDeletion, false)
	})
}

func (r *Reconciler) removeFinalizer(ctx *controller.Context, o api.Object, f string) error {
	c := api.DeepCopyObject(o)
	m := c.GetObjectMeta()
	m.Finalizers = slices.DeleteFunc(slices.Clone(m.Finalizers), func(s string) bool { return s == f })
	_, err := ctx.Update(c, "remove finalizer "+f)
	return ignoreNotFound(err)
}

func ignoreNotFound(err error) error {
	if api.IsNotFound(err) {
		return nil
	}
	return err
}

func cut(s string) (kind, ns string, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
