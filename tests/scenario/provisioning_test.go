package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// A claim the provisioner serves binds without a refused write: the
// PersistentVolume controller reads its own writes of a volume before the
// watch brings them back (as upstream's stores them in its cache), so
// marking the new volume Available and then Bound in one instant is not a
// write from a stale copy.
func TestProvisioningBindsWithoutAConflict(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(`apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: writer
spec:
  containers:
  - name: writer
    image: busybox
    command: ["sleep", "3600"]
    volumeMounts:
    - name: data
      mountPath: /data
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data
`)
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
