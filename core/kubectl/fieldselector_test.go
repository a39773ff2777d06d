package kubectl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --field-selector filters get, delete, label and wait as the API server
// filters a list; what it cannot select by is the server's BadRequest,
// which kubectl words with the resource and both selectors.
func TestFieldSelector(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl get pods --field-selector status.phase=Running,spec.nodeName=control-plane -o name")
	want := e.run("kubectl get pods -o name").Stdout
	require.NotEmpty(t, want)
	assert.Equal(t, "", r.Stderr)
	assert.NotEmpty(t, r.Stdout)
	for _, name := range strings.Fields(r.Stdout) {
		p := e.run("kubectl get " + name + " -o jsonpath={.status.phase}/{.spec.nodeName}")
		assert.Equal(t, "Running/control-plane", p.Stdout, name)
	}
	assert.Less(t, len(r.Stdout), len(want), "the pod still creating is left out")

	r = e.run("kubectl get nodes --field-selector spec.unschedulable=true")
	assert.Equal(t, lines(
		"NAME     STATUS                        ROLES    AGE    VERSION",
		"worker   NotReady,SchedulingDisabled   <none>   2m5s   v1.31.0"), r.Stdout)

	for cmd, stderr := range map[string]string{
		"kubectl get pods --field-selector status.hostIP=172.18.0.2":       `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "status.hostIP=172.18.0.2": field label not supported: status.hostIP` + "\n",
		"kubectl get deploy -l app=nginx --field-selector spec.replicas=3": `Error from server (BadRequest): Unable to find "apps/v1, Resource=deployments" that match label selector "app=nginx", field selector "spec.replicas=3": "spec.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"` + "\n",
		"kubectl get pods --field-selector phase":                          `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "phase": invalid selector: 'phase'; can't understand 'phase'` + "\n",
		"kubectl get pods -l 'app in nginx'":                               `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "app in nginx", field selector "": unable to parse requirement: found 'in nginx', expected: '=', '!=', '==', 'in', notin'` + "\n",
		"kubectl get pods nginx --field-selector metadata.name=nginx":      "error: name cannot be provided when a selector is specified\n",
		"kubectl get pods --field-selector status.phase=Failed":            "No resources found in default namespace.\n",
		"kubectl delete pods --field-selector bogus=1":                     `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "bogus=1": field label not supported: bogus` + "\n",
	} {
		r := e.run(cmd)
		assert.Equal(t, stderr, r.Stderr, cmd)
		assert.Equal(t, "", r.Stdout, cmd)
	}

	r = e.run("kubectl label pods --field-selector spec.nodeName=control-plane tier=front")
	assert.Equal(t, "", r.Stderr)
	labeled := e.run("kubectl get pods -l tier=front -o name").Stdout
	assert.Equal(t, e.run("kubectl get pods --field-selector spec.nodeName=control-plane -o name").Stdout, labeled)

	r = e.run("kubectl delete pods --field-selector spec.nodeName=control-plane,status.phase=Running --wait=false")
	assert.Equal(t, "", r.Stderr)
	assert.Contains(t, r.Stdout, "deleted")
	assert.Equal(t, "", e.run("kubectl get pods --field-selector spec.nodeName=control-plane,status.phase=Running -o name --ignore-not-found").Stdout)
}

// A watch with a field selector shows only what matches.
func TestFieldSelectorWatch(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl get nodes -w --field-selector metadata.name=worker -o name")
	require.NotNil(t, r.Watch)
	assert.Equal(t, "node/worker\n", r.Stdout)
	e.run("kubectl label node control-plane a=b")
	assert.Equal(t, "", r.Watch.Poll(), "control-plane does not match")
	e.run("kubectl label node worker a=b")
	assert.Equal(t, "node/worker\n", r.Watch.Poll())
}
