package apiserver

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// kubectlDiscoveryAccept is the Accept header kubectl 1.32 sends to /api
// and /apis.
const kubectlDiscoveryAccept = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json"

// get serves a GET with the given headers (name, value, name, value…).
func get(s *Server, path string, headers ...string) *Response {
	r := &Request{Method: "GET", Path: path, Header: map[string][]string{}}
	if p, q, ok := strings.Cut(path, "?"); ok {
		r.Path, r.Query = p, map[string][]string{}
		for _, kv := range strings.Split(q, "&") {
			k, v, _ := strings.Cut(kv, "=")
			r.Query[k] = append(r.Query[k], v)
		}
	}
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header[headers[i]] = []string{headers[i+1]}
	}
	return s.Serve(r)
}

// recorded is a real API server's answer (testdata/discovery/README.md).
func recorded(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "discovery", name))
	require.NoError(t, err)
	return string(b)
}

// withoutGroup re-encodes a document with one group's entry removed: the
// real server the recordings come from lacks the sandbox's alpha group.
func withoutGroup[T any](t *testing.T, body []byte, drop func(*T)) string {
	t.Helper()
	var doc T
	require.NoError(t, apijson.Unmarshal(body, &doc))
	drop(&doc)
	b, err := apijson.Marshal(doc)
	require.NoError(t, err)
	return string(b) + "\n"
}

func dropAlphaGroup(doc *apiGroupList) {
	kept := doc.Groups[:0]
	for _, g := range doc.Groups {
		if g.Name != "internal.apiserver.k8s.io" {
			kept = append(kept, g)
		}
	}
	doc.Groups = kept
}

func dropAlphaGroupDiscovery(doc *groupDiscoveryList) {
	kept := doc.Items[:0]
	for _, g := range doc.Items {
		if g.Metadata.Name != "internal.apiserver.k8s.io" {
			kept = append(kept, g)
		}
	}
	doc.Items = kept
}

func TestVersionIsTheSandboxsReleaseWrittenAsUpstreamWritesIt(t *testing.T) {
	s := newServer(t)
	resp := get(s, "/version", "Accept", "application/json, */*")
	require.Equal(t, 200, resp.Code)
	assert.Equal(t, "application/json", resp.Header["Content-Type"])
	body := string(resp.Body)
	// Upstream indents /version by two spaces whoever asks, with no
	// newline at the end, its fields in this order.
	assert.True(t, strings.HasPrefix(body, "{\n  \"major\": "), body)
	assert.True(t, strings.HasSuffix(body, "\"\n}"), body)
	var keys []string
	for _, line := range strings.Split(body, "\n") {
		if k, _, ok := strings.Cut(strings.TrimSpace(line), ":"); ok {
			keys = append(keys, k)
		}
	}
	assert.Equal(t, []string{`"major"`, `"minor"`, `"gitVersion"`, `"gitCommit"`, `"gitTreeState"`, `"buildDate"`, `"goVersion"`, `"compiler"`, `"platform"`}, keys)

	var v versionInfo
	require.NoError(t, apijson.Unmarshal(resp.Body, &v))
	release := strings.Split(strings.TrimPrefix(api.KubernetesVersion, "v"), ".")
	assert.Equal(t, release[0], v.Major)
	assert.Equal(t, release[1], v.Minor)
	assert.Equal(t, api.KubernetesVersion, v.GitVersion)
	// A test binary is not stamped with its source: what an unstamped
	// Kubernetes binary says.
	assert.Equal(t, "", v.GitCommit)
	assert.Equal(t, "", v.GitTreeState)
	assert.Equal(t, "1970-01-01T00:00:00Z", v.BuildDate)
	assert.Equal(t, runtime.Version(), v.GoVersion)
	assert.Equal(t, "gc", v.Compiler)
	assert.Equal(t, runtime.GOOS+"/"+runtime.GOARCH, v.Platform)
}

