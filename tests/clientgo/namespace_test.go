package clientgo

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Deleting a namespace deletes what is in it and then the namespace
// itself: it does not stay Terminating, as it does under envtest with no
// namespace controller (controller-runtime#880).
func TestANamespaceFinishesDeleting(t *testing.T) {
	s := start(t)
	s.settle(t)
	ctx := context.Background()
	_, err := s.client.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "team-a"}}, metav1.CreateOptions{})
	require.NoError(t, err)
	_, err = s.client.AppsV1().Deployments("team-a").Create(ctx, deployment("api", "nginx:1.25", 2), metav1.CreateOptions{})
	require.NoError(t, err)
	s.settle(t)
	pods, err := s.client.CoreV1().Pods("team-a").List(ctx, metav1.ListOptions{})
	require.NoError(t, err)
	require.Len(t, pods.Items, 2)

	require.NoError(t, s.client.CoreV1().Namespaces().Delete(ctx, "team-a", metav1.DeleteOptions{}))
	ns, err := s.client.CoreV1().Namespaces().Get(ctx, "team-a", metav1.GetOptions{})
	require.NoError(t, err, "the namespace is still there while its contents go")
	assert.Equal(t, corev1.NamespaceTerminating, ns.Status.Phase)
	s.settle(t)
	_, err = s.client.CoreV1().Namespaces().Get(ctx, "team-a", metav1.GetOptions{})
	assert.True(t, apierrors.IsNotFound(err), "the namespace is gone: %v", err)
}
