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

// Kinds the garbage collector follows (more as kinds are added). Nodes own
// their static pods' mirror pods.
var Kinds = []string{"deployments", "replicasets", "replicationcontrollers", "pods", "services", "endpointslices", "jobs", "cronjobs", "statefulsets", "daemonsets", "controllerrevisions", "persistentvolumeclaims", "nodes"}

// Register adds the garbage collector to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{informers: map[string]*informer.Informer{}}
	c := m.NewController("garbagecollector", r, controller.Options{Component: "garbage-collector-controller"})
	r.ctrl = c
	for _, res := range Kinds {
		inf := m.Informers.For(api.ResourceFor(res))
		r.informers[inf.Kind().Kind] = inf
		r.inOrder = append(r.inOrder, inf)
		inf.AddHandler(informer.Handler{
			OnAdd: func(o api.Object) { r.enqueue(o) },
			OnUpdate: func(_, o api.Object) {
				if o.GetObjectMeta().DeletionTimestamp != nil {
					r.enqueue(o)
				}
			},
			OnDelete: func(o any) {
				obj, ok := o.(api.Object)
				if t, isTomb := o.(informer.DeletedFinalStateUnknown); isTomb {
					obj, ok = t.Obj, true
				}
				if ok {
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
	for _, ref := range o.GetObjectMeta().OwnerReferences {
		if inf := r.informers[ref.Kind]; inf != nil {
			if owner, ok := inf.Get(o.GetObjectMeta().Namespace, ref.Name); ok {
				r.ctrl.Enqueue(requestFor(owner))
			}
		}
	}
}

// Reconcile decides about one object.
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
			return controller.Result{}, r.foreground(ctx, o)
		}
	}
	if len(m.OwnerReferences) == 0 {
		return controller.Result{}, nil
	}
	for _, ref := range m.OwnerReferences {
		owner := r.owner(ns, ref)
		if owner == nil {
			continue
		}
		if slices.Contains(owner.GetObjectMeta().Finalizers, store.FinalizerForeground) && owner.GetObjectMeta().DeletionTimestamp != nil {
			if m.DeletionTimestamp == nil {
				ctx.Why("owner %s %s is being deleted in the foreground: delete its dependent first", ref.Kind, ref.Name)
				return controller.Result{}, ignoreNotFound(ctx.Delete(o, store.DeleteOptions{PropagationPolicy: r.cascadePolicy(o)}, "foreground cascade"))
			}
			return controller.Result{}, nil
		}
		ctx.Observe("owner %s %s exists", ref.Kind, ref.Name)
		return controller.Result{}, nil
	}
	if m.DeletionTimestamp != nil {
		return controller.Result{}, nil
	}
	ctx.Observe("%s %s: every owner is gone", kind, m.Name)
	ctx.Diff("dependent without owner")
	ctx.Why("background cascade: a dependent whose owners no longer exist is deleted")
	return controller.Result{}, ignoreNotFound(ctx.Delete(o, store.DeleteOptions{}, "owner gone"))
}

// owner returns the live object a reference points to (matching uid).
func (r *Reconciler) owner(ns string, ref api.OwnerReference) api.Object {
	inf := r.informers[ref.Kind]
	if inf == nil {
		return nil
	}
	o, ok := inf.Get(ns, ref.Name)
	if !ok {
		o, ok = inf.Get("", ref.Name)
	}
	if !ok || o.GetObjectMeta().UID != ref.UID {
		return nil
	}
	return o
}

// dependents lists the objects naming o as an owner.
func (r *Reconciler) dependents(o api.Object) []api.Object {
	var out []api.Object
	for _, k := range Kinds {
		inf := r.informers[api.ResourceFor(k).Kind]
		out = append(out, inf.ByIndex(informer.IndexOwner, o.GetObjectMeta().UID)...)
	}
	return out
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

// foreground deletes o's dependents and removes o once none block it.
func (r *Reconciler) foreground(ctx *controller.Context, o api.Object) error {
	blocking := 0
	for _, d := range r.dependents(o) {
		blocking++
		if d.GetObjectMeta().DeletionTimestamp == nil {
			if err := ctx.Delete(d, store.DeleteOptions{PropagationPolicy: r.cascadePolicy(d)}, "foreground cascade"); err != nil && !api.IsNotFound(err) {
				return err
			}
		}
	}
	if blocking > 0 {
		ctx.Why("foreground deletion: %d dependent(s) must go before the owner", blocking)
		return nil
	}
	return r.removeFinalizer(ctx, o, store.FinalizerForeground)
}

// cascadePolicy is how a dependent of an owner being deleted in the
// foreground is deleted, as upstream: in the foreground too when it has
// dependents of its own (so the owner waits for the whole tree), else in
// the background — a pod then terminates gracefully and its kubelet removes
// it, instead of leaving the API the moment its finalizer is removed.
func (r *Reconciler) cascadePolicy(o api.Object) string {
	if len(r.dependents(o)) > 0 {
		return store.PropagationForeground
	}
	return store.PropagationBackground
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