func TestVersionTellsKubeloopsOwnSourceWhenTheBuildStampedIt(t *testing.T) {
	v := versionInfo{BuildDate: "1970-01-01T00:00:00Z"}
	stampFromVCS(&v, []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "69c71fe0"}, {Key: "vcs.time", Value: "2026-12-05T18:00:00Z"}, {Key: "vcs.modified", Value: "true"}})
	assert.Equal(t, versionInfo{GitCommit: "69c71fe0", GitTreeState: "dirty", BuildDate: "2026-12-05T18:00:00Z"}, v)
	stampFromVCS(&v, []debug.BuildSetting{{Key: "vcs.modified", Value: "false"}})
	assert.Equal(t, "clean", v.GitTreeState)
}

func TestMajorAndMinorComeFromTheRelease(t *testing.T) {
	for _, tc := range []struct{ release, major, minor string }{
		{"v1.32.13", "1", "32"},
		{"v1.31.4", "1", "31"},
		{"v1.33.0-alpha.1", "1", "33+"},
		{"v1.32.4-dispatcher", "1", "32+"}, // kubectl's own, on this machine
	} {
		major, minor := majorMinor(tc.release)
		assert.Equal(t, tc.major+"."+tc.minor, major+"."+minor, tc.release)
	}
}

func TestAPIListsTheCoreVersionAndWhereToReachTheServer(t *testing.T) {
	s := newServer(t)
	resp := get(s, "/api", "Accept", "application/json, */*")
	require.Equal(t, 200, resp.Code)
	assert.Equal(t, "application/json", resp.Header["Content-Type"])
	// The real server's bytes, with this server's address (host:port,
	// no scheme).
	assert.Equal(t, `{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"127.0.0.1:6443"}]}`+"\n", string(resp.Body))
}

func TestGroupVersionDocumentsAreTheRealServersForTheSandboxsKinds(t *testing.T) {
	s := newServer(t)
	for path, file := range map[string]string{
		"/api/v1":                            "api_v1.json",
		"/apis/apps/v1":                      "apis_apps_v1.json",
		"/apis/autoscaling/v2":               "apis_autoscaling_v2.json",
		"/apis/batch/v1":                     "apis_batch_v1.json",
		"/apis/certificates.k8s.io/v1":       "apis_certificates.k8s.io_v1.json",
		"/apis/coordination.k8s.io/v1":       "apis_coordination.k8s.io_v1.json",
		"/apis/discovery.k8s.io/v1":          "apis_discovery.k8s.io_v1.json",
		"/apis/policy/v1":                    "apis_policy_v1.json",
		"/apis/rbac.authorization.k8s.io/v1": "apis_rbac.authorization.k8s.io_v1.json",
		"/apis/storage.k8s.io/v1":            "apis_storage.k8s.io_v1.json",
	} {
		resp := get(s, path, "Accept", "application/json, */*")
		require.Equal(t, 200, resp.Code, path)
		assert.Equal(t, "application/json", resp.Header["Content-Type"], path)
		assert.Equal(t, recorded(t, file), string(resp.Body), path)
	}
}

func TestAPIsListsTheGroupsInTheRealServersOrder(t *testing.T) {
	s := newServer(t)
	resp := get(s, "/apis", "Accept", "application/json, */*")
	require.Equal(t, 200, resp.Code)
	assert.Equal(t, recorded(t, "apis.json"), withoutGroup(t, resp.Body, dropAlphaGroup))
	// The alpha group comes last, as upstream ranks it.
	assert.True(t, strings.HasSuffix(string(resp.Body), `{"name":"internal.apiserver.k8s.io","versions":[{"groupVersion":"internal.apiserver.k8s.io/v1alpha1","version":"v1alpha1"}],"preferredVersion":{"groupVersion":"internal.apiserver.k8s.io/v1alpha1","version":"v1alpha1"}}]}`+"\n"), string(resp.Body))

	resp = get(s, "/apis/apps")
	require.Equal(t, 200, resp.Code)
	assert.Equal(t, `{"kind":"APIGroup","apiVersion":"v1","name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"}],"preferredVersion":{"groupVersion":"apps/v1","version":"v1"}}`+"\n", string(resp.Body))
	// A trailing slash names the same document, as upstream's mux has it.
	assert.Equal(t, string(resp.Body), string(get(s, "/apis/apps/").Body))
}

