package clientgo

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// A StatefulSet with a claim template gets one bound claim per ordinal,
// named TEMPLATE-SET-ORDINAL, and its pods in order.
func TestAStatefulSetGetsItsClaims(t *testing.T) {
	s := start(t)
	s.settle(t)
	ctx := context.Background()
	labels := map[string]string{"app": "db"}
	set := &appsv1.StatefulSet{
		ObjectMeta: metav1.ObjectMeta{Name: "db"},
		Spec: appsv1.StatefulSetSpec{
			Replicas:    ptr.To(int32(2)),
			ServiceName: "db",
			Selector:    &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{
					Name: "postgres", Image: "postgres:16",
					VolumeMounts: []corev1.VolumeMount{{Name: "data", MountPath: "/var/lib/postgresql/data"}},
				}}},
			},
			VolumeClaimTemplates: []corev1.PersistentVolumeClaim{{
				ObjectMeta: metav1.ObjectMeta{Name: "data"},
				Spec: corev1.PersistentVolumeClaimSpec{
					AccessModes: []corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce},
					Resources:   corev1.VolumeResourceRequirements{Requests: corev1.ResourceList{corev1.ResourceStorage: resource.MustParse("1Gi")}},
				},
			}},
		},
	}
	_, err := s.client.AppsV1().StatefulSets("default").Create(ctx, set, metav1.CreateOptions{})
	require.NoError(t, err)
	s.settle(t)

	for _, name := range []string{"data-db-0", "data-db-1"} {
		pvc, err := s.client.CoreV1().PersistentVolumeClaims("default").Get(ctx, name, metav1.GetOptions{})
		require.NoError(t, err, name)
		assert.Equal(t, corev1.ClaimBound, pvc.Status.Phase, name)
		assert.NotEmpty(t, pvc.Spec.VolumeName, name)
	}
	for _, name := range []string{"db-0", "db-1"} {
		p, err := s.client.CoreV1().Pods("default").Get(ctx, name, metav1.GetOptions{})
		require.NoError(t, err, name)
		assert.Equal(t, corev1.PodRunning, p.Status.Phase, name)
	}
}
