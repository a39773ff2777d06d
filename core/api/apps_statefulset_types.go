package api

// This file holds the apps/v1 StatefulSet: pods with a stable identity
// (<set>-<ordinal>, a hostname in the governing Service's subdomain) and
// stable storage (one PersistentVolumeClaim per pod per claim template).

// StatefulSet manages ordered pods that keep their names and volumes
// across re-creation.
type StatefulSet struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       StatefulSetSpec   `json:"spec,omitempty"`
	Status     StatefulSetStatus `json:"status,omitempty"`
}

type StatefulSetSpec struct {
	Replicas *int32          `json:"replicas,omitempty"`
	Selector *LabelSelector  `json:"selector"`
	Template PodTemplateSpec `json:"template"`
	// VolumeClaimTemplates become one claim per pod, named
	// <template>-<set>-<ordinal>, created before the pod.
	VolumeClaimTemplates []PersistentVolumeClaim `json:"volumeClaimTemplates,omitempty"`
	// ServiceName is the headless Service that gives the pods their DNS
	// names: each pod's subdomain.
	ServiceName                          string                                           `json:"serviceName,omitempty"`
	PodManagementPolicy                  string                                           `json:"podManagementPolicy,omitempty"`
	UpdateStrategy                       StatefulSetUpdateStrategy                        `json:"updateStrategy,omitempty"`
	RevisionHistoryLimit                 *int32                                           `json:"revisionHistoryLimit,omitempty"`
	MinReadySeconds                      int32                                            `json:"minReadySeconds,omitempty"`
	PersistentVolumeClaimRetentionPolicy *StatefulSetPersistentVolumeClaimRetentionPolicy `json:"persistentVolumeClaimRetentionPolicy,omitempty"`
	Ordinals                             *StatefulSetOrdinals                             `json:"ordinals,omitempty"`
}

// Pod management policies.
const (
	OrderedReadyPodManagement = "OrderedReady"
	ParallelPodManagement     = "Parallel"
)

type StatefulSetUpdateStrategy struct {
	Type          string                            `json:"type,omitempty"`
	RollingUpdate *RollingUpdateStatefulSetStrategy `json:"rollingUpdate,omitempty"`
}

// StatefulSet update strategy types.
const (
	RollingUpdateStatefulSetStrategyType = "RollingUpdate"
	OnDeleteStatefulSetStrategyType      = "OnDelete"
)

type RollingUpdateStatefulSetStrategy struct {
	// Partition: pods with an ordinal below it keep the current revision.
	Partition *int32 `json:"partition,omitempty"`
	// MaxUnavailable is accepted and stored; as in v1.32 with the alpha
	// MaxUnavailableStatefulSet gate off, updates go one pod at a time.
	MaxUnavailable *IntOrString `json:"maxUnavailable,omitempty"`
}

type StatefulSetPersistentVolumeClaimRetentionPolicy struct {
	WhenDeleted string `json:"whenDeleted,omitempty"`
	WhenScaled  string `json:"whenScaled,omitempty"`
}

// PVC retention policy types.
const (
	RetainPersistentVolumeClaimRetentionPolicyType = "Retain"
	DeletePersistentVolumeClaimRetentionPolicyType = "Delete"
)

type StatefulSetOrdinals struct {
	Start int32 `json:"start,omitempty"`
}

type StatefulSetStatus struct {
	ObservedGeneration int64                  `json:"observedGeneration,omitempty"`
	Replicas           int32                  `json:"replicas"`
	ReadyReplicas      int32                  `json:"readyReplicas,omitempty"`
	CurrentReplicas    int32                  `json:"currentReplicas,omitempty"`
	UpdatedReplicas    int32                  `json:"updatedReplicas,omitempty"`
	CurrentRevision    string                 `json:"currentRevision,omitempty"`
	UpdateRevision     string                 `json:"updateRevision,omitempty"`
	CollisionCount     *int32                 `json:"collisionCount,omitempty"`
	Conditions         []StatefulSetCondition `json:"conditions,omitempty"`
	AvailableReplicas  int32                  `json:"availableReplicas"`
}

type StatefulSetCondition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	LastTransitionTime Time   `json:"lastTransitionTime,omitempty"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
}

// StartOrdinal is the first ordinal of a set's pods (spec.ordinals.start).
func (s *StatefulSet) StartOrdinal() int {
	if s.Spec.Ordinals == nil {
		return 0
	}
	return int(s.Spec.Ordinals.Start)
}