func TestAggregatedDiscoveryIsTheRealServersForTheSandboxsKinds(t *testing.T) {
	s := newServer(t)
	resp := get(s, "/api", "Accept", kubectlDiscoveryAccept)
	require.Equal(t, 200, resp.Code)
	assert.Equal(t, "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList", resp.Header["Content-Type"])
	assert.Equal(t, "Accept", resp.Header["Vary"])
	assert.Equal(t, "public", resp.Header["Cache-Control"])
	assert.Equal(t, recorded(t, "aggregated_api.json"), string(resp.Body))

	resp = get(s, "/apis", "Accept", kubectlDiscoveryAccept)
	require.Equal(t, 200, resp.Code)
	assert.Equal(t, "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList", resp.Header["Content-Type"])
	assert.Equal(t, recorded(t, "aggregated_apis.json"), withoutGroup(t, resp.Body, dropAlphaGroupDiscovery))
}

func TestAggregatedDiscoveryOfV2beta1DiffersOnlyInItsVersion(t *testing.T) {
	s := newServer(t)
	v2 := get(s, "/apis", "Accept", "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList")
	beta := get(s, "/apis", "Accept", "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList")
	require.Equal(t, 200, beta.Code)
	assert.Equal(t, "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList", beta.Header["Content-Type"])
	assert.Equal(t, strings.Replace(string(v2.Body), `"apiVersion":"apidiscovery.k8s.io/v2"`, `"apiVersion":"apidiscovery.k8s.io/v2beta1"`, 1), string(beta.Body))
	// Upstream names both by the same ETag.
	assert.Equal(t, v2.Header["ETag"], beta.Header["ETag"])
}

func TestStorageVersionsAreServedAsTheAlphaGroupServesThem(t *testing.T) {
	s := newServer(t)
	resp := get(s, "/apis/internal.apiserver.k8s.io/v1alpha1")
	require.Equal(t, 200, resp.Code)
	assert.Equal(t, `{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"internal.apiserver.k8s.io/v1alpha1","resources":[`+
		`{"name":"storageversions","singularName":"storageversion","namespaced":false,"kind":"StorageVersion","verbs":["create","delete","deletecollection","get","list","patch","update","watch"],"storageVersionHash":"`+storageVersionHash(api.StorageVersions)+`"},`+
		`{"name":"storageversions/status","singularName":"","namespaced":false,"kind":"StorageVersion","verbs":["get","patch","update"]}]}`+"\n", string(resp.Body))
}

func TestStorageVersionHashIsUpstreams(t *testing.T) {
	// What the real server answered for kinds stored in other groups
	// than the core one and apps (whose hashes the recorded documents
	// hold): the hash is of the group, version and kind alone.
	assert.Equal(t, "qwQve8ut294=", storageVersionHash(api.HorizontalPodAutoscalers))
	assert.Equal(t, "8aSe+NMegvE=", storageVersionHash(api.Deployments))
	assert.Equal(t, "xPOwRZ+Yhw8=", storageVersionHash(api.Pods))
}

