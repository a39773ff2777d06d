package api

// defaultStorageKinds fills what admission defaults for the StatefulSet and
// storage kinds (apps/v1 and core/v1 SetDefaults_*), as `-o yaml` shows.
func defaultStorageKinds(o Object) {
	switch x := o.(type) {
	case *StatefulSet:
		defaultStatefulSet(x)
	case *PersistentVolumeClaim:
		defaultClaim(x)
	case *PersistentVolume:
		if x.Spec.PersistentVolumeReclaimPolicy == "" {
			x.Spec.PersistentVolumeReclaimPolicy = ReclaimRetain
		}
		if x.Spec.VolumeMode == nil {
			x.Spec.VolumeMode = Ptr("Filesystem")
		}
		if x.Status.Phase == "" {
			x.Status.Phase = VolumePending
		}
	case *StorageClass:
		if x.ReclaimPolicy == nil {
			x.ReclaimPolicy = Ptr(ReclaimDelete)
		}
		if x.VolumeBindingMode == nil {
			x.VolumeBindingMode = Ptr(VolumeBindingImmediate)
		}
	}
}

func defaultStatefulSet(s *StatefulSet) {
	sp := &s.Spec
	if sp.Replicas == nil {
		sp.Replicas = Ptr[int32](1)
	}
	if sp.PodManagementPolicy == "" {
		sp.PodManagementPolicy = OrderedReadyPodManagement
	}
	if sp.UpdateStrategy.Type == "" {
		sp.UpdateStrategy.Type = RollingUpdateStatefulSetStrategyType
	}
	if sp.UpdateStrategy.Type == RollingUpdateStatefulSetStrategyType {
		if sp.UpdateStrategy.RollingUpdate == nil {
			sp.UpdateStrategy.RollingUpdate = &RollingUpdateStatefulSetStrategy{}
		}
		if sp.UpdateStrategy.RollingUpdate.Partition == nil {
			sp.UpdateStrategy.RollingUpdate.Partition = Ptr[int32](0)
		}
	}
	if sp.RevisionHistoryLimit == nil {
		sp.RevisionHistoryLimit = Ptr[int32](10)
	}
	// StatefulSetAutoDeletePVC is GA in v1.32 (on since v1.27): the policy is
	// always shown, Retain/Retain unless asked otherwise.
	if sp.PersistentVolumeClaimRetentionPolicy == nil {
		sp.PersistentVolumeClaimRetentionPolicy = &StatefulSetPersistentVolumeClaimRetentionPolicy{}
	}
	if sp.PersistentVolumeClaimRetentionPolicy.WhenDeleted == "" {
		sp.PersistentVolumeClaimRetentionPolicy.WhenDeleted = RetainPersistentVolumeClaimRetentionPolicyType
	}
	if sp.PersistentVolumeClaimRetentionPolicy.WhenScaled == "" {
		sp.PersistentVolumeClaimRetentionPolicy.WhenScaled = RetainPersistentVolumeClaimRetentionPolicyType
	}
	defaultPodSpec(&sp.Template.Spec, false)
	for i := range sp.VolumeClaimTemplates {
		t := &sp.VolumeClaimTemplates[i]
		// Templates are whole claims; the server fills in their kind and
		// phase too (kubectl shows `status: {phase: Pending}`).
		t.APIVersion, t.Kind = "v1", "PersistentVolumeClaim"
		defaultClaim(t)
	}
}

func defaultClaim(c *PersistentVolumeClaim) {
	if c.Spec.VolumeMode == nil {
		c.Spec.VolumeMode = Ptr("Filesystem")
	}
	if c.Status.Phase == "" {
		c.Status.Phase = ClaimPending
	}
}
