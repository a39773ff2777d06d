package apiserver

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/site/data"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openAPIIndex is /openapi/v3 decoded.
type openAPIIndex struct {
	Paths map[string]struct {
		ServerRelativeURL string `json:"serverRelativeURL"`
	} `json:"paths"`
}

func getOpenAPI(t *testing.T, s *Server, path string, query map[string][]string, header map[string][]string) *Response {
	t.Helper()
	return s.Serve(&Request{Method: "GET", Path: path, Query: query, Header: header})
}

func readIndex(t *testing.T, s *Server) openAPIIndex {
	t.Helper()
	resp := getOpenAPI(t, s, "/openapi/v3", nil, nil)
	require.Equal(t, 200, resp.Code)
	var idx openAPIIndex
	require.NoError(t, json.Unmarshal(resp.Body, &idx))
	return idx
}

func TestTheOpenAPIIndexNamesEachGroupVersionWithItsHash(t *testing.T) {
	s := newServer(t)
	idx := readIndex(t, s)
	for _, k := range api.Kinds {
		path := "apis/" + k.APIVersion()
		if k.Group == "" {
			path = "api/" + k.Version
		}
		require.Contains(t, idx.Paths, path)
		u := idx.Paths[path].ServerRelativeURL
		assert.Regexp(t, `^/openapi/v3/`+path+`\?hash=[0-9A-F]{128}$`, u)
	}
	assert.Len(t, idx.Paths, 11, "one document per group-version the sandbox serves")
}

func TestADocumentIsServedAtItsHashForGoodAndRedirectedFromAnOldOne(t *testing.T) {
	s := newServer(t)
	u := readIndex(t, s).Paths["apis/apps/v1"].ServerRelativeURL
	path, hash, _ := strings.Cut(u, "?hash=")

	at := getOpenAPI(t, s, path, map[string][]string{"hash": {hash}}, map[string][]string{"Accept": {"application/json"}})
	require.Equal(t, 200, at.Code)
	assert.Equal(t, "public, immutable", at.Header["Cache-Control"])
	assert.Equal(t, `"`+hash+`"`, at.Header["Etag"])
	assert.Equal(t, "application/json", at.Header["Content-Type"])

	plain := getOpenAPI(t, s, path, nil, nil)
	require.Equal(t, 200, plain.Code)
	assert.Equal(t, "no-cache, private", plain.Header["Cache-Control"])
	assert.Equal(t, at.Body, plain.Body)

	// As a v1.32 API server answers a stale hash: 301 to the current one.
	old := getOpenAPI(t, s, path, map[string][]string{"hash": {"WRONG"}}, nil)
	assert.Equal(t, 301, old.Code)
	assert.Equal(t, u, old.Header["Location"])
	assert.Empty(t, old.Body)

	again := getOpenAPI(t, s, path, nil, map[string][]string{"If-None-Match": {`"` + hash + `"`}})
	assert.Equal(t, 304, again.Code)
}

func TestAnUnknownOpenAPIPathIsAnEmpty404(t *testing.T) {
	s := newServer(t)
	for _, p := range []string{"/openapi/v3/apis/nope/v1", "/openapi/v3/", "/openapi/v3/apis/apps"} {
		resp := getOpenAPI(t, s, p, nil, nil)
		assert.Equal(t, 404, resp.Code, p)
		assert.Empty(t, resp.Body, p)
	}
}

func TestOnlyJSONIsServedNotProtobuf(t *testing.T) {
	s := newServer(t)
	resp := getOpenAPI(t, s, "/openapi/v3/api/v1", nil, map[string][]string{"Accept": {"application/com.github.proto-openapi.spec.v3@v1.0+protobuf"}})
	assert.Equal(t, 406, resp.Code)
	resp = getOpenAPI(t, s, "/openapi/v3/api/v1", nil, map[string][]string{"Accept": {"application/com.github.proto-openapi.spec.v3@v1.0+protobuf, application/json"}})
	assert.Equal(t, 200, resp.Code)
}

func TestTheDocumentsCarryTheDescriptionsOfTheClustersDocs(t *testing.T) {
	s := newServer(t)
	bare := getOpenAPI(t, s, "/openapi/v3/apis/apps/v1", nil, nil)
	s.c.SetFieldDocs(data.MustExplainDocs("en"))
	described := getOpenAPI(t, s, "/openapi/v3/apis/apps/v1", nil, nil)
	assert.NotEqual(t, bare.Header["Etag"], described.Header["Etag"], "new descriptions are a new document, with a new hash")
	assert.Contains(t, string(described.Body), data.MustExplainDocs("en").Field("DeploymentStrategy", "type"))
	assert.NotContains(t, string(bare.Body), data.MustExplainDocs("en").Field("DeploymentStrategy", "type"))
}

