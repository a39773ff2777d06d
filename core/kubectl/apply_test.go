package kubectl

import (
	"fmt"
	"github.com/kubeloop/kubeloop/core/examples"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

const nginxYAML = examples.NginxDeployment

func getDeployment(t *testing.T, e *fakeEnv, name string) *api.Deployment {
	t.Helper()
	o, err := e.st.Get(api.Deployments, "default", name)
	require.NoError(t, err)
	return o.(*api.Deployment)
}

func TestApplyCreatesConfiguresAndLeavesUnchanged(t *testing.T) {
	e := newEnv(t)
	e.files["nginx.yaml"] = nginxYAML
	r := e.run("kubectl apply -f nginx.yaml")
	assert.Equal(t, "deployment.apps/nginx-deployment created\n", r.Stdout)
	assert.Empty(t, r.Stderr)
	d := getDeployment(t, e, "nginx-deployment")
	assert.Equal(t, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"labels":{"app":"nginx"},"name":"nginx-deployment","namespace":"default"},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.7.9","name":"nginx","ports":[{"containerPort":80}]}]}}}}`+"\n",
		d.Annotations[LastAppliedAnnotation])

	r = e.run("kubectl apply -f nginx.yaml")
	assert.Equal(t, "deployment.apps/nginx-deployment unchanged\n", r.Stdout)

	// Fields the previous manifest had and this one drops are removed
	// (replicas goes back to its default); fields set outside any manifest
	// are kept (the team label).
	e.update("deploy", "default", "nginx-deployment", func(o api.Object) {
		o.GetObjectMeta().Labels["team"] = "web"
	})
	e.files["nginx.yaml"] = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    tier: web
spec:
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
`
	r = Run(e, "kubectl apply -f -", e.files["nginx.yaml"])
	assert.Equal(t, "deployment.apps/nginx-deployment configured\n", r.Stdout)
	d = getDeployment(t, e, "nginx-deployment")
	assert.Equal(t, int32(1), *d.Spec.Replicas)
	assert.Equal(t, "nginx:1.9.1", d.Spec.Template.Spec.Containers[0].Image)
	assert.Nil(t, d.Spec.Template.Spec.Containers[0].Ports, "ports were applied before and are gone now")
	assert.Equal(t, map[string]string{"team": "web", "tier": "web"}, d.Labels)
	assert.Equal(t, int64(2), d.Generation)

	// A replica count set by kubectl scale survives a manifest that never
	// mentioned replicas.
	e.run("kubectl scale deployment nginx-deployment --replicas=5")
	r = e.run("kubectl apply -f nginx.yaml")
	assert.Equal(t, "deployment.apps/nginx-deployment unchanged\n", r.Stdout)
	assert.Equal(t, int32(5), *getDeployment(t, e, "nginx-deployment").Spec.Replicas)
}

func TestApplyLibraryReturnsLinesAndErrors(t *testing.T) {
	e := newEnv(t)
	d := deployment("web", 1, "nginx")
	bad := deployment("bad", -1, "nginx")
	lines, err := Apply(e.st, []api.Object{d, bad})
	assert.Equal(t, []string{"deployment.apps/web created"}, lines)
	assert.EqualError(t, err, `The Deployment "bad" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`)
	lines, err = Apply(e.st, []api.Object{d})
	assert.NoError(t, err)
	assert.Equal(t, []string{"deployment.apps/web unchanged"}, lines)
}

func TestApplyWarnsAboutObjectsCreatedWithoutIt(t *testing.T) {
	e := newEnv(t)
	e.files["nginx.yaml"] = nginxYAML
	r := e.run("kubectl create -f nginx.yaml")
	assert.Equal(t, "deployment.apps/nginx-deployment created\n", r.Stdout)
	r = e.run("kubectl apply -f nginx.yaml")
	assert.Equal(t, "deployment.apps/nginx-deployment configured\n", r.Stdout)
	assert.Contains(t, r.Stderr, "Warning: resource deployments/nginx-deployment is missing the kubectl.kubernetes.io/last-applied-configuration annotation")
	assert.Equal(t, 0, r.ExitCode)
}

func TestApplyAndCreateErrors(t *testing.T) {
	e := newEnv(t)
	e.files["nginx.yaml"] = nginxYAML
	e.files["bad.yaml"] = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  replica: 3\n"
	e.files["tab.yaml"] = "apiVersion: v1\n\tkind: Pod\n"
	e.files["tab2.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\n\tmetadata: {}\n"
	e.files["three.yaml"] = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: three\nspec:\n  replicas: three\n"
	e.files["invalid.yaml"] = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: -1
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx
`
	tests := []struct{ cmd, stdout, stderr string }{
		{"kubectl create -f nginx.yaml", "deployment.apps/nginx-deployment created\n", ""},
		{"kubectl create -f nginx.yaml", "",
			"Error from server (AlreadyExists): error when creating \"nginx.yaml\": deployments.apps \"nginx-deployment\" already exists\n"},
		{"kubectl apply -f missing.yaml", "", "error: the path \"missing.yaml\" does not exist\n"},
		{"kubectl apply", "", "error: must specify one of -f and -k\n"},
		// The server's strict field validation refuses an unknown field
		// (kubectl's default --validate=strict); a syntax error is kubectl's own.
		{"kubectl apply -f bad.yaml", "", "Error from server (BadRequest): error when creating \"bad.yaml\": Deployment in version \"v1\" cannot be handled as a Deployment: strict decoding error: unknown field \"spec.replica\"\n"},
		// kubectl's reader is go-yaml v2, which counts lines from the
		// document after its "---".
		{"kubectl apply -f tab.yaml", "", "error: error parsing tab.yaml: error converting YAML to JSON: yaml: line 2: found character that cannot start any token\n"},
		{"kubectl apply -f tab2.yaml", "", "error: error parsing tab2.yaml: error converting YAML to JSON: yaml: line 3: found character that cannot start any token\n"},
		// A value of the wrong type is the server's JSON decoder's to refuse.
		{"kubectl apply -f three.yaml", "", "Error from server (BadRequest): error when creating \"three.yaml\": Deployment in version \"v1\" cannot be handled as a Deployment: " +
			"json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32\n"},
		{"kubectl create -f three.yaml", "", "Error from server (BadRequest): error when creating \"three.yaml\": Deployment in version \"v1\" cannot be handled as a Deployment: " +
			"json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32\n"},
		{"kubectl apply -f invalid.yaml", "", "The Deployment \"nginx\" is invalid: \n" +
			"* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n" +
			"* spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"web\"}: `selector` does not match template `labels`\n"},
		{"kubectl apply -n other -f nginx.yaml", "", "Error from server (NotFound): error when creating \"nginx.yaml\": namespaces \"other\" not found\n"},
	}
	for _, tt := range tests {
		r := e.run(tt.cmd)
		assert.Equal(t, tt.stdout, r.Stdout, tt.cmd)
		assert.Equal(t, tt.stderr, r.Stderr, tt.cmd)
		assert.Equal(t, map[bool]int{true: 1, false: 0}[tt.stderr != ""], r.ExitCode, tt.cmd)
	}
}

