package cluster

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAFreshClusterHasTheAPIServerAndDNSServices(t *testing.T) {
	c := New(Options{Seed: 1, Controllers: allControllers})
	var names []string
	for _, r := range c.DNSRecords() {
		names = append(names, r.Name+" "+r.IPs[0])
	}
	assert.Equal(t, []string{"kube-dns.kube-system.svc.cluster.local 10.96.0.10", "kubernetes.default.svc.cluster.local 10.96.0.1"}, names)
}

func TestExecNeedsARunningContainer(t *testing.T) {
	c := New(Options{Seed: 1, Controllers: allControllers})
	_, err := c.Apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.9.1\n")
	require.NoError(t, err)
	c.RunUntilIdle(0)
	_, stderr, code := c.Exec("default", "p", "", []string{"hostname"}, "")
	assert.Equal(t, "error: unable to upgrade connection: container not found (\"nginx\")\n", stderr)
	assert.Equal(t, 1, code)

	c.Settle(0)
	stdout, _, code := c.Exec("default", "p", "", []string{"sh", "-c", "hostname; cat /etc/resolv.conf"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "p\nsearch default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n", stdout)
}
