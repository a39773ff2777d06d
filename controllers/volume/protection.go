package volume

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// protection removes the protection finalizers once it is safe: from a
// deleted claim when no pod uses it any more, from a deleted volume when
// it is no longer bound. Until then they stay Terminating, so data in use
// is never pulled from under a pod.
type protection struct {
	pods    informer.Lister[*api.Pod]
	claims  informer.Lister[*api.PersistentVolumeClaim]
	volumes informer.Lister[*api.PersistentVolume]
}

func registerProtection(m *controller.Manager) {
	p := &protection{
		pods:    informer.ListerFor[*api.Pod](m.Informers),
		claims:  informer.ListerFor[*api.PersistentVolumeClaim](m.Informers),
		volumes: informer.ListerFor[*api.PersistentVolume](m.Informers),
	}
	pvc := m.NewController("pvc-protection", controller.ReconcileFunc(p.syncClaim), controller.Options{Component: "pvc-protection-controller"})
	pv := m.NewController("pv-protection", controller.ReconcileFunc(p.syncVolume), controller.Options{Component: "pv-protection-controller"})
	enqueueDeleting := func(c *controller.Controller) informer.Handler {
		return informer.Handler{
			OnAdd: func(o api.Object) {
				if o.GetObjectMeta().DeletionTimestamp != nil {
					c.EnqueueObject(o)
				}
			},
			OnUpdate: func(_, o api.Object) {
				if o.GetObjectMeta().DeletionTimestamp != nil {
					c.EnqueueObject(o)
				}
			},
		}
	}
	p.claims.AddHandler(enqueueDeleting(pvc))
	p.volumes.AddHandler(enqueueDeleting(pv))
	// A pod that goes or finishes may free its claims.
	podDone := func(pod *api.Pod) {
		for _, name := range PodClaims(pod) {
			pvc.Enqueue(controller.Request{Namespace: pod.Namespace, Name: name})
		}
	}
	p.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnUpdate: func(_, pod *api.Pod) {
			if ph := pod.Status.Phase; ph == api.PodSucceeded || ph == api.PodFailed {
				podDone(pod)
			}
		},
		OnDelete: podDone,
	})
}

// PodClaims lists the claims a pod mounts, in spec order (generic
// ephemeral volumes' <pod>-<volume> included).
func PodClaims(p *api.Pod) []string {
	var out []string
	for i := range p.Spec.Volumes {
		if name := api.VolumeClaimName(p, &p.Spec.Volumes[i]); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// podUsesClaim reports whether pod mounts claim: by claimName, or as a
// generic ephemeral volume's claim made for the pod (a claim of that name
// the pod does not own is not its, as upstream).
func podUsesClaim(pod *api.Pod, claim *api.PersistentVolumeClaim) bool {
	for i := range pod.Spec.Volumes {
		v := &pod.Spec.Volumes[i]
		if api.VolumeClaimName(pod, v) != claim.Name {
			continue
		}
		if v.Ephemeral == nil || api.EphemeralClaimConflict(pod, claim) == "" {
			return true
		}
	}
	return false
}

func (p *protection) syncClaim(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	claim, ok := p.claims.Get(req.Namespace, req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if claim.DeletionTimestamp == nil || !hasFinalizer(claim.Finalizers, FinalizerPVCProtection) {
		return controller.Result{}, nil
	}
	for _, pod := range p.pods.ByIndex(informer.IndexClaim, informer.ClaimKey(req.Namespace, req.Name)) {
		if pod.Status.Phase != api.PodSucceeded && pod.Status.Phase != api.PodFailed && podUsesClaim(pod, claim) {
			ctx.Observe("claim %s is being deleted; pod %s still uses it", claim.Name, pod.Name)
			ctx.Why("a claim in use stays (Terminating) until no pod uses it")
			return controller.Result{}, nil
		}
	}
	ctx.Observe("claim %s is being deleted and no pod uses it", claim.Name)
	c := api.DeepCopy(claim)
	removeFinalizer(&c.ObjectMeta, FinalizerPVCProtection)
	_, err := ctx.Update(c, "remove finalizer "+FinalizerPVCProtection)
	return controller.Result{}, ignoreGone(err)
}

func (p *protection) syncVolume(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	pv, ok := p.volumes.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if pv.DeletionTimestamp == nil || !hasFinalizer(pv.Finalizers, FinalizerPVProtection) {
		return controller.Result{}, nil
	}
	if pv.Status.Phase == api.VolumeBound {
		ctx.Observe("volume %s is being deleted but is still Bound", pv.Name)
		ctx.Why("a bound volume stays (Terminating) until its claim lets go")
		return controller.Result{}, nil
	}
	c := api.DeepCopy(pv)
	removeFinalizer(&c.ObjectMeta, FinalizerPVProtection)
	_, err := ctx.Update(c, "remove finalizer "+FinalizerPVProtection)
	return controller.Result{}, ignoreGone(err)
}

func hasFinalizer(fs []string, f string) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}
