package api

import (
	"fmt"
	"reflect"
	"sort"
)

// validateStorageKinds checks StatefulSets and the storage kinds as the
// API server does. Claim templates are deliberately not validated here:
// upstream only warns about them, and a bad template surfaces when the
// StatefulSet controller's create of the claim fails (FailedCreate).
func validateStorageKinds(errs *FieldErrors, o, old Object) {
	switch x := o.(type) {
	case *StatefulSet:
		validateStatefulSet(errs, x, old)
	case *PersistentVolumeClaim:
		validateClaimSpec(errs, "spec", &x.Spec)
		if o, ok := old.(*PersistentVolumeClaim); ok {
			validateClaimResize(errs, x, o)
		}
	case *PersistentVolume:
		validatePersistentVolume(errs, x)
	case *StorageClass:
		validateStorageClass(errs, x, old)
	}
}

func validateStatefulSet(errs *FieldErrors, s *StatefulSet, old Object) {
	sp := &s.Spec
	switch sp.PodManagementPolicy {
	case "":
		errs.required("spec.podManagementPolicy", "")
	case OrderedReadyPodManagement, ParallelPodManagement:
	default:
		errs.invalid("spec.podManagementPolicy", sp.PodManagementPolicy,
			fmt.Sprintf("must be '%s' or '%s'", OrderedReadyPodManagement, ParallelPodManagement))
	}
	switch sp.UpdateStrategy.Type {
	case "":
		errs.required("spec.updateStrategy", "")
	case OnDeleteStatefulSetStrategyType:
		if sp.UpdateStrategy.RollingUpdate != nil {
			errs.invalid("spec.updateStrategy.rollingUpdate", sp.UpdateStrategy.RollingUpdate,
				fmt.Sprintf("only allowed for updateStrategy '%s'", RollingUpdateStatefulSetStrategyType))
		}
	case RollingUpdateStatefulSetStrategyType:
		if ru := sp.UpdateStrategy.RollingUpdate; ru != nil && ru.Partition != nil && *ru.Partition < 0 {
			errs.invalid("spec.updateStrategy.rollingUpdate.partition", int64(*ru.Partition), "must be greater than or equal to 0")
		}
	default:
		errs.invalid("spec.updateStrategy", sp.UpdateStrategy,
			fmt.Sprintf("must be '%s' or '%s'", RollingUpdateStatefulSetStrategyType, OnDeleteStatefulSetStrategyType))
	}
	if p := sp.PersistentVolumeClaimRetentionPolicy; p != nil {
		for _, f := range []struct{ name, v string }{{"whenDeleted", p.WhenDeleted}, {"whenScaled", p.WhenScaled}} {
			if f.v != RetainPersistentVolumeClaimRetentionPolicyType && f.v != DeletePersistentVolumeClaimRetentionPolicyType {
				errs.unsupported("spec.persistentVolumeClaimRetentionPolicy."+f.name, f.v,
					RetainPersistentVolumeClaimRetentionPolicyType, DeletePersistentVolumeClaimRetentionPolicyType)
			}
		}
	}
	if sp.MinReadySeconds < 0 {
		errs.invalid("spec.minReadySeconds", int64(sp.MinReadySeconds), "must be greater than or equal to 0")
	}
	if sp.Ordinals != nil && sp.Ordinals.Start < 0 {
		errs.invalid("spec.ordinals.start", int64(sp.Ordinals.Start), "must be greater than or equal to 0")
	}
	validateWorkload(errs, sp.Replicas, sp.Selector, &sp.Template, nil, "statefulset")
	if rp := sp.Template.Spec.RestartPolicy; rp != "Always" && rp != "" {
		*errs = filterField(*errs, "spec.template.spec.restartPolicy")
		errs.unsupported("spec.template.spec.restartPolicy", rp, "Always")
	}
	if sp.Template.Spec.ActiveDeadlineSeconds != nil {
		*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: "spec.template.spec.activeDeadlineSeconds",
			Detail: "activeDeadlineSeconds in StatefulSet is not Supported"})
	}
	if o, ok := old.(*StatefulSet); ok {
		// Only these fields may change; everything else is fixed at creation.
		a, b := DeepCopy(sp), DeepCopy(&o.Spec)
		for _, x := range []*StatefulSetSpec{a, b} {
			x.Replicas, x.Template, x.UpdateStrategy, x.MinReadySeconds = nil, PodTemplateSpec{}, StatefulSetUpdateStrategy{}, 0
			x.Ordinals, x.PersistentVolumeClaimRetentionPolicy = nil, nil
			for i := range x.VolumeClaimTemplates {
				// The server-filled phase of a template is not the user's edit.
				x.VolumeClaimTemplates[i].Status = PersistentVolumeClaimStatus{}
			}
		}
		if !reflect.DeepEqual(a, b) {
			*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: "spec",
				Detail: "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"})
		}
	}
}

