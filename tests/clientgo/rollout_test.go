package clientgo

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// deployment is a Deployment of replicas nginx pods labelled app=name.
func deployment(name, image string, replicas int32) *appsv1.Deployment {
	labels := map[string]string{"app": name}
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: appsv1.DeploymentSpec{
			Replicas: ptr.To(replicas),
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "nginx", Image: image}}},
			},
		},
	}
}

// A Deployment created through client-go rolls out: a ReplicaSet named by
// its template's hash, three pods running on the worker nodes; a new
// image rolls the pods over to a second ReplicaSet and scales the first
// to zero — what envtest, with no controllers, never shows.
func TestADeploymentRollsOut(t *testing.T) {
	s := start(t)
	s.settle(t)
	ctx := context.Background()
	deploys := s.client.AppsV1().Deployments("default")
	_, err := deploys.Create(ctx, deployment("web", "nginx:1.25", 3), metav1.CreateOptions{})
	require.NoError(t, err)
	s.settle(t)

	d, err := deploys.Get(ctx, "web", metav1.GetOptions{})
	require.NoError(t, err)
	assert.Equal(t, int32(3), d.Status.ReadyReplicas)
	assert.Equal(t, int32(3), d.Status.AvailableReplicas)
	pods, err := s.client.CoreV1().Pods("default").List(ctx, metav1.ListOptions{LabelSelector: "app=web"})
	require.NoError(t, err)
	require.Len(t, pods.Items, 3)
	first := ""
	for _, p := range pods.Items {
		assert.Equal(t, corev1.PodRunning, p.Status.Phase, p.Name)
		assert.NotEmpty(t, p.Spec.NodeName, p.Name)
		require.Len(t, p.OwnerReferences, 1, p.Name)
		assert.Equal(t, "ReplicaSet", p.OwnerReferences[0].Kind)
		first = p.OwnerReferences[0].Name
	}
	assert.Equal(t, "web-"+pods.Items[0].Labels["pod-template-hash"], first)

	d.Spec.Template.Spec.Containers[0].Image = "nginx:1.26"
	_, err = deploys.Update(ctx, d, metav1.UpdateOptions{})
	require.NoError(t, err)
	s.settle(t)
	sets, err := s.client.AppsV1().ReplicaSets("default").List(ctx, metav1.ListOptions{LabelSelector: "app=web"})
	require.NoError(t, err)
	require.Len(t, sets.Items, 2)
	for _, rs := range sets.Items {
		if rs.Name == first {
			assert.Equal(t, int32(0), *rs.Spec.Replicas, "the old ReplicaSet scaled to zero")
		} else {
			assert.Equal(t, int32(3), rs.Status.ReadyReplicas, "the new ReplicaSet has the pods")
			assert.Equal(t, "nginx:1.26", rs.Spec.Template.Spec.Containers[0].Image)
		}
	}
}

// A stale update is refused with 409 Conflict, as client-go's retry
// helpers expect.
func TestAStaleUpdateConflicts(t *testing.T) {
	s := start(t)
	s.settle(t)
	ctx := context.Background()
	cms := s.client.CoreV1().ConfigMaps("default")
	cm, err := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings"}, Data: map[string]string{"a": "1"}}, metav1.CreateOptions{})
	require.NoError(t, err)
	fresh := cm.DeepCopy()
	fresh.Data["a"] = "2"
	_, err = cms.Update(ctx, fresh, metav1.UpdateOptions{})
	require.NoError(t, err)
	cm.Data["a"] = "3"
	_, err = cms.Update(ctx, cm, metav1.UpdateOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `Operation cannot be fulfilled on configmaps "settings": the object has been modified; please apply your changes to the latest version and try again`)
}