func TestRecordWritesChangeCause(t *testing.T) {
	e := newEnv(t)
	e.files["nginx-deployment.yaml"] = nginxYAML
	r := e.run("kubectl create -f nginx-deployment.yaml --record")
	require.Equal(t, "deployment.apps/nginx-deployment created\n", r.Stdout)
	cause := func() string { return getDeployment(t, e, "nginx-deployment").Annotations[ChangeCauseAnnotation] }
	assert.Equal(t, "kubectl create --filename=nginx-deployment.yaml --record=true", cause())

	// Later commands leave it without --record, as kubectl v1.32 does ...
	r = e.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.91")
	assert.Equal(t, "deployment.apps/nginx-deployment image updated\n", r.Stdout)
	assert.Equal(t, "kubectl create --filename=nginx-deployment.yaml --record=true", cause())
	assert.Equal(t, "nginx:1.91", getDeployment(t, e, "nginx-deployment").Spec.Template.Spec.Containers[0].Image)

	// ... and with --record=false; --record writes the new command.
	r = e.run("kubectl scale deployment/nginx-deployment --replicas=2 --record=false")
	assert.Equal(t, "deployment.apps/nginx-deployment scaled\n", r.Stdout)
	assert.Equal(t, "kubectl create --filename=nginx-deployment.yaml --record=true", cause())
	assert.Equal(t, int32(2), *getDeployment(t, e, "nginx-deployment").Spec.Replicas)
	r = e.run("kubectl scale deployment nginx-deployment --replicas=4 --record")
	assert.Equal(t, "deployment.apps/nginx-deployment scaled\n", r.Stdout)
	assert.Equal(t, "kubectl scale deployment nginx-deployment --replicas=4 --record=true", cause())

	// Setting the image it already has changes nothing and prints nothing.
	r = e.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.91")
	assert.Equal(t, "", r.Stdout)
}

