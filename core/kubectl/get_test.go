package kubectl

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// lines joins expected output lines, each ending in a newline.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

func TestGetPrintsKubectlTables(t *testing.T) {
	tests := []struct {
		name, cmd, stdout, stderr string
		code                      int
	}{
		{name: "pods", cmd: "kubectl get pods", stdout: lines(
			"NAME                                READY   STATUS              RESTARTS   AGE",
			"nginx-deployment-5bf87f5f59-7xk2p   1/1     Running             0          95s",
			"nginx-deployment-5bf87f5f59-bq4zt   1/1     Running             0          95s",
			"nginx-deployment-5bf87f5f59-x9w4d   1/1     Running             0          95s",
			"web                                 0/1     ContainerCreating   0          5s",
		)},
		{name: "pods wide", cmd: "kubectl get po -o wide -l app=nginx", stdout: lines(
			"NAME                                READY   STATUS    RESTARTS   AGE   IP           NODE            NOMINATED NODE   READINESS GATES",
			"nginx-deployment-5bf87f5f59-7xk2p   1/1     Running   0          95s   10.244.0.5   control-plane   <none>           <none>",
			"nginx-deployment-5bf87f5f59-bq4zt   1/1     Running   0          95s   10.244.0.6   control-plane   <none>           <none>",
			"nginx-deployment-5bf87f5f59-x9w4d   1/1     Running   0          95s   10.244.0.7   control-plane   <none>           <none>",
		)},
		{name: "all namespaces", cmd: "kubectl get pods -A", stdout: lines(
			"NAMESPACE     NAME                                READY   STATUS              RESTARTS   AGE",
			"default       nginx-deployment-5bf87f5f59-7xk2p   1/1     Running             0          95s",
			"default       nginx-deployment-5bf87f5f59-bq4zt   1/1     Running             0          95s",
			"default       nginx-deployment-5bf87f5f59-x9w4d   1/1     Running             0          95s",
			"default       web                                 0/1     ContainerCreating   0          5s",
			"kube-system   coredns-7db6d8ff4d-abcde            1/1     Running             2          5s",
		)},
		{name: "namespace flag before command", cmd: "kubectl -n kube-system get pods", stdout: lines(
			"NAME                       READY   STATUS    RESTARTS   AGE",
			"coredns-7db6d8ff4d-abcde   1/1     Running   2          5s",
		)},
		{name: "deployments", cmd: "kubectl get deployments", stdout: lines(
			"NAME               READY   UP-TO-DATE   AVAILABLE   AGE",
			"nginx-deployment   3/3     3            3           95s",
		)},
		{name: "deployments wide", cmd: "kubectl get deploy -o wide", stdout: lines(
			"NAME               READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES        SELECTOR",
			"nginx-deployment   3/3     3            3           95s   nginx        nginx:1.7.9   app=nginx",
		)},
		{name: "replicasets with labels", cmd: "kubectl get rs --show-labels", stdout: lines(
			"NAME                          DESIRED   CURRENT   READY   AGE   LABELS",
			"nginx-deployment-5bf87f5f59   3         3         3       95s   app=nginx,pod-template-hash=5bf87f5f59",
		)},
		{name: "replicasets wide", cmd: "kubectl get replicasets -o wide", stdout: lines(
			"NAME                          DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES        SELECTOR",
			"nginx-deployment-5bf87f5f59   3         3         3       95s   nginx        nginx:1.7.9   app=nginx,pod-template-hash=5bf87f5f59",
		)},
		{name: "nodes", cmd: "kubectl get nodes", stdout: lines(
			"NAME            STATUS                        ROLES           AGE    VERSION",
			"control-plane   Ready                         control-plane   2m5s   v1.31.0",
			"worker          NotReady,SchedulingDisabled   <none>          2m5s   v1.31.0",
		)},
		{name: "nodes wide", cmd: "kubectl get no -o wide", stdout: lines(
			"NAME            STATUS                        ROLES           AGE    VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION   CONTAINER-RUNTIME",
			"control-plane   Ready                         control-plane   2m5s   v1.31.0   172.18.0.2    <none>        Debian GNU/Linux 12 (bookworm)   6.1.0            containerd://1.7.18",
			"worker          NotReady,SchedulingDisabled   <none>          2m5s   v1.31.0   <none>        <none>        <unknown>                        <unknown>        <unknown>",
		)},
		{name: "names", cmd: "kubectl get pods,deploy -l app=nginx -o name", stdout: lines(
			"pod/nginx-deployment-5bf87f5f59-7xk2p",
			"pod/nginx-deployment-5bf87f5f59-bq4zt",
			"pod/nginx-deployment-5bf87f5f59-x9w4d",
			"deployment.apps/nginx-deployment",
		)},
		{name: "several kinds are prefixed", cmd: "kubectl get deploy,rs", stdout: lines(
			"NAME                               READY   UP-TO-DATE   AVAILABLE   AGE",
			"deployment.apps/nginx-deployment   3/3     3            3           95s",
			"",
			"NAME                                          DESIRED   CURRENT   READY   AGE",
			"replicaset.apps/nginx-deployment-5bf87f5f59   3         3         3       95s",
		)},
		{name: "by type/name", cmd: "kubectl get deployment/nginx-deployment", stdout: lines(
			"NAME               READY   UP-TO-DATE   AVAILABLE   AGE",
			"nginx-deployment   3/3     3            3           95s",
		)},
		{name: "namespaces", cmd: "kubectl get ns", stdout: lines(
			"NAME          STATUS   AGE",
			"default       Active   2m5s",
			"kube-system   Active   2m5s",
		)},
		{name: "not found", cmd: "kubectl get pod nope", code: 1,
			stderr: "Error from server (NotFound): pods \"nope\" not found\n"},
		{name: "found and not found", cmd: "kubectl get deploy nginx-deployment nope", code: 1,
			stdout: lines("NAME               READY   UP-TO-DATE   AVAILABLE   AGE", "nginx-deployment   3/3     3            3           95s"),
			stderr: "Error from server (NotFound): deployments.apps \"nope\" not found\n"},
		{name: "nothing in namespace", cmd: "kubectl get pods -n empty", stderr: "No resources found in empty namespace.\n"},
		{name: "nothing anywhere", cmd: "kubectl get pods -A -l app=none", stderr: "No resources found\n"},
		{name: "no events", cmd: "kubectl get events", stderr: "No resources found in default namespace.\n"},
		{name: "unknown type", cmd: "kubectl get foo", code: 1, stderr: "error: the server doesn't have a resource type \"foo\"\n"},
		{name: "unknown flag", cmd: "kubectl get pods --bogus", code: 1, stderr: "Error: unknown flag: --bogus\nSee 'kubectl get --help' for usage.\n"},
		{name: "unknown shorthand", cmd: "kubectl get pods -x", code: 1, stderr: "Error: unknown shorthand flag: 'x' in -x\nSee 'kubectl get --help' for usage.\n"},
		{name: "bad output", cmd: "kubectl get pods -o table", code: 1,
			stderr: "error: unable to match a printer suitable for the output format \"table\", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n"},
		{name: "known but not printed", cmd: "kubectl get pods -o go-template-file=/tmp/t", code: 1,
			stderr: "error: -o go-template-file is not simulated by kubeloop's kubectl; it prints -o custom-columns, -o json, -o jsonpath, -o name, -o wide, -o yaml\n"},
		{name: "unknown command", cmd: "kubectl frob", code: 1, stderr: "Error: unknown command \"frob\" for \"kubectl\"\n"},
		{name: "version", cmd: "kubectl version", stdout: "Client Version: v1.32.4\nKustomize Version: v5.5.0\nServer Version: v1.32.13\n"},
		{name: "version of the client", cmd: "kubectl version --client", stdout: "Client Version: v1.32.4\nKustomize Version: v5.5.0\n"},
		{name: "version as yaml", cmd: "kubectl version --client -o yaml",
			// As the real kubectl v1.32.4 prints it (bar its vendor's
			// "-dispatcher" suffix), with the blank line kubectl adds.
			stdout: "clientVersion:\n  buildDate: \"2025-05-15T20:09:34Z\"\n  compiler: gc\n  gitCommit: 4cb5f0764b8d5f425645c6f433394fede34a8a26\n" +
				"  gitTreeState: clean\n  gitVersion: v1.32.4\n  goVersion: go1.23.8\n  major: \"1\"\n  minor: \"32\"\n  platform: linux/amd64\nkustomizeVersion: v5.5.0\n\n"},
		{name: "server version as json", cmd: "kubectl version -o json | tail -12",
			// The v1.32.13 control plane of the parity run answers so.
			stdout: "  \"serverVersion\": {\n    \"major\": \"1\",\n    \"minor\": \"32\",\n    \"gitVersion\": \"v1.32.13\",\n" +
				"    \"gitCommit\": \"go-module-k8s.io-kubernetes-v1.32.13\",\n    \"gitTreeState\": \"clean\",\n" +
				"    \"buildDate\": \"2026-12-05T14:38:53Z\",\n    \"goVersion\": \"go1.26.8\",\n    \"compiler\": \"gc\",\n" +
				"    \"platform\": \"linux/amd64\"\n  }\n}\n"},
		{name: "version output", cmd: "kubectl version -o foo", code: 1, stderr: "error: --output must be 'yaml' or 'json'\n"},
		{name: "redirect", cmd: "kubectl get pods > pods.txt", code: 1,
			stderr: "error: redirects and command lists (>, <, ;, &, ||) are not supported in this terminal; a | may pass a command's output to grep, head, tail, wc, sort or kubectl\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := clusterEnv(t)
			r := e.run(tt.cmd)
			assert.Equal(t, tt.stdout, r.Stdout)
			assert.Equal(t, tt.stderr, r.Stderr)
			assert.Equal(t, tt.code, r.ExitCode)
		})
	}
}

