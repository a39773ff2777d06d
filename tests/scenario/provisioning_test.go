package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/controllers/volume"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// A claim the provisioner serves — the binder's example in the page's
// catalog — binds without a refused write: the
// PersistentVolume controller reads its own writes of a volume before the
// watch brings them back (as upstream's stores them in its cache), so
// marking the new volume Available and then Bound in one instant is not a
// write from a stale copy.
func TestProvisioningBindsWithoutAConflict(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(volume.Card.Example) // a claim and a pod that writes to it
	require.NoError(t, err)
	c.Settle(0)
	require.Contains(t, c.Kubectl("kubectl get pvc data", "").Stdout, "Bound")
	refused := 0
	for _, e := range c.Trace().Since(0) {
		for _, a := range e.Actions {
			if a.Kind == "PersistentVolume" && a.Error != "" {
				refused++
				t.Logf("%s %s: %s %s: %s", e.Controller, e.Key, a.Verb, a.Name, a.Error)
			}
		}
	}
	assert.Zero(t, refused, "writes of volumes the API server refused")
}