var supportedAccessModes = []string{ReadOnlyMany, ReadWriteMany, ReadWriteOnce, ReadWriteOncePod}

// validateClaimSpec is ValidatePersistentVolumeClaimSpec: at least one
// known access mode and a positive storage request.
func validateClaimSpec(errs *FieldErrors, path string, s *PersistentVolumeClaimSpec) {
	validateAccessModes(errs, path+".accessModes", s.AccessModes)
	q, ok := s.Resources.Requests["storage"]
	switch {
	case !ok:
		errs.required(path+".resources[storage]", "")
	case q.MilliValue() <= 0:
		errs.invalid(path+".resources[storage]", q.String(), "must be greater than zero")
	}
}

// validateClaimResize is the size part of
// ValidatePersistentVolumeClaimUpdate: only a bound claim's storage
// request may change, and it may not fall to or below status.capacity
// (the wording of v1.32+, where RecoverVolumeExpansionFailure is on and a
// failed expansion can be walked back down to the capacity; v1.31 says
// "field can not be less than previous value"). The rest of the spec's
// immutability is not checked here.
func validateClaimResize(errs *FieldErrors, c, old *PersistentVolumeClaim) {
	newSize, oldSize := c.Spec.Resources.Requests["storage"], old.Spec.Resources.Requests["storage"]
	if newSize.Cmp(oldSize) == 0 {
		return
	}
	if old.Status.Phase != ClaimBound {
		*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: "spec",
			Detail: "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims"})
		return
	}
	if newSize.Cmp(oldSize) < 0 {
		if capacity := old.Status.Capacity["storage"]; newSize.Cmp(capacity) <= 0 {
			*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: "spec.resources.requests.storage",
				Detail: "field can not be less than status.capacity"})
		}
	}
}

func validateAccessModes(errs *FieldErrors, path string, modes []string) {
	if len(modes) == 0 {
		errs.required(path, "at least 1 access mode is required")
	}
	for _, m := range modes {
		known := false
		for _, s := range supportedAccessModes {
			known = known || m == s
		}
		if !known {
			errs.unsupported(path, m, supportedAccessModes...)
		}
	}
}

func validatePersistentVolume(errs *FieldErrors, pv *PersistentVolume) {
	s := &pv.Spec
	if len(s.Capacity) == 0 {
		errs.required("spec.capacity", "")
	} else if _, ok := s.Capacity["storage"]; !ok || len(s.Capacity) > 1 {
		keys := make([]string, 0, len(s.Capacity))
		for k := range s.Capacity {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		errs.unsupported("spec.capacity", keys, "storage")
	}
	validateAccessModes(errs, "spec.accessModes", s.AccessModes)
	switch s.PersistentVolumeReclaimPolicy {
	case ReclaimDelete, "Recycle", ReclaimRetain:
	default:
		errs.unsupported("spec.persistentVolumeReclaimPolicy", s.PersistentVolumeReclaimPolicy, ReclaimDelete, "Recycle", ReclaimRetain)
	}
	sources := 0
	for _, set := range []bool{s.HostPath != nil, s.Local != nil, s.NFS != nil, s.CSI != nil} {
		if set {
			sources++
		}
	}
	switch {
	case sources == 0:
		errs.required("spec", "must specify a volume type")
	case sources > 1:
		*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: "spec", Detail: "may not specify more than 1 volume type"})
	}
}

func validateStorageClass(errs *FieldErrors, sc *StorageClass, old Object) {
	if sc.Provisioner == "" {
		errs.required("provisioner", "")
	}
	if p := Deref(sc.ReclaimPolicy, ReclaimDelete); p != ReclaimDelete && p != ReclaimRetain {
		errs.unsupported("reclaimPolicy", p, ReclaimDelete, ReclaimRetain)
	}
	if m := Deref(sc.VolumeBindingMode, VolumeBindingImmediate); m != VolumeBindingImmediate && m != VolumeBindingWaitForFirstConsumer {
		errs.unsupported("volumeBindingMode", m, VolumeBindingImmediate, VolumeBindingWaitForFirstConsumer)
	}
	o, ok := old.(*StorageClass)
	if !ok {
		return
	}
	if !reflect.DeepEqual(sc.Parameters, o.Parameters) {
		*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: "parameters", Detail: "updates to parameters are forbidden."})
	}
	if sc.Provisioner != o.Provisioner {
		*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: "provisioner", Detail: "updates to provisioner are forbidden."})
	}
	if Deref(sc.ReclaimPolicy, "") != Deref(o.ReclaimPolicy, "") {
		*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: "reclaimPolicy", Detail: "updates to reclaimPolicy are forbidden."})
	}
	if Deref(sc.VolumeBindingMode, "") != Deref(o.VolumeBindingMode, "") {
		errs.invalid("volumeBindingMode", Deref(sc.VolumeBindingMode, ""), "field is immutable")
	}
}
