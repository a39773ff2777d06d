package volume

import (
	"fmt"
	"sort"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// Component signs the binder's and protection controllers' Events.
const Component = "persistentvolume-controller"

// Binder is the PersistentVolume controller: it binds claims to volumes,
// asks provisioners for new ones, and releases volumes whose claim is gone.
// Its claims controller reconciles claims (namespace/name) and its volumes
// controller reconciles volumes (name).
type Binder struct {
	// claims, volumes and classes are the caches the loop reads; never
	// modify what they return.
	claims                informer.Lister[*api.PersistentVolumeClaim]
	volumes               informer.Lister[*api.PersistentVolume]
	classes               informer.Lister[*api.StorageClass]
	claimCtrl, volumeCtrl *controller.Controller
	// written are volumes as the binder last wrote them, until the cache
	// has them (written.go).
	written map[string]*api.PersistentVolume
}

// Register adds the storage controllers of kube-controller-manager to m —
// the PersistentVolume binder and the PVC/PV protection controllers — and
// returns the binder's claims controller. The API server's side is
// Admission, added to the store once.
func Register(m *controller.Manager) *controller.Controller {
	b := &Binder{
		claims:  informer.ListerFor[*api.PersistentVolumeClaim](m.Informers),
		volumes: informer.ListerFor[*api.PersistentVolume](m.Informers),
		classes: informer.ListerFor[*api.StorageClass](m.Informers),
	}
	addBinderIndexes(b.claims.Informer, b.volumes.Informer)
	b.claimCtrl = m.NewController("persistentvolume-binder", controller.ReconcileFunc(b.syncClaim), controller.Options{Component: Component})
	b.volumeCtrl = m.NewController("persistentvolume", controller.ReconcileFunc(b.syncVolume), controller.Options{Component: Component})
	b.claims.AddTypedHandler(informer.HandlerFor[*api.PersistentVolumeClaim]{
		OnAdd:    func(c *api.PersistentVolumeClaim) { b.claimCtrl.EnqueueObject(c) },
		OnUpdate: func(_, c *api.PersistentVolumeClaim) { b.claimCtrl.EnqueueObject(c) },
		OnDelete: func(c *api.PersistentVolumeClaim) {
			// Its volume is released now.
			b.volumes.Informer.EachSortedByIndex(indexVolumeClaimRef, informer.ClaimKey(c.Namespace, c.Name), b.volumeCtrl.EnqueueObject)
		},
	})
	b.volumes.AddTypedHandler(informer.HandlerFor[*api.PersistentVolume]{
		OnAdd:    b.volumeChanged,
		OnUpdate: func(_, pv *api.PersistentVolume) { b.volumeChanged(pv) },
		OnDelete: func(pv *api.PersistentVolume) {
			b.forget(pv, true)
			b.volumeChanged(pv)
		},
	})
	// A class that appears may be the one Pending claims asked for.
	b.classes.AddHandler(informer.Handler{
		OnAdd:    func(api.Object) { b.enqueuePendingClaims() },
		OnUpdate: func(_, _ api.Object) { b.enqueuePendingClaims() },
	})
	registerProtection(m)
	return b.claimCtrl
}

// volumeChanged looks at the volume again, at the claim it names, and —
// when it may now fit one — at the Pending claims.
func (b *Binder) volumeChanged(pv *api.PersistentVolume) {
	b.forget(pv, false)
	b.volumeCtrl.EnqueueObject(pv)
	if ref := pv.Spec.ClaimRef; ref != nil {
		b.claimCtrl.Enqueue(controller.Request{Namespace: ref.Namespace, Name: ref.Name})
		return
	}
	b.enqueuePendingClaims()
}

func (b *Binder) enqueuePendingClaims() {
	b.claims.Informer.EachSortedByIndex(indexClaimUnbound, "", b.claimCtrl.EnqueueObject)
}

// syncClaim binds one claim, or says why it cannot yet.
func (b *Binder) syncClaim(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	claim, ok := b.claims.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("claim %s is gone", req)
		return controller.Result{}, nil
	}
	class := api.ClaimClass(claim)
	ctx.Observe("claim %s: phase %s, class %q, volume %q", claim.Name, claim.Status.Phase, class, claim.Spec.VolumeName)
	if claim.Spec.VolumeName != "" {
		return controller.Result{}, b.syncBoundClaim(ctx, claim)
	}
	if pv := b.findVolume(claim); pv != nil {
		ctx.Diff("claim %s is unbound; volume %s fits it", claim.Name, pv.Name)
		ctx.Why("bind the smallest Available volume that has the claim's class, access modes and at least its capacity")
		return controller.Result{}, b.bind(ctx, pv, claim)
	}
	ctx.Diff("claim %s is unbound and no volume fits it", claim.Name)
	if class == "" {
		ctx.Why("no volume fits and the claim names no StorageClass: nothing can provision one")
		ctx.Event(claim, controller.EventNormal, "FailedBinding", "no persistent volumes available for this claim and no storage class is set")
		return controller.Result{}, nil
	}
	sc, ok := b.classes.Get("", class)
	if !ok {
		ctx.Why("the claim's StorageClass %q does not exist: it stays Pending until someone creates it", class)
		// Worded as the binder's lister reports it (singular resource).
		ctx.Event(claim, controller.EventWarning, "ProvisioningFailed", "storageclass.storage.k8s.io %q not found", class)
		return controller.Result{}, nil
	}
	if api.Deref(sc.VolumeBindingMode, "") == api.VolumeBindingWaitForFirstConsumer && claim.Annotations[AnnSelectedNode] == "" {
		ctx.Why("class %s binds WaitForFirstConsumer: the scheduler picks a node for the first pod using the claim, then the volume is made there", sc.Name)
		ctx.Event(claim, controller.EventNormal, "WaitForFirstConsumer", "waiting for first consumer to be created before binding")
		return controller.Result{}, nil
	}
	if claim.Annotations[AnnStorageProvisioner] != sc.Provisioner {
		c := api.DeepCopy(claim)
		if c.Annotations == nil {
			c.Annotations = map[string]string{}
		}
		c.Annotations[AnnBetaStorageProvision] = sc.Provisioner
		c.Annotations[AnnStorageProvisioner] = sc.Provisioner
		if _, err := ctx.Update(c, "hand to provisioner "+sc.Provisioner); err != nil {
			return controller.Result{}, ignoreGone(err)
		}
	}
	ctx.Why("no volume fits: ask class %s's provisioner %s for a new one", sc.Name, sc.Provisioner)
	ctx.Event(claim, controller.EventNormal, "ExternalProvisioning",
		"Waiting for a volume to be created either by the external provisioner '%s' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.", sc.Provisioner)
	return controller.Result{}, nil
}

