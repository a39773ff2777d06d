// Package namespace is the namespace controller of kube-controller-manager.
//
// Deleting a namespace does not remove it at once: the API server marks it
// Terminating (deletionTimestamp, status.phase Terminating) because its
// spec.finalizers holds "kubernetes". This controller then deletes every
// namespaced object in it, kind by kind, waits until they are all gone
// (pods take their grace period), and finally removes the "kubernetes"
// finalizer through the finalize subresource; the API server then removes
// the namespace. Meanwhile the API server refuses to create anything new
// in it.
//
// Like the real controller it reads the namespace's contents live from the
// API (upstream: discovery plus a dynamic client), not from caches, so it
// never finalizes on a stale view.
package namespace

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// Reconciler is the namespace controller.
type Reconciler struct {
	// namespaces is the cache the loop observes; never modify what it
	// returns.
	namespaces informer.Lister[*api.Namespace]
}

// Register adds the namespace controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{namespaces: informer.ListerFor[*api.Namespace](m.Informers)}
	c := m.NewController("namespace", r, controller.Options{Component: "namespace-controller"})
	enqueue := func(o api.Object) {
		if o.GetObjectMeta().DeletionTimestamp != nil {
			c.EnqueueObject(o)
		}
	}
	r.namespaces.AddHandler(informer.Handler{
		OnAdd:    enqueue,
		OnUpdate: func(_, o api.Object) { enqueue(o) },
	})
	return c
}

// Reconcile empties a terminating namespace, then finalizes it.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	ns, ok := r.namespaces.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if ns.DeletionTimestamp == nil {
		return controller.Result{}, nil
	}
	if !hasFinalizer(ns) {
		ctx.Observe("namespace %s is terminating; spec.finalizers has no %q", ns.Name, store.FinalizerKubernetes)
		return controller.Result{}, nil
	}
	s := ctx.Store()
	deleted := 0
	var firstErr error
	for _, kind := range api.Kinds {
		if !kind.Namespaced {
			continue
		}
		objs := s.List(kind, ns.Name)
		if len(objs) > 0 {
			ctx.Observe("%d %s", len(objs), kind.Resource)
		}
		for _, obj := range objs {
			if obj.GetObjectMeta().DeletionTimestamp != nil {
				continue
			}
			err := ctx.Delete(obj, store.DeleteOptions{}, "namespace "+ns.Name+" is terminating")
			if err != nil && !api.IsNotFound(err) && firstErr == nil {
				firstErr = err
			}
			deleted++
		}
	}
	if firstErr != nil {
		return controller.Result{}, firstErr
	}
	// Look again: most deletes are immediate; pods take their grace period.
	left, estimate := remaining(s, ns.Name, ctx.Clock.Now())
	if left > 0 {
		// Upstream waits half the estimate, plus a second, then looks again.
		wait := time.Duration(estimate/2+1) * time.Second
		ctx.Diff("%d object(s) remain in namespace %s", left, ns.Name)
		ctx.Why("content remaining (estimated %ds): finalize only once the namespace is empty; look again in %s", estimate, wait)
		return controller.Result{RequeueAfter: wait}, nil
	}
	if deleted > 0 {
		ctx.Diff("deleted %d object(s); namespace %s is empty", deleted, ns.Name)
	}
	ctx.Why("namespace %s is empty: remove finalizer %q", ns.Name, store.FinalizerKubernetes)
	if err := ctx.FinalizeNamespace(ns, store.FinalizerKubernetes); err != nil && !api.IsNotFound(err) {
		return controller.Result{}, err
	}
	return controller.Result{}, nil
}

func hasFinalizer(ns *api.Namespace) bool {
	for _, f := range ns.Spec.Finalizers {
		if f == store.FinalizerKubernetes {
			return true
		}
	}
	return false
}

// remaining counts what is left in a namespace and estimates, in seconds,
// how long the slowest terminating pod still has.
func remaining(s controller.Reader, namespace string, now time.Time) (left int, estimate int64) {
	for _, kind := range api.Kinds {
		if !kind.Namespaced {
			continue
		}
		for _, obj := range s.List(kind, namespace) {
			left++
			m := obj.GetObjectMeta()
			if _, ok := obj.(*api.Pod); ok && m.DeletionTimestamp != nil {
				if d := int64(m.DeletionTimestamp.Sub(now) / time.Second); d > estimate {
					estimate = d
				}
			}
		}
	}
	return left, estimate
}
