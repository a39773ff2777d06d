package scheduler

import (
	"fmt"
	"slices"

	"github.com/kubeloop/kubeloop/controllers/volume"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// volumeBinding is the scheduler's VolumeBinding plugin: a pod is not
// scheduled while one of its claims is missing or unbound with an
// Immediate class; nodes its bound volumes cannot reach are filtered out;
// and claims whose class waits for the first consumer get the chosen node
// (volume.kubernetes.io/selected-node) before the pod is bound — the pod
// is bound only once they are.
type volumeBinding struct {
	claims  informer.Lister[*api.PersistentVolumeClaim]
	volumes informer.Lister[*api.PersistentVolume]
	classes informer.Lister[*api.StorageClass]
}

func newVolumeBinding(m *controller.Manager, r *Reconciler) *volumeBinding {
	v := &volumeBinding{
		claims:  informer.ListerFor[*api.PersistentVolumeClaim](m.Informers),
		volumes: informer.ListerFor[*api.PersistentVolume](m.Informers),
		classes: informer.ListerFor[*api.StorageClass](m.Informers),
	}
	// A claim that appears or binds may let its pods go on: those that
	// wait and use it, found in the index, so a claim event costs the pods
	// that use the claim and not every unscheduled pod.
	r.pods.AddIndexer(indexUnscheduledClaims, unscheduledClaimKeys)
	retry := func(c *api.PersistentVolumeClaim) {
		r.pods.Informer.EachSortedByIndex(indexUnscheduledClaims, informer.ClaimKey(c.Namespace, c.Name), r.ctrl.EnqueueObject)
	}
	v.claims.AddTypedHandler(informer.HandlerFor[*api.PersistentVolumeClaim]{
		OnAdd:    retry,
		OnUpdate: func(_, c *api.PersistentVolumeClaim) { retry(c) },
	})
	return v
}

// preFilter returns why no node can run pod because of its claims, or "".
func (v *volumeBinding) preFilter(pod *api.Pod) string {
	unboundImmediate := false
	for i := range pod.Spec.Volumes {
		vol := &pod.Spec.Volumes[i]
		name := api.VolumeClaimName(pod, vol)
		if name == "" {
			continue
		}
		c, ok := v.claims.Get(pod.Namespace, name)
		if !ok {
			if vol.Ephemeral != nil {
				return fmt.Sprintf("waiting for ephemeral volume controller to create the persistentvolumeclaim %q", name)
			}
			return fmt.Sprintf("persistentvolumeclaim %q not found", name)
		}
		if vol.Ephemeral != nil {
			if why := api.EphemeralClaimConflict(pod, c); why != "" {
				return why
			}
		}
		if c.DeletionTimestamp != nil {
			return fmt.Sprintf("persistentvolumeclaim %q is being deleted", name)
		}
		if c.Spec.VolumeName == "" && !v.delayed(c) {
			unboundImmediate = true
		}
	}
	if unboundImmediate {
		return "pod has unbound immediate PersistentVolumeClaims"
	}
	return ""
}

// unfit returns why node cannot run pod's volumes, or "".
func (v *volumeBinding) unfit(pod *api.Pod, node string) string {
	for _, name := range volume.PodClaims(pod) {
		c, ok := v.claims.Get(pod.Namespace, name)
		if !ok {
			continue
		}
		if c.Spec.VolumeName != "" {
			if pv, ok := v.volumes.Get("", c.Spec.VolumeName); ok && !volume.VolumeFitsNode(pv, node) {
				return "node(s) had volume node affinity conflict"
			}
			continue
		}
		if sel := c.Annotations[volume.AnnSelectedNode]; sel != "" && sel != node {
			return "node(s) didn't find available persistent volumes to bind"
		}
	}
	return ""
}

// preBind gives each claim that waits for its first consumer the node
// chosen for pod, and reports whether all of pod's claims are bound.
func (v *volumeBinding) preBind(ctx *controller.Context, pod *api.Pod, node string) (bool, error) {
	ready := true
	for _, name := range volume.PodClaims(pod) {
		c, ok := v.claims.Get(pod.Namespace, name)
		if !ok {
			return false, nil
		}
		if c.Spec.VolumeName != "" && c.Status.Phase == api.ClaimBound {
			continue
		}
		ready = false
		if !v.delayed(c) || c.Annotations[volume.AnnSelectedNode] != "" {
			continue
		}
		cp := api.DeepCopy(c)
		if cp.Annotations == nil {
			cp.Annotations = map[string]string{}
		}
		cp.Annotations[volume.AnnSelectedNode] = node
		ctx.Why("claim %s waits for its first consumer: its volume will be made on %s", name, node)
		if _, err := ctx.Update(cp, "selected-node "+node); err != nil && !api.IsNotFound(err) && !api.IsConflict(err) {
			return false, err
		}
	}
	return ready, nil
}

// indexUnscheduledClaims indexes the pods that wait for the scheduler
// (needsScheduling) by informer.ClaimKey of each claim they mount.
const indexUnscheduledClaims = "scheduler.unscheduledClaims"

// unscheduledClaimKeys is a pod's indexUnscheduledClaims values, each
// once: none once it is bound, deleted or finished.
func unscheduledClaimKeys(o api.Object) []string {
	p := o.(*api.Pod)
	if !needsScheduling(p) {
		return nil
	}
	var out []string
	for _, name := range volume.PodClaims(p) {
		if key := informer.ClaimKey(p.Namespace, name); !slices.Contains(out, key) {
			out = append(out, key)
		}
	}
	return out
}

// delayed reports whether a claim's class binds WaitForFirstConsumer.
func (v *volumeBinding) delayed(c *api.PersistentVolumeClaim) bool {
	class := api.ClaimClass(c)
	if class == "" {
		return false
	}
	o, ok := v.classes.Get("", class)
	return ok && api.Deref(o.VolumeBindingMode, "") == api.VolumeBindingWaitForFirstConsumer
}
