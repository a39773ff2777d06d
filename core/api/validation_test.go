package api_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func courseDeployment() *api.Deployment {
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "nginx-deployment", Labels: map[string]string{"app": "nginx"}},
		Spec: api.DeploymentSpec{
			Replicas: api.Ptr[int32](3),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx"}},
			Template: nginxTemplate(),
		},
	}
	api.Default(d)
	return d
}

const subdomainDetail = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"

func TestValidDeploymentPasses(t *testing.T) {
	assert.NoError(t, api.Validate(courseDeployment(), nil))
	d := courseDeployment()
	d.Spec.Template.Spec.Containers[0].Resources = api.ResourceRequirements{
		Limits:   api.ResourceList{"cpu": api.MustParseQuantity("8Ei")},
		Requests: api.ResourceList{"cpu": api.MustParseQuantity("1m")}}
	assert.NoError(t, api.Validate(d, nil), "1m is less than 8Ei, which saturates int64 milli-units")
}

// The field errors a learner meets, worded as the API server words them.
func TestValidateDeploymentMessages(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(d *api.Deployment)
		want   string // the one field error
	}{
		{"selector does not match template labels", func(d *api.Deployment) {
			d.Spec.Selector.MatchLabels = map[string]string{"app": "web"}
		}, "spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"nginx\"}: `selector` does not match template `labels`"},
		{"negative replicas", func(d *api.Deployment) {
			d.Spec.Replicas = api.Ptr[int32](-1)
		}, "spec.replicas: Invalid value: -1: must be greater than or equal to 0"},
		{"restartPolicy Never", func(d *api.Deployment) {
			d.Spec.Template.Spec.RestartPolicy = "Never"
		}, `spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"`},
		{"restartPolicy OnFailure", func(d *api.Deployment) {
			d.Spec.Template.Spec.RestartPolicy = "OnFailure"
		}, `spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"`},
		{"missing selector", func(d *api.Deployment) {
			d.Spec.Selector = nil
		}, "spec.selector: Required value"},
		{"upper-case name", func(d *api.Deployment) {
			d.Name = "Nginx"
		}, `metadata.name: Invalid value: "Nginx": ` + subdomainDetail},
		{"underscore in name", func(d *api.Deployment) {
			d.Name = "my_app"
		}, `metadata.name: Invalid value: "my_app": ` + subdomainDetail},
		{"no name", func(d *api.Deployment) {
			d.Name = ""
		}, "metadata.name: Required value: name or generateName is required"},
		{"both rolling-update limits zero", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxSurge: api.Ptr(api.FromInt(0)), MaxUnavailable: api.Ptr(api.FromString("0%"))}
		}, "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"0%\": may not be 0 when `maxSurge` is 0"},
		{"percent over 100", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate.MaxSurge = api.Ptr(api.FromString("150%"))
		}, `spec.strategy.rollingUpdate.maxSurge: Invalid value: "150%": must not be greater than 100%`},
		{"container port out of range", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Ports[0].ContainerPort = 70000
		}, "spec.template.spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive"},
		{"no image", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Image = ""
		}, "spec.template.spec.containers[0].image: Required value"},
		// v1.32's API server takes "1BAD" and "MY VAR" (relaxed rule), as
		// the oracle did; '=' and non-ASCII it still refuses.
		{"env name with '='", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Env = []api.EnvVar{{Name: "1 OK.name-1", Value: "x"}, {Name: "a=b", Value: "x"}}
		}, `spec.template.spec.containers[0].env[1].name: Invalid value: "a=b": ` + api.RelaxedEnvVarNameMsg},
		{"env name beyond ASCII", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Env = []api.EnvVar{{Name: "é"}}
		}, `spec.template.spec.containers[0].env[0].name: Invalid value: "é": ` + api.RelaxedEnvVarNameMsg},
		{"env without a name", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Env = []api.EnvVar{{Value: "x"}}
		}, "spec.template.spec.containers[0].env[0].name: Required value"},
		{"request above its limit", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Resources = api.ResourceRequirements{
				Limits:   api.ResourceList{"cpu": api.MustParseQuantity("500m"), "memory": api.MustParseQuantity("1Gi")},
				Requests: api.ResourceList{"cpu": api.MustParseQuantity("1"), "memory": api.MustParseQuantity("1Gi")}}
		}, `spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m`},
		{"negative request", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Resources = api.ResourceRequirements{
				Requests: api.ResourceList{"cpu": api.MustParseQuantity("-1")}}
		}, `spec.template.spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0`},
		{"negative limit", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Resources = api.ResourceRequirements{
				Limits: api.ResourceList{"memory": api.MustParseQuantity("-5Gi")}}
		}, `spec.template.spec.containers[0].resources.limits[memory]: Invalid value: "-5Gi": must be greater than or equal to 0`},
		{"negative init container request", func(d *api.Deployment) {
			d.Spec.Template.Spec.InitContainers = []api.Container{{Name: "init", Image: "busybox",
				Resources: api.ResourceRequirements{Requests: api.ResourceList{"cpu": api.MustParseQuantity("-100m")}}}}
		}, `spec.template.spec.initContainers[0].resources.requests[cpu]: Invalid value: "-100m": must be greater than or equal to 0`},
		{"request and limit both capped at 2^63-1 units are equal", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Resources = api.ResourceRequirements{
				Limits:   api.ResourceList{"cpu": api.MustParseQuantity("8Ei")},
				Requests: api.ResourceList{"cpu": api.MustParseQuantity("16Ei")}}
			d.Spec.Replicas = api.Ptr[int32](-1) // so the one error is this one, as upstream
		}, `spec.replicas: Invalid value: -1: must be greater than or equal to 0`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := courseDeployment()
			tc.change(d)
			err := api.Validate(d, nil)
			require.Error(t, err)
			assert.True(t, api.IsInvalid(err))
			var se *api.StatusError
			require.ErrorAs(t, err, &se)
			require.Len(t, se.Causes, 1, "%v", err)
			assert.Equal(t, tc.want, se.Causes[0].Error())
		})
	}
}

