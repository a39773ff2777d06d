package apiserver

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/site/data"
)

// learnerManifest is the Deployment the transcript applies.
const learnerManifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
        ports:
        - containerPort: 80
`

// twoContainers is a pod whose containers print, behind an init one.
const twoContainers = `apiVersion: v1
kind: Pod
metadata:
  name: two
spec:
  initContainers:
  - {name: setup, image: busybox:1.36, command: [sh, -c, "echo setting up"]}
  containers:
  - {name: a, image: busybox:1.36, command: [sh, -c, "echo from a; sleep 3600"]}
  - {name: b, image: busybox:1.36, command: [sh, -c, "echo from b; sleep 3600"]}
`

// transcriptStep is one kubectl command line (its arguments), its stdin,
// and whether the cluster settles after it. page, when set, is what the
// page's kubectl runs instead, for a command it does not simulate, and
// pageSays turns the page's output into what the real kubectl prints.
type transcriptStep struct {
	args     []string
	stdin    string
	settle   bool
	page     []string
	pageSays *strings.Replacer
}

func step(args ...string) transcriptStep { return transcriptStep{args: args} }

// settled marks a step after which both clusters settle.
func (s transcriptStep) settled() transcriptStep { s.settle = true; return s }

func (s transcriptStep) with(stdin string) transcriptStep { s.stdin = stdin; return s }

// onThePage is the command the page's kubectl runs instead, and the
// words of its output that the real kubectl prints otherwise.
func (s transcriptStep) onThePage(says *strings.Replacer, args ...string) transcriptStep {
	s.page, s.pageSays = args, says
	return s
}

// A learner's transcript, run twice from the same seed: through the real
// kubectl against the served cluster, and through the page's kubectl on
// a twin cluster. Each line prints the same on both, since the page's
// kubectl follows kubectl v1.32 and the server answers as a real one.
// (kubectl exec needs the WebSocket of kubeloop serve --api, which this
// test's host lacks: tests/apiserver runs it through the binary.)
func TestATranscriptPrintsTheSameThroughTheRealKubectlAndThePage(t *testing.T) {
	docs := data.MustExplainDocs("en")
	served := newTestHostWith(t, cluster.Options{Seed: 1, Controllers: controllers.All(), FieldDocs: docs})
	twin := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), FieldDocs: docs})
	twin.Start()
	twin.Settle(time.Minute)
	for _, s := range []transcriptStep{
		step("apply", "-f", "-").with(learnerManifest).settled(),
		step("get", "deployments"),
		step("get", "pods", "-o", "wide"),
		step("get", "deployment", "web", "-o", "yaml"),
		step("get", "pods", "-l", "app=web", "-o", "jsonpath={.items[*].spec.containers[0].image}"),
		step("describe", "deployment", "web"),
		step("scale", "deployment", "web", "--replicas=4").settled(),
		step("get", "rs"),
		step("set", "image", "deployment/web", "nginx=nginx:1.27").settled(),
		step("rollout", "status", "deployment/web"),
		step("rollout", "history", "deployment/web"),
		step("rollout", "undo", "deployment/web").settled(),
		step("rollout", "history", "deployment/web"),
		step("label", "deployment", "web", "tier=frontend"),
		step("label", "deployment", "web", "tier=backend"),
		step("patch", "deployment", "web", "-p", `{"spec":{"replicas":2}}`).settled(),
		step("patch", "deployment", "web", "--type=merge", "-p", `{"metadata":{"annotations":{"owner":"team-a"}}}`),
		step("patch", "deployment", "web", "--type=json", "-p", `[{"op":"replace","path":"/spec/minReadySeconds","value":5}]`),
		step("patch", "deployment", "web", "--type=json", "-p", `[{"op":"remove","path":"/spec/nothing"}]`),
		step("get", "deployment", "web", "-o", "jsonpath={.spec.replicas} {.spec.minReadySeconds} {.metadata.labels.tier} {.metadata.annotations.owner}"),
		step("explain", "deployment.spec.strategy"),
		step("apply", "--server-side", "--force-conflicts", "-f", "-").with(strings.Replace(learnerManifest, "replicas: 3", "replicas: 1", 1)).
			onThePage(strings.NewReplacer("configured", "serverside-applied"), "apply", "-f", "-").settled(),
		step("get", "deployment", "web"),
		step("logs", "deployment/web"),
		step("run", "hello", "--image=busybox:1.36", "--restart=Never", "--", "sh", "-c", "echo hello; echo world").settled(),
		step("logs", "hello"),
		step("logs", "hello", "--tail=1", "--timestamps"),
		step("logs", "hello", "-p"),
		step("apply", "-f", "-").with(twoContainers).settled(),
		step("logs", "two"),
		step("logs", "two", "-c", "b"),
		step("logs", "two", "nothing"),
		step("logs", "two", "-c", "setup"),
		step("get", "pods", "nothing"),
		step("delete", "deployment", "web", "--cascade=orphan").settled(),
		step("get", "rs"),
		step("delete", "rs", "--all").settled(),
		step("get", "pods"),
	} {
		line := strings.Join(quoted(s.args), " ")
		real, _ := served.kubectl(t, s.stdin, s.args...)
		pageLine := line
		if s.page != nil {
			pageLine = strings.Join(quoted(s.page), " ")
		}
		res := twin.Kubectl("kubectl "+pageLine, s.stdin)
		var page string
		for _, chunk := range res.Output { // both streams in the order written, as CombinedOutput reads them
			page += chunk.Text
		}
		if s.pageSays != nil {
			page = s.pageSays.Replace(page)
		}
		assert.Equal(t, withoutEventAges(page), withoutEventAges(real), "kubectl %s", line)
		if s.settle {
			served.settle()
			twin.Settle(2 * time.Minute)
		}
		// A watch through the server (rollout status) lets the served
		// cluster's clock run on; the twin follows it.
		served.mu.Lock()
		if ahead := served.c.Now().Sub(twin.Now()); ahead > 0 {
			twin.Advance(ahead)
		}
		served.mu.Unlock()
	}
}

// eventAge is the age in a row of describe's Events. The real kubectl
// computes it from the wall clock, which the served cluster's stopped
// clock does not follow (kubeloop serve --api's does); the page computes
// it from the simulated clock.
var eventAge = regexp.MustCompile(`(?m)^(  (?:Normal|Warning) +\S+) +\S+ +`)

func withoutEventAges(out string) string { return eventAge.ReplaceAllString(out, "$1 <age> ") }

// quoted writes arguments as a shell would read them back.
func quoted(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " {}[]\"'$*") {
			a = "'" + a + "'"
		}
		out[i] = a
	}
	return out
}
