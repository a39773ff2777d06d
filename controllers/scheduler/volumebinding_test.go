package scheduler_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
)

// usesClaim mounts claim name as volume "data".
func usesClaim(name string) func(*api.Pod) {
	return func(p *api.Pod) {
		p.Spec.Volumes = append(p.Spec.Volumes, api.Volume{Name: "data",
			PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: name}})
	}
}

func claim(name, class string) *api.PersistentVolumeClaim {
	return &api.PersistentVolumeClaim{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.PersistentVolumeClaimSpec{AccessModes: []string{"ReadWriteOnce"}, StorageClassName: api.Ptr(class),
			Resources: api.ResourceRequirements{Requests: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}}},
		Status: api.PersistentVolumeClaimStatus{Phase: api.ClaimPending}}
}

func (f *fixture) scheduledMessage(name string) string {
	f.t.Helper()
	if c := f.get(name).Condition(api.PodScheduled); c != nil {
		return c.Message
	}
	return ""
}

// TestAClaimEventRetriesOnlyThePodsThatUseIt: of 60 pods waiting for
// their claims, a claim that appears or binds brings back exactly the pods
// that mount it — the scheduler reads no other pod for it (its informer's
// Visited count) — and each is bound once its claims are, with either
// binding mode.
func TestAClaimEventRetriesOnlyThePodsThatUseIt(t *testing.T) {
	for _, mode := range []string{api.VolumeBindingImmediate, api.VolumeBindingWaitForFirstConsumer} {
		t.Run(mode, func(t *testing.T) {
			f := newFixture(t, threeNodes()...)
			_, err := f.store.Create(&api.StorageClass{ObjectMeta: api.ObjectMeta{Name: "sc"}, Provisioner: "example.com/p", VolumeBindingMode: api.Ptr(mode)})
			require.NoError(t, err)
			for i := range 50 {
				f.create(pod(fmt.Sprintf("own-%02d", i), usesClaim(fmt.Sprintf("data-%02d", i))))
			}
			for i := range 10 {
				f.create(pod(fmt.Sprintf("shared-%d", i), usesClaim("shared")))
			}
			f.settle()
			require.Equal(t, `0/3 nodes are available: persistentvolumeclaim "data-07" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.`, f.scheduledMessage("own-07"))
			pods := f.mgr.Informers.For(api.Pods)
			claimEvents := int64(0)
			count := func(api.Object) { claimEvents++ }
			f.mgr.Informers.For(api.PersistentVolumeClaims).AddHandler(informer.Handler{
				OnAdd: count, OnUpdate: func(_, o api.Object) { count(o) }})

			// Each claim appears: only its pods are read and retried.
			for _, tc := range []struct {
				claim string
				users int
			}{{"data-07", 1}, {"shared", 10}} {
				before, events := pods.Visited(), claimEvents
				_, err := f.store.Create(claim(tc.claim, "sc"))
				require.NoError(t, err)
				f.settle()
				assert.LessOrEqual(t, pods.Visited()-before, int64(tc.users)*(claimEvents-events), "pods read for claim %s", tc.claim)
			}
			assert.Equal(t, `0/3 nodes are available: persistentvolumeclaim "data-08" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.`, f.scheduledMessage("own-08"), "a pod of another claim is not retried")
			if mode == api.VolumeBindingImmediate {
				assert.Equal(t, "0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.", f.scheduledMessage("own-07"))
			} else {
				c, err := f.store.Get(api.PersistentVolumeClaims, "default", "data-07")
				require.NoError(t, err)
				assert.NotEmpty(t, c.GetObjectMeta().Annotations["volume.kubernetes.io/selected-node"], "the first consumer picked the claim's node")
			}
			assert.Empty(t, f.get("own-07").Spec.NodeName, "not bound while its claim is not")

			// The claim binds: its pod is bound, having read only itself.
			_, err = f.store.Create(&api.PersistentVolume{ObjectMeta: api.ObjectMeta{Name: "pv-07"},
				Spec: api.PersistentVolumeSpec{StorageClassName: "sc", AccessModes: []string{"ReadWriteOnce"},
					Capacity: api.ResourceList{"storage": api.MustParseQuantity("1Gi")},
					HostPath: &api.HostPathVolumeSource{Path: "/data/pv-07"}}})
			require.NoError(t, err)
			o, err := f.store.Get(api.PersistentVolumeClaims, "default", "data-07")
			require.NoError(t, err)
			c := api.DeepCopy(o.(*api.PersistentVolumeClaim))
			c.Spec.VolumeName = "pv-07"
			updated, err := f.store.Update(c)
			require.NoError(t, err)
			c = api.DeepCopy(updated.(*api.PersistentVolumeClaim))
			c.Status.Phase = api.ClaimBound
			before, events := pods.Visited(), claimEvents
			_, err = f.store.UpdateStatus(c)
			require.NoError(t, err)
			f.settle()
			assert.LessOrEqual(t, pods.Visited()-before, claimEvents-events)
			assert.NotEmpty(t, f.get("own-07").Spec.NodeName, "bound once its claim is")
			assert.Empty(t, f.get("own-08").Spec.NodeName)
		})
	}
}
