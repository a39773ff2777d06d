package cluster_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
)

func TestSettleEachCallsAfterEveryTaskAndEndsWhereSettleDoes(t *testing.T) {
	settle, each := cluster.New(cluster.Options{Seed: 4, Controllers: controllers.All()}), cluster.New(cluster.Options{Seed: 4, Controllers: controllers.All()})
	for _, c := range []*cluster.Cluster{settle, each} {
		_, err := c.Apply(nginxDeployment)
		require.NoError(t, err)
	}
	ranBefore, _ := each.Clock().Ran()
	calls := 0
	settled, took := each.SettleEach(0, func() bool { calls++; return true })
	ranAfter, _ := each.Clock().Ran()

	wantSettled, wantTook := settle.Settle(0)
	assert.Equal(t, wantSettled, settled)
	assert.Equal(t, wantTook, took)
	assert.Equal(t, settle.Store().Revision(), each.Store().Revision(), "the same history")
	assert.Equal(t, int(ranAfter-ranBefore), calls, "once per task")
}

func TestSettleEachStopsWhenAfterSaysSo(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 4, Controllers: controllers.All()})
	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	calls := 0
	settled, _ := c.SettleEach(0, func() bool { calls++; return calls < 5 })
	assert.False(t, settled)
	assert.Equal(t, 5, calls)
	assert.True(t, c.Busy(), "the rollout has only begun")
}
