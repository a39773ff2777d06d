package lessons

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
)

// holds parses and evaluates one check line on c since mark.
func holds(t *testing.T, c *cluster.Cluster, mark Mark, line string) bool {
	t.Helper()
	ch, err := ParseCheck(line)
	require.NoError(t, err, line)
	ok, _ := ch.Eval(c, mark)
	return ok
}

func run(t *testing.T, c *cluster.Cluster, script string) {
	t.Helper()
	_, err := transcript.Run(c, script)
	require.NoError(t, err)
}

const webYAML = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  clusterIP: None
  selector:
    app: nginx
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 2
  podManagementPolicy: POLICY
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
EOF
sim settle
`

func webCluster(t *testing.T, policy string) (*cluster.Cluster, Mark) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	mark := MarkOf(c)
	assert.False(t, holds(t, c, mark, "sts-ordered web 2"), "nothing created yet")
	run(t, c, strings.ReplaceAll(webYAML, "POLICY", policy))
	return c, mark
}

func TestStatefulSetPredicates(t *testing.T) {
	c, mark := webCluster(t, "OrderedReady")
	assert.True(t, holds(t, c, mark, "sts-ordered web 2"))
	assert.False(t, holds(t, c, mark, "sts-ordered web 3"), "only two pods")
	assert.False(t, holds(t, c, MarkOf(c), "sts-ordered web 2"), "none created since this mark")

	assert.True(t, holds(t, c, mark, "dns-current web-0.nginx web-0"))
	assert.True(t, holds(t, c, mark, "dns-current web-1.nginx web-1"))
	assert.False(t, holds(t, c, mark, "dns-current web-0.nginx web-1"))
	assert.False(t, holds(t, c, mark, "dns-current web-9.nginx web-0"))

	assert.True(t, holds(t, c, mark, "sts-updated web 0 nginx:1.9.1"))
	assert.False(t, holds(t, c, mark, "sts-updated web 1 nginx:1.9.1"), "web-0 is on it too")
	assert.False(t, holds(t, c, mark, "sts-updated web 0 nginx:1.16.1"))

	// kept: untouched pods hold; a replaced one does not.
	step := MarkOf(c)
	assert.True(t, holds(t, c, step, "kept web-0"))
	run(t, c, "kubectl delete pod web-1\nsim settle\n")
	assert.True(t, holds(t, c, step, "kept web-0"))
	assert.False(t, holds(t, c, step, "kept web-1"))
	assert.False(t, holds(t, c, step, "kept web-7"))

	// file-contains reads the container's file.
	run(t, c, "kubectl exec web-0 -- sh -c 'echo hi-there > /tmp/f'\n")
	assert.True(t, holds(t, c, step, "file-contains web-0 /tmp/f hi-there"))
	assert.False(t, holds(t, c, step, "file-contains web-0 /tmp/f bye"))
	assert.False(t, holds(t, c, step, "file-contains web-1 /tmp/f hi-there"), "no such file there")

	// pinned: web-0 is on some node but free to go elsewhere.
	node := podNode(t, c, "web-0")
	assert.False(t, holds(t, c, step, "pinned web-0 "+node))
	run(t, c, `kubectl patch statefulset web -p '{"spec":{"template":{"spec":{"nodeSelector":{"kubernetes.io/hostname":"node-3"}}}}}'
sim settle
`)
	assert.True(t, holds(t, c, step, "pinned web-0 node-3"))
	assert.False(t, holds(t, c, step, "pinned web-0 node-1"))
}

// With Parallel pod management web-1 starts before web-0 is Ready:
// sts-ordered says so.
func TestStsOrderedSeesParallelStarts(t *testing.T) {
	c, mark := webCluster(t, "Parallel")
	ch, err := ParseCheck("sts-ordered web 2")
	require.NoError(t, err)
	ok, saw := ch.Eval(c, mark)
	assert.False(t, ok)
	assert.Contains(t, saw, "web-1 was created while web-0 was not Ready")
}

func podNode(t *testing.T, c *cluster.Cluster, name string) string {
	o, err := c.Store().Get(api.Pods, "default", name)
	require.NoError(t, err)
	return o.(*api.Pod).Spec.NodeName
}

func TestNodePredicates(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	mark := MarkOf(c)
	run(t, c, `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: kube-system
spec:
  selector:
    matchLabels:
      name: agent
  template:
    metadata:
      labels:
        name: agent
    spec:
      containers:
      - name: agent
        image: registry.k8s.io/pause:3.9