func TestScaleAndSetImageErrors(t *testing.T) {
	e := clusterEnv(t)
	tests := []struct{ cmd, stderr string }{
		{"kubectl scale deployment/nginx-deployment", "error: required flag(s) \"replicas\" not set\n"},
		{"kubectl scale deployment/nginx-deployment --replicas=-1", "error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n"},
		{"kubectl scale deployment/nope --replicas=1", "Error from server (NotFound): deployments.apps \"nope\" not found\n"},
		{"kubectl set image deployment/nginx-deployment web=nginx:2", "error: unable to find container named \"web\"\n"},
		{"kubectl set image deploy/nope nginx=nginx:2", "Error from server (NotFound): deployments.apps \"nope\" not found\n"},
		{"kubectl set serviceaccount deploy/nope sa", "error: unknown command \"serviceaccount\"\nSee 'kubectl set -h' for help and examples\n"},
		{"kubectl scale deploy/nope --replicas=abc", "Error: invalid argument \"abc\" for \"--replicas\" flag: strconv.ParseInt: parsing \"abc\": invalid syntax\nSee 'kubectl scale --help' for usage.\n"},
	}
	for _, tt := range tests {
		r := e.run(tt.cmd)
		assert.Equal(t, "", r.Stdout, tt.cmd)
		assert.Equal(t, tt.stderr, r.Stderr, tt.cmd)
		assert.Equal(t, 1, r.ExitCode, tt.cmd)
	}
	r := e.run("kubectl scale rs nginx-deployment-5bf87f5f59 --replicas=1")
	assert.Equal(t, "replicaset.apps/nginx-deployment-5bf87f5f59 scaled\n", r.Stdout)
}

// Unknown fields are the API server's to refuse (strict field validation):
// kubectl sends each object in turn, so the documents before and after
// the refused one are written, and the error comes after the successes.
func TestUnknownFieldsAreRefusedByTheServer(t *testing.T) {
	e := newEnv(t)
	e.files["two.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\ndata: {}\nbinaryDta: {}\nextra: 1\n" +
		"---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: good\n"
	const refused = "Error from server (BadRequest): error when %s \"two.yaml\": ConfigMap in version \"v1\" cannot be handled as a ConfigMap: " +
		"strict decoding error: unknown field \"binaryDta\", unknown field \"extra\"\n"

	r := e.run("kubectl create -f two.yaml")
	assert.Equal(t, "configmap/good created\n", r.Stdout)
	assert.Equal(t, fmt.Sprintf(refused, "creating"), r.Stderr)
	assert.Equal(t, 1, r.ExitCode)
	_, err := e.st.Get(api.ConfigMaps, "default", "bad")
	assert.True(t, api.IsNotFound(err), "the refused object is not written")

	r = Run(e, "kubectl create -f -", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  replica: 3\n")
	assert.Equal(t, "Error from server (BadRequest): error when creating \"STDIN\": Deployment in version \"v1\" cannot be handled as a Deployment: "+
		"strict decoding error: unknown field \"spec.replica\"\n", r.Stderr)

	// delete -f reads only kind and name, as kubectl's loose reading does.
	r = e.run("kubectl delete -f two.yaml")
	assert.Equal(t, "configmap \"good\" deleted\n", r.Stdout)
	assert.Contains(t, r.Stderr, `configmaps "bad" not found`)
}

// Applying unknown fields to an existing object is a strategic merge patch
// the server refuses as an invalid "patch": kubectl prints the patch it
// sent — the new last-applied annotation and what changed.
func TestApplyUnknownFieldToAnExistingObject(t *testing.T) {
	e := newEnv(t)
	e.files["cm.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: \"1\"\n"
	e.files["typo.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: \"2\"\nextra: 1\n"
	require.Equal(t, "configmap/cm created\n", e.run("kubectl apply -f cm.yaml").Stdout)

	r := e.run("kubectl apply -f typo.yaml")

	applied := `{"apiVersion":"v1","data":{"a":"2"},"extra":1,"kind":"ConfigMap","metadata":{"annotations":{},"name":"cm","namespace":"default"}}` + "\n"
	patch := "map[data:map[a:2] extra:1 metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:" + applied + "]]]"
	assert.Equal(t, fmt.Sprintf("The request is invalid: patch: Invalid value: %q: strict decoding error: unknown field \"extra\"\n", patch), r.Stderr)
	assert.Equal(t, 1, r.ExitCode)
	cm, err := e.st.Get(api.ConfigMaps, "default", "cm")
	require.NoError(t, err)
	assert.Equal(t, "1", cm.(*api.ConfigMap).Data["a"], "nothing is written")
}

// A value of the wrong type in an apply to an existing object reaches the
// patch handler, whose typed conversion (k8s.io/apimachinery's
// unstructured converter) words it, before any unknown field.
func TestApplyWrongValueToAnExistingObject(t *testing.T) {
	e := newEnv(t)
	e.files["cm.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: \"1\"\n"
	e.files["wrong.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata: [a]\nextra: 1\n"
	require.Equal(t, "configmap/cm created\n", e.run("kubectl apply -f cm.yaml").Stdout)

	r := e.run("kubectl apply -f wrong.yaml")

	assert.True(t, strings.HasPrefix(r.Stderr, "The request is invalid: patch: Invalid value: \"map[data:[a] extra:1 metadata:"), r.Stderr)
	assert.True(t, strings.HasSuffix(r.Stderr, "\": cannot restore map from slice\n"), r.Stderr)
	assert.Equal(t, 1, r.ExitCode)
	cm, err := e.st.Get(api.ConfigMaps, "default", "cm")
	require.NoError(t, err)
	assert.Equal(t, "1", cm.(*api.ConfigMap).Data["a"], "nothing is written")
}
