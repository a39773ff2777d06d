package kubectl

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// kubeletTick finishes Terminating pods once their grace period is over,
// as the kubelet's final delete does.
func kubeletTick(e *fakeEnv) func(now time.Time) {
	return func(now time.Time) {
		for _, o := range e.st.List(api.Pods, "") {
			m := o.GetObjectMeta()
			if m.DeletionTimestamp != nil && !now.Before(m.DeletionTimestamp.Time) {
				_, _ = e.st.Delete(api.Pods, m.Namespace, m.Name, deleteNow())
			}
		}
	}
}

func deleteNow() (o store.DeleteOptions) { o.GracePeriodSeconds = api.Ptr[int64](0); return o }

func TestDeleteWaitsForTerminatingPods(t *testing.T) {
	e := clusterEnv(t)
	e.tick = kubeletTick(e)
	start := e.clk.Now()
	r := e.run("kubectl delete pod web nginx-deployment-5bf87f5f59-7xk2p")
	assert.Equal(t, "pod \"web\" deleted\npod \"nginx-deployment-5bf87f5f59-7xk2p\" deleted\n", r.Stdout)
	assert.Equal(t, 30*time.Second, e.clk.Now().Sub(start), "waited out the 30s grace period")
	assert.Equal(t, 0, r.ExitCode)

	start = e.clk.Now()
	r = e.run("kubectl delete pods -l app=nginx --wait=false")
	assert.Equal(t, "pod \"nginx-deployment-5bf87f5f59-bq4zt\" deleted\npod \"nginx-deployment-5bf87f5f59-x9w4d\" deleted\n", r.Stdout)
	assert.Equal(t, time.Duration(0), e.clk.Now().Sub(start))
	r = e.run("kubectl get pods")
	assert.Contains(t, r.Stdout, "nginx-deployment-5bf87f5f59-bq4zt   1/1     Terminating")
}

func TestDeleteMessagesAndOptions(t *testing.T) {
	e := clusterEnv(t)
	e.tick = kubeletTick(e)
	tests := []struct{ cmd, stdout, stderr string }{
		{"kubectl delete deployment nope", "", "Error from server (NotFound): deployments.apps \"nope\" not found\n"},
		{"kubectl delete deployment", "", "error: resource(s) were provided, but no name was specified\n"},
		{"kubectl delete deploy nginx-deployment --cascade=sideways", "", "error: invalid cascade value (sideways). Must be \"background\", \"foreground\", or \"orphan\".\n"},
		{"kubectl delete deploy/nginx-deployment --cascade=orphan", "deployment.apps \"nginx-deployment\" deleted\n", ""},
		{"kubectl delete pod web --now", "pod \"web\" deleted\n", ""},
		{"kubectl delete pod coredns-7db6d8ff4d-abcde -n kube-system --force --grace-period=0",
			"pod \"coredns-7db6d8ff4d-abcde\" force deleted\n",
			"Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n"},
		{"kubectl delete pods -l app=none", "", "No resources found in default namespace.\n"},
	}
	for _, tt := range tests {
		r := e.run(tt.cmd)
		assert.Equal(t, tt.stdout, r.Stdout, tt.cmd)
		assert.Equal(t, tt.stderr, r.Stderr, tt.cmd)
	}
	_, err := e.st.Get(api.ReplicaSets, "default", "nginx-deployment-5bf87f5f59")
	assert.NoError(t, err, "orphaned, not collected")
}

func TestDeleteFromFile(t *testing.T) {
	e := newEnv(t)
	e.files["nginx.yaml"] = nginxYAML
	e.run("kubectl apply -f nginx.yaml")
	r := e.run("kubectl delete -f nginx.yaml")
	assert.Equal(t, "deployment.apps \"nginx-deployment\" deleted\n", r.Stdout)
	r = e.run("kubectl delete -f nginx.yaml")
	assert.Equal(t, "Error from server (NotFound): deployments.apps \"nginx-deployment\" not found\n", r.Stderr)
}