// kubectl prints an Invalid error as `The <Kind> "<name>" is invalid: `
// followed by the causes; the StatusError carries what it needs.
func TestInvalidErrorAsKubectlPrintsIt(t *testing.T) {
	d := courseDeployment()
	d.Name = "x"
	d.Spec.Replicas = api.Ptr[int32](-1)
	err := api.Validate(d, nil)
	var se *api.StatusError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, api.ReasonInvalid, se.Reason)
	assert.Equal(t, "Deployment", se.Kind)
	assert.Equal(t, "x", se.Name)
	assert.Equal(t, `Deployment "x" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`, se.Message)
	assert.Equal(t, `The Deployment "x" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`,
		"The "+se.Message)

	// Several causes are listed in brackets, comma-separated.
	d.Spec.Template.Spec.RestartPolicy = "Never"
	err = api.Validate(d, nil)
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `Deployment "x" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, `+
		`spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"]`, se.Message)
}

func TestSelectorIsImmutable(t *testing.T) {
	old := courseDeployment()
	d := courseDeployment()
	d.Spec.Selector = &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx", "track": "stable"}}
	d.Spec.Template.Labels["track"] = "stable"
	err := api.Validate(d, old)
	require.Error(t, err)
	assert.Contains(t, err.Error(),
		`spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"nginx", "track":"stable"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable`)
	assert.NoError(t, api.Validate(courseDeployment(), old), "an unchanged selector is fine")
}

