package scenario

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/store"
)

const webWithClaims = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 4
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.9.1
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
`

// Pods of an OrderedReady StatefulSet are deleted at random moments, many
// times over. At every step of the loop: no two pods share an ordinal; a
// pod is only ever created when every lower ordinal is Running and Ready;
// a claim, once bound, stays bound to the same volume and its data stays.
// In the end the set is whole again, on its original volumes.
func TestStatefulSetInvariantsUnderRandomPodDeletions(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			checkStatefulSet(t, seed)
		})
	}
}

func checkStatefulSet(t *testing.T, seed uint64) {
	c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
	_, err := c.Apply(webWithClaims)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 42))
	pods, claims := api.Pods, api.PersistentVolumeClaims

	seen := map[string]bool{}    // pod uids already checked at creation
	bound := map[string]string{} // claim → the volume it first bound to
	written := map[string]bool{} // volumes holding a marker file
	deletions := 0
	// deletedAt is when the test deleted each pod: a reconcile already
	// running on a cache one event behind cannot have seen a deletion made
	// at the same instant, as on a real cluster.
	deletedAt := map[string]time.Time{}
	for step := 0; c.Clock().Busy() || deletions < 12; step++ {
		require.Less(t, step, 500000, "the set must settle")
		if !c.Clock().Busy() || (step%97 == 0 && deletions < 12) {
			// Delete a random pod, whatever its state.
			live := c.Store().List(pods, "default")
			if len(live) > 0 {
				p := live[rng.IntN(len(live))]
				deletedAt[p.GetObjectMeta().UID] = c.Now()
				_, err := c.Store().Delete(pods, "default", p.GetObjectMeta().Name, store.DeleteOptions{})
				require.NoError(t, err)
				deletions++
			}
		}
		if c.Clock().Busy() {
			require.True(t, c.Step())
		}

		byOrdinal := map[int]*api.Pod{}
		for _, o := range c.Store().List(pods, "default") {
			p := o.(*api.Pod)
			ord, err := strconv.Atoi(strings.TrimPrefix(p.Name, "web-"))
			require.NoError(t, err)
			require.Nil(t, byOrdinal[ord], "step %d: two pods with ordinal %d", step, ord)
			byOrdinal[ord] = p
			require.Equal(t, strconv.Itoa(ord), p.Labels["apps.kubernetes.io/pod-index"])
		}
		for ord, p := range byOrdinal {
			if seen[p.UID] {
				continue
			}
			seen[p.UID] = true
			for lower := 0; lower < ord; lower++ {
				q := byOrdinal[lower]
				require.NotNil(t, q, "step %d: web-%d created while web-%d is missing", step, ord, lower)
				if at, ok := deletedAt[q.UID]; ok && at.Equal(c.Now()) {
					continue
				}
				require.True(t, q.DeletionTimestamp == nil && q.Status.Phase == api.PodRunning && api.IsPodReady(q),
					"step %d: web-%d created while web-%d is not Running and Ready", step, ord, lower)
			}
		}
		for _, o := range c.Store().List(claims, "default") {
			cl := o.(*api.PersistentVolumeClaim)
			if cl.Spec.VolumeName == "" {
				continue
			}
			if first, ok := bound[cl.Name]; ok {
				require.Equal(t, first, cl.Spec.VolumeName, "step %d: claim %s changed volume", step, cl.Name)
			} else {
				bound[cl.Name] = cl.Spec.VolumeName
			}
			pv := cl.Spec.VolumeName
			fs := c.VolumeFS(pv)
			if !written[pv] {
				require.NoError(t, fs.WriteFile("/usr/share/nginx/html/index.html", []byte(cl.Name)))
				written[pv] = true
			}
			data, err := fs.ReadFile("/usr/share/nginx/html/index.html")
			require.NoError(t, err, "step %d: the data of %s is gone", step, cl.Name)
			require.Equal(t, cl.Name, string(data))
		}
	}
	settled, _ := c.Settle(0)
	require.True(t, settled)
	ready := 0
	for _, o := range c.Store().List(pods, "default") {
		if p := o.(*api.Pod); p.Status.Phase == api.PodRunning && api.IsPodReady(p) {
			ready++
		}
	}
	require.Equal(t, 4, ready, "the set is whole again")
	require.Len(t, bound, 4, "one claim per ordinal, never more")
}
