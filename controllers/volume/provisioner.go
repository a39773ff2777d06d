package volume

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// ProvisionerComponent signs the provisioner's Events (upstream: its
// leader identity, "rancher.io/local-path_<pod>_<uuid>").
const ProvisionerComponent = "rancher.io/local-path_local-path-provisioner"

// provisioner stands in for kind's local-path-provisioner, an external
// provisioner (not part of kube-controller-manager): it makes a volume
// pvc-<claim uid> on the claim's selected node for every claim handed to
// it, and deletes released volumes it made whose policy is Delete.
type provisioner struct {
	claims  informer.Lister[*api.PersistentVolumeClaim]
	volumes informer.Lister[*api.PersistentVolume]
	classes informer.Lister[*api.StorageClass]
	ctrl    *controller.Controller
	vols    *Volumes
}

// RegisterProvisioner adds the dynamic provisioner to m; vols receives a
// fresh file tree per volume it makes and loses the tree of every deleted
// volume.
func RegisterProvisioner(m *controller.Manager, vols *Volumes) *controller.Controller {
	p := &provisioner{
		claims:  informer.ListerFor[*api.PersistentVolumeClaim](m.Informers),
		volumes: informer.ListerFor[*api.PersistentVolume](m.Informers),
		classes: informer.ListerFor[*api.StorageClass](m.Informers),
		vols:    vols,
	}
	// Keys: "claim" namespace/name, or a volume as Namespace "" and
	// Name "pv:"+name — both live in one queue, as one process.
	p.ctrl = m.NewController("local-path-provisioner", p, controller.Options{Component: ProvisionerComponent})
	p.claims.AddTypedHandler(informer.HandlerFor[*api.PersistentVolumeClaim]{
		OnAdd:    p.enqueueClaim,
		OnUpdate: func(_, c *api.PersistentVolumeClaim) { p.enqueueClaim(c) },
	})
	p.volumes.AddTypedHandler(informer.HandlerFor[*api.PersistentVolume]{
		OnUpdate: func(_, pv *api.PersistentVolume) {
			if pv.Status.Phase == api.VolumeReleased {
				p.ctrl.Enqueue(controller.Request{Name: "pv:" + pv.Name})
			}
		},
		OnDelete: func(pv *api.PersistentVolume) { p.vols.remove(pv.Name) },
	})
	return p.ctrl
}

func (p *provisioner) enqueueClaim(c *api.PersistentVolumeClaim) {
	if c.Spec.VolumeName == "" && c.Annotations[AnnStorageProvisioner] == Provisioner {
		p.ctrl.EnqueueObject(c)
	}
}

// Reconcile provisions for one claim or reclaims one volume.
func (p *provisioner) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	if req.Namespace == "" && len(req.Name) > 3 && req.Name[:3] == "pv:" {
		return controller.Result{}, p.reclaim(ctx, req.Name[3:])
	}
	claim, ok := p.claims.Get(req.Namespace, req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if claim.Spec.VolumeName != "" || claim.DeletionTimestamp != nil || claim.Annotations[AnnStorageProvisioner] != Provisioner {
		ctx.Observe("claim %s needs no volume from %s", claim.Name, Provisioner)
		return controller.Result{}, nil
	}
	name := "pvc-" + claim.UID
	if _, exists := p.volumes.Get("", name); exists {
		ctx.Observe("volume %s already exists for claim %s", name, claim.Name)
		return controller.Result{}, nil
	}
	sc, ok := p.classes.Get("", api.ClaimClass(claim))
	if !ok {
		return controller.Result{}, nil // the binder reports the missing class
	}
	node := claim.Annotations[AnnSelectedNode]
	ctx.Observe("claim %s/%s asks %s for %s (node %q)", claim.Namespace, claim.Name, Provisioner, quantity(claim), node)
	ctx.Event(claim, controller.EventNormal, "Provisioning", "External provisioner is provisioning volume for claim %q", claim.Namespace+"/"+claim.Name)
	pv := p.newVolume(name, claim, sc, node)
	ctx.Diff("claim %s has no volume", claim.Name)
	ctx.Why("make volume %s on %s, reserved for the claim (claimRef); the binder then binds them", name, orAny(node))
	if _, err := ctx.Create(pv, "for claim "+claim.Namespace+"/"+claim.Name); err != nil {
		if api.IsAlreadyExists(err) {
			return controller.Result{}, nil
		}
		ctx.Event(claim, controller.EventWarning, "ProvisioningFailed", "failed to provision volume with StorageClass %q: %v", sc.Name, err)
		return controller.Result{}, err
	}
	p.vols.FS(name)
	ctx.Event(claim, controller.EventNormal, "ProvisioningSucceeded", "Successfully provisioned volume %s", name)
	return controller.Result{}, nil
}

func (p *provisioner) newVolume(name string, claim *api.PersistentVolumeClaim, sc *api.StorageClass, node string) *api.PersistentVolume {
	pv := &api.PersistentVolume{
		ObjectMeta: api.ObjectMeta{Name: name, Annotations: map[string]string{AnnProvisionedBy: Provisioner}},
		Spec: api.PersistentVolumeSpec{
			Capacity:    api.ResourceList{"storage": claim.Spec.Resources.Requests["storage"]},
			AccessModes: append([]string(nil), claim.Spec.AccessModes...),
			ClaimRef: &api.ObjectReference{Kind: "PersistentVolumeClaim", Namespace: claim.Namespace, Name: claim.Name,
				UID: claim.UID, APIVersion: "v1", ResourceVersion: claim.ResourceVersion},
			PersistentVolumeReclaimPolicy: api.Deref(sc.ReclaimPolicy, api.ReclaimDelete),
			StorageClassName:              sc.Name,
			VolumeMode:                    claim.Spec.VolumeMode,
			HostPath: &api.HostPathVolumeSource{Type: "DirectoryOrCreate",
				Path: fmt.Sprintf("/var/local-path-provisioner/%s_%s_%s", name, claim.Namespace, claim.Name)},
		},
	}
	if node != "" {
		pv.Annotations[annLocalPathNode] = node
		pv.Spec.NodeAffinity = &api.VolumeNodeAffinity{Required: &api.NodeSelector{NodeSelectorTerms: []api.NodeSelectorTerm{{
			MatchExpressions: []api.NodeSelectorRequirement{{Key: "kubernetes.io/hostname", Operator: "In", Values: []string{node}}},
		}}}}
	}
	return pv
}

// reclaim deletes a released volume this provisioner made, when its
// policy says Delete; its data goes with it.
func (p *provisioner) reclaim(ctx *controller.Context, name string) error {
	pv, ok := p.volumes.Get("", name)
	if !ok {
		return nil
	}
	if pv.Status.Phase != api.VolumeReleased || pv.Spec.PersistentVolumeReclaimPolicy != api.ReclaimDelete ||
		pv.Annotations[AnnProvisionedBy] != Provisioner || pv.DeletionTimestamp != nil {
		return nil
	}
	ctx.Observe("volume %s is Released, reclaim policy Delete", pv.Name)
	ctx.Why("its claim is gone and the class says Delete: delete the volume and its data")
	if err := ctx.Delete(pv, store.DeleteOptions{}, "reclaim (Delete)"); err != nil && !api.IsNotFound(err) {
		return err
	}
	return nil
}

func quantity(c *api.PersistentVolumeClaim) string {
	q := c.Spec.Resources.Requests["storage"]
	return q.String()
}

func orAny(node string) string {
	if node == "" {
		return "any node"
	}
	return node
}