EOF
sim settle
`)
	assert.True(t, holds(t, c, mark, "ds-on-nodes kube-system/agent 3"))
	assert.False(t, holds(t, c, mark, "ds-on-nodes kube-system/agent 4"))
	assert.False(t, holds(t, c, mark, "ds-on-nodes default/agent 3"), "no such daemonset")
	run(t, c, "sim node add node-4\nsim settle\n")
	assert.True(t, holds(t, c, mark, "ds-on-nodes kube-system/agent 4"))

	assert.False(t, holds(t, c, mark, "avoids-node name=agent node-2"))
	assert.False(t, holds(t, c, mark, "avoids-node app=none node-2"), "no pods at all")
	run(t, c, "kubectl taint nodes node-2 k=v:NoExecute\nsim settle\n")
	assert.True(t, holds(t, c, mark, "avoids-node name=agent node-2"))
	assert.True(t, holds(t, c, mark, "ds-on-nodes kube-system/agent 3"))
}

func TestJobPredicates(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	mark := MarkOf(c)
	assert.False(t, holds(t, c, mark, "job-condition batch Complete"), "no job yet")
	run(t, c, `kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: batch
spec:
  completions: 4
  parallelism: 2
  template:
    spec:
      containers:
      - name: work
        image: busybox
        command: ["sh", "-c", "sleep 5"]
      restartPolicy: Never
EOF
sim settle
`)
	assert.True(t, holds(t, c, mark, "job-condition batch Complete"))
	assert.False(t, holds(t, c, mark, "job-condition batch Failed"))
	assert.True(t, holds(t, c, mark, "max-running job-name=batch 2"))
	assert.False(t, holds(t, c, mark, "max-running job-name=batch 1"))
	assert.False(t, holds(t, c, MarkOf(c), "max-running job-name=batch 2"), "nothing ran since")
	_, err := ParseCheck("job-condition batch Running")
	assert.ErrorContains(t, err, "not Complete or Failed")

	mark = MarkOf(c)
	assert.False(t, holds(t, c, mark, "jobs-of hello 0"), "no cronjob yet")
	run(t, c, `kubectl create cronjob hello --image=busybox --schedule='*/1 * * * *' -- date
sim advance 6m
`)
	assert.True(t, holds(t, c, mark, "jobs-of hello 3"), "the history limit keeps 3")
	assert.False(t, holds(t, c, mark, "jobs-of hello 6"))
}

func TestOnlyNode(t *testing.T) {
	req := func(terms ...api.NodeSelectorTerm) api.PodSpec {
		return api.PodSpec{Affinity: &api.Affinity{NodeAffinity: &api.NodeAffinity{
			RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{NodeSelectorTerms: terms}}}}
	}
	in := func(key string, values ...string) api.NodeSelectorTerm {
		return api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{{Key: key, Operator: "In", Values: values}}}
	}
	fields := api.NodeSelectorTerm{MatchFields: []api.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{"node-3"}}}}
	assert.True(t, onlyNode(api.PodSpec{NodeSelector: map[string]string{"kubernetes.io/hostname": "node-3"}}, "node-3"))
	assert.False(t, onlyNode(api.PodSpec{NodeSelector: map[string]string{"kubernetes.io/hostname": "node-2"}}, "node-3"))
	assert.False(t, onlyNode(api.PodSpec{NodeSelector: map[string]string{"disk": "ssd"}}, "node-3"))
	assert.True(t, onlyNode(req(fields), "node-3"), "the DaemonSet's own affinity")
	assert.True(t, onlyNode(req(in("kubernetes.io/hostname", "node-3")), "node-3"))
	assert.False(t, onlyNode(req(in("kubernetes.io/hostname", "node-3", "node-2")), "node-3"))
	assert.False(t, onlyNode(req(fields, in("disk", "ssd")), "node-3"), "a second term allows other nodes")
	assert.False(t, onlyNode(api.PodSpec{}, "node-3"))
}

// A reconcile that fails for a real reason is retried with back-off, and
// requeues sees NumRequeues grow; the cause removed, the key converges.
func TestRequeuesPredicate(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	mark := MarkOf(c)
	assert.False(t, holds(t, c, mark, "requeues replicaset default/web- 1"))
	run(t, c, strings.ReplaceAll(strings.ReplaceAll(nginxDeployment, "nginx-deployment", "web"),
		"      containers:", "      serviceAccountName: robot\n      containers:"))
	assert.True(t, holds(t, c, mark, "requeues replicaset default/web- 5"))
	assert.False(t, holds(t, c, mark, "requeues replicaset default/web- 40"), "the back-off doubles: few retries in a settle")
	assert.False(t, holds(t, c, mark, "requeues replicaset default/web 1"), "without the dash the key must be exact")
	assert.False(t, holds(t, c, mark, "requeues deployment default/web- 1"))
	step := MarkOf(c)
	run(t, c, "kubectl create serviceaccount robot\nsim settle\n")
	assert.True(t, holds(t, c, step, "pods-ready app=nginx 3"))
	assert.False(t, holds(t, c, MarkOf(c), "requeues replicaset default/web- 1"))
	_, err := ParseCheck("requeues replicaset default/web- 0")
	assert.Error(t, err)
}
