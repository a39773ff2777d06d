package cluster_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

func TestRefusesMoreReplicasThanTheSandboxSimulates(t *testing.T) {
	for _, tc := range []struct{ name, yaml, want string }{
		{"deployment", strings.Replace(nginxDeployment, "replicas: 3", "replicas: 10001", 1),
			`The Deployment "nginx-deployment" is invalid: spec.replicas: Invalid value: 10001: kubeloop simulates at most 10000 replicas per object (a real cluster would accept more)`},
		{"job", "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  completions: 20000\n  parallelism: 10001\n" +
			"  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: pi, image: perl}]\n",
			"The Job \"pi\" is invalid: \n" +
				"* spec.completions: Invalid value: 20000: kubeloop simulates at most 10000 completions per object (a real cluster would accept more)\n" +
				"* spec.parallelism: Invalid value: 10001: kubeloop simulates at most 10000 parallel pods per object (a real cluster would accept more)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
			rev := c.Store().Revision()
			// A namespace first: all or nothing, it is not created either.
			_, err := c.Apply("apiVersion: v1\nkind: Namespace\nmetadata: {name: before}\n---\n" + tc.yaml)
			require.Error(t, err)
			assert.True(t, api.IsInvalid(err), "%v", err)
			r := c.Kubectl("kubectl apply -f -", tc.yaml)
			assert.Equal(t, 1, r.ExitCode)
			assert.Contains(t, r.Stderr, tc.want)
			assert.Equal(t, rev, c.Store().Revision(), "nothing changed")
		})
	}

	c := settled(t, 1)
	rev := c.Store().Revision()
	r := c.Kubectl("kubectl scale deployment nginx-deployment --replicas=50000", "")
	assert.Equal(t, 1, r.ExitCode)
	assert.Contains(t, r.Stderr, "spec.replicas: Invalid value: 50000: kubeloop simulates at most 10000 replicas per object")
	assert.Equal(t, rev, c.Store().Revision(), "nothing changed")

	r = c.Kubectl("kubectl scale deployment nginx-deployment --replicas=-1", "")
	assert.NotContains(t, r.Stderr, "kubeloop simulates", "the API's own validation answers real mistakes")
}

func TestRefusesMoreNodesThanTheSandboxSimulates(t *testing.T) {
	assert.NoError(t, cluster.CheckNodes(cluster.MaxNodes))
	assert.EqualError(t, cluster.CheckNodes(cluster.MaxNodes+1), "101 nodes is more than kubeloop simulates: at most 100 worker nodes per cluster, besides its control-plane node")
	assert.PanicsWithValue(t, "101 nodes is more than kubeloop simulates: at most 100 worker nodes per cluster, besides its control-plane node", func() {
		cluster.New(cluster.Options{Controllers: controllers.All(), Nodes: cluster.MaxNodes + 1})
	})
}