func TestGetYAMLPrintsOneObjectOrAList(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl get ns default -o yaml")
	assert.Equal(t, lines(
		"apiVersion: v1",
		"kind: Namespace",
		"metadata:",
		"  creationTimestamp: \"2026-01-01T00:00:00Z\"",
		"  labels:",
		"    kubernetes.io/metadata.name: default",
		"  name: default",
		"  resourceVersion: \"2\"",
		"  uid: 8707a01d-6329-47df-b83f-1bd4a477b564",
		"spec:",
		"  finalizers:",
		"  - kubernetes",
		"status:",
		"  phase: Active",
	), r.Stdout)
	r = e.run("kubectl get ns -o yaml")
	assert.True(t, strings.HasPrefix(r.Stdout, "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Namespace\n"), r.Stdout)
	assert.True(t, strings.HasSuffix(r.Stdout, "kind: List\nmetadata:\n  resourceVersion: \"\"\n"), r.Stdout)
	r = e.run("kubectl get ns -o json")
	assert.True(t, strings.HasPrefix(r.Stdout, "{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n        {\n            \"apiVersion\": \"v1\",\n            \"kind\": \"Namespace\","), r.Stdout)
	assert.True(t, strings.HasSuffix(r.Stdout, "    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n"), r.Stdout)
}

