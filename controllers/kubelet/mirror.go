package kubelet

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// A static pod is one the kubelet runs from a manifest on its node's disk;
// the pod in the API is its mirror, the API server's copy, which the
// kubelet keeps there. Deleting the mirror does not stop the static pod:
// the kubelet deletes the mirror for good and creates it again at once, a
// new object (new uid) whose containers are the same, still running. Only
// removing the manifest (or the node) stops the pod.

// isMirror reports whether p is a static pod's mirror.
func isMirror(p *api.Pod) bool {
	_, ok := p.Annotations[api.MirrorPodAnnotation]
	return ok
}

// runtimeKey names the runtime's record of p: its uid, or for a mirror
// pod the static pod's own identity (its manifest's hash), which outlives
// every mirror.
func runtimeKey(p *api.Pod) string {
	if h, ok := p.Annotations[api.MirrorPodAnnotation]; ok {
		return "static/" + p.Spec.NodeName + "/" + h
	}
	return p.UID
}

// removeMirror finishes the deletion of a mirror pod at once: no
// container stops, and the kubelet recreates it (recreateMirror) when the
// deletion reaches it.
func (r *Reconciler) removeMirror(ctx *controller.Context, pod *api.Pod) (controller.Result, error) {
	ctx.Why("a mirror pod is only the API's copy of static pod %s: remove it; the static pod keeps running", pod.Name)
	err := ctx.Delete(pod, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0), UID: pod.UID}, "mirror pod deleted")
	if err != nil && !api.IsNotFound(err) && !api.IsConflict(err) {
		return controller.Result{}, err
	}
	return controller.Result{}, nil
}

// recreateMirror puts back the mirror of a static pod that still runs, as
// last seen; a node gone or cut off from the API server does not.
func (r *Reconciler) recreateMirror(ctx *controller.Context, key string, last *api.Pod) (controller.Result, error) {
	nodeObj, ok := r.nodes.Get("", last.Spec.NodeName)
	if !ok {
		delete(r.mirrors, key)
		r.forget(last)
		ctx.Why("node %s is gone, and its static pod %s with it", last.Spec.NodeName, last.Name)
		return controller.Result{}, nil
	}
	if r.heartbeats.Down(last.Spec.NodeName) || r.heartbeats.Partitioned(last.Spec.NodeName) {
		ctx.Why("node %s cannot reach the API server: mirror pod %s waits until it can", last.Spec.NodeName, last.Name)
		return controller.Result{}, nil
	}
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: last.Name, Namespace: last.Namespace,
			Labels: api.DeepCopy(last.Labels), Annotations: api.DeepCopy(last.Annotations)},
		Spec: *api.DeepCopy(&last.Spec),
	}
	for _, ref := range last.OwnerReferences {
		if ref.Kind == "Node" {
			ref.UID = nodeObj.GetObjectMeta().UID
		}
		p.OwnerReferences = append(p.OwnerReferences, ref)
	}
	ctx.Diff("static pod %s runs on %s but has no mirror pod", last.Name, last.Spec.NodeName)
	ctx.Why("the kubelet keeps a mirror of every static pod it runs: create it again")
	if _, err := ctx.CreateOwned(p, "mirror of static pod "+last.Name); err != nil && !api.IsAlreadyExists(err) {
		return controller.Result{}, err
	}
	return controller.Result{}, nil
}
