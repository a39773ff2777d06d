package kubectl

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// A Deployment's ReplicaSets are named <deployment>-<pod-template-hash>, and
// the hash is upstream's deep hash of the template as the API server stored
// it (defaults included). So the same commands must name the same
// ReplicaSets as a real cluster of the release the sandbox claims. Each
// want below is what a real v1.32.13 control plane (kube-apiserver and
// kube-controller-manager built from k8s.io/kubernetes@v1.32.13, the
// parity oracle) named after the same commands, in the same order.
func TestReplicaSetNamesMatchARealV132Cluster(t *testing.T) {
	require.Equal(t, "v1.32.13", api.KubernetesVersion, "the names below are v1.32.13's")
	probe, err := os.ReadFile("testdata/rsnames-probe.yaml")
	require.NoError(t, err)
	robot, err := os.ReadFile("testdata/rsnames-serviceaccount.yaml") // lesson 03's, renamed
	require.NoError(t, err)
	for _, tc := range []struct {
		name     string
		commands []string
		stdin    string
		want     []string
	}{
		{name: "create deployment, one image",
			commands: []string{"kubectl create deployment web --image=nginx:1.25 --replicas=3"},
			want:     []string{"web-7b84c5f95f"}},
		{name: "create deployment with a port",
			commands: []string{"kubectl create deployment web2 --image=nginx:1.25 --port=80 --replicas=2"},
			want:     []string{"web2-7756cdcb66"}},
		{name: "create deployment, two images",
			commands: []string{"kubectl create deployment multi --image=busybox:1.36 --image=nginx:1.25"},
			want:     []string{"multi-547f96d85c"}},
		{name: "the course's nginx-deployment.yaml, then set image",
			commands: []string{"kubectl create -f nginx-deployment.yaml", "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1"},
			want:     []string{"nginx-deployment-6d89bff8b5", "nginx-deployment-b96f959"}},
		{name: "set env",
			commands: []string{"kubectl create deployment web --image=nginx:1.25 --replicas=3", "kubectl set env deployment/web MODE=dev"},
			want:     []string{"web-7b84c5f95f", "web-7c4c8d9bd7"}},
		{name: "set resources",
			commands: []string{"kubectl create deployment web2 --image=nginx:1.25 --port=80 --replicas=2", "kubectl set resources deployment/web2 --limits=cpu=200m,memory=512Mi"},
			want:     []string{"web2-7756cdcb66", "web2-797dd96678"}},
		{name: "templates with ports, env, resources, probes, volumes, init containers, a sidecar, affinity",
			commands: []string{"kubectl apply -f -"}, stdin: string(probe),
			want: []string{"app-7c9ffc687b", "sidecar-74bbbccf76", "vol-f8f56f986"}},
		{name: "a service account that does not exist (no pods, but the ReplicaSet)",
			commands: []string{"kubectl apply -f -"}, stdin: string(robot),
			want: []string{"robotweb-756f8f6d84"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			for _, line := range tc.commands {
				r := e.c.Kubectl(line, tc.stdin)
				require.Equal(t, 0, r.ExitCode, "%s\n%s", line, r.Stderr)
				e.c.Settle(time.Minute) // a crash-looping busybox never settles; the names are made by then
			}
			var got []string
			for name := range e.replicaSets() {
				got = append(got, name)
			}
			sort.Strings(got)
			assert.Equal(t, tc.want, got, strings.Join(tc.commands, "; "))
		})
	}
}
