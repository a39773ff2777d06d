package openapi

import (
	"bufio"
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/explain"
	"github.com/kubeloop/kubeloop/site/data"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// groupVersions are the group-versions api.Kinds serves.
func groupVersions() []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range api.Kinds {
		if !seen[k.APIVersion()] {
			seen[k.APIVersion()] = true
			out = append(out, k.APIVersion())
		}
	}
	return out
}

// notOnTheOracle is the group the v1.32 server the test data was read from
// does not enable (its types are k8s.io/api's apiserverinternal/v1alpha1).
const notOnTheOracle = "internal.apiserver.k8s.io/v1alpha1"

// readLines reads a test data file, without its comments.
func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	require.NoError(t, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

func TestEveryComponentIsNamedAsUpstreamNamesIt(t *testing.T) {
	upstream := map[string]bool{}
	for _, n := range readLines(t, "upstream-components.txt") {
		upstream[n] = true
	}
	for _, gv := range groupVersions() {
		if gv == notOnTheOracle {
			continue
		}
		for name := range Build(gv, nil).Components.Schemas {
			assert.True(t, upstream[name], "%s: %s is no upstream component", gv, name)
		}
	}
	// The group the oracle lacks still follows upstream's package name.
	assert.Contains(t, Build(notOnTheOracle, nil).Components.Schemas, "io.k8s.api.apiserverinternal.v1alpha1.StorageVersion")
}

func TestAStructSharedByTwoGroupsIsNamedByEachDocumentsGroup(t *testing.T) {
	core := Build("v1", nil).Components.Schemas
	apps := Build("apps/v1", nil).Components.Schemas
	assert.Contains(t, core, "io.k8s.api.core.v1.ReplicationControllerCondition")
	assert.Contains(t, apps, "io.k8s.api.apps.v1.ReplicaSetCondition")
	assert.NotContains(t, apps, "io.k8s.api.core.v1.ReplicationControllerCondition")
}

// operationLine writes an operation as upstream-operations.txt does.
func operationLine(method, path string, item *PathItem, op *Operation) string {
	names := func(ps []*Parameter) string {
		var n []string
		for _, p := range ps {
			n = append(n, p.Name)
		}
		sort.Strings(n)
		return strings.Join(n, ",")
	}
	gvk := op.Kind.Group + "/" + op.Kind.Version + "/" + op.Kind.Kind
	return strings.Join([]string{method, path, op.OperationID, op.Action, gvk, names(item.Parameters) + ";" + names(op.Parameters)}, " ")
}

func TestEveryOperationIsUpstreamsWithItsParameters(t *testing.T) {
	upstream := map[string]string{} // "METHOD PATH" → line
	for _, line := range readLines(t, "upstream-operations.txt") {
		f := strings.Fields(line)
		upstream[f[0]+" "+f[1]] = line
	}
	ours := map[string]bool{}
	for _, gv := range groupVersions() {
		if gv == notOnTheOracle {
			continue
		}
		for path, item := range Build(gv, nil).Paths {
			for method, op := range map[string]*Operation{"GET": item.Get, "PUT": item.Put, "POST": item.Post, "DELETE": item.Delete, "PATCH": item.Patch} {
				if op == nil {
					continue
				}
				ours[method+" "+path] = true
				assert.Equal(t, upstream[method+" "+path], operationLine(method, path, item, op))
			}
		}
	}
	for key := range upstream {
		assert.True(t, ours[key], "upstream has %s", key)
	}
}

// operationsOf lists a document's operations on a kind, as kubectl finds
// them: by the operation's x-kubernetes-group-version-kind.
func patchesOf(doc *Document, gvk GroupVersionKind) []*Operation {
	var out []*Operation
	for _, item := range doc.Paths {
		if item.Patch != nil && item.Patch.Kind == gvk {
			out = append(out, item.Patch)
		}
	}
	return out
}

// TestEveryKindAsksTheServerToValidateAndMergeStrategically checks what
// kubectl reads from a kind's PATCH: the fieldValidation query parameter
// (else --validate=strict validates on the client, against the OpenAPI v2
// document, which is not served) and the strategic merge content type
// (else kubectl apply sends a JSON merge patch, which replaces lists).
func TestEveryKindAsksTheServerToValidateAndMergeStrategically(t *testing.T) {
	for _, k := range api.Kinds {
		doc := Build(k.APIVersion(), nil)
		patches := patchesOf(doc, GroupVersionKind{Group: k.Group, Kind: k.Kind, Version: k.Version})
		require.NotEmpty(t, patches, k.Kind)
		for _, op := range patches {
			var query []string
			for _, p := range op.Parameters {
				if p.In == "query" {
					query = append(query, p.Name)
				}
			}
			assert.Contains(t, query, "fieldValidation", k.Kind)
			assert.Contains(t, op.RequestBody.Content, "application/strategic-merge-patch+json", k.Kind)
		}
	}
}

func TestEveryKindAndItsListCarryTheirGroupVersionKind(t *testing.T) {
	for _, k := range api.Kinds {
		schemas := Build(k.APIVersion(), nil).Components.Schemas
		found := map[string]bool{}
		for _, s := range schemas {
			for _, gvk := range s.GroupVersionKinds {
				if gvk.Group == k.Group && gvk.Version == k.Version {
					found[gvk.Kind] = true
				}
			}
		}
		assert.True(t, found[k.Kind], k.Kind)
		assert.True(t, found[k.Kind+"List"], k.Kind+"List")
	}
}

// encoded is a component schema as JSON, for comparing with what upstream
// publishes.
func encoded(t *testing.T, gv, name string) map[string]any {
	t.Helper()
	s := Build(gv, nil).Components.Schemas[name]
	require.NotNil(t, s, name)
	b, err := json.Marshal(s)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

func property(t *testing.T, gv, name, field string) map[string]any {
	t.Helper()
	p, ok := encoded(t, gv, name)["properties"].(map[string]any)[field].(map[string]any)
	require.True(t, ok, "%s.%s", name, field)
	return p
}

func TestFieldsAreWrittenAsUpstreamWritesThem(t *testing.T) {
	// Each expectation is the field as a v1.32 server's document has it,
	// less its description.
	cases := []struct{ gv, schema, field, want string }{
		{"apps/v1", "io.k8s.api.core.v1.PodSpec", "containers",
			`{"type":"array","items":{"default":{},"allOf":[{"$ref":"#/components/schemas/io.k8s.api.core.v1.Container"}]},"x-kubernetes-list-map-keys":["name"],"x-kubernetes-list-type":"map","x-kubernetes-patch-merge-key":"name","x-kubernetes-patch-strategy":"merge"}`},
		{"v1", "io.k8s.api.core.v1.Container", "ports",
			`{"type":"array","items":{"default":{},"allOf":[{"$ref":"#/components/schemas/io.k8s.api.core.v1.ContainerPort"}]},"x-kubernetes-list-map-keys":["containerPort","protocol"],"x-kubernetes-list-type":"map","x-kubernetes-patch-merge-key":"containerPort","x-kubernetes-patch-strategy":"merge"}`},
		{"v1", "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta", "finalizers",
			`{"type":"array","items":{"type":"string","default":""},"x-kubernetes-list-type":"set","x-kubernetes-patch-strategy":"merge"}`},
		{"v1", "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta", "labels",
			`{"type":"object","additionalProperties":{"type":"string","default":""}}`},
		{"v1", "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta", "creationTimestamp",
			`{"allOf":[{"$ref":"#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Time"}]}`},
		{"v1", "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta", "generation",
			`{"type":"integer","format":"int64"}`},
		{"apps/v1", "io.k8s.api.apps.v1.RollingUpdateDeployment", "maxSurge",
			`{"allOf":[{"$ref":"#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString"}]}`},
		{"apps/v1", "io.k8s.api.apps.v1.DeploymentSpec", "replicas",
			`{"type":"integer","format":"int32"}`},
		{"apps/v1", "io.k8s.api.apps.v1.DeploymentSpec", "strategy",
			`{"default":{},"allOf":[{"$ref":"#/components/schemas/io.k8s.api.apps.v1.DeploymentStrategy"}],"x-kubernetes-patch-strategy":"retainKeys"}`},
		{"apps/v1", "io.k8s.api.apps.v1.DeploymentStrategy", "type",
			`{"type":"string","enum":["Recreate","RollingUpdate"]}`},
		{"v1", "io.k8s.api.core.v1.Container", "name", `{"type":"string","default":""}`},
		{"v1", "io.k8s.api.core.v1.Secret", "data", `{"type":"object","additionalProperties":{"type":"string","format":"byte"}}`},
		{"certificates.k8s.io/v1", "io.k8s.api.certificates.v1.CertificateSigningRequestSpec", "request", `{"type":"string","format":"byte","x-kubernetes-list-type":"atomic"}`},
		{"v1", "io.k8s.api.core.v1.ConfigMap", "binaryData", `{"type":"object","additionalProperties":{"type":"string","format":"byte"}}`},
		{"v1", "io.k8s.api.core.v1.ResourceRequirements", "limits",
			`{"type":"object","additionalProperties":{"$ref":"#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity"}}`},
		{"v1", "io.k8s.api.core.v1.PodSpec", "nodeSelector",
			`{"type":"object","additionalProperties":{"type":"string","default":""},"x-kubernetes-map-type":"atomic"}`},
		{"v1", "io.k8s.api.core.v1.ServiceSpec", "ports",
			`{"type":"array","items":{"default":{},"allOf":[{"$ref":"#/components/schemas/io.k8s.api.core.v1.ServicePort"}]},"x-kubernetes-list-map-keys":["port","protocol"],"x-kubernetes-list-type":"map","x-kubernetes-patch-merge-key":"port","x-kubernetes-patch-strategy":"merge"}`},
	}
	for _, c := range cases {
		var want map[string]any
		require.NoError(t, json.Unmarshal([]byte(c.want), &want))
		assert.Equal(t, want, property(t, c.gv, c.schema, c.field), "%s.%s", c.schema, c.field)
	}
}

func TestScalarComponentsAreUpstreams(t *testing.T) {
	cases := map[string]string{
		"io.k8s.apimachinery.pkg.util.intstr.IntOrString": `{"format":"int-or-string","oneOf":[{"type":"integer"},{"type":"string"}]}`,
		"io.k8s.apimachinery.pkg.api.resource.Quantity":   `{"oneOf":[{"type":"string"},{"type":"number"}]}`,
		"io.k8s.apimachinery.pkg.apis.meta.v1.Time":       `{"type":"string","format":"date-time"}`,
	}
	for name, want := range cases {
		var w map[string]any
		require.NoError(t, json.Unmarshal([]byte(want), &w))
		assert.Equal(t, w, encoded(t, "apps/v1", name), name)
	}
}

func TestRequiredFieldsAreExplainsAsUpstreamHasThem(t *testing.T) {
	assert.Equal(t, []any{"selector", "template"}, encoded(t, "apps/v1", "io.k8s.api.apps.v1.DeploymentSpec")["required"])
	assert.Equal(t, []any{"name"}, encoded(t, "v1", "io.k8s.api.core.v1.Container")["required"])
	assert.Equal(t, []any{"apiVersion", "kind", "name", "uid"}, encoded(t, "v1", "io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference")["required"])
	assert.Equal(t, []any{"items"}, encoded(t, "apps/v1", "io.k8s.api.apps.v1.DeploymentList")["required"])
	// Types explain does not list: their fields without omitempty.
	assert.Equal(t, []any{"replicas"}, encoded(t, "apps/v1", "io.k8s.api.autoscaling.v1.ScaleStatus")["required"])
}

func TestEveryListExtensionNamesAFieldOfTheTypes(t *testing.T) {
	s := explain.Default()
	for key := range listExtensions {
		owner, field, _ := strings.Cut(key, ".")
		st := s.Struct(owner)
		require.NotNil(t, st, key)
		assert.NotNil(t, st.Field(field), key)
	}
}

func TestDescriptionsComeFromTheDocs(t *testing.T) {
	docs := data.MustExplainDocs("en")
	doc := Build("apps/v1", docs)
	s := doc.Components.Schemas["io.k8s.api.apps.v1.DeploymentStrategy"]
	assert.Equal(t, docs.Type("DeploymentStrategy"), s.Description)
	assert.Equal(t, docs.Field("DeploymentStrategy", "type"), s.Properties["type"].Description)
	assert.NotEmpty(t, s.Description)
	assert.Equal(t, docs.Field("Deployment", "apiVersion"), doc.Components.Schemas["io.k8s.api.apps.v1.Deployment"].Properties["apiVersion"].Description)
}

func TestTheSpecIsTheSameEachTimeAndHashesItsDocuments(t *testing.T) {
	a, b := BuildSpec(nil), BuildSpec(nil)
	assert.Equal(t, a.Index(), b.Index())
	body, hash, ok := a.Document("apis/apps/v1")
	require.True(t, ok)
	assert.Len(t, hash, 128)
	other, otherHash, _ := b.Document("apis/apps/v1")
	assert.Equal(t, body, other)
	assert.Equal(t, hash, otherHash)
	_, _, ok = a.Document("apis/apps")
	assert.False(t, ok)
	assert.Nil(t, Build("nope/v1", nil))
}

func TestDocsIdentityTellsMapsApart(t *testing.T) {
	a, b := explain.MapDocs{"x": "1"}, explain.MapDocs{"x": "1"}
	assert.Equal(t, DocsIdentity(a), DocsIdentity(a))
	assert.NotEqual(t, DocsIdentity(a), DocsIdentity(b))
	assert.Equal(t, DocsIdentity(nil), DocsIdentity(nil))
	assert.NotEqual(t, DocsIdentity(nil), DocsIdentity(a))
}
