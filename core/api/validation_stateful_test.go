package api

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func validSet() *StatefulSet {
	labels := map[string]string{"app": "nginx"}
	s := &StatefulSet{ObjectMeta: ObjectMeta{Name: "web", Namespace: "default"},
		Spec: StatefulSetSpec{ServiceName: "nginx", Selector: &LabelSelector{MatchLabels: labels},
			Template: PodTemplateSpec{ObjectMeta: ObjectMeta{Labels: labels},
				Spec: PodSpec{Containers: []Container{{Name: "nginx", Image: "nginx:1.9.1"}}}},
			VolumeClaimTemplates: []PersistentVolumeClaim{{ObjectMeta: ObjectMeta{Name: "www"},
				Spec: PersistentVolumeClaimSpec{AccessModes: []string{ReadWriteOnce},
					Resources: ResourceRequirements{Requests: ResourceList{"storage": MustParseQuantity("1Gi")}}}}}}}
	Default(s)
	return s
}

func TestStatefulSetDefaults(t *testing.T) {
	s := validSet()
	assert.Equal(t, int32(1), *s.Spec.Replicas)
	assert.Equal(t, OrderedReadyPodManagement, s.Spec.PodManagementPolicy)
	assert.Equal(t, RollingUpdateStatefulSetStrategyType, s.Spec.UpdateStrategy.Type)
	assert.Equal(t, int32(0), *s.Spec.UpdateStrategy.RollingUpdate.Partition)
	assert.Equal(t, int32(10), *s.Spec.RevisionHistoryLimit)
	assert.Equal(t, &StatefulSetPersistentVolumeClaimRetentionPolicy{WhenDeleted: "Retain", WhenScaled: "Retain"}, s.Spec.PersistentVolumeClaimRetentionPolicy)
	ct := s.Spec.VolumeClaimTemplates[0]
	assert.Equal(t, "PersistentVolumeClaim", ct.Kind)
	assert.Equal(t, "Filesystem", *ct.Spec.VolumeMode)
	assert.Equal(t, ClaimPending, ct.Status.Phase)
}

func TestStatefulSetValidation(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*StatefulSet)
		want   string
	}{
		{"pod management policy", func(s *StatefulSet) { s.Spec.PodManagementPolicy = "Random" },
			`StatefulSet "web" is invalid: spec.podManagementPolicy: Invalid value: "Random": must be 'OrderedReady' or 'Parallel'`},
		{"negative partition", func(s *StatefulSet) { s.Spec.UpdateStrategy.RollingUpdate.Partition = Ptr[int32](-1) },
			`StatefulSet "web" is invalid: spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0`},
		{"selector must match", func(s *StatefulSet) { s.Spec.Template.Labels = map[string]string{"app": "other"} },
			"StatefulSet \"web\" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"other\"}: `selector` does not match template `labels`"},
		{"restart policy", func(s *StatefulSet) { s.Spec.Template.Spec.RestartPolicy = "Never" },
			`StatefulSet "web" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"`},
		{"retention policy", func(s *StatefulSet) { s.Spec.PersistentVolumeClaimRetentionPolicy.WhenScaled = "Keep" },
			`StatefulSet "web" is invalid: spec.persistentVolumeClaimRetentionPolicy.whenScaled: Unsupported value: "Keep": supported values: "Retain", "Delete"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := validSet()
			tc.mutate(s)
			err := Validate(s, nil)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
	require.NoError(t, Validate(validSet(), nil))
}

func TestStatefulSetUpdatesAreLimited(t *testing.T) {
	old := validSet()
	s := validSet()
	s.Spec.Replicas = Ptr[int32](5)
	s.Spec.Template.Spec.Containers[0].Image = "nginx:1.25"
	s.Spec.UpdateStrategy.RollingUpdate.Partition = Ptr[int32](1)
	assert.NoError(t, Validate(s, old))
	s.Spec.ServiceName = "other"
	assert.EqualError(t, Validate(s, old), `StatefulSet "web" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden`)
}

func TestClaimValidation(t *testing.T) {
	c := &PersistentVolumeClaim{ObjectMeta: ObjectMeta{Name: "www-web-0", Namespace: "default"},
		Spec: PersistentVolumeClaimSpec{AccessModes: []string{ReadWriteOnce}}}
	Default(c)
	assert.EqualError(t, Validate(c, nil), `PersistentVolumeClaim "www-web-0" is invalid: spec.resources[storage]: Required value`)
	c.Spec.AccessModes = nil
	c.Spec.Resources.Requests = ResourceList{"storage": MustParseQuantity("1Gi")}
	assert.EqualError(t, Validate(c, nil), `PersistentVolumeClaim "www-web-0" is invalid: spec.accessModes: Required value: at least 1 access mode is required`)
}

func TestStorageClassValidation(t *testing.T) {
	sc := &StorageClass{ObjectMeta: ObjectMeta{Name: "fast"}, VolumeBindingMode: Ptr("Later")}
	Default(sc)
	assert.EqualError(t, Validate(sc, nil), `StorageClass "fast" is invalid: [provisioner: Required value, volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"]`)
}

func TestEphemeralVolumeTemplateIsValidated(t *testing.T) {
	p := &Pod{ObjectMeta: ObjectMeta{Name: "p", Namespace: "default"}, Spec: PodSpec{Containers: []Container{{Name: "app", Image: "busybox"}},
		Volumes: []Volume{{Name: "a", Ephemeral: &EphemeralVolumeSource{}},
			{Name: "b", Ephemeral: &EphemeralVolumeSource{VolumeClaimTemplate: &PersistentVolumeClaimTemplate{}}}}}}
	err := Validate(p, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "spec.volumes[0].ephemeral.volumeClaimTemplate: Required value")
	assert.Contains(t, err.Error(), "spec.volumes[1].ephemeral.volumeClaimTemplate.spec.accessModes: Required value: at least 1 access mode is required")
}
