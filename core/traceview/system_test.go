package traceview

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
)

func TestSystem(t *testing.T) {
	for _, c := range [][2]string{
		{"attachdetach", "node-1"}, {"ttl", "node-2"}, {"csrcleaner", "csrcleaner"},
		{"serviceaccount", "default"}, {"root-ca-cert-publisher", "default"},
		{"endpoints", "default/kubernetes"}, {"endpointslice", "kube-system/kube-dns"},
		{"garbagecollector", "EndpointSlice:kube-system/kube-dns-x"},
	} {
		assert.True(t, System(c[0], c[1]), c)
	}
	for _, c := range [][2]string{
		{"deployment", "default/web"}, {"replicaset", "default/web-1"}, {"scheduler", "default/web-1-x"},
		{"kubelet", "default/web-0"}, {"garbagecollector", "Pod:default/web-0"}, {"nodelifecycle", "node-1"},
	} {
		assert.False(t, System(c[0], c[1]), c)
	}
}

// TestFirstRowsAreTheLearners: after applying the course's Deployment and
// a StatefulSet, the first reconciles the trace shows without "system"
// are theirs.
func TestFirstRowsAreTheLearners(t *testing.T) {
	dir := "../../tests/transcripts/testdata"
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), ReadFile: func(f string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, f)) }})
	_, err := transcript.Run(c, "kubectl apply -f nginx-deployment.yaml\nkubectl apply -f statefulset.yaml\nsim settle\n")
	require.NoError(t, err)
	var first []string
	for _, e := range c.TraceSince(0) {
		if !System(e.Controller, e.Key) && len(first) < 4 {
			first = append(first, e.Controller+" "+e.Key)
		}
	}
	assert.Equal(t, []string{"deployment default/nginx-deployment", "statefulset default/web",
		"deployment default/nginx-deployment", "replicaset default/nginx-deployment-b96f959"}, first)
}
