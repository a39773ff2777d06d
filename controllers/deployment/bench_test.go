package deployment

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
)

// BenchmarkReconcile measures one reconcile of a Deployment of 1000
// replicas in mid-rollout with 2 ReplicaSets (old 750 available, new 500
// not yet available): the full observe → plan path, which ends in no write.
func BenchmarkReconcile(b *testing.B) {
	var r *Reconciler
	clk, s, m := controllertest.Start(b, nil, func(m *controller.Manager) *controller.Controller {
		r = newReconciler(m)
		return r.ctrl
	})
	m.SetLeading(false) // only the benchmark reconciles

	out, err := s.Create(webDeployment("web", 1000, "app:1"))
	require.NoError(b, err)
	d := out.(*api.Deployment)
	mk := func(image string, spec, available int32, rev string) {
		t := api.DeepCopy(*d)
		t.Spec.Template.Spec.Containers[0].Image = image
		rs := NewReplicaSet(&t, ComputeHash(&t.Spec.Template, nil))
		rs.Spec.Replicas = api.Ptr(spec)
		rs.Annotations = map[string]string{RevisionAnnotation: rev, DesiredReplicasAnnotation: "1000", MaxReplicasAnnotation: "1250"}
		o, err := s.Create(rs)
		require.NoError(b, err)
		st := api.DeepCopy(o.(*api.ReplicaSet))
		st.Status = api.ReplicaSetStatus{Replicas: spec, ReadyReplicas: available, AvailableReplicas: available, ObservedGeneration: st.Generation}
		_, err = s.UpdateStatus(st)
		require.NoError(b, err)
	}
	mk("app:0", 750, 750, "1")
	mk("app:1", 500, 0, "2")
	req := controller.Request{Namespace: "default", Name: "web"}
	// Settle once: the first reconcile writes the revision and status.
	for i := 0; i < 3; i++ {
		controllertest.Reconcile(b, m, "deployment", req)
	}
	controllertest.Settle(clk)
	rev := s.Revision()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.Reconcile(controller.NewContext(clk, s, nil, nil), req); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	require.Equal(b, rev, s.Revision(), "a settled mid-rollout reconcile writes nothing")
}
