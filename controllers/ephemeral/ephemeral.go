// Package ephemeral is the ephemeral volume controller of
// kube-controller-manager (ephemeral-volume-controller): for every pod
// volume with spec.volumes[].ephemeral.volumeClaimTemplate it creates the
// PersistentVolumeClaim <pod>-<volume> from the template, with the pod as
// its controlling owner, so the garbage collector deletes the claim with
// the pod. The scheduler waits for the claim as for any other; a claim of
// that name that the pod does not own is never used: the pod stays
// Pending with "PVC <ns>/<name> was not created for pod <ns>/<pod> (pod is
// not owner)".
//
// As upstream, pod updates are ignored (a pod's volumes are immutable) and
// a deleted claim brings its pods back to the queue. Upstream retries a
// pod whose claim name is taken with back-off; here the pod waits for that
// claim's deletion instead, so the cluster settles. A key is a pod
// (namespace/name).
package ephemeral

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// Reconciler is the ephemeral volume controller.
type Reconciler struct {
	// pods and claims are the caches it reads; never modify what they
	// return.
	pods   informer.Lister[*api.Pod]
	claims informer.Lister[*api.PersistentVolumeClaim]
}

// Register adds the ephemeral volume controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{pods: informer.ListerFor[*api.Pod](m.Informers), claims: informer.ListerFor[*api.PersistentVolumeClaim](m.Informers)}
	c := m.NewController("ephemeral-volume", r, controller.Options{Component: "ephemeral_volume"})
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{OnAdd: func(p *api.Pod) {
		if hasEphemeral(p) {
			c.EnqueueObject(p)
		}
	}})
	r.claims.AddTypedHandler(informer.HandlerFor[*api.PersistentVolumeClaim]{OnDelete: func(cl *api.PersistentVolumeClaim) {
		for _, p := range r.pods.ByIndex(informer.IndexClaim, informer.ClaimKey(cl.Namespace, cl.Name)) {
			for i := range p.Spec.Volumes {
				if v := &p.Spec.Volumes[i]; v.Ephemeral != nil && api.VolumeClaimName(p, v) == cl.Name {
					c.EnqueueObject(p)
				}
			}
		}
	}})
	return c
}

func hasEphemeral(p *api.Pod) bool {
	for _, v := range p.Spec.Volumes {
		if v.Ephemeral != nil {
			return true
		}
	}
	return false
}

// Reconcile creates the missing claims of one pod's ephemeral volumes.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	pod, ok := r.pods.Get(req.Namespace, req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if pod.DeletionTimestamp != nil {
		ctx.Observe("pod %s is being deleted", pod.Name)
		return controller.Result{}, nil
	}
	for i := range pod.Spec.Volumes {
		v := &pod.Spec.Volumes[i]
		if v.Ephemeral == nil || v.Ephemeral.VolumeClaimTemplate == nil {
			continue
		}
		name := api.VolumeClaimName(pod, v)
		if co, ok := r.claims.Get(pod.Namespace, name); ok {
			if why := api.EphemeralClaimConflict(pod, co); why != "" {
				ctx.Observe("volume %s: claim %s exists", v.Name, name)
				ctx.Why("%s: the pod cannot use it and waits until it is deleted", why)
				continue
			}
			ctx.Observe("volume %s: claim %s exists, owned by the pod", v.Name, name)
			continue
		}
		t := v.Ephemeral.VolumeClaimTemplate
		ctx.Diff("volume %s has no claim %s", v.Name, name)
		ctx.Why("a generic ephemeral volume gets a claim of its own, owned by the pod so that it goes with it")
		claim := &api.PersistentVolumeClaim{
			ObjectMeta: api.ObjectMeta{Name: name, Namespace: pod.Namespace,
				Labels: copyMap(t.Labels), Annotations: copyMap(t.Annotations),
				OwnerReferences: []api.OwnerReference{{APIVersion: "v1", Kind: "Pod", Name: pod.Name, UID: pod.UID,
					Controller: api.Ptr(true), BlockOwnerDeletion: api.Ptr(true)}}},
			Spec: api.DeepCopy(t.Spec),
		}
		if _, err := ctx.Create(claim, "for pod "+pod.Name); err != nil && !api.IsAlreadyExists(err) {
			ctx.Event(pod, controller.EventWarning, "FailedBinding", "PVC creation failed: %v", err)
			if api.ReasonOf(err) == api.ReasonInvalid || api.ReasonOf(err) == api.ReasonForbidden {
				return controller.Result{}, nil
			}
			return controller.Result{}, err
		}
	}
	return controller.Result{}, nil
}

func copyMap(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
