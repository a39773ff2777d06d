package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// kubectl create service TYPE NAME: app=NAME as label and selector, one
// TCP port per --tcp named "PORT-TARGET", and kubectl's own checks.
func TestCreateService(t *testing.T) {
	e := newEnv(t)
	r := e.run("kubectl create service clusterip my-cs --tcp=5678:8080 --tcp=443")
	require.Equal(t, "", r.Stderr)
	assert.Equal(t, "service/my-cs created\n", r.Stdout)
	o, err := e.st.Get(api.Services, "default", "my-cs")
	require.NoError(t, err)
	svc := o.(*api.Service)
	assert.Equal(t, map[string]string{"app": "my-cs"}, svc.Labels)
	assert.Equal(t, map[string]string{"app": "my-cs"}, svc.Spec.Selector)
	assert.Equal(t, api.ServiceTypeClusterIP, svc.Spec.Type)
	assert.Equal(t, []api.ServicePort{
		{Name: "5678-8080", Protocol: "TCP", Port: 5678, TargetPort: api.FromInt(8080)},
		{Name: "443", Protocol: "TCP", Port: 443, TargetPort: api.FromInt(443)},
	}, svc.Spec.Ports)

	r = e.run("kubectl create svc nodeport web --tcp=80:http --node-port=30080 -o name")
	assert.Equal(t, "service/web\n", r.Stdout)
	o, err = e.st.Get(api.Services, "default", "web")
	require.NoError(t, err)
	assert.Equal(t, api.ServicePort{Name: "80-http", Protocol: "TCP", Port: 80, TargetPort: api.FromString("http"), NodePort: 30080},
		o.(*api.Service).Spec.Ports[0])

	r = e.run("kubectl create service clusterip db --clusterip=None")
	assert.Equal(t, "service/db created\n", r.Stdout, "a headless Service needs no port")
	r = e.run("kubectl create service externalname ext --external-name=example.com")
	assert.Equal(t, "service/ext created\n", r.Stdout)

	for cmd, stderr := range map[string]string{
		"kubectl create service clusterip noport":                     "error: at least one tcp port specifier must be provided\n",
		"kubectl create service nodeport x --tcp=80 --clusterip=None": "Error: unknown flag: --clusterip\nSee 'kubectl create service nodeport --help' for usage.\n",
		"kubectl create service externalname x --external-name=A_B":   "error: invalid service external name A_B\n",
		"kubectl create service clusterip x --tcp=99999":              "error: strconv.ParseUint: parsing \"99999\": value out of range\n",
		"kubectl create service clusterip x --tcp=80:70000":           "error: must be between 1 and 65535, inclusive\n",
		"kubectl create service clusterip":                            "error: exactly one NAME is required, got 0\nSee 'kubectl create service clusterip -h' for help and examples\n",
		"kubectl create service headless x":                           "error: unknown command \"headless\"\nSee 'kubectl create service -h' for help and examples\n",
	} {
		r := e.run(cmd)
		assert.Equal(t, stderr, r.Stderr, cmd)
		assert.Equal(t, "", r.Stdout, cmd)
	}
	h := e.run("kubectl create service -h").Stdout
	assert.Contains(t, h, "  clusterip      Create a ClusterIP service\n")
	assert.Contains(t, e.run("kubectl create service clusterip --help").Stdout, "kubectl create service clusterip NAME [--tcp=<port>:<targetPort>]")
}
