package deployment

import (
	"maps"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// Reconciler is the Deployment controller. It reads only its informers'
// caches. Objects in those caches are shared with the store: NEVER modify
// them — api.DeepCopy first.
type Reconciler struct {
	// deployments holds the desired state: the objects reconciled.
	deployments informer.Lister[*api.Deployment]
	// replicaSets is what a Deployment acts through: it owns some, adopts
	// orphans its selector matches, and sizes them.
	replicaSets informer.Lister[*api.ReplicaSet]
	// pods is read only for Recreate, which must see every old pod gone
	// before it starts a new one (ReplicaSet status lags pod deletion).
	pods informer.Lister[*api.Pod]
	// ctrl is the runner whose workqueue the handlers feed.
	ctrl *controller.Controller
}

// Register adds the Deployment controller to m: it retries a key at most 15
// times, as kube-controller-manager does, and signs its Events
// "deployment-controller".
func Register(m *controller.Manager) *controller.Controller {
	r := newReconciler(m)
	return r.ctrl
}

func newReconciler(m *controller.Manager) *Reconciler {
	r := &Reconciler{
		deployments: informer.ListerFor[*api.Deployment](m.Informers),
		replicaSets: informer.ListerFor[*api.ReplicaSet](m.Informers),
		pods:        informer.ListerFor[*api.Pod](m.Informers),
	}
	r.ctrl = m.NewController("deployment", r, controller.Options{MaxRetries: 15, Component: "deployment-controller"})
	r.deployments.AddTypedHandler(informer.HandlerFor[*api.Deployment]{
		OnAdd:    func(d *api.Deployment) { r.ctrl.EnqueueObject(d) },
		OnUpdate: func(_, d *api.Deployment) { r.ctrl.EnqueueObject(d) },
		OnDelete: func(d *api.Deployment) { r.ctrl.EnqueueObject(d) },
	})
	r.replicaSets.AddTypedHandler(informer.HandlerFor[*api.ReplicaSet]{
		OnAdd: r.addReplicaSet, OnUpdate: r.updateReplicaSet, OnDelete: r.deleteReplicaSet,
	})
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{OnDelete: r.deletePod})
	return r
}

// Reconcile brings one Deployment's ReplicaSets and status in line with its
// spec; see the package doc for the order of things.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	cached, ok := r.deployments.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("deployment %s is gone", req)
		ctx.Why("nothing to do: the garbage collector removes what it owned")
		return controller.Result{}, nil
	}
	d := api.DeepCopy(cached)
	if d.Kind == "" {
		api.SetKind(d) // NewControllerRef needs apiVersion and kind
	}
	s := &syncer{r: r, ctx: ctx, d: d, cached: cached, now: ctx.Clock.Now(), latest: map[string]*api.ReplicaSet{}}
	return s.run()
}

// --- event handlers: map a change to the Deployment keys it concerns ---

func (r *Reconciler) addReplicaSet(rs *api.ReplicaSet) {
	if rs.DeletionTimestamp != nil {
		r.deleteReplicaSet(rs)
		return
	}
	if ref := api.ControllerOf(rs); ref != nil {
		if d := r.resolveControllerRef(rs.Namespace, ref); d != nil {
			r.ctrl.EnqueueObject(d)
		}
		return
	}
	// An orphan: every Deployment that could adopt it should look.
	for _, d := range r.deploymentsSelecting(rs) {
		r.ctrl.EnqueueObject(d)
	}
}

func (r *Reconciler) updateReplicaSet(old, cur *api.ReplicaSet) {
	if old.ResourceVersion == cur.ResourceVersion {
		return // a resync: nothing changed
	}
	curRef, oldRef := api.ControllerOf(cur), api.ControllerOf(old)
	refChanged := (curRef == nil) != (oldRef == nil) || (curRef != nil && curRef.UID != oldRef.UID)
	if refChanged && oldRef != nil {
		// The old owner lost it: let it notice.
		if d := r.resolveControllerRef(old.Namespace, oldRef); d != nil {
			r.ctrl.EnqueueObject(d)
		}
	}
	if curRef != nil {
		if d := r.resolveControllerRef(cur.Namespace, curRef); d != nil {
			r.ctrl.EnqueueObject(d)
		}
		return
	}
	if refChanged || !maps.Equal(old.Labels, cur.Labels) {
		for _, d := range r.deploymentsSelecting(cur) {
			r.ctrl.EnqueueObject(d)
		}
	}
}

func (r *Reconciler) deleteReplicaSet(rs *api.ReplicaSet) {
	if ref := api.ControllerOf(rs); ref != nil {
		if d := r.resolveControllerRef(rs.Namespace, ref); d != nil {
			r.ctrl.EnqueueObject(d)
		}
	}
}

// deletePod wakes a Recreate Deployment whose old pods are going: it may be
// waiting for the last one before it starts the new ReplicaSet.
func (r *Reconciler) deletePod(p *api.Pod) {
	ref := api.ControllerOf(p)
	if ref == nil || ref.Kind != "ReplicaSet" {
		return
	}
	obj, ok := r.replicaSets.Get(p.Namespace, ref.Name)
	if !ok || obj.GetObjectMeta().UID != ref.UID {
		return
	}
	rsRef := api.ControllerOf(obj)
	if rsRef == nil {
		return
	}
	if d := r.resolveControllerRef(p.Namespace, rsRef); d != nil && d.Spec.Strategy.Type == api.RecreateDeploymentStrategyType {
		r.ctrl.EnqueueObject(d)
	}
}

// resolveControllerRef returns the Deployment a controller reference names,
// if the cache has one with that uid (a same-named successor is not it).
func (r *Reconciler) resolveControllerRef(namespace string, ref *api.OwnerReference) *api.Deployment {
	if ref.Kind != "Deployment" {
		return nil
	}
	obj, ok := r.deployments.Get(namespace, ref.Name)
	if !ok || obj.GetObjectMeta().UID != ref.UID {
		return nil
	}
	return obj
}

// deploymentsSelecting lists the Deployments whose selector matches rs's
// labels.
func (r *Reconciler) deploymentsSelecting(rs *api.ReplicaSet) []*api.Deployment {
	var out []*api.Deployment
	for _, d := range r.deployments.List(rs.Namespace) {
		sel, err := d.Spec.Selector.AsSelector()
		if err != nil || sel.Empty() {
			continue
		}
		if sel.Matches(rs.Labels) {
			out = append(out, d)
		}
	}
	return out
}
