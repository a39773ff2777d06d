package engine

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// webStatefulSet is a headless Service and a Parallel StatefulSet of n
// replicas, each with a volume claim: n claims and, per pod, a DNS name.
func webStatefulSet(n int) string {
	return fmt.Sprintf(`apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  clusterIP: None
  selector: {app: web}
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  podManagementPolicy: Parallel
  replicas: %d
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
`, n)
}

func TestTheTablesCarryTheirFirstRowsAndCountTheRest(t *testing.T) {
	e := started(t)
	e.Frame()
	do(t, e, Request{Op: "apply", Text: webStatefulSet(MaxTableRows + 30)})
	do(t, e, Request{Op: "settle", Seconds: 120})
	f := e.Frame()

	require.True(t, f.Has("volumes"))
	require.Len(t, f.Volumes.Rows, MaxTableRows)
	assert.Equal(t, 30, f.Volumes.More)
	first := f.Volumes.Rows[0]
	assert.Equal(t, "www-web-0", first.Name, "in the order kubectl lists them")
	assert.Equal(t, "web-0", first.MountedBy)
	assert.Equal(t, "Bound", first.Status)
	for _, v := range f.Volumes.Rows {
		assert.Equal(t, v.Name, "www-"+v.MountedBy, "each shown claim names the pod that mounts it")
	}

	require.True(t, f.Has("dns"))
	require.Len(t, f.DNS.Rows, MaxTableRows)
	assert.Positive(t, f.DNS.More, "a name for the Service and one per pod")
	for _, r := range f.DNS.Rows {
		assert.NotContains(t, r.Name, ".kube-system.", "the cluster's own names are left out")
		assert.NotEqual(t, "kubernetes.default.svc.cluster.local", r.Name)
	}

	idle := e.Frame()
	assert.False(t, idle.Has("volumes"), "unchanged, not sent again")
	do(t, e, Request{Op: "kubectl", Line: "kubectl scale statefulset web --replicas=140"})
	do(t, e, Request{Op: "settle", Seconds: 60})
	f = e.Frame()
	require.True(t, f.Has("volumes"), "claims past the shown rows came: the count changed")
	assert.Len(t, f.Volumes.Rows, MaxTableRows)
	assert.Equal(t, 40, f.Volumes.More)
}

func TestFirstRows(t *testing.T) {
	assert.Equal(t, Table[int]{Rows: []int{1, 2}}, firstRows([]int{1, 2}))
	many := make([]int, MaxTableRows+1)
	tb := firstRows(many)
	assert.Len(t, tb.Rows, MaxTableRows)
	assert.Equal(t, 1, tb.More)
	assert.Equal(t, Table[int]{}, firstRows[int](nil))
}
