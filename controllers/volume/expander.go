package volume

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// ExpanderComponent signs the expander's Events, as upstream's expand
// controller does.
const ExpanderComponent = "volume_expand"

// Messages of volume expansion, as upstream writes them.
const (
	msgExternalExpanding       = "waiting for an external controller to expand this PVC"
	msgFileSystemResizePending = "Waiting for user to (re-)start a pod to finish file system resize of volume on node."
)

// Expander is the persistentvolume-expander-controller together with the
// two parties upstream leaves the work to, so that the whole resize is one
// loop to watch. A bound claim whose spec.resources.requests.storage grows
// beyond its volume (admission has checked that the class allows it) goes:
//
//  1. expand controller: the volume is not one of its in-tree plugins, so
//     it says ExternalExpanding and leaves it to the driver's resizer;
//     the claim gets the condition Resizing and status.allocatedResources;
//  2. external-resizer (the CSI sidecar): grows the PersistentVolume's
//     spec.capacity and turns the condition into FileSystemResizePending
//     (events Resizing, FileSystemResizeRequired);
//  3. kubelet: once a pod using the claim runs on a node, it grows the
//     file system, and the claim's status.capacity becomes the new size
//     with no condition left (event FileSystemResizeSuccessful). With no
//     such pod the claim waits in FileSystemResizePending.
//
// A key is a claim (namespace/name).
type Expander struct {
	// claims, volumes, classes and pods are the caches it reads; never
	// modify what they return.
	claims  informer.Lister[*api.PersistentVolumeClaim]
	volumes informer.Lister[*api.PersistentVolume]
	classes informer.Lister[*api.StorageClass]
	pods    informer.Lister[*api.Pod]
}

// RegisterExpander adds the expander to a manager.
func RegisterExpander(m *controller.Manager) *controller.Controller {
	e := &Expander{
		claims:  informer.ListerFor[*api.PersistentVolumeClaim](m.Informers),
		volumes: informer.ListerFor[*api.PersistentVolume](m.Informers),
		classes: informer.ListerFor[*api.StorageClass](m.Informers),
		pods:    informer.ListerFor[*api.Pod](m.Informers),
	}
	c := m.NewController("persistentvolume-expander", controller.ReconcileFunc(e.sync), controller.Options{Component: ExpanderComponent})
	growing := func(cl *api.PersistentVolumeClaim) {
		if needsWork(cl) {
			c.EnqueueObject(cl)
		}
	}
	e.claims.AddTypedHandler(informer.HandlerFor[*api.PersistentVolumeClaim]{
		OnAdd:    growing,
		OnUpdate: func(_, cl *api.PersistentVolumeClaim) { growing(cl) },
	})
	// A pod that starts running may finish a pending file system resize.
	running := func(p *api.Pod) {
		if p.Status.Phase != api.PodRunning || p.Spec.NodeName == "" {
			return
		}
		for _, name := range PodClaims(p) {
			if co, ok := e.claims.Get(p.Namespace, name); ok && needsWork(co) {
				c.EnqueueObject(co)
			}
		}
	}
	e.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd:    running,
		OnUpdate: func(_, p *api.Pod) { running(p) },
	})
	return c
}

// needsWork reports whether a bound claim asks for more than it has or is
// mid-resize.
func needsWork(c *api.PersistentVolumeClaim) bool {
	if c.Status.Phase != api.ClaimBound {
		return false
	}
	want, have := c.Spec.Resources.Requests["storage"], c.Status.Capacity["storage"]
	return want.Cmp(have) > 0 || claimCondition(c, api.ClaimResizing) != nil || claimCondition(c, api.ClaimFileSystemResizePending) != nil
}

func claimCondition(c *api.PersistentVolumeClaim, t string) *api.PersistentVolumeClaimCondition {
	for i := range c.Status.Conditions {
		if c.Status.Conditions[i].Type == t {
			return &c.Status.Conditions[i]
		}
	}
	return nil
}