func TestTheETagIsUpstreamsAndACachedDocumentIsNotSentAgain(t *testing.T) {
	// The real server's ETag of its /api document, from that document.
	var doc groupDiscoveryList
	require.NoError(t, apijson.Unmarshal([]byte(recorded(t, "oracle_aggregated_api_unfiltered.json")), &doc))
	doc.Kind, doc.APIVersion = "", ""
	unversioned, err := apijson.Marshal(doc)
	require.NoError(t, err)
	assert.Equal(t, "7E2E4FBD8CDC884130EBFEF64757F6BC507A8EA6A2EA8F94E05F1B6F207B4E183C63D6D6EA5513FDDC10FC16233248F933DC787C288493D52745A3FAFD68CCD8", discoveryETag(unversioned))

	s := newServer(t)
	first := get(s, "/apis", "Accept", kubectlDiscoveryAccept)
	etag := first.Header["ETag"]
	require.Len(t, etag, 130, etag) // 128 hex digits, quoted
	again := get(s, "/apis", "Accept", kubectlDiscoveryAccept, "If-None-Match", etag)
	assert.Equal(t, 304, again.Code)
	assert.Empty(t, again.Body)
	assert.Equal(t, etag, again.Header["ETag"])
	stale := get(s, "/apis", "Accept", kubectlDiscoveryAccept, "If-None-Match", strconv.Quote("0"))
	assert.Equal(t, 200, stale.Code)
	assert.Equal(t, first.Body, stale.Body)
}

func TestEveryKindIsDiscoverable(t *testing.T) {
	s := newServer(t)
	apis := string(get(s, "/apis", "Accept", kubectlDiscoveryAccept).Body) + string(get(s, "/api", "Accept", kubectlDiscoveryAccept).Body)
	for _, k := range api.Kinds {
		path := "/apis/" + k.Group + "/" + k.Version
		if k.Group == "" {
			path = "/api/" + k.Version
		}
		resp := get(s, path)
		require.Equal(t, 200, resp.Code, path)
		assert.Contains(t, string(resp.Body), `{"name":"`+k.Resource+`","singularName":"`+k.Singular+`","namespaced":`+strconv.FormatBool(k.Namespaced)+`,"kind":"`+k.Kind+`"`, path)
		assert.Contains(t, apis, `{"resource":"`+k.Resource+`","responseKind":{"group":"","version":"","kind":"`+k.Kind+`"}`, k.Kind)
		assert.True(t, servesGroupVersion(k.Group, k.Version), k.APIVersion())
	}
	assert.False(t, servesGroupVersion("networking.k8s.io", "v1"))
	assert.False(t, servesGroupVersion("apps", "v1beta1"))
}

func TestAPathTheServerLacksIsTheRealServers404(t *testing.T) {
	s := newServer(t)
	// No handler serves a group the server lacks: the mux's plain page.
	for _, path := range []string{"/apis/networking.k8s.io", "/apis/networking.k8s.io/v1", "/apis/nope"} {
		resp := get(s, path)
		assert.Equal(t, 404, resp.Code, path)
		assert.Equal(t, "404 page not found\n", string(resp.Body), path)
	}
	// A version the server lacks, of a group it has: a Status.
	for _, path := range []string{"/apis/apps/v1beta1", "/apis/apps/v2", "/api/v2"} {
		resp := get(s, path)
		assert.Equal(t, 404, resp.Code, path)
		assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server could not find the requested resource","reason":"NotFound","details":{},"code":404}`, strings.TrimSuffix(string(resp.Body), "\n"), path)
	}
}

func TestDiscoveryIsReadOnly(t *testing.T) {
	s := newServer(t)
	for _, path := range []string{"/api", "/apis", "/apis/apps", "/apis/apps/v1", "/api/v1", "/version"} {
		for _, method := range []string{"POST", "PUT", "DELETE", "HEAD"} {
			resp := s.Serve(&Request{Method: method, Path: path})
			assert.Equal(t, 405, resp.Code, method+" "+path)
			assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server does not allow this method on the requested resource","reason":"MethodNotAllowed","details":{},"code":405}`, strings.TrimSuffix(string(resp.Body), "\n"), method+" "+path)
		}
	}
}

