package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// -o jsonpath and -o custom-columns on the fixture cluster (clusterEnv):
// the forms that kubectl's documentation and cheat sheet use.
func TestGetTemplateOutput(t *testing.T) {
	tests := []struct {
		name, cmd, stdout, stderr string
		code                      int
	}{
		{name: "names of a list", cmd: `kubectl get pods -l app=nginx -o jsonpath={.items[*].metadata.name}`,
			stdout: "nginx-deployment-5bf87f5f59-7xk2p nginx-deployment-5bf87f5f59-bq4zt nginx-deployment-5bf87f5f59-x9w4d"},
		{name: "one named object", cmd: `kubectl get pod web -o jsonpath='{.metadata.name} {.spec.containers[0].image}'`,
			stdout: "web nginx:1.7.9"},
		{name: "template flag", cmd: `kubectl get deploy -o jsonpath --template={.items[0].metadata.name}`,
			stdout: "nginx-deployment"},
		{name: "=-joined flag", cmd: `kubectl get deploy nginx-deployment -o=jsonpath='{.spec.replicas}'`,
			stdout: "3"},
		{name: "range with tabs and newlines", cmd: `kubectl get pods -l app=nginx -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.status.podIP}{"\n"}{end}'`,
			stdout: lines(
				"nginx-deployment-5bf87f5f59-7xk2p\t10.244.0.5",
				"nginx-deployment-5bf87f5f59-bq4zt\t10.244.0.6",
				"nginx-deployment-5bf87f5f59-x9w4d\t10.244.0.7")},
		{name: "filter", cmd: `kubectl get pods -A -o jsonpath='{.items[?(@.metadata.namespace=="kube-system")].metadata.name}'`,
			stdout: "coredns-7db6d8ff4d-abcde"},
		{name: "map prints as JSON", cmd: `kubectl get deploy nginx-deployment -o jsonpath={.spec.selector.matchLabels}`,
			stdout: `{"app":"nginx"}`},
		{name: "label key with dots", cmd: `kubectl get rs -o jsonpath='{.items[0].metadata.labels.pod-template-hash}'`,
			stdout: "5bf87f5f59"},
		{name: "escaped dots in a key", cmd: `kubectl get nodes --allow-missing-template-keys=false -o jsonpath='[{.items[0].metadata.labels.node-role\.kubernetes\.io/control-plane}]'`,
			stdout: "[]"},
		{name: "missing field prints nothing", cmd: `kubectl get pod web -o jsonpath='[{.spec.nothing}]'`, stdout: "[]"},
		{name: "missing field, keys required", cmd: `kubectl get pod web -o jsonpath={.spec.nothing} --allow-missing-template-keys=false`, code: 1,
			stderr: "error: error executing jsonpath \"{.spec.nothing}\": Error executing template: nothing is not found. Printing more information for debugging the template:\n"},
		{name: "no template", cmd: `kubectl get pods -o jsonpath=`, code: 1,
			stderr: "error: template format specified but no template given\n"},
		{name: "bad template", cmd: `kubectl get pods -o jsonpath={.items[`, code: 1,
			stderr: "error: error parsing jsonpath {.items[, unclosed action\n"},
		{name: "custom columns", cmd: `kubectl get pods -l app=nginx -o custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[*].image,NODE:spec.nodeName`,
			stdout: lines(
				"NAME                                IMAGE         NODE",
				"nginx-deployment-5bf87f5f59-7xk2p   nginx:1.7.9   control-plane",
				"nginx-deployment-5bf87f5f59-bq4zt   nginx:1.7.9   control-plane",
				"nginx-deployment-5bf87f5f59-x9w4d   nginx:1.7.9   control-plane")},
		{name: "custom columns, none and no headers", cmd: `kubectl get pod web -o custom-columns=NAME:{.metadata.name},IP:{.status.podIP} --no-headers`,
			stdout: lines("web   <none>")},
		{name: "custom columns, bad spec", cmd: `kubectl get pods -o custom-columns=NAME`, code: 1,
			stderr: "error: unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>\n"},
		{name: "table without headers", cmd: `kubectl get deploy --no-headers`,
			stdout: lines("nginx-deployment   3/3   3     3     95s")},
		{name: "not found", cmd: `kubectl get pod nope -o jsonpath={.metadata.name}`, code: 1,
			stderr: "Error from server (NotFound): pods \"nope\" not found\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := clusterEnv(t)
			r := e.run(tt.cmd)
			assert.Equal(t, tt.stdout, r.Stdout)
			if tt.code != 0 && tt.stdout == "" && len(tt.stderr) > 0 && r.Stderr != tt.stderr {
				// Execution errors go on to print the object; the
				// start is what is asserted.
				assert.Truef(t, len(r.Stderr) >= len(tt.stderr) && r.Stderr[:len(tt.stderr)] == tt.stderr,
					"stderr:\n%s\nwant it to start with:\n%s", r.Stderr, tt.stderr)
			} else {
				assert.Equal(t, tt.stderr, r.Stderr)
			}
			assert.Equal(t, tt.code, r.ExitCode)
		})
	}
}
