package terminal

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

func TestParseSaysWhatALineIs(t *testing.T) {
	for _, tc := range []struct {
		line    string
		kind    Kind
		kubectl string
	}{
		{"", Empty, ""},
		{"   ", Empty, ""},
		{"# a note", Comment, ""},
		{"kubectl get pods", Kubectl, "kubectl get pods"},
		{"k get po", Kubectl, "kubectl get po"},
		{"k", Kubectl, "kubectl"},
		{"sim settle", Sim, ""},
		{"clear", Clear, ""},
		{"help", Help, ""},
		{"ls", NotFound, ""},
		{"get pods", NotFound, ""},
		{"kx get po", NotFound, ""},
		{"simulate", NotFound, ""},
	} {
		l := Parse(tc.line)
		assert.Equal(t, tc.kind, l.Kind, "%q", tc.line)
		assert.Equal(t, tc.kubectl, l.Kubectl, "%q", tc.line)
	}
}

func TestAsKubectlTakesALineWithOrWithoutKubectl(t *testing.T) {
	for _, line := range []string{"get pods", " get pods", "k get pods", "kubectl get pods"} {
		assert.Equal(t, "kubectl get pods", AsKubectl(line), "%q", line)
	}
	assert.Equal(t, "kubectl ", AsKubectl(""), "kubectl alone: its help")
}

func TestNotFoundIsBashsAnswer(t *testing.T) {
	assert.Equal(t, "bash: ls: command not found", NotFoundMessage("ls"))
	for _, tc := range []struct{ line, want string }{
		{"get pods", "kubectl get pods"},
		{"describe deploy web", "kubectl describe deploy web"},
		{"kubeclt get pods", "kubectl get pods"},
		{"kubect get pods", "kubectl get pods"},
		{"kubeadm init", ""},
		{"ls -l", ""},
		{"pods", ""},
	} {
		assert.Equal(t, tc.want, Suggestion(tc.line), "%q", tc.line)
	}
}

// fixture is a cluster's store: namespaces default, kube-system and
// kube-public; a Deployment web and its pods in default; coredns in
// kube-system; two nodes.
func fixture(t *testing.T) Completer {
	st := store.New(clock.New(1))
	create := func(o api.Object) {
		_, err := st.Create(o)
		require.NoError(t, err)
	}
	for _, ns := range []string{"default", "kube-system", "kube-public"} {
		create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: ns}})
	}
	for _, n := range []string{"node-1", "node-2"} {
		create(&api.Node{ObjectMeta: api.ObjectMeta{Name: n}})
	}
	pod := func(ns, name string) *api.Pod {
		return &api.Pod{ObjectMeta: api.ObjectMeta{Namespace: ns, Name: name},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
	}
	create(pod("default", "web-7d4b9-abcde"))
	create(pod("default", "web-7d4b9-fghij"))
	create(pod("kube-system", "coredns-5d78c-xyz12"))
	labels := map[string]string{"app": "web"}
	create(&api.Deployment{
		ObjectMeta: api.ObjectMeta{Namespace: "default", Name: "web"},
		Spec: api.DeploymentSpec{Replicas: api.Ptr(int32(2)), Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}},
	})
	return Completer{Store: st, Sim: []string{"advance", "node", "settle", "step"}}
}

