// Package cards checks that each controller card's ready example applies
// to a fresh cluster and makes its loop visibly work.
package cards

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/controllers/attachdetach"
	"github.com/kubeloop/kubeloop/controllers/disruption"
	"github.com/kubeloop/kubeloop/controllers/ephemeral"
	"github.com/kubeloop/kubeloop/controllers/podautoscaler"
	"github.com/kubeloop/kubeloop/controllers/replication"
	"github.com/kubeloop/kubeloop/controllers/resourcequota"
	"github.com/kubeloop/kubeloop/controllers/serviceaccounttoken"
	"github.com/kubeloop/kubeloop/controllers/storageversiongc"
	"github.com/kubeloop/kubeloop/controllers/volume"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
)

func apply(t *testing.T, card controller.Card) *cluster.Cluster {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(card.Example)
	require.NoError(t, err, card.Name)
	c.Settle(time.Minute)
	return c
}

func TestReplicationControllerCard(t *testing.T) {
	c := apply(t, replication.Card)
	assert.Contains(t, c.Kubectl("kubectl get rc nginx", "").Stdout, "nginx   3         3         3")
}

func TestResourceQuotaCard(t *testing.T) {
	c := apply(t, resourcequota.Card)
	assert.Contains(t, c.Kubectl("kubectl get quota", "").Stdout, "count/deployments.apps: 1/1, pods: 2/2")
	assert.Contains(t, c.Kubectl("kubectl get events", "").Stdout, "exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2")
}

func TestDisruptionCard(t *testing.T) {
	c := apply(t, disruption.Card)
	assert.Contains(t, c.Kubectl("kubectl get pdb", "").Stdout, "web    2               N/A               1")
}

func TestPodAutoscalerCard(t *testing.T) {
	c := apply(t, podautoscaler.Card)
	_, err := c.Sim([]string{"load", "deployment/web", "150%"})
	require.NoError(t, err)
	c.Advance(time.Minute)
	out := c.Kubectl("kubectl get hpa", "").Stdout
	assert.Contains(t, out, "Deployment/web")
	assert.Regexp(t, `cpu: \d+%/50%\s+1\s+10\s+[2-9]`, out)
}

func TestCardsNameTheirControllers(t *testing.T) {
	for _, c := range []controller.Card{replication.Card, resourcequota.Card, disruption.Card, podautoscaler.Card} {
		assert.NotEmpty(t, c.Title.En, c.Name)
		assert.NotEmpty(t, c.Title.Zh, c.Name)
		assert.NotEmpty(t, c.Summary.En, c.Name)
		assert.NotEmpty(t, c.Summary.Zh, c.Name)
		assert.Equal(t, "controllers/"+map[string]string{"replicationcontroller-controller": "replication", "resourcequota-controller": "resourcequota",
			"disruption-controller": "disruption", "horizontal-pod-autoscaler-controller": "podautoscaler"}[c.Name], c.Package)
	}
}

func TestVolumeExpanderCard(t *testing.T) {
	c := apply(t, volume.ExpanderCard)
	out := c.Kubectl(`kubectl patch pvc data -p {"spec":{"resources":{"requests":{"storage":"2Gi"}}}}`, "")
	require.Empty(t, out.Stderr)
	c.Settle(time.Minute)
	assert.Regexp(t, `data\s+Bound\s+pvc-\S+\s+2Gi`, c.Kubectl("kubectl get pvc data", "").Stdout)
}

func TestAttachDetachCard(t *testing.T) {
	c := apply(t, attachdetach.Card)
	out := c.Kubectl("kubectl get nodes -o yaml", "").Stdout
	assert.Contains(t, out, "volumesAttached:")
	assert.Contains(t, out, "volumesInUse:")
}

func TestEphemeralCard(t *testing.T) {
	c := apply(t, ephemeral.Card)
	assert.Regexp(t, `scratch-cache\s+Bound`, c.Kubectl("kubectl get pvc", "").Stdout)
	assert.Regexp(t, `scratch\s+1/1\s+Running`, c.Kubectl("kubectl get pods", "").Stdout)
	c.Kubectl("kubectl delete pod scratch", "")
	c.Settle(time.Minute)
	assert.NotContains(t, c.Kubectl("kubectl get pvc", "").Stdout, "scratch-cache")
}

func TestServiceAccountTokenCard(t *testing.T) {
	c := apply(t, serviceaccounttoken.Card)
	assert.Regexp(t, `build-robot-token\s+kubernetes.io/service-account-token\s+3`, c.Kubectl("kubectl get secrets", "").Stdout)
	c.Kubectl("kubectl delete serviceaccount build-robot", "")
	c.Settle(time.Minute)
	assert.NotContains(t, c.Kubectl("kubectl get secrets", "").Stdout, "build-robot-token")
}

// The storage version collector's card is commands: run them.
func TestStorageVersionGCCard(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	var out string
	for _, line := range strings.Split(storageversiongc.Card.Example, "\n") {
		if args, ok := strings.CutPrefix(line, "sim "); ok {
			_, err := c.Sim(strings.Fields(args))
			require.NoError(t, err, line)
			continue
		}
		r := c.Kubectl(line, "")
		out = r.Stdout + r.Stderr
		if strings.Contains(line, "-o yaml") && strings.Count(out, "apiServerID") == 1 {
			assert.Contains(t, out, "apiServerID: apiserver-b", "a's entry went with its lease")
		}
	}
	assert.Equal(t, "No resources found\n", out, "the last server gone, the record goes")
}