func TestTheRealKubectlReadsTheOpenAPIDocuments(t *testing.T) {
	h := newTestHost(t)
	out, err := h.kubectl(t, "", "get", "--raw", "/openapi/v3")
	require.NoError(t, err, out)
	var idx openAPIIndex
	require.NoError(t, json.Unmarshal([]byte(out), &idx))
	out, err = h.kubectl(t, "", "get", "--raw", idx.Paths["apis/apps/v1"].ServerRelativeURL)
	require.NoError(t, err, out)
	var doc struct {
		OpenAPI    string
		Components struct{ Schemas map[string]json.RawMessage }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "3.0.0", doc.OpenAPI)
	assert.Contains(t, doc.Components.Schemas, "io.k8s.api.apps.v1.Deployment")
}

// explainHost is a test host whose cluster has the English descriptions,
// for kubectl explain.
func explainHost(t *testing.T) *testHost {
	t.Helper()
	return newTestHostWith(t, cluster.Options{Seed: 1, Controllers: controllers.All(), FieldDocs: data.MustExplainDocs("en")})
}

// TestTheRealKubectlExplainsAsThePageDoes runs the real kubectl explain,
// which reads the OpenAPI documents, and the sandbox's own, which reads
// core/explain's schema: the two print the same, in the layout of a v1.32
// server's answer (header, FIELD line, enum line, wrapped descriptions).
func TestTheRealKubectlExplainsAsThePageDoes(t *testing.T) {
	h := explainHost(t)
	for _, args := range []string{
		"deployment.spec.strategy",
		"pods --recursive",
		"pod.spec.containers.resources.limits",
		"deploy.spec.strategy.rollingUpdate.maxSurge",
		"svc.spec.ports",
		"cronjob.spec.jobTemplate.spec.template.spec.containers.ports",
	} {
		out, err := h.kubectl(t, "", append([]string{"explain"}, strings.Fields(args)...)...)
		require.NoError(t, err, out)
		want := h.c.Kubectl("kubectl explain "+args, "")
		require.Zero(t, want.ExitCode, want.Stderr)
		assert.Equal(t, want.Stdout, out, args)
	}
}

func TestTheRealKubectlExplainsADeploymentsStrategyAsAServerDoes(t *testing.T) {
	h := explainHost(t)
	out, err := h.kubectl(t, "", "explain", "deployment.spec.strategy")
	require.NoError(t, err, out)
	// What a v1.32.13 server's answer starts with, and how it lists type.
	assert.True(t, strings.HasPrefix(out, "GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: strategy <DeploymentStrategy>\n\n\nDESCRIPTION:\n"), out)
	assert.Contains(t, out, "\nFIELDS:\n  rollingUpdate\t<RollingUpdateDeployment>\n")
	assert.Contains(t, out, "\n  type\t<string>\n  enum: Recreate, RollingUpdate\n")

	// Upstream's names for the types the sandbox's Go types name otherwise,
	// as a v1.32.13 server prints them.
	for resource, field := range map[string]string{
		"hpa.spec":            "  behavior\t<HorizontalPodAutoscalerBehavior>\n",
		"serviceaccounts":     "  imagePullSecrets\t<[]LocalObjectReference>\n",
		"controllerrevisions": "  data\t<RawExtension>\n",
		"endpointslices":      "  ports\t<[]EndpointPort>",
	} {
		out, err = h.kubectl(t, "", "explain", resource)
		require.NoError(t, err, out)
		assert.Contains(t, out, field, resource)
	}
}

// TestKubectlLeavesStrictValidationToTheServer: kubectl --validate=strict
// looks for the fieldValidation parameter on the kind's PATCH in the
// OpenAPI v3 document; finding it, it sends the object with
// fieldValidation=Strict instead of validating it on the client (which
// would need the OpenAPI v2 document, not served). The unknown field is
// the server's to refuse.
func TestKubectlLeavesStrictValidationToTheServer(t *testing.T) {
	h := explainHost(t)
	manifest := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicaz: 2\n  selector:\n    matchLabels: {app: web}\n" +
		"  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n"
	out, _ := h.kubectl(t, manifest, "create", "--validate=strict", "--dry-run=server", "-f", "-", "-v=6")
	assert.Contains(t, out, "GET "+h.http.URL+"/openapi/v3/apis/apps/v1?hash=")
	assert.Contains(t, out, "POST "+h.http.URL+"/apis/apps/v1/namespaces/default/deployments?dryRun=All&fieldManager=kubectl-create&fieldValidation=Strict")
	assert.NotContains(t, out, "error validating data")
	assert.NotContains(t, out, "openapi/v2")
}