func TestCompletes(t *testing.T) {
	c := fixture(t)
	for _, tc := range []struct {
		name, line string
		want       []string
	}{
		{"the terminal's commands", "", []string{"kubectl", "sim", "clear", "help"}},
		{"kubectl from k", "k", []string{"kubectl"}},
		{"a bare verb is no command", "ge", nil},
		{"verbs", "kubectl ro", []string{"rollout"}},
		{"verbs after the alias", "k ge", []string{"get"}},
		{"subcommands", "kubectl rollout ", []string{"history", "pause", "restart", "resume", "status", "undo"}},
		{"subcommands of subcommands", "kubectl create secret ", []string{"generic"}},
		{"get's flags", "kubectl get -", []string{"--all-namespaces", "--allow-missing-template-keys", "--field-selector=",
			"--help", "--label-columns=", "--namespace=", "--no-headers", "--output=", "--selector=", "--show-kind",
			"--show-labels", "--show-managed-fields", "--sort-by=", "--template=", "--watch", "--watch-only", "-A", "-L", "-h", "-l", "-n", "-o", "-w"}},
		{"long flags", "kubectl get pods --sh", []string{"--show-kind", "--show-labels", "--show-managed-fields"}},
		{"a subcommand's flags", "kubectl rollout undo deploy/web --", []string{"--help", "--namespace=", "--to-revision="}},
		{"global flags before the verb", "kubectl --n", []string{"--namespace="}},
		{"flags of a command after -n", "kubectl -n kube-system scale --r", []string{"--record", "--replicas="}},
		{"-o formats of get", "kubectl get -o ", []string{"custom-columns=", "json", "jsonpath=", "name", "wide", "yaml"}},
		{"-o formats after the type", "kubectl get pods -o j", []string{"json", "jsonpath="}},
		{"--output formats", "kubectl get pods --output ", []string{"custom-columns=", "json", "jsonpath=", "name", "wide", "yaml"}},
		{"--output= formats", "kubectl get pods --output=y", []string{"--output=yaml"}},
		{"-o formats of a generator", "kubectl create deployment web --image=nginx --dry-run=client -o ", []string{"json", "name", "yaml"}},
		{"no -o formats where -o is no flag", "kubectl describe -o y", nil},
		{"-n namespaces", "kubectl get pods -n ", []string{"default", "kube-public", "kube-system"}},
		{"-n namespaces by prefix", "kubectl get pods -n kube-", []string{"kube-public", "kube-system"}},
		{"--namespace namespaces", "kubectl --namespace kube-s", []string{"kube-system"}},
		{"--namespace= namespaces", "k get po --namespace=kube-s", []string{"--namespace=kube-system"}},
		{"resource types", "kubectl get deplo", []string{"deploy", "deployment", "deployments"}},
		{"a list of types", "kubectl get pods,servi", []string{"pods,service", "pods,serviceaccount", "pods,serviceaccounts", "pods,services"}},
		{"the all category", "kubectl get al", []string{"all"}},
		{"names of a type", "kubectl describe pods web", []string{"web-7d4b9-abcde", "web-7d4b9-fghij"}},
		{"names in -n's namespace", "kubectl -n kube-system get pods ", []string{"coredns-5d78c-xyz12"}},
		{"names after a -o value", "kubectl get -o wide pods web-7d4b9-a", []string{"web-7d4b9-abcde"}},
		{"TYPE/NAME", "kubectl describe deploy/", []string{"deploy/web"}},
		{"TYPE/NAME in rollout", "kubectl rollout status deployment/w", []string{"deployment/web"}},
		{"pods of exec", "kubectl exec -it web-7d4b9-f", []string{"web-7d4b9-fghij"}},
		{"nodes of drain", "kubectl drain ", []string{"node-1", "node-2"}},
		{"nothing after --", "kubectl exec web-7d4b9-abcde -- ", nil},
		{"sim's subcommands", "sim s", []string{"settle", "step"}},
		{"sim's nodes", "sim node fail ", []string{"node-1", "node-2"}},
		{"nothing for an unknown command", "ls ", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, word := c.Complete(tc.line)
			assert.Equal(t, tc.want, got, "%q", tc.line)
			assert.True(t, strings.HasSuffix(tc.line, word), "the word %q ends the line", word)
			for _, cand := range got {
				assert.True(t, strings.HasPrefix(cand, word), "%q extends %q", cand, word)
			}
		})
	}
}

func TestTabIsBashs(t *testing.T) {
	var tab Tab
	line, list := tab.Press("kubectl get -o ", []string{"json", "jsonpath=", "yaml"}, "")
	assert.Equal(t, "kubectl get -o ", line, "no common prefix: the first Tab adds nothing")
	assert.Nil(t, list)
	line, list = tab.Press("kubectl get -o ", []string{"json", "jsonpath=", "yaml"}, "")
	assert.Equal(t, "kubectl get -o ", line)
	assert.Equal(t, []string{"json", "jsonpath=", "yaml"}, list, "the second Tab lists")

	line, list = tab.Press("kubectl get pods -n ku", []string{"kube-public", "kube-system"}, "ku")
	assert.Equal(t, "kubectl get pods -n kube-", line, "the common prefix")
	assert.Nil(t, list)
	line, list = tab.Press(line, []string{"kube-public", "kube-system"}, "kube-")
	assert.Equal(t, "kubectl get pods -n kube-", line)
	assert.Equal(t, []string{"kube-public", "kube-system"}, list, "Tab again lists")

	line, _ = tab.Press("kubectl describe deploy/", []string{"deploy/web"}, "deploy/")
	assert.Equal(t, "kubectl describe deploy/web ", line, "one candidate: the word and a space")
	line, _ = tab.Press("kubectl get --out", []string{"--output="}, "--out")
	assert.Equal(t, "kubectl get --output=", line, "a flag's = waits for its value")
	line, list = tab.Press("kubectl get xyz", nil, "xyz")
	assert.Equal(t, "kubectl get xyz", line)
	assert.Nil(t, list)
}