// TestGetEventsInNameOrderUnlessSorted: kubectl get events prints events as
// the API server lists them, by name (kubernetes/kubernetes#29838), and
// --sort-by=.lastTimestamp orders them by time.
func TestGetEventsInNameOrderUnlessSorted(t *testing.T) {
	e := clusterEnv(t)
	now := e.clk.Now()
	for i, ev := range []struct{ name, reason, kind, obj, msg string }{
		{"b", "ScalingReplicaSet", "Deployment", "nginx-deployment", "Scaled up replica set nginx-deployment-5bf87f5f59 from 0 to 3"},
		{"a", "SuccessfulCreate", "ReplicaSet", "nginx-deployment-5bf87f5f59", "Created pod: nginx-deployment-5bf87f5f59-7xk2p"},
	} {
		ts := api.NewTime(now.Add(time.Duration(i-60) * time.Second))
		e.create(&api.Event{ObjectMeta: api.ObjectMeta{Name: ev.name, Namespace: "default"}, Type: "Normal", Reason: ev.reason,
			InvolvedObject: api.ObjectReference{Kind: ev.kind, Name: ev.obj}, Message: ev.msg, FirstTimestamp: ts, LastTimestamp: ts, Count: 1})
	}
	byName := lines(
		"LAST SEEN   TYPE     REASON              OBJECT                                   MESSAGE",
		"59s         Normal   SuccessfulCreate    replicaset/nginx-deployment-5bf87f5f59   Created pod: nginx-deployment-5bf87f5f59-7xk2p",
		"60s         Normal   ScalingReplicaSet   deployment/nginx-deployment              Scaled up replica set nginx-deployment-5bf87f5f59 from 0 to 3",
	)
	byTime := lines(
		"LAST SEEN   TYPE     REASON              OBJECT                                   MESSAGE",
		"60s         Normal   ScalingReplicaSet   deployment/nginx-deployment              Scaled up replica set nginx-deployment-5bf87f5f59 from 0 to 3",
		"59s         Normal   SuccessfulCreate    replicaset/nginx-deployment-5bf87f5f59   Created pod: nginx-deployment-5bf87f5f59-7xk2p",
	)
	assert.Equal(t, byName, e.run("kubectl get events").Stdout)
	for _, expr := range []string{".lastTimestamp", "{.lastTimestamp}", "lastTimestamp"} {
		assert.Equal(t, byTime, e.run("kubectl get events --sort-by="+expr).Stdout, expr)
	}
	assert.Equal(t, byName, e.run("kubectl get events --sort-by=.metadata.name").Stdout)
	assert.Equal(t, byTime, e.run("kubectl get events --sort-by .reason").Stdout, "ScalingReplicaSet < SuccessfulCreate")
}

