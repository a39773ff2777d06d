package kubectl

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/shell"
)

func TestParseFlagsFollowsPflag(t *testing.T) {
	defs := []flagDef{{long: "output", short: "o"}, {long: "all-namespaces", short: "A", boolean: true}, {long: "cascade", noOptDef: "background"}}
	pos, f, err := parseFlags([]string{"pods", "-oyaml", "-A", "x", "--namespace=kube-system", "--cascade", "--", "-y"}, defs)
	assert.NoError(t, err)
	assert.Equal(t, []string{"pods", "x", "-y"}, pos)
	assert.Equal(t, "yaml", f.str("output"))
	assert.True(t, f.boolean("all-namespaces"))
	assert.Equal(t, "kube-system", f.str("namespace"))
	assert.Equal(t, "background", f.str("cascade"))

	for args, msg := range map[string]string{
		"-o":            "flag needs an argument: 'o' in -o",
		"--output":      "flag needs an argument: --output",
		"--nope":        "unknown flag: --nope",
		"-A=maybe":      `invalid argument "maybe" for "-A, --all-namespaces" flag: strconv.ParseBool: parsing "maybe": invalid syntax`,
		"-q":            "unknown shorthand flag: 'q' in -q",
		"-n ns -o=json": "",
	} {
		_, _, err := parseFlags(strings.Fields(args), defs)
		if msg == "" {
			assert.NoError(t, err)
		} else {
			assert.EqualError(t, err, msg, args)
		}
	}
}

// FuzzParse checks that no command line makes Run panic or misbehave.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"kubectl get pods -o wide", "kubectl get deploy,rs -A --show-labels", `kubectl get pods -l 'app in (a,b)'`,
		"kubectl apply -f -", "kubectl delete pod x --cascade", "kubectl scale deploy/x --replicas=3",
		"kubectl set image deployment/x a=b", "kubectl rollout status deploy x --timeout=1s", `kubectl "`, "kubectl -n",
		"kubectl get pods/", "kubectl get /x", "kubectl -nfoo get -", "kubectl delete -f - --grace-period=abc",
		"kubectl get pods -w", "kubectl get , -w", "kubectl describe deploy", "kubectl describe pod nginx",
		"kubectl rollout history deploy/x --revision=2", "kubectl rollout undo deployment x --to-revision=1",
		"kubectl rollout pause deploy", "kubectl rollout restart deploy/x", "kubectl label pod web a=b c-",
		"kubectl annotate deploy x k=v --overwrite", `kubectl patch deploy nginx-deployment -p '{"spec":{"replicas":2}}'`,
		`kubectl patch deploy x --type=json -p '[{"op":"remove","path":"/spec"}]'`, "kubectl help rollout", "kubectl set image --help",
	} {
		f.Add(s, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n")
	}
	f.Fuzz(func(t *testing.T, line, stdin string) {
		e := &fakeEnv{t: t, files: map[string]string{}}
		base := newEnv(t)
		e.clk, e.st = base.clk, base.st
		if _, err := shell.Split(line); err == nil && !strings.HasPrefix(line, "kubectl") {
			line = "kubectl " + line
		}
		start := e.clk.Now()
		r := Run(e, line, stdin)
		assert.NotContains(t, r.Stderr, "internal error")
		if r.ExitCode == 0 {
			assert.NotContains(t, r.Stderr, "error:")
		}
		assert.LessOrEqual(t, e.clk.Now().Sub(start), 11*time.Minute)
	})
}
