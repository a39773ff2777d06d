package cluster_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// Batches chain: each starts where the last ended, and together they hold
// every write and every reconcile once, whoever reads them.
func TestChangesChainWithoutGapsOrRepeats(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	start := c.Cursor()
	_, err := c.Apply(nginx3)
	require.NoError(t, err)

	var writes []store.Event
	var reconciles int
	cur := start
	for range 20 {
		c.Advance(time.Second)
		ch := c.ChangesSince(cur)
		require.False(t, ch.Reset)
		assert.Equal(t, cur, ch.From)
		assert.Equal(t, c.Cursor(), ch.To)
		assert.Equal(t, c.Now(), ch.Time)
		writes = append(writes, ch.Writes...)
		reconciles += len(ch.Reconciles)
		cur = ch.To
	}
	all := c.ChangesSince(start)
	assert.Equal(t, all.Writes, writes)
	assert.Equal(t, len(all.Reconciles), reconciles)
	for i, w := range writes {
		assert.Equal(t, start.Revision+int64(i)+1, w.Revision, "every revision once, in order")
	}
	require.NotEmpty(t, all.Queues)
	assert.Equal(t, "deployment", all.Queues[0].Name, "the leader's queues, in registration order")
	quiet := c.ChangesSince(c.Cursor())
	assert.Empty(t, quiet.Writes)
	assert.Empty(t, quiet.Reconciles)
}

// A batch owns its writes: the API server's history moving on does not
// change a batch already read.
func TestChangesOwnTheirWrites(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	from := c.Cursor()
	_, err := c.Apply(nginx3)
	require.NoError(t, err)
	ch := c.ChangesSince(from)
	require.NotEmpty(t, ch.Writes)
	first := ch.Writes[0]
	c.Store().Compact(c.Store().Revision())
	c.Advance(time.Minute)
	assert.Equal(t, first, ch.Writes[0])
	assert.Equal(t, api.Deployments, first.Kind)

	later := c.ChangesSince(from)
	assert.True(t, later.Reset, "history compacted past from")
	assert.Empty(t, later.Writes)
}

// A batch carries the picture of the controller manager at its end: the
// replicas and their roles, what each informer just delivered, and each
// queue's keys — here a Deployment scaled twice before the controllers
// ran, one key in the deployment controller's queue standing for both.
func TestChangesCarryThePictureOfTheControllerManager(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(nginx3)
	require.NoError(t, err)
	c.Settle(time.Minute)
	for _, n := range []string{"5", "4"} {
		r := c.Kubectl("kubectl scale deployment web --replicas="+n, "")
		require.Zero(t, r.ExitCode, r.Stderr)
	}
	// Deliver the two watch events, not the reconcile they queue.
	for range 2 {
		require.True(t, c.Step())
	}
	ch := c.ChangesSince(c.Cursor())
	require.NotEmpty(t, ch.Replicas)
	assert.Equal(t, cluster.RoleLeader, ch.Replicas[0].Role)
	var deployments *controller.QueueView
	for i, v := range ch.Work {
		if v.Controller == "deployment" {
			deployments = &ch.Work[i]
		}
	}
	require.NotNil(t, deployments)
	assert.Equal(t, []controller.QueuedKey{{Key: "default/web", Adds: 2}}, deployments.Ready)
	var last store.Event
	cached := 0
	for _, v := range ch.Informers {
		if v.Last.Kind == api.Deployments {
			last, cached = v.Last, v.Cached
		}
	}
	assert.Equal(t, 2, cached, "the deployments informer's cache holds web and kube-system's coredns")
	assert.Equal(t, store.Modified, last.Type)
	assert.Equal(t, "default/web", last.Key)
}