// TestGetSortBy: numbers sort by value, a field some objects lack sorts
// those first, and a field none has is kubectl's error.
func TestGetSortBy(t *testing.T) {
	e := clusterEnv(t)
	for _, d := range []struct {
		name     string
		replicas int32
	}{{"ten", 10}, {"nine", 9}, {"one", 1}} {
		r := d.replicas
		e.create(&api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: d.name, Namespace: "default", Labels: map[string]string{"set": "sortby"}},
			Spec: api.ReplicaSetSpec{Replicas: &r, Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": d.name}},
				Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": d.name}},
					Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}}})
	}
	names := func(out string) []string {
		var ns []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
			ns = append(ns, strings.Fields(l)[0])
		}
		return ns
	}
	r := e.run("kubectl get rs -l set=sortby --sort-by=.spec.replicas")
	assert.Empty(t, r.Stderr)
	assert.Equal(t, []string{"one", "nine", "ten"}, names(r.Stdout), "by number, not text (\"10\" < \"9\")")
	assert.Equal(t, []string{"nine", "one", "ten"}, names(e.run("kubectl get rs -l set=sortby").Stdout), "by name without --sort-by")
	assert.Equal(t, []string{"one", "nine", "ten"}, names(e.run("kubectl get rs -l set=sortby --sort-by={.spec.template.spec.containers[0].name} --sort-by=.spec.replicas").Stdout))

	r = e.run("kubectl get rs -l set=sortby --sort-by=.spec.nothing")
	assert.Equal(t, 1, r.ExitCode)
	assert.Equal(t, "error: couldn't find any field with path \"{.spec.nothing}\" in the list of objects\n", r.Stderr)
	r = e.run("kubectl get rs -l set=sortby --sort-by={.a}{.b}")
	assert.Equal(t, 1, r.ExitCode)
	assert.Contains(t, r.Stderr, "unexpected path string")

	// Some have the field (a label), some not: those without come first.
	e.run("kubectl label rs ten tier=a")
	e.run("kubectl label rs one tier=b")
	assert.Equal(t, []string{"nine", "ten", "one"}, names(e.run("kubectl get rs -l set=sortby --sort-by=.metadata.labels.tier").Stdout))
}

// "kubectl get all" lists the "all" category in discovery's order, every
// row named kind/name (several kinds were asked for, even if one has
// rows), and leaves out the kinds with none.
func TestGetAll(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl get all")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	var heads, kinds []string
	for _, l := range strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "NAME"):
			heads = append(heads, l)
		case l == "":
		default:
			kind, _, ok := strings.Cut(strings.Fields(l)[0], "/")
			require.True(t, ok, "every row is kind/name: %q", l)
			if len(kinds) == 0 || kinds[len(kinds)-1] != kind {
				kinds = append(kinds, kind)
			}
		}
	}
	assert.Equal(t, []string{"pod", "deployment.apps", "replicaset.apps"}, kinds)
	assert.Len(t, heads, 3, "one table per kind, blank lines between")
	assert.Contains(t, r.Stdout, "\n\nNAME ")

	assert.Equal(t, e.run("kubectl get pods,deployments,replicasets").Stdout, r.Stdout, "the same as naming the kinds")
	r = e.run("kubectl get all -n kube-public")
	assert.Equal(t, "No resources found in kube-public namespace.\n", r.Stderr)
	r = e.run("kubectl get all,nodes -o name")
	assert.Contains(t, r.Stdout, "pod/")
	assert.True(t, strings.HasSuffix(r.Stdout, "node/control-plane\nnode/worker\n"), "the kinds after all come after it")
}

// --show-kind names every row kind/name even for one kind; api-versions
// lists the group/versions served, the core group's "v1" last.
func TestShowKindAndAPIVersions(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl get deploy --show-kind")
	assert.Equal(t, lines(
		"NAME                               READY   UP-TO-DATE   AVAILABLE   AGE",
		"deployment.apps/nginx-deployment   3/3     3            3           95s"), r.Stdout)
	r = e.run("kubectl api-versions")
	vs := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
	assert.Equal(t, "v1", vs[len(vs)-1])
	assert.Contains(t, vs, "apps/v1")
	assert.Contains(t, vs, "batch/v1")
	assert.True(t, slices.IsSorted(vs))
}