func TestAcceptIsNegotiatedAsTheRealServerDoes(t *testing.T) {
	s := newServer(t)
	// The real server lists JSON, YAML and protobuf in its 406s; this one
	// writes JSON only and says so.
	const availableJSON = "{\n  \"kind\": \"Status\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {},\n  \"status\": \"Failure\",\n  \"message\": \"406: Not Acceptable\\n\\nAvailable representations: application/json\",\n  \"reason\": \"NotAcceptable\",\n  \"details\": {},\n  \"code\": 406\n}"
	const onlyJSON = "{\n  \"kind\": \"Status\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {},\n  \"status\": \"Failure\",\n  \"message\": \"only the following media types are accepted: application/json\",\n  \"reason\": \"NotAcceptable\",\n  \"code\": 406\n}"
	for _, tc := range []struct {
		path, accept string
		code         int
		body         string // for a 406
	}{
		{"/api", "application/foo", 406, availableJSON},
		{"/apis/apps", "application/foo", 406, onlyJSON},
		{"/api", "application/json;as=Table;g=meta.k8s.io;v=v1", 406, onlyJSON},
		{"/api", "application/json;g=apidiscovery.k8s.io;v=v3;as=APIGroupDiscoveryList", 406, onlyJSON},
		{"/api/v1", "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList", 406, onlyJSON},
		{"/version", "application/foo", 406, availableJSON},
		{"/api", "application/*", 406, availableJSON},
		{"/apis/apps", "application/*", 200, ""},
		{"/api", "text/plain, application/json;q=0.5", 200, ""},
		{"/apis/apps", "*/*;q=0.1, application/foo", 200, ""},
		{"/api", "", 200, ""},
	} {
		resp := get(s, tc.path, "Accept", tc.accept)
		assert.Equal(t, tc.code, resp.Code, "%s %s", tc.path, tc.accept)
		if tc.code == 406 {
			assert.Equal(t, tc.body, string(resp.Body), "%s %s", tc.path, tc.accept)
		} else {
			assert.Equal(t, "application/json", resp.Header["Content-Type"], "%s %s", tc.path, tc.accept)
		}
	}
}

func TestPeopleGetIndentedDocuments(t *testing.T) {
	s := newServer(t)
	const pretty = "{\n  \"kind\": \"APIVersions\",\n  \"versions\": [\n    \"v1\"\n  ],\n  \"serverAddressByClientCIDRs\": [\n    {\n      \"clientCIDR\": \"0.0.0.0/0\",\n      \"serverAddress\": \"127.0.0.1:6443\"\n    }\n  ]\n}"
	assert.Equal(t, pretty, string(get(s, "/api", "User-Agent", "curl/8.5.0").Body))
	assert.Equal(t, pretty, string(get(s, "/api?pretty=true").Body))
	assert.True(t, strings.HasSuffix(string(get(s, "/api?pretty=false", "User-Agent", "curl/8.5.0").Body), "}]}\n"))
	assert.True(t, strings.HasSuffix(string(get(s, "/api", "User-Agent", "kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07").Body), "}]}\n"))
	aggregated := get(s, "/apis", "Accept", kubectlDiscoveryAccept, "User-Agent", "curl/8.5.0")
	assert.True(t, strings.HasPrefix(string(aggregated.Body), "{\n  \"kind\": \"APIGroupDiscoveryList\",\n  \"apiVersion\": \"apidiscovery.k8s.io/v2\",\n  \"metadata\": {},\n  \"items\": [\n    {\n"), string(aggregated.Body))
	assert.True(t, strings.HasSuffix(string(aggregated.Body), "\n}"))
}

func TestVersionsArePreferredAsKubernetesOrdersThem(t *testing.T) {
	ordered := []string{"v2", "v1", "v2beta1", "v1beta2", "v1beta1", "v1alpha2", "v1alpha1", "foo", "v0"}
	for i := range ordered {
		for j := range ordered {
			if i != j {
				assert.Equal(t, i < j, versionPrecedes(ordered[i], ordered[j]), "%s before %s", ordered[i], ordered[j])
			}
		}
	}
}
