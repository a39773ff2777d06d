package apiserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The real kubectl against the handler, through the test host. The
// expected output is what the same kubectl printed against the real
// v1.32.13 server for the same requests.

// writeFile writes a file for kubectl -f and returns its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	return p
}

func TestTheRealKubectlDrivesCRUDWithRawRequests(t *testing.T) {
	h := newTestHost(t)
	deps := "/apis/apps/v1/namespaces/default/deployments"
	web := writeFile(t, "web.json", webDeployment)

	out, err := h.kubectl(t, "", "get", "--raw", "/api/v1/namespaces/default/pods/x")
	require.Error(t, err)
	assert.Equal(t, "Error from server (NotFound): pods \"x\" not found\n", out)

	out, err = h.kubectl(t, "", "create", "--raw", deps, "-f", web)
	require.NoError(t, err, out)
	assert.True(t, strings.HasPrefix(out, `{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"default",`), out)

	out, err = h.kubectl(t, "", "create", "--raw", deps, "-f", web)
	require.Error(t, err)
	assert.Equal(t, "Error from server (AlreadyExists): deployments.apps \"web\" already exists\n", out)

	bad := writeFile(t, "bad.json", `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"bad"},"spec":{"replicas":-1,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"x"}},"spec":{"containers":[{"name":"n","image":"nginx"}]}}}}`)
	out, err = h.kubectl(t, "", "create", "--raw", deps, "-f", bad)
	require.Error(t, err)
	assert.Equal(t, "The Deployment \"bad\" is invalid: \n"+
		"* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n"+
		"* spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"x\"}: `selector` does not match template `labels`\n", out)

	unknown := writeFile(t, "u.json", strings.NewReplacer(`"replicas":2`, `"replica":2`, `"name":"web"`, `"name":"u"`).Replace(webDeployment))
	out, err = h.kubectl(t, "", "create", "--raw", deps+"?fieldValidation=Strict", "-f", unknown)
	require.Error(t, err)
	assert.Equal(t, "Error from server (BadRequest): Deployment in version \"v1\" cannot be handled as a Deployment: strict decoding error: unknown field \"spec.replica\"\n", out)
	out, err = h.kubectl(t, "", "create", "--raw", deps+"?dryRun=All", "-f", unknown)
	require.NoError(t, err, out)
	assert.True(t, strings.HasPrefix(out, "Warning: unknown field \"spec.replica\"\n{\"kind\":\"Deployment\""), out)

	yamlFile := writeFile(t, "web.yaml", "apiVersion: apps/v1\nkind: Deployment\n")
	out, err = h.kubectl(t, "", "create", "--raw", deps, "-f", yamlFile)
	require.Error(t, err)
	// kubectl sends the file as it is, as JSON.
	assert.Equal(t, "Error from server (BadRequest): the object provided is unrecognized (must be of type Deployment): couldn't get version/kind; json parse error: invalid character 'a' looking for beginning of value (61706956657273696f6e3a20617070732f76310a6b696e643a204465706c ...)\n", out)

	stale := writeFile(t, "stale.json", strings.Replace(webDeployment, `"name":"web",`, `"name":"web","resourceVersion":"1",`, 1))
	out, err = h.kubectl(t, "", "replace", "--raw", deps+"/web", "-f", stale)
	require.Error(t, err)
	assert.Equal(t, "Error from server (Conflict): Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; please apply your changes to the latest version and try again\n", out)

	h.advance(time.Minute)
	out, err = h.kubectl(t, "", "get", "--raw", "/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&limit=1")
	require.NoError(t, err, out)
	assert.Contains(t, out, `"continue":"`)
	assert.NotContains(t, out, `"remainingItemCount"`, "not given with a selector")

	out, err = h.kubectl(t, "", "delete", "--raw", deps+"/web")
	require.NoError(t, err, out)
	assert.True(t, strings.HasPrefix(out, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","details":{"name":"web","group":"apps","kind":"deployments","uid":"`), out)
}

// TestTheRealKubectlDrivesCRUD runs kubectl as a learner would.
func TestTheRealKubectlDrivesCRUD(t *testing.T) {
	h := newTestHost(t)
	web := writeFile(t, "web.yaml", `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx
`)
	out, err := h.kubectl(t, "", "create", "-f", web)
	require.NoError(t, err, out)
	assert.Equal(t, "deployment.apps/web created\n", out)

	out, err = h.kubectl(t, "", "create", "-f", web)
	require.Error(t, err)
	assert.Equal(t, "Error from server (AlreadyExists): error when creating \""+web+"\": deployments.apps \"web\" already exists\n", out)

	h.advance(time.Minute)
	out, err = h.kubectl(t, "", "get", "deploy", "web", "-o", "yaml")
	require.NoError(t, err, out)
	assert.Contains(t, out, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n")
	assert.Contains(t, out, "  name: web\n  namespace: default\n")
	assert.Contains(t, out, "  replicas: 2\n")

	out, err = h.kubectl(t, "", "get", "pods", "-l", "app=web", "-o", "name")
	require.NoError(t, err, out)
	assert.Len(t, strings.Fields(out), 2, out)
	for _, p := range strings.Fields(out) {
		assert.True(t, strings.HasPrefix(p, "pod/web-"), p)
	}

	// A replace with the resourceVersion of a read before a change.
	live, err := h.kubectl(t, "", "get", "deploy", "web", "-o", "yaml")
	require.NoError(t, err, live)
	out, err = h.kubectl(t, "", "scale", "deploy", "web", "--replicas=1")
	require.NoError(t, err, out)
	stale := writeFile(t, "stale.yaml", live)
	out, err = h.kubectl(t, "", "replace", "-f", stale)
	require.Error(t, err)
	assert.Equal(t, "Error from server (Conflict): error when replacing \""+stale+"\": Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; please apply your changes to the latest version and try again\n", out)

	unknown := writeFile(t, "unknown.yaml", strings.Replace(mustRead(t, web), "  replicas: 2", "  replica: 2", 1))
	out, err = h.kubectl(t, "", "create", "-f", unknown)
	require.Error(t, err)
	assert.Equal(t, "Error from server (BadRequest): error when creating \""+unknown+"\": Deployment in version \"v1\" cannot be handled as a Deployment: strict decoding error: unknown field \"spec.replica\"\n", out)

	out, err = h.kubectl(t, "", "delete", "deploy", "web")
	require.NoError(t, err, out)
	assert.Equal(t, "deployment.apps \"web\" deleted\n", out)
	out, err = h.kubectl(t, "", "get", "deploy", "web")
	require.Error(t, err)
	assert.Equal(t, "Error from server (NotFound): deployments.apps \"web\" not found\n", out)
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}