func TestValidateNames(t *testing.T) {
	pod := func(name string) *api.Pod {
		p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name}, Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "busybox"}}}}
		api.Default(p)
		return p
	}
	for _, ok := range []string{"web", "web-0", "a.b.c", "0abc", strings.Repeat("a", 253)} {
		assert.NoError(t, api.Validate(pod(ok), nil), ok)
	}
	for _, bad := range []string{"Web", "-web", "web-", "web_0", "a..b", "web 0", strings.Repeat("a", 254)} {
		assert.Error(t, api.Validate(pod(bad), nil), bad)
	}
	// Namespaces are DNS labels: no dots, at most 63 characters.
	ns := func(name string) *api.Namespace { return &api.Namespace{ObjectMeta: api.ObjectMeta{Name: name}} }
	assert.NoError(t, api.Validate(ns("lesson-1"), nil))
	err := api.Validate(ns("a.b"), nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `metadata.name: Invalid value: "a.b": a lowercase RFC 1123 label must consist of`)
	assert.Error(t, api.Validate(ns(strings.Repeat("a", 64)), nil))
}

func TestValidatePod(t *testing.T) {
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{
		RestartPolicy: "Sometimes",
		Containers:    []api.Container{{Name: "c", Image: "busybox"}, {Name: "c", Image: "busybox"}},
	}}
	err := api.Validate(p, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `spec.containers[1].name: Duplicate value: "c"`)
	assert.Contains(t, err.Error(), `spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"`)

	p = &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{RestartPolicy: "Never"}}
	api.SetKind(p) // Validate names the kind from TypeMeta, which Default fills
	err = api.Validate(p, nil)
	require.Error(t, err)
	assert.Equal(t, `Pod "p" is invalid: spec.containers: Required value`, err.Error())
}

// Keys of a ConfigMap's and a Secret's data follow IsConfigMapKey.
func TestConfigKeyErrors(t *testing.T) {
	const chars = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"
	for key, want := range map[string][]string{
		"game.properties": nil, "KEY_NAME": nil, "key-name": nil, ".hidden": nil, "a..b": nil,
		"":                       {chars},
		"a b":                    {chars},
		"a/b":                    {chars},
		".":                      {"must not be '.'"},
		"..":                     {"must not be '..'"},
		"..data":                 {"must not start with '..'"},
		strings.Repeat("k", 254): {"must be no more than 253 characters"},
	} {
		assert.Equal(t, want, api.ConfigKeyErrors(key), "%q", key)
	}
}

func TestValidateConfigMapAndSecretKeys(t *testing.T) {
	cm := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "game", Namespace: "default"},
		Data:       map[string]string{"ok": "1", "a b": "2", "both": "3"},
		BinaryData: map[string]string{"both": "AA==", "..x": "AA=="}}
	assert.EqualError(t, api.Validate(cm, nil), `ConfigMap "game" is invalid: [`+
		`data[a b]: Invalid value: "a b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+'), `+
		`data[both]: Invalid value: "both": duplicate of key present in binaryData, `+
		`binaryData[..x]: Invalid value: "..x": must not start with '..']`)

	s := &api.Secret{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"}, Data: map[string]string{"pass word": "cHc="}}
	assert.EqualError(t, api.Validate(s, nil), `Secret "db" is invalid: data[pass word]: Invalid value: "pass word": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`)
	assert.NoError(t, api.Validate(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "ok", Namespace: "default"}, Data: map[string]string{"game.properties": "x"}}, nil))
}

// Environment variable names: [-._a-zA-Z][-._a-zA-Z0-9]*, as kubectl set
// env checks them (and the API server did before v1.32).
// The API server's rule since v1.32: printable ASCII other than '='
// (apimachinery's IsRelaxedEnvVarName).
func TestIsRelaxedEnvVarName(t *testing.T) {
	for name, want := range map[string]bool{
		"PATH": true, "1a": true, "a b": true, "a$": true, "~!": true,
		"": false, "a=b": false, "é": false, "a\tb": false, "a\x7f": false,
	} {
		assert.Equal(t, want, api.IsRelaxedEnvVarName(name), "%q", name)
	}
}

func TestIsEnvVarName(t *testing.T) {
	for name, want := range map[string]bool{
		"PATH": true, "my.env-name": true, "MY_ENV.NAME": true, "MyEnvName1": true, "_x": true, "-x": true, ".x": true,
		"": false, "1a": false, "a b": false, "a=b": false, "é": false, "a$": false,
	} {
		assert.Equal(t, want, api.IsEnvVarName(name), "%q", name)
	}
}
