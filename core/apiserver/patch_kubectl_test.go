// These send PATCH over HTTP and run the real kubectl patch and apply
// against the served cluster, so they need the CRUD handler (resource.go
// dispatches PATCH here; kubectl creates and reads through it), discovery
// and OpenAPI: the lead drops the build constraint above once those parts
// are merged. The expected outputs are what the same commands printed
// against the v1.32.13 API server.

package apiserver

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// patchOverHTTP sends a PATCH to the host as any HTTP client would.
func (h *testHost) patchOverHTTP(t *testing.T, path, query, contentType, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("PATCH", h.http.URL+path+"?"+query, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", contentType)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// runKubectl runs the real kubectl and fails the test on an error.
func (h *testHost) runKubectl(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, err := h.kubectl(t, stdin, args...)
	require.NoError(t, err, out)
	return out
}

func TestPatchesOverHTTPReachTheHandler(t *testing.T) {
	h := newTestHost(t)
	h.runKubectl(t, "", "create", "deployment", "web", "--image=nginx")

	code, body := h.patchOverHTTP(t, webPath, "fieldManager=curl", "application/strategic-merge-patch+json",
		`{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}}}}`)
	require.Equal(t, 200, code, body)
	assert.Contains(t, body, `"image":"nginx:1.25"`)

	code, body = h.patchOverHTTP(t, webPath, "", "application/json-patch+json", `[{"op":"test","path":"/spec/replicas","value":9}]`)
	assert.Equal(t, 422, code)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server rejected our request due to an error in our request","reason":"Invalid","details":{},"code":422}`, body)

	code, body = h.patchOverHTTP(t, "/apis/apps/v1/namespaces/default/deployments/nope", "", "application/merge-patch+json", `{}`)
	assert.Equal(t, 404, code)
	assert.Contains(t, body, `"message":"deployments.apps \"nope\" not found"`)

	out := h.runKubectl(t, "", "get", "deployment", "web", "-o", "jsonpath={.spec.template.spec.containers[0].image}")
	assert.Equal(t, "nginx:1.25", out)
}

func TestTheRealKubectlPatches(t *testing.T) {
	h := newTestHost(t)
	h.runKubectl(t, "", "create", "deployment", "web", "--image=nginx")
	assert.Equal(t, "deployment.apps/web patched\n", h.runKubectl(t, "", "patch", "deploy", "web", "-p", `{"spec":{"replicas":3}}`))
	assert.Equal(t, "deployment.apps/web patched (no change)\n", h.runKubectl(t, "", "patch", "deploy", "web", "-p", `{"spec":{"replicas":3}}`))
	out, err := h.kubectl(t, "", "patch", "deploy", "web", "--type=json", "-p", `[{"op":"remove","path":"/spec/nope"}]`)
	assert.Error(t, err)
	assert.Equal(t, "The request is invalid: the server rejected our request due to an error in our request\n", out)
	assert.Equal(t, "deployment.apps/web patched\n", h.runKubectl(t, "", "patch", "deploy", "web", "--type=merge", "-p", `{"metadata":{"labels":{"tier":"web"}}}`))
	assert.Equal(t, "3 web", h.runKubectl(t, "", "get", "deploy", "web", "-o", "jsonpath={.spec.replicas} {.metadata.labels.tier}"))
}

func TestTheRealKubectlAppliesServerSide(t *testing.T) {
	h := newTestHost(t)
	h.runKubectl(t, "", "create", "deployment", "web", "--image=nginx")
	h.runKubectl(t, "", "patch", "deploy", "web", "-p", `{"spec":{"replicas":3}}`)
	out, err := h.kubectl(t, webManifest, "apply", "--server-side", "-f", "-")
	assert.Error(t, err)
	assert.Equal(t, `error: Apply failed with 2 conflicts: conflicts with "kubectl-create" using apps/v1:
- .spec.template.spec.containers[name="nginx"].image
conflicts with "kubectl-patch" using apps/v1:
- .spec.replicas
Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the `+"`--force-conflicts`"+` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts
`, out)
	assert.Equal(t, "deployment.apps/web serverside-applied\n", h.runKubectl(t, webManifest, "apply", "--server-side", "--force-conflicts", "-f", "-"))
	assert.Equal(t, "deployment.apps/web serverside-applied\n", h.runKubectl(t, webManifest, "apply", "--server-side", "-f", "-"))
	assert.Equal(t, "2 nginx:1.25", h.runKubectl(t, "", "get", "deploy", "web", "-o", "jsonpath={.spec.replicas} {.spec.template.spec.containers[0].image}"))
	out = h.runKubectl(t, "", "get", "deploy", "web", "-o", "yaml", "--show-managed-fields")
	assert.Contains(t, out, "    manager: kubectl\n    operation: Apply\n")
	assert.Contains(t, out, "    manager: kubectl-create\n    operation: Update\n")
	assert.NotContains(t, h.runKubectl(t, "", "get", "deploy", "web", "-o", "yaml"), "managedFields")
}

func TestTheRealKubectlAppliesClientSide(t *testing.T) {
	h := newTestHost(t)
	dir := t.TempDir()
	web := filepath.Join(dir, "web.yaml")
	web4 := filepath.Join(dir, "web4.yaml")
	require.NoError(t, os.WriteFile(web, []byte(webManifest), 0o600))
	require.NoError(t, os.WriteFile(web4, []byte(strings.Replace(webManifest, "replicas: 2", "replicas: 4", 1)), 0o600))
	assert.Equal(t, "deployment.apps/web created\n", h.runKubectl(t, "", "apply", "-f", web))
	assert.Equal(t, "deployment.apps/web configured\n", h.runKubectl(t, "", "apply", "-f", web4))
	assert.Equal(t, "deployment.apps/web unchanged\n", h.runKubectl(t, "", "apply", "-f", web4))
	assert.Equal(t, "4", h.runKubectl(t, "", "get", "deploy", "web", "-o", "jsonpath={.spec.replicas}"))
	// Recreate: kubectl's patch says $retainKeys: [type], which clears the
	// defaulted rollingUpdate (a Recreate deployment may not have one).
	recreate := filepath.Join(dir, "recreate.yaml")
	require.NoError(t, os.WriteFile(recreate, []byte(strings.Replace(webManifest, "  replicas: 2\n", "  replicas: 4\n  strategy:\n    type: Recreate\n", 1)), 0o600))
	assert.Equal(t, "deployment.apps/web configured\n", h.runKubectl(t, "", "apply", "-f", recreate))
	assert.Equal(t, `{"type":"Recreate"}`, h.runKubectl(t, "", "get", "deploy", "web", "-o", "jsonpath={.spec.strategy}"))
	// Moving to server-side apply takes over the client-side applied fields.
	assert.Equal(t, "deployment.apps/web serverside-applied\n", h.runKubectl(t, "", "apply", "--server-side", "-f", web))
	assert.Equal(t, "2", h.runKubectl(t, "", "get", "deploy", "web", "-o", "jsonpath={.spec.replicas}"))
}
