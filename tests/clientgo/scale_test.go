package clientgo

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// scaleTo reads a Deployment's scale subresource and sets its replicas.
func scaleTo(t *testing.T, s *sandbox, name string, replicas int32) *autoscalingv1.Scale {
	t.Helper()
	sc, err := s.client.AppsV1().Deployments("default").GetScale(context.Background(), name, metav1.GetOptions{})
	require.NoError(t, err)
	sc.Spec.Replicas = replicas
	return sc
}