// syncBoundClaim finishes or checks the binding of a claim that names a volume.
func (b *Binder) syncBoundClaim(ctx *controller.Context, claim *api.PersistentVolumeClaim) error {
	pv, ok := b.volumes.Get("", claim.Spec.VolumeName)
	if !ok {
		if claim.Status.Phase == api.ClaimBound {
			ctx.Why("its volume %s is gone: the claim is Lost", claim.Spec.VolumeName)
			ctx.Event(claim, controller.EventWarning, "ClaimLost", "Bound claim has lost its PersistentVolume. Data on the volume is lost!")
			return b.setClaimPhase(ctx, claim, api.ClaimLost, nil)
		}
		ctx.Why("it asks for volume %s, which does not exist (yet)", claim.Spec.VolumeName)
		return nil
	}
	switch ref := pv.Spec.ClaimRef; {
	case ref == nil || (ref.Namespace == claim.Namespace && ref.Name == claim.Name && (ref.UID == "" || ref.UID == claim.UID)):
		return b.bind(ctx, pv, claim)
	default:
		ctx.Why("volume %s is bound to another claim, %s/%s", pv.Name, ref.Namespace, ref.Name)
		ctx.Event(claim, controller.EventWarning, "FailedBinding", "volume %q already bound to a different claim.", pv.Name)
		return nil
	}
}

// findVolume returns the volume pre-bound to claim, or the smallest
// Available one that fits it.
func (b *Binder) findVolume(claim *api.PersistentVolumeClaim) *api.PersistentVolume {
	want := claim.Spec.Resources.Requests["storage"]
	for _, pv := range b.volumes.ByIndex(indexVolumeClaimRef, informer.ClaimKey(claim.Namespace, claim.Name)) {
		if ref := pv.Spec.ClaimRef; pv.DeletionTimestamp == nil && (ref.UID == "" || ref.UID == claim.UID) {
			return pv // made or reserved for this claim
		}
	}
	var fits []*api.PersistentVolume
	for _, pv := range b.volumes.ByIndex(indexVolumeUnclaimed, api.ClaimClass(claim)) {
		if pv.DeletionTimestamp == nil && fitsClaim(pv, claim, want) {
			fits = append(fits, pv)
		}
	}
	sort.SliceStable(fits, func(i, j int) bool {
		a, c := fits[i].Spec.Capacity["storage"], fits[j].Spec.Capacity["storage"]
		if a.MilliValue() != c.MilliValue() {
			return a.MilliValue() < c.MilliValue()
		}
		return fits[i].Name < fits[j].Name
	})
	if len(fits) == 0 {
		return nil
	}
	return fits[0]
}

