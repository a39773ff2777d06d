package volume

import (
	"fmt"
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// Names and annotations of the storage machinery, as upstream spells them.
const (
	// Provisioner is the provisioner of kind's default class.
	Provisioner = "rancher.io/local-path"
	// DefaultClassName is the default StorageClass the cluster starts with.
	DefaultClassName = "standard"

	FinalizerPVCProtection = "kubernetes.io/pvc-protection"
	FinalizerPVProtection  = "kubernetes.io/pv-protection"

	AnnSelectedNode         = "volume.kubernetes.io/selected-node"
	AnnStorageProvisioner   = "volume.kubernetes.io/storage-provisioner"
	AnnBetaStorageProvision = "volume.beta.kubernetes.io/storage-provisioner"
	AnnBindCompleted        = "pv.kubernetes.io/bind-completed"
	AnnBoundByController    = "pv.kubernetes.io/bound-by-controller"
	AnnProvisionedBy        = "pv.kubernetes.io/provisioned-by"
	annLocalPathNode        = "local.path.provisioner/selected-node"
)

// DefaultStorageClass is kind's `standard` class: local-path volumes,
// deleted with their claim, bound when the first pod is scheduled.
func DefaultStorageClass() *api.StorageClass {
	return &api.StorageClass{
		ObjectMeta: api.ObjectMeta{Name: DefaultClassName,
			Annotations: map[string]string{api.IsDefaultClassAnnotation: "true"}},
		Provisioner:       Provisioner,
		ReclaimPolicy:     api.Ptr(api.ReclaimDelete),
		VolumeBindingMode: api.Ptr(api.VolumeBindingWaitForFirstConsumer),
	}
}

// Admission is the storage admission plugins of the API server s:
// DefaultStorageClass (a claim that names no class gets the default one)
// and StorageObjectInUseProtection (the protection finalizers) on create,
// PersistentVolumeClaimResize on update.
func Admission(s *store.Store) store.AdmissionFunc {
	return func(op store.Operation, o, old api.Object) error {
		if op == store.OpUpdate {
			return admitResize(s, o, old)
		}
		if op != store.OpCreate {
			return nil
		}
		switch x := o.(type) {
		case *api.PersistentVolumeClaim:
			if x.Spec.StorageClassName == nil {
				if def := defaultClass(s); def != "" {
					x.Spec.StorageClassName = api.Ptr(def)
				}
			}
			addFinalizer(&x.ObjectMeta, FinalizerPVCProtection)
		case *api.PersistentVolume:
			addFinalizer(&x.ObjectMeta, FinalizerPVProtection)
		}
		return nil
	}
}

// ResizeForbidden is the PersistentVolumeClaimResize admission plugin's
// refusal.
const ResizeForbidden = "only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize"

// admitResize is PersistentVolumeClaimResize: a bound claim may grow only
// when its StorageClass has allowVolumeExpansion: true. (Upstream it is a
// validating plugin that runs after validation; a claim that is not bound
// is refused by validation, so it is left to it here.)
func admitResize(s *store.Store, o, old api.Object) error {
	c, ok := o.(*api.PersistentVolumeClaim)
	if !ok {
		return nil
	}
	prev := old.(*api.PersistentVolumeClaim)
	newSize, oldSize := c.Spec.Resources.Requests["storage"], prev.Spec.Resources.Requests["storage"]
	if newSize.Cmp(oldSize) <= 0 || prev.Status.Phase != api.ClaimBound {
		return nil
	}
	if class := api.ClaimClass(prev); class != "" {
		if sc, err := controller.GetLive[*api.StorageClass](s, "", class); err == nil && api.Deref(sc.AllowVolumeExpansion, false) {
			return nil
		}
	}
	return &api.StatusError{Reason: api.ReasonForbidden,
		Message: fmt.Sprintf("persistentvolumeclaims %q is forbidden: %s", c.Name, ResizeForbidden)}
}

// defaultClass names the default StorageClass; with several, the newest
// wins (v1.31), ties by name.
func defaultClass(s *store.Store) string {
	var best *api.StorageClass
	for _, o := range s.List(api.StorageClasses, "") {
		sc := o.(*api.StorageClass)
		if !api.IsDefaultClass(sc) {
			continue
		}
		if best == nil || sc.CreationTimestamp.After(best.CreationTimestamp.Time) {
			best = sc
		}
	}
	if best == nil {
		return ""
	}
	return best.Name
}

func addFinalizer(m *api.ObjectMeta, f string) {
	if !slices.Contains(m.Finalizers, f) {
		m.Finalizers = append(m.Finalizers, f)
	}
}

func removeFinalizer(m *api.ObjectMeta, f string) {
	m.Finalizers = slices.DeleteFunc(slices.Clone(m.Finalizers), func(x string) bool { return x == f })
	if len(m.Finalizers) == 0 {
		m.Finalizers = nil
	}
}
