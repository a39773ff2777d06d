package bench

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
)

// statefulSetWithClaims is a Parallel StatefulSet of n replicas with one
// claim template of the default class (WaitForFirstConsumer): every
// replica brings a claim the scheduler waits on, the binder provisions and
// the attach/detach controller attaches.
func statefulSetWithClaims(n int) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  replicas: %d
  podManagementPolicy: Parallel
  serviceName: web
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 1Gi
`, n)
}

// immediateClass is a StorageClass that binds its claims as soon as they
// are made, before any pod is scheduled.
const immediateClass = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: immediate
provisioner: rancher.io/local-path
volumeBindingMode: Immediate
---
`

// withClass makes the claim template ask for class.
func withClass(manifest, class string) string {
	return strings.Replace(manifest, "      accessModes:", "      storageClassName: "+class+"\n      accessModes:", 1)
}

// runStatefulSet applies manifest to a fresh cluster of Nodes(n) nodes and
// runs 60 simulated seconds.
func runStatefulSet(t testing.TB, n int, manifest string) *cluster.Cluster {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), Nodes: Nodes(n)})
	_, err := c.Apply(manifest)
	require.NoError(t, err)
	c.Advance(60 * time.Second)
	return c
}

// visited is how many cached objects every informer of the controller
// manager, the kubelets and the scheduler has handed to its readers.
func visited(c *cluster.Cluster) int64 {
	cm, nodes := c.Managers()
	var sum int64
	for _, m := range []*controller.Manager{cm, nodes, c.Scheduler()} {
		for _, inf := range m.Informers.All() {
			sum += inf.Visited()
		}
	}
	return sum
}

// TestStatefulSetClaimsRunWithEitherBindingMode: a Parallel StatefulSet's
// pods all run within a minute, each on a volume bound to its claim,
// whether the class waits for the first consumer or binds at once.
func TestStatefulSetClaimsRunWithEitherBindingMode(t *testing.T) {
	for _, tc := range []struct{ name, manifest string }{
		{"WaitForFirstConsumer", statefulSetWithClaims(60)},
		{"Immediate", immediateClass + withClass(statefulSetWithClaims(60), "immediate")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := runStatefulSet(t, 60, tc.manifest)
			running := 0
			for _, o := range c.Store().List(api.Pods, "default") {
				if o.(*api.Pod).Status.Phase == api.PodRunning {
					running++
				}
			}
			bound := 0
			for _, o := range c.Store().List(api.PersistentVolumeClaims, "default") {
				if o.(*api.PersistentVolumeClaim).Status.Phase == api.ClaimBound {
					bound++
				}
			}
			assert.Equal(t, 60, running, "pods Running")
			assert.Equal(t, 60, bound, "claims Bound")
		})
	}
}

// TestStatefulSetClaimsCostIsLinear: what the controllers read per
// replica of a StatefulSet with a claim template does not grow with the
// replicas. It counts the objects handed out by every informer's lists and
// index reads, not time: a handler that walks every pod, claim or volume on
// each claim event reads four times as much per replica at 400 replicas as
// at 100.
func TestStatefulSetClaimsCostIsLinear(t *testing.T) {
	perReplica := func(n int) float64 {
		return float64(visited(runStatefulSet(t, n, statefulSetWithClaims(n)))) / float64(n)
	}
	small, large := perReplica(100), perReplica(400)
	assert.LessOrEqual(t, large, 1.25*small, "objects read per replica: %.1f at 100 replicas, %.1f at 400", small, large)
}

// BenchmarkStatefulSetClaims applies a Parallel StatefulSet with a claim
// template and runs 60 simulated seconds. ns/replica is the cost per
// replica: flat across sizes while every claim event touches only the
// pods that use the claim, growing with n if a handler walks them all.
//
//	go test -run='^$' -bench=StatefulSetClaims -benchtime=1x ./tests/bench
func BenchmarkStatefulSetClaims(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 5000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				runStatefulSet(b, n, statefulSetWithClaims(n))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/replica")
		})
	}
}
