package export_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// The cluster's own objects — the control-plane node, its mirror pods,
// CoreDNS, kube-proxy, kindnet, their ServiceAccounts and the apiserver's
// Lease — are made by every cluster: an export leaves them out, so that
// applying it to a fresh cluster does not fight them.
func TestExportLeavesOutTheClustersOwnObjects(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	c.Advance(time.Minute)
	text, err := c.Export()
	require.NoError(t, err)
	for _, name := range []string{"kube-system", "coredns", "kube-proxy", "kindnet", "etcd", "control-plane-1", "apiserver-"} {
		assert.NotContains(t, text, name)
	}
}
