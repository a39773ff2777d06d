package cluster_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// FuzzApply applies arbitrary YAML to a fresh cluster and lets it run a
// little: nothing panics, a refused apply changes nothing and says why in
// a yaml or API error, and kubectl still answers afterwards.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		nginxDeployment,
		strings.Replace(nginxDeployment, "replicas: 3", "replicas: 10001", 1),
		"apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: a}\nspec:\n  containers: [{name: c, image: nginx}]\n",
		"apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  completions: 3\n  parallelism: 2\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: pi, image: perl}]\n",
		"apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: web}\nspec:\n  serviceName: nginx\n  replicas: 2\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: nginx, image: nginx}]}\n",
		"apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec: {containers: [{name: c, image: busybox}]}\n",
		"apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec: {selector: {app: nginx}, ports: [{port: 80}]}\n",
		"apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec:\n  containers: [{name: c, image: nginx:nope}]\n",
		"apiVersion: v1\nkind: Pod\nmetadata: &m {name: a}\nspec: *m\n",
		"apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n",
		"kind: Deployment\n", "", "---\n---\n", "- a\n", "{",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
		rev := c.Store().Revision()
		_, err := c.Apply(text)
		if err != nil {
			var yerrs yaml.Errors
			var serr *api.StatusError
			if !errors.As(err, &yerrs) && !errors.As(err, &serr) {
				// kubectl.Apply joins kubectl-worded lines, one per object.
				if !strings.HasPrefix(err.Error(), "Error from server") && !strings.HasPrefix(err.Error(), "error when") &&
					!strings.Contains(err.Error(), "is invalid") {
					t.Fatalf("Apply error %T: %v", err, err)
				}
			} else if c.Store().Revision() != rev {
				t.Fatalf("a refused apply wrote %d revisions: %v", c.Store().Revision()-rev, err)
			}
			if strings.Contains(err.Error(), "internal error") || strings.Contains(err.Error(), "cannot read this document") {
				t.Fatalf("Apply: %v", err)
			}
		}
		c.AdvanceBudget(10*time.Second, 500)
		r := c.Kubectl("kubectl get all -A", "")
		if strings.Contains(r.Stderr, "internal error") {
			t.Fatalf("kubectl get all after apply: %s", r.Stderr)
		}
	})
}