func (e *Expander) sync(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	claim, ok := e.claims.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("claim %s is gone", req)
		return controller.Result{}, nil
	}
	if claim.Status.Phase != api.ClaimBound {
		ctx.Observe("claim %s is %s: only a bound claim grows", claim.Name, claim.Status.Phase)
		return controller.Result{}, nil
	}
	pv, ok := e.volumes.Get("", claim.Spec.VolumeName)
	if !ok {
		ctx.Observe("claim %s: volume %s not seen yet", claim.Name, claim.Spec.VolumeName)
		return controller.Result{}, nil
	}
	want, have, pvSize := claim.Spec.Resources.Requests["storage"], claim.Status.Capacity["storage"], pv.Spec.Capacity["storage"]
	ctx.Observe("claim %s requests %s, status.capacity %s; volume %s has %s", claim.Name, want.String(), have.String(), pv.Name, pvSize.String())
	now := api.NewTime(ctx.Store().Clock().Now())
	switch {
	case want.Cmp(pvSize) > 0 && claimCondition(claim, api.ClaimResizing) == nil:
		sc, ok := e.classes.Get("", api.ClaimClass(claim))
		if !ok || !api.Deref(sc.AllowVolumeExpansion, false) {
			ctx.Why("class %q does not allow volume expansion", api.ClaimClass(claim))
			return controller.Result{}, nil
		}
		ctx.Diff("claim asks for %s, volume %s has %s", want.String(), pv.Name, pvSize.String())
		ctx.Why("%s volumes are not expanded by kube-controller-manager: the driver's external resizer does it (step 1 of 3)", sc.Provisioner)
		ctx.Event(claim, controller.EventNormal, "ExternalExpanding", msgExternalExpanding)
		c := api.DeepCopy(claim)
		c.Status.AllocatedResources = api.ResourceList{"storage": want}
		setClaimCondition(c, api.PersistentVolumeClaimCondition{Type: api.ClaimResizing, Status: "True", LastTransitionTime: &now})
		_, err := ctx.UpdateStatus(c, "condition Resizing")
		return controller.Result{}, ignoreGone(err)
	case want.Cmp(pvSize) > 0:
		ctx.Diff("volume %s has %s, claim asks for %s", pv.Name, pvSize.String(), want.String())
		ctx.Why("the external resizer grows the volume, then the node must grow its file system (step 2 of 3)")
		ctx.Event(claim, controller.EventNormal, "Resizing", "External resizer is resizing volume %s", pv.Name)
		v := api.DeepCopy(pv)
		v.Spec.Capacity = api.ResourceList{"storage": want}
		if _, err := ctx.Update(v, "capacity "+want.String()); err != nil {
			return controller.Result{}, ignoreGone(err)
		}
		ctx.Event(claim, controller.EventNormal, "FileSystemResizeRequired", "Require file system resize of volume on node")
		c := api.DeepCopy(claim)
		c.Status.Conditions = slices.DeleteFunc(c.Status.Conditions, func(x api.PersistentVolumeClaimCondition) bool { return x.Type == api.ClaimResizing })
		setClaimCondition(c, api.PersistentVolumeClaimCondition{Type: api.ClaimFileSystemResizePending, Status: "True", LastTransitionTime: &now, Message: msgFileSystemResizePending})
		_, err := ctx.UpdateStatus(c, "condition FileSystemResizePending")
		return controller.Result{}, ignoreGone(err)
	case pvSize.Cmp(have) > 0 || claimCondition(claim, api.ClaimFileSystemResizePending) != nil:
		node := e.runningOn(claim)
		if node == "" {
			ctx.Diff("volume %s has %s, the claim's file system %s", pv.Name, pvSize.String(), have.String())
			ctx.Why("the file system grows on the node that mounts it: no running pod uses the claim, so it waits")
			if claimCondition(claim, api.ClaimFileSystemResizePending) == nil {
				c := api.DeepCopy(claim)
				setClaimCondition(c, api.PersistentVolumeClaimCondition{Type: api.ClaimFileSystemResizePending, Status: "True", LastTransitionTime: &now, Message: msgFileSystemResizePending})
				_, err := ctx.UpdateStatus(c, "condition FileSystemResizePending")
				return controller.Result{}, ignoreGone(err)
			}
			return controller.Result{}, nil
		}
		ctx.Diff("claim's status.capacity %s, volume %s", have.String(), pvSize.String())
		ctx.Why("a pod using the claim runs on %s: its kubelet grows the file system (step 3 of 3)", node)
		c := api.DeepCopy(claim)
		c.Status.Capacity = api.ResourceList{"storage": pvSize}
		c.Status.Conditions = nil
		if _, err := ctx.UpdateStatus(c, "capacity "+pvSize.String()); err != nil {
			return controller.Result{}, ignoreGone(err)
		}
		ctx.Event(claim, controller.EventNormal, "FileSystemResizeSuccessful", "MountVolume.NodeExpandVolume succeeded for volume %q %s", pv.Name, node)
		return controller.Result{}, nil
	}
	return controller.Result{}, nil
}

// runningOn is the node of a running pod that mounts claim, or "".
func (e *Expander) runningOn(claim *api.PersistentVolumeClaim) string {
	for _, p := range e.pods.ByIndex(informer.IndexClaim, informer.ClaimKey(claim.Namespace, claim.Name)) {
		if p.Status.Phase == api.PodRunning && p.Spec.NodeName != "" && p.DeletionTimestamp == nil {
			return p.Spec.NodeName
		}
	}
	return ""
}

func setClaimCondition(c *api.PersistentVolumeClaim, cond api.PersistentVolumeClaimCondition) {
	if x := claimCondition(c, cond.Type); x != nil {
		*x = cond
		return
	}
	c.Status.Conditions = append(c.Status.Conditions, cond)
}
