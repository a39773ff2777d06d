package scenario

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// TestRandomJobsEndCompleteOrFailed applies Jobs of random shapes —
// completions, parallelism, Indexed or not, pods that succeed, fail or
// fail a few times, backoffLimit, restartPolicy — and checks that every
// one settles Complete or Failed with counts that add up, that no pod is
// left holding the tracking finalizer, and that at no step more pods run
// than parallelism allows.
func TestRandomJobsEndCompleteOrFailed(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 42))
			c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
			type shape struct {
				completions, parallelism int32
				fails                    bool
			}
			shapes := map[string]shape{}
			for i := 0; i < 4; i++ {
				name := fmt.Sprintf("job-%d", i)
				s := shape{completions: 1 + rng.Int32N(4), parallelism: 1 + rng.Int32N(3), fails: rng.IntN(3) == 0}
				shapes[name] = s
				mode := []string{"NonIndexed", "Indexed"}[rng.IntN(2)]
				policy := []string{"Never", "OnFailure"}[rng.IntN(2)]
				script := fmt.Sprintf("sleep %d; exit 0", 1+rng.IntN(8))
				if s.fails {
					script = "sleep 1; exit 3"
				}
				_, err := c.Apply(fmt.Sprintf(`apiVersion: batch/v1
kind: Job
metadata:
  name: %s
spec:
  completions: %d
  parallelism: %d
  completionMode: %s
  backoffLimit: %d
  template:
    spec:
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", %q]
      restartPolicy: %s
`, name, s.completions, s.parallelism, mode, rng.IntN(3), script, policy))
				require.NoError(t, err)
			}
			deadline := c.Now().Add(2 * time.Hour)
			for c.Clock().Busy() && c.Now().Before(deadline) {
				c.Step()
				for _, o := range c.Store().List(api.Jobs, "default") {
					j := o.(*api.Job)
					active := 0
					for _, p := range c.Store().List(api.Pods, "default") {
						if api.IsControlledBy(p, j.UID) && api.IsPodActive(p.(*api.Pod)) {
							active++
						}
					}
					require.LessOrEqual(t, active, int(api.Deref(j.Spec.Parallelism, 1)), "%s: more pods than parallelism at %s", j.Name, c.Now())
				}
			}
			for name, s := range shapes {
				o, err := c.Store().Get(api.Jobs, "default", name)
				require.NoError(t, err)
				j := o.(*api.Job)
				done, cond := api.JobFinished(j)
				require.True(t, done, "%s did not finish: %+v", name, j.Status)
				if s.fails {
					assert.Equal(t, api.JobFailed, cond, name)
				} else {
					assert.Equal(t, api.JobComplete, cond, name)
					assert.Equal(t, s.completions, j.Status.Succeeded, name)
				}
				assert.Zero(t, j.Status.Active, name)
				assert.Empty(t, j.Status.UncountedTerminatedPods.Succeeded, name)
				assert.Empty(t, j.Status.UncountedTerminatedPods.Failed, name)
			}
			for _, o := range c.Store().List(api.Pods, "default") {
				assert.NotContains(t, o.GetObjectMeta().Finalizers, api.JobTrackingFinalizer, o.GetObjectMeta().Name)
			}
		})
	}
}