func fitsClaim(pv *api.PersistentVolume, claim *api.PersistentVolumeClaim, want api.Quantity) bool {
	if pv.Spec.StorageClassName != api.ClaimClass(claim) {
		return false
	}
	if api.Deref(pv.Spec.VolumeMode, "Filesystem") != api.Deref(claim.Spec.VolumeMode, "Filesystem") {
		return false
	}
	for _, m := range claim.Spec.AccessModes {
		found := false
		for _, have := range pv.Spec.AccessModes {
			found = found || have == m
		}
		if !found {
			return false
		}
	}
	if have := pv.Spec.Capacity["storage"]; have.MilliValue() < want.MilliValue() {
		return false
	}
	if claim.Spec.Selector != nil {
		sel, err := claim.Spec.Selector.AsSelector()
		if err != nil || !sel.Matches(pv.Labels) {
			return false
		}
	}
	if node := claim.Annotations[AnnSelectedNode]; node != "" && !VolumeFitsNode(pv, node) {
		return false
	}
	return true
}

// VolumeFitsNode reports whether a volume's node affinity allows node (a
// local volume lives on one node). It reads kubernetes.io/hostname terms,
// the only ones local volumes carry.
func VolumeFitsNode(pv *api.PersistentVolume, node string) bool {
	if pv.Spec.NodeAffinity == nil || pv.Spec.NodeAffinity.Required == nil {
		return true
	}
	for _, term := range pv.Spec.NodeAffinity.Required.NodeSelectorTerms {
		ok := true
		for _, e := range term.MatchExpressions {
			if e.Key == "kubernetes.io/hostname" && e.Operator == "In" {
				in := false
				for _, v := range e.Values {
					in = in || v == node
				}
				ok = ok && in
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// bind writes both halves of a binding, volume first (its claimRef), then
// the claim (volumeName and annotations), then both statuses.
func (b *Binder) bind(ctx *controller.Context, pv *api.PersistentVolume, claim *api.PersistentVolumeClaim) error {
	pv = b.freshest(pv)
	if ref := pv.Spec.ClaimRef; ref == nil || ref.UID == "" {
		v := api.DeepCopy(pv)
		v.Spec.ClaimRef = &api.ObjectReference{Kind: "PersistentVolumeClaim", Namespace: claim.Namespace, Name: claim.Name,
			UID: claim.UID, APIVersion: "v1", ResourceVersion: claim.ResourceVersion}
		if ref == nil {
			setAnnotation(&v.ObjectMeta, AnnBoundByController, "yes")
		}
		out, err := ctx.Update(v, "bind to claim "+claim.Namespace+"/"+claim.Name)
		if err != nil {
			return ignoreGone(err)
		}
		b.wrote(out)
		pv = out.(*api.PersistentVolume)
	}
	if pv.Status.Phase != api.VolumeBound {
		v := api.DeepCopy(pv)
		setVolumePhase(ctx, v, api.VolumeBound)
		out, err := ctx.UpdateStatus(v, "phase Bound")
		if err != nil {
			return ignoreGone(err)
		}
		b.wrote(out)
	}
	if claim.Spec.VolumeName != pv.Name || claim.Annotations[AnnBindCompleted] != "yes" {
		c := api.DeepCopy(claim)
		if c.Spec.VolumeName == "" {
			setAnnotation(&c.ObjectMeta, AnnBoundByController, "yes")
		}
		c.Spec.VolumeName = pv.Name
		setAnnotation(&c.ObjectMeta, AnnBindCompleted, "yes")
		out, err := ctx.Update(c, "bind to volume "+pv.Name)
		if err != nil {
			return ignoreGone(err)
		}
		claim = out.(*api.PersistentVolumeClaim)
	}
	return b.setClaimPhase(ctx, claim, api.ClaimBound, pv)
}

func (b *Binder) setClaimPhase(ctx *controller.Context, claim *api.PersistentVolumeClaim, phase string, pv *api.PersistentVolume) error {
	st := api.PersistentVolumeClaimStatus{Phase: phase}
	if pv != nil {
		st.AccessModes = pv.Spec.AccessModes
		st.Capacity = pv.Spec.Capacity
	} else {
		st.AccessModes, st.Capacity = claim.Status.AccessModes, claim.Status.Capacity
	}
	if claim.Status.Phase == st.Phase && len(claim.Status.AccessModes) == len(st.AccessModes) && len(claim.Status.Capacity) == len(st.Capacity) {
		return nil
	}
	c := api.DeepCopy(claim)
	c.Status = api.DeepCopy(st)
	_, err := ctx.UpdateStatus(c, "phase "+phase)
	return ignoreGone(err)
}

// syncVolume keeps a volume's phase right and reclaims released volumes.
func (b *Binder) syncVolume(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	pv, ok := b.volumes.Get("", req.Name)
	if !ok {
		ctx.Observe("volume %s is gone", req.Name)
		return controller.Result{}, nil
	}
	ref := pv.Spec.ClaimRef
	ctx.Observe("volume %s: phase %s, claim %s", pv.Name, pv.Status.Phase, claimRefString(ref))
	if ref == nil {
		return controller.Result{}, b.setVolumePhaseIfNot(ctx, pv, api.VolumeAvailable)
	}
	claim := b.claimFor(ctx, ref)
	switch {
	case claim != nil && claim.Spec.VolumeName == pv.Name:
		return controller.Result{}, b.setVolumePhaseIfNot(ctx, pv, api.VolumeBound)
	case claim != nil && claim.Spec.VolumeName == "":
		// Reserved for a claim that has not bound yet (a freshly
		// provisioned volume): the claim's sync completes it.
		b.claimCtrl.Enqueue(controller.Request{Namespace: ref.Namespace, Name: ref.Name})
		return controller.Result{}, b.setVolumePhaseIfNot(ctx, pv, api.VolumeAvailable)
	case claim != nil:
		ctx.Why("claim %s/%s is bound to another volume", ref.Namespace, ref.Name)
		return controller.Result{}, nil
	}
	// The claim is gone: the volume is released and reclaimed.
	ctx.Diff("claim %s is gone", claimRefString(ref))
	if err := b.setVolumePhaseIfNot(ctx, pv, api.VolumeReleased); err != nil {
		return controller.Result{}, err
	}
	switch {
	case pv.Spec.PersistentVolumeReclaimPolicy == api.ReclaimRetain:
		ctx.Why("reclaim policy Retain: the volume and its data stay, Released, for an administrator")
	case pv.Spec.PersistentVolumeReclaimPolicy == api.ReclaimDelete && pv.Annotations[AnnProvisionedBy] != "":
		ctx.Why("reclaim policy Delete: provisioner %s deletes the volume", pv.Annotations[AnnProvisionedBy])
	default:
		ctx.Why("reclaim policy %s, but no plugin can reclaim this volume", pv.Spec.PersistentVolumeReclaimPolicy)
		if pv.Status.Phase != api.VolumeFailed {
			ctx.Event(pv, controller.EventWarning, "VolumeFailedDelete", "error getting deleter volume plugin for volume %q: no deletable volume plugin matched", pv.Name)
			v := api.DeepCopy(pv)
			setVolumePhase(ctx, v, api.VolumeFailed)
			_, err := ctx.UpdateStatus(v, "phase Failed")
			return controller.Result{}, ignoreGone(err)
		}
	}
	return controller.Result{}, nil
}

// claimFor finds the claim a volume names, asking the API server when the
// cache does not have it — releasing a volume on a stale cache would lose
// its binding.
func (b *Binder) claimFor(ctx *controller.Context, ref *api.ObjectReference) *api.PersistentVolumeClaim {
	c, ok := b.claims.Get(ref.Namespace, ref.Name)
	if !ok {
		live, err := controller.GetLive[*api.PersistentVolumeClaim](ctx.Store(), ref.Namespace, ref.Name)
		if err != nil {
			return nil
		}
		c = live
	}
	if ref.UID != "" && c.UID != ref.UID {
		return nil // a new claim with the old name
	}
	return c
}

func (b *Binder) setVolumePhaseIfNot(ctx *controller.Context, pv *api.PersistentVolume, phase string) error {
	pv = b.freshest(pv)
	if pv.Status.Phase == phase {
		return nil
	}
	v := api.DeepCopy(pv)
	setVolumePhase(ctx, v, phase)
	out, err := ctx.UpdateStatus(v, "phase "+phase)
	if err == nil {
		b.wrote(out)
	}
	return ignoreGone(err)
}

func setVolumePhase(ctx *controller.Context, pv *api.PersistentVolume, phase string) {
	pv.Status.Phase = phase
	pv.Status.LastPhaseTransitionTime = api.Ptr(api.NewTime(ctx.Clock.Now()))
}

func claimRefString(ref *api.ObjectReference) string {
	if ref == nil {
		return "<none>"
	}
	return ref.Namespace + "/" + ref.Name
}

func setAnnotation(m *api.ObjectMeta, k, v string) {
	if m.Annotations == nil {
		m.Annotations = map[string]string{}
	}
	m.Annotations[k] = v
}

// ignoreGone drops NotFound (the object went away; its delete event brings
// us back if needed); conflicts and other errors retry with back-off.
func ignoreGone(err error) error {
	if err == nil || api.IsNotFound(err) {
		return nil
	}
	return fmt.Errorf("%w", err)
}
