package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func templateOf(t *testing.T, e *fakeEnv) api.PodSpec {
	t.Helper()
	o, err := e.st.Get(api.Deployments, "default", "nginx-deployment")
	require.NoError(t, err)
	return o.(*api.Deployment).Spec.Template.Spec
}

// kubectl set env: KEY=VALUE sets in place or appends, KEY- removes (a
// name both set and removed is removed), nothing changed prints nothing,
// --list prints "# RESOURCE NAME, container C" and the variables.
func TestSetEnv(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl set env deployment/nginx-deployment MODE=prod LEVEL=3 -e EXTRA=1")
	require.Equal(t, "", r.Stderr)
	assert.Equal(t, "deployment.apps/nginx-deployment env updated\n", r.Stdout)
	assert.Equal(t, []api.EnvVar{{Name: "EXTRA", Value: "1"}, {Name: "MODE", Value: "prod"}, {Name: "LEVEL", Value: "3"}}, templateOf(t, e).Containers[0].Env)

	r = e.run("kubectl set env deployment/nginx-deployment MODE=prod")
	assert.Equal(t, "", r.Stdout+r.Stderr, "no change, nothing printed")

	r = e.run("kubectl set env deploy nginx-deployment LEVEL- MODE=dev NEW=x NEW-")
	assert.Equal(t, "deployment.apps/nginx-deployment env updated\n", r.Stdout)
	assert.Equal(t, []api.EnvVar{{Name: "EXTRA", Value: "1"}, {Name: "MODE", Value: "dev"}}, templateOf(t, e).Containers[0].Env)

	r = e.run("kubectl set env deployment/nginx-deployment --list")
	assert.Equal(t, lines("# Deployment nginx-deployment, container nginx", "EXTRA=1", "MODE=dev"), r.Stdout)

	for cmd, stderr := range map[string]string{
		"kubectl set env deployment/nginx-deployment":                          "error: at least one environment variable must be provided\n",
		"kubectl set env MODE=x deployment/nginx-deployment":                   "error: all resources must be specified before environment changes: MODE=x deployment/nginx-deployment\n",
		"kubectl set env deployment/nginx-deployment MODE=x --overwrite=false": "error: 'MODE' already has a value (dev), and --overwrite is false\n",
		"kubectl set env deployment/nginx-deployment 9LIVES=x":                 `error: "9LIVES" is not a valid key name: ` + api.EnvVarNameMsg + "\n",
		"kubectl set env deployment/nginx-deployment -c side A=1":              "warning: deployments/nginx-deployment does not have any containers matching \"side\"\n",
		"kubectl set env deployments A=1":                                      "error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n",
		"kubectl set env deployment/nope A=1":                                  "Error from server (NotFound): deployments.apps \"nope\" not found\n",
	} {
		r := e.run(cmd)
		assert.Equal(t, stderr, r.Stderr, cmd)
		assert.Equal(t, "", r.Stdout, cmd)
	}
	r = e.run("kubectl set env deployments --all -c 'ngi*' ZONE=a")
	assert.Equal(t, "deployment.apps/nginx-deployment env updated\n", r.Stdout)
}

// kubectl set resources merges quantities into the containers'
// resources; the API server refuses a request above its limit.
func TestSetResources(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl set resources deployment nginx-deployment --limits=cpu=200m,memory=512Mi")
	require.Equal(t, "", r.Stderr)
	assert.Equal(t, "deployment.apps/nginx-deployment resource requirements updated\n", r.Stdout)
	r = e.run("kubectl set resources deployment nginx-deployment -c=nginx --requests=cpu=100m")
	assert.Equal(t, "deployment.apps/nginx-deployment resource requirements updated\n", r.Stdout)
	res := templateOf(t, e).Containers[0].Resources
	assert.Equal(t, "200m", res.Limits["cpu"].String())
	assert.Equal(t, "512Mi", res.Limits["memory"].String())
	assert.Equal(t, "100m", res.Requests["cpu"].String())
	assert.Len(t, res.Requests, 1, "a template's missing request stays missing: only a pod's is defaulted")

	for cmd, stderr := range map[string]string{
		"kubectl set resources deployment nginx-deployment --requests=cpu=1": `error: failed to patch resources update to pod template Deployment.apps "nginx-deployment" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 200m` + "\n",
		"kubectl set resources deployment nginx-deployment":                  "error: you must specify an update to requests or limits (in the form of --requests/--limits)\n",
		"kubectl set resources deployment nginx-deployment --limits=cpu":     "error: invalid argument syntax cpu\n",
	} {
		r := e.run(cmd)
		assert.Equal(t, stderr, r.Stderr, cmd)
		assert.Equal(t, "", r.Stdout, cmd)
	}
}
