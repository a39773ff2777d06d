package ttlafterfinished_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

const job = `apiVersion: batch/v1
kind: Job
metadata:
  name: short
spec:
  ttlSecondsAfterFinished: 20
  template:
    spec:
      containers:
      - name: c
        image: busybox:1.36
        command: ["sleep", "3"]
      restartPolicy: Never
`

func TestFinishedJobIsDeletedWithItsPodsAfterTheTTL(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(job)
	require.NoError(t, err)
	jobs, pods := api.Jobs, api.Pods
	require.True(t, c.RunUntil(func() bool {
		o, err := c.Store().Get(jobs, "default", "short")
		if err != nil {
			return false
		}
		done, _ := api.JobFinished(o.(*api.Job))
		return done
	}, time.Minute))
	finished := c.Now()
	c.Advance(15 * time.Second)
	_, err = c.Store().Get(jobs, "default", "short")
	require.NoError(t, err, "still there before the TTL")
	settled, _ := c.Settle(time.Minute)
	require.True(t, settled)
	_, err = c.Store().Get(jobs, "default", "short")
	assert.True(t, api.IsNotFound(err), "deleted after the TTL")
	assert.Empty(t, c.Store().List(pods, "default"), "its pods went first (foreground)")
	assert.WithinDuration(t, finished.Add(20*time.Second), c.Now(), 5*time.Second)
}
