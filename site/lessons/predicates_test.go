package lessons

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
)

const nginxDeployment = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
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
        image: nginx:1.7.9
EOF
sim settle
`

// The Deployment lessons' checks, each seen false and true.
func TestDeploymentPredicates(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	mark := MarkOf(c)
	assert.False(t, holds(t, c, mark, "pods-ready app=nginx 3"))
	assert.False(t, holds(t, c, mark, "rolled-out nginx-deployment nginx:1.7.9"), "no deployment yet")
	assert.False(t, holds(t, c, mark, "traced replicaset create Pod"))
	run(t, c, nginxDeployment)
	assert.True(t, holds(t, c, mark, "pods-ready app=nginx 3"))
	assert.False(t, holds(t, c, mark, "pods-ready app=nginx 4"))
	assert.True(t, holds(t, c, mark, "rs-count app=nginx 1"))
	assert.False(t, holds(t, c, mark, "rs-count app=nginx 2"))
	assert.True(t, holds(t, c, mark, "traced replicaset create Pod"))
	assert.False(t, holds(t, c, mark, "traced replicaset delete Pod"))
	assert.True(t, holds(t, c, mark, "rolled-out nginx-deployment nginx:1.7.9"))
	assert.False(t, holds(t, c, mark, "rolled-out nginx-deployment nginx:1.9.1"))
	assert.False(t, holds(t, c, mark, "unobserved nginx-deployment"), "the controller has seen it")
	assert.False(t, holds(t, c, mark, "lease-stale kube-system/kube-controller-manager 4s"), "the leader renews")

	// A burst of scales the queue collapses: 5 is never asked of a ReplicaSet.
	step := MarkOf(c)
	run(t, c, "kubectl scale deployment nginx-deployment --replicas=5\nkubectl scale deployment nginx-deployment --replicas=4\nsim settle\n")
	assert.True(t, holds(t, c, step, "never-scaled app=nginx 5"))
	assert.False(t, holds(t, c, step, "never-scaled app=nginx 4"))

	// Nobody reconciles once the leader is gone and the standby waits.
	step = MarkOf(c)
	run(t, c, "sim controller-manager kill control-plane-1\nkubectl scale deployment nginx-deployment --replicas=2\nsim advance 5s\n")
	assert.True(t, holds(t, c, step, "unobserved nginx-deployment"))
	assert.True(t, holds(t, c, step, "lease-stale kube-system/kube-controller-manager 4s"))
	assert.False(t, holds(t, c, step, "lease-stale kube-system/kube-controller-manager 1m"))
	run(t, c, "sim advance 20s\nsim settle\n")
	assert.False(t, holds(t, c, step, "unobserved nginx-deployment"), "the standby took over")
	assert.True(t, holds(t, c, step, "pods-ready app=nginx 2"))
}

// retryCount reads the requeue count from the runner's trace result, and
// nothing from other results.
func TestRetryCount(t *testing.T) {
	for _, c := range []struct {
		result string
		n      int
		ok     bool
	}{
		{`error, retry 1 in 5ms: serviceaccount "robot" not found`, 1, true},
		{`error, retry 12 in 1m0s: boom`, 12, true},
		{`error, retry x in 5ms: boom`, 0, false},
		{`error, retry 3`, 0, false},
		{`ok`, 0, false},
		{`requeue in 5s`, 0, false},
	} {
		n, ok := retryCount(c.result)
		assert.Equal(t, c.ok, ok, c.result)
		assert.Equal(t, c.n, n, c.result)
	}
}
