package apiserver

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The expected bodies and messages below are what the real v1.32.13 API
// server answered to the same requests (the oracle), unless a comment
// says otherwise.

// call serves one request; target is the path with its query.
func call(t *testing.T, s *Server, method, target, body string, header ...string) *Response {
	t.Helper()
	u, err := url.Parse(target)
	require.NoError(t, err)
	h := map[string][]string{"Content-Type": {"application/json"}}
	for i := 0; i+1 < len(header); i += 2 {
		h[header[i]] = []string{header[i+1]}
	}
	resp := s.Serve(&Request{Method: method, Path: u.Path, Query: u.Query(), Header: h, Body: []byte(body)})
	require.NotNil(t, resp)
	return resp
}

// decoded reads a JSON response into a generic value.
func decoded(t *testing.T, resp *Response) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal(resp.Body, &v), string(resp.Body))
	return v
}

// names lists the names of a list's items.
func names(t *testing.T, resp *Response) []string {
	t.Helper()
	require.Equal(t, 200, resp.Code, string(resp.Body))
	var l struct {
		Items []struct {
			Metadata struct{ Name string } `json:"metadata"`
		} `json:"items"`
	}
	require.NoError(t, json.Unmarshal(resp.Body, &l))
	out := []string{}
	for _, it := range l.Items {
		out = append(out, it.Metadata.Name)
	}
	return out
}

// settled is a started cluster with its system objects in place.
func settled(t *testing.T) *Server {
	s := newServer(t)
	s.c.Settle(time.Minute)
	return s
}

const webDeployment = `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","labels":{"app":"web"}},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx"}]}}}}`

func configMapJSON(name, labels string) string {
	return `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"` + name + `","labels":{` + labels + `}},"data":{"k":"v"}}`
}

func TestARouteResolvesToItsKindOrToUpstreamsNotFound(t *testing.T) {
	s := settled(t)
	notFound := `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server could not find the requested resource","reason":"NotFound","details":{},"code":404}`
	notAllowed := `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server does not allow this method on the requested resource","reason":"MethodNotAllowed","details":{},"code":405}`
	cases := []struct {
		name, method, path string
		code               int
		body               string // exact, or a prefix ending in …
	}{
		{"an unknown group has no handler at all", "GET", "/apis/nogroup/v1/foos", 404, "404 page not found\n"},
		{"an unknown version of a known group", "GET", "/apis/apps/v9/deployments", 404, notFound},
		{"an unknown legacy version", "GET", "/api/v9/pods", 404, notFound},
		{"an unknown resource", "GET", "/api/v1/foos", 404, notFound},
		{"a cluster-scoped resource under a namespace", "GET", "/api/v1/namespaces/default/nodes", 404, notFound},
		{"a namespaced object named without its namespace", "GET", "/api/v1/pods/x", 404, notFound},
		{"a create across all namespaces", "POST", "/api/v1/pods", 405, notAllowed},
		{"a deletecollection across all namespaces", "DELETE", "/api/v1/pods", 405, notAllowed},
		{"a PUT on a collection", "PUT", "/api/v1/namespaces/default/configmaps", 405, notAllowed},
		{"a PATCH on a collection", "PATCH", "/api/v1/namespaces/default/configmaps", 405, notAllowed},
		{"a POST on an object", "POST", "/api/v1/namespaces/default/configmaps/a", 405, notAllowed},
		{"an OPTIONS", "OPTIONS", "/api/v1/namespaces/default/configmaps/a", 405, notAllowed},
		{"a list across all namespaces", "GET", "/api/v1/pods", 200, `{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":…`},
		{"a cluster-scoped list", "GET", "/api/v1/nodes", 200, `{"kind":"NodeList","apiVersion":"v1",…`},
		{"a group's list", "GET", "/apis/apps/v1/namespaces/kube-system/deployments", 200, `{"kind":"DeploymentList","apiVersion":"apps/v1",…`},
		{"one cluster-scoped object", "GET", "/api/v1/namespaces/default", 200, `{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"default",…`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := call(t, s, c.method, c.path, "")
			assert.Equal(t, c.code, resp.Code)
			if prefix, ok := strings.CutSuffix(c.body, "…"); ok {
				assert.True(t, strings.HasPrefix(string(resp.Body), prefix), string(resp.Body))
			} else {
				assert.Equal(t, c.body, string(resp.Body))
			}
		})
	}
}

func TestGetMissing(t *testing.T) {
	s := settled(t)
	resp := call(t, s, "GET", "/api/v1/namespaces/default/pods/x", "")
	assert.Equal(t, 404, resp.Code)
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \"x\" not found","reason":"NotFound","details":{"name":"x","kind":"pods"},"code":404}`, string(resp.Body))
	resp = call(t, s, "GET", "/apis/apps/v1/namespaces/default/deployments/x", "")
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"deployments.apps \"x\" not found","reason":"NotFound","details":{"name":"x","group":"apps","kind":"deployments"},"code":404}`, string(resp.Body))
}

func TestAListNamesItsKindOnceAndItsItemsNot(t *testing.T) {
	s := settled(t)
	// Stored objects may carry TypeMeta (a manifest's): the list's items
	// still do not, and a single object always does, kind first.
	_, err := s.c.Apply("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: typed\ndata:\n  k: v\n")
	require.NoError(t, err)
	list := decoded(t, call(t, s, "GET", "/api/v1/namespaces/default/configmaps", ""))
	assert.Equal(t, "ConfigMapList", list["kind"])
	assert.Equal(t, "v1", list["apiVersion"])
	require.NotEmpty(t, list["items"])
	for _, it := range list["items"].([]any) {
		assert.NotContains(t, it, "kind")
		assert.NotContains(t, it, "apiVersion")
	}
	one := call(t, s, "GET", "/api/v1/namespaces/default/configmaps/typed", "")
	assert.True(t, strings.HasPrefix(string(one.Body), `{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"typed",`), string(one.Body))
	empty := call(t, s, "GET", "/apis/batch/v1/namespaces/default/jobs", "")
	assert.Equal(t, `{"kind":"JobList","apiVersion":"batch/v1","metadata":{"resourceVersion":"`+decimal(s.c.Store().Revision())+`"},"items":[]}`, string(empty.Body))
}

func TestListSelectors(t *testing.T) {
	s := settled(t)
	for _, cm := range []string{configMapJSON("a", `"app":"web"`), configMapJSON("b", `"app":"db"`), configMapJSON("c", `"tier":"x"`)} {
		require.Equal(t, 201, call(t, s, "POST", "/api/v1/namespaces/default/configmaps", cm).Code)
	}
	cases := []struct{ query, want string }{
		{"labelSelector=app%3Dweb", "a"},
		{"labelSelector=app%3D%3Dweb", "a"},
		{"labelSelector=app!%3Dweb", "b c kube-root-ca.crt"},
		{"labelSelector=app+in+(web,db)", "a b"},
		{"labelSelector=app+notin+(web)", "b c kube-root-ca.crt"},
		{"labelSelector=app", "a b"},
		{"labelSelector=!app", "c kube-root-ca.crt"},
		{"labelSelector=app,app!%3Dweb", "b"},
		{"fieldSelector=metadata.name%3Db", "b"},
		{"fieldSelector=metadata.name!%3Db,metadata.namespace%3Ddefault&labelSelector=app", "a"},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			got := names(t, call(t, s, "GET", "/api/v1/namespaces/default/configmaps?"+c.query, ""))
			assert.Equal(t, strings.Fields(c.want), got)
		})
	}
}

func TestListFieldSelectorsOfEachKind(t *testing.T) {
	s := settled(t)
	require.Equal(t, 201, call(t, s, "POST", "/apis/apps/v1/namespaces/default/deployments", webDeployment).Code)
	require.Equal(t, 201, call(t, s, "POST", "/api/v1/namespaces/default/secrets", `{"metadata":{"name":"s1"},"type":"Opaque"}`).Code)
	s.c.Settle(time.Minute)
	pods := names(t, call(t, s, "GET", "/api/v1/namespaces/default/pods?labelSelector=app%3Dweb", ""))
	require.Len(t, pods, 2)
	node := decoded(t, call(t, s, "GET", "/api/v1/namespaces/default/pods/"+pods[0], ""))["spec"].(map[string]any)["nodeName"].(string)
	cases := []struct {
		path, selector string
		want           func([]string) bool
	}{
		{"/api/v1/namespaces/default/pods", "status.phase=Running", func(n []string) bool { return len(n) == 2 }},
		{"/api/v1/namespaces/default/pods", "status.phase=Pending", func(n []string) bool { return len(n) == 0 }},
		{"/api/v1/pods", "spec.nodeName=" + node + ",metadata.name=" + pods[0], func(n []string) bool { return len(n) == 1 && n[0] == pods[0] }},
		{"/api/v1/namespaces/default/pods", "spec.restartPolicy=Always,spec.schedulerName=default-scheduler,spec.serviceAccountName=default", func(n []string) bool { return len(n) == 2 }},
		{"/api/v1/namespaces", "status.phase=Active", func(n []string) bool { return len(n) >= 4 }},
		{"/api/v1/nodes", "spec.unschedulable=false", func(n []string) bool { return len(n) >= 1 }},
		{"/api/v1/nodes", "spec.unschedulable=true", func(n []string) bool { return len(n) == 0 }},
		{"/api/v1/namespaces/default/events", "involvedObject.kind=Deployment,involvedObject.name=web,reason=ScalingReplicaSet,type=Normal", func(n []string) bool { return len(n) == 1 }},
		{"/api/v1/namespaces/default/secrets", "type=Opaque", func(n []string) bool { return len(n) == 1 && n[0] == "s1" }},
		{"/api/v1/namespaces/default/secrets", "type=kubernetes.io/tls", func(n []string) bool { return len(n) == 0 }},
		{"/apis/batch/v1/namespaces/default/jobs", "status.successful=1", func(n []string) bool { return len(n) == 0 }},
	}
	for _, c := range cases {
		t.Run(c.path+"?"+c.selector, func(t *testing.T) {
			got := names(t, call(t, s, "GET", c.path+"?fieldSelector="+url.QueryEscape(c.selector), ""))
			assert.True(t, c.want(got), "%v", got)
		})
	}
}

func TestAListRefusesSelectorsItCannotApply(t *testing.T) {
	s := settled(t)
	cases := []struct{ path, query, message string }{
		{"/api/v1/namespaces/default/configmaps", "fieldSelector=spec.foo%3Dx", `"spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace"`},
		{"/api/v1/namespaces/default/pods", "fieldSelector=spec.foo%3Dx", "field label not supported: spec.foo"},
		{"/apis/apps/v1/namespaces/default/replicasets", "fieldSelector=status.replicas%3D1", `"status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"`},
		{"/api/v1/namespaces/default/configmaps", "fieldSelector=foo", "invalid selector: 'foo'; can't understand 'foo'"},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			resp := call(t, s, "GET", c.path+"?"+c.query, "")
			assert.Equal(t, 400, resp.Code)
			assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":`+quote(c.message)+`,"reason":"BadRequest","code":400}`, string(resp.Body))
		})
	}
	resp := call(t, s, "GET", "/api/v1/namespaces/default/configmaps?labelSelector=a+b", "")
	assert.Equal(t, 400, resp.Code)
	assert.Equal(t, "BadRequest", decoded(t, resp)["reason"])
}

func TestListPagesWithLimitAndContinue(t *testing.T) {
	s := settled(t)
	for _, n := range []string{"a", "b", "c"} {
		require.Equal(t, 201, call(t, s, "POST", "/api/v1/namespaces/default/configmaps", configMapJSON(n, "")).Code)
	}
	// default holds a, b, c and kube-root-ca.crt.
	first := decoded(t, call(t, s, "GET", "/api/v1/namespaces/default/configmaps?limit=2", ""))
	meta := first["metadata"].(map[string]any)
	rev := meta["resourceVersion"].(string)
	assert.EqualValues(t, 2, meta["remainingItemCount"])
	token := meta["continue"].(string)
	// The token is upstream's: base64 of the revision and the last key.
	raw, err := decodeToken(token)
	require.NoError(t, err)
	assert.Equal(t, `{"v":"meta.k8s.io/v1","rv":`+rev+`,"start":"/b\u0000"}`, raw)

	// A write between two pages is not seen: the pages are of one revision.
	require.Equal(t, 201, call(t, s, "POST", "/api/v1/namespaces/default/configmaps", configMapJSON("bb", "")).Code)
	second := call(t, s, "GET", "/api/v1/namespaces/default/configmaps?limit=2&continue="+token, "")
	assert.Equal(t, []string{"c", "kube-root-ca.crt"}, names(t, second))
	m2 := decoded(t, second)["metadata"].(map[string]any)
	assert.Equal(t, rev, m2["resourceVersion"])
	assert.NotContains(t, m2, "continue")

	// resourceVersion=0 reads upstream's watch cache, which ignores limit.
	whole := decoded(t, call(t, s, "GET", "/api/v1/namespaces/default/configmaps?limit=2&resourceVersion=0", ""))
	assert.Len(t, whole["items"], 5)
	assert.NotContains(t, whole["metadata"], "continue")

	// Across namespaces, the key holds the namespace.
	all := decoded(t, call(t, s, "GET", "/api/v1/configmaps?limit=1", ""))
	raw, err = decodeToken(all["metadata"].(map[string]any)["continue"].(string))
	require.NoError(t, err)
	assert.Contains(t, raw, `"start":"/default/a\u0000"`)

	// A selector hides the count of what remains.
	filtered := decoded(t, call(t, s, "GET", "/api/v1/namespaces/default/configmaps?limit=1&fieldSelector=metadata.namespace%3Ddefault", ""))
	assert.NotContains(t, filtered["metadata"], "remainingItemCount")
	assert.Contains(t, filtered["metadata"], "continue")
}

func decodeToken(token string) (string, error) {
	b, err := base64URL(token)
	return string(b), err
}

func TestABadOrStaleContinueToken(t *testing.T) {
	s := settled(t)
	resp := call(t, s, "GET", "/api/v1/namespaces/default/configmaps?limit=1&continue=garbage", "")
	assert.Equal(t, 400, resp.Code)
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"invalid continue token: continue key is not valid: invalid character '\\u0081' looking for beginning of value","reason":"BadRequest","code":400}`, string(resp.Body))

	resp = call(t, s, "GET", "/api/v1/namespaces/default/configmaps?limit=1&resourceVersion=3&continue="+encodeContinue(5, "/a"), "")
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"specifying resource version is not allowed when using continue","reason":"BadRequest","code":400}`, string(resp.Body))

	// A token from before the compacted revision is 410 Expired, with a
	// token to read the rest at the newest revision.
	s.c.Store().Compact(s.c.Store().Revision())
	resp = call(t, s, "GET", "/api/v1/namespaces/default/configmaps?limit=1&continue="+encodeContinue(5, "/a"), "")
	assert.Equal(t, 410, resp.Code)
	st := decoded(t, resp)
	assert.Equal(t, "Expired", st["reason"])
	assert.Equal(t, "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.", st["message"])
	next := st["metadata"].(map[string]any)["continue"].(string)
	// What the real server handed out for the same stale token.
	assert.Equal(t, "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTEsInN0YXJ0IjoiYVx1MDAwMCJ9", next)
	assert.Equal(t, []string{"kube-root-ca.crt"}, names(t, call(t, s, "GET", "/api/v1/namespaces/default/configmaps?continue="+next, "")))
}

func TestListResourceVersionAsARealServerAcceptsIt(t *testing.T) {
	s := settled(t)
	cur := s.c.Store().Revision()
	invalidMatch := func(cause, detail string) string {
		return `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: ` + detail +
			`","reason":"Invalid","details":{"group":"meta.k8s.io","kind":"ListOptions","causes":[{"reason":"` + cause + `","message":"` + detail + `","field":"resourceVersionMatch"}]},"code":422}`
	}
	cases := []struct {
		query string
		code  int
		body  string // exact when set
		rv    int64  // the list's resourceVersion when 200
	}{
		{"resourceVersion=0", 200, "", cur},
		{"resourceVersion=3", 200, "", cur},
		{"resourceVersion=3&resourceVersionMatch=NotOlderThan", 200, "", cur},
		{"resourceVersion=3&resourceVersionMatch=Exact", 200, "", 3},
		{"resourceVersion=99999999", 504, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Timeout: Too large resource version: 99999999, current: ` + decimal(cur) + `","reason":"Timeout","details":{"causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1},"code":504}`, 0},
		{"resourceVersionMatch=Exact", 422, invalidMatch("FieldValueForbidden", "Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided"), 0},
		{"resourceVersion=0&resourceVersionMatch=Exact", 422, invalidMatch("FieldValueForbidden", `Forbidden: resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"`), 0},
		{"resourceVersion=3&resourceVersionMatch=Foo", 422, invalidMatch("FieldValueNotSupported", `Unsupported value: \"Foo\": supported values: \"Exact\", \"NotOlderThan\", \"\"`), 0},
		{"resourceVersion=abc", 500, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"resourceVersion: Invalid value: \"abc\": strconv.ParseUint: parsing \"abc\": invalid syntax","code":500}`, 0},
		{"limit=abc", 400, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"strconv.ParseInt: parsing \"abc\": invalid syntax","reason":"BadRequest","code":400}`, 0},
		{"limit=-1", 200, "", cur},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			resp := call(t, s, "GET", "/api/v1/namespaces/default/configmaps?"+c.query, "")
			assert.Equal(t, c.code, resp.Code, string(resp.Body))
			if c.body != "" {
				assert.Equal(t, c.body, string(resp.Body))
			}
			if c.code == 200 {
				assert.Equal(t, decimal(c.rv), decoded(t, resp)["metadata"].(map[string]any)["resourceVersion"])
			}
		})
	}
	// An exact read of the past lists what was there then.
	require.Equal(t, 201, call(t, s, "POST", "/api/v1/namespaces/default/configmaps", configMapJSON("later", "")).Code)
	assert.NotContains(t, names(t, call(t, s, "GET", "/api/v1/namespaces/default/configmaps?resourceVersionMatch=Exact&resourceVersion="+decimal(cur), "")), "later")
	assert.Contains(t, names(t, call(t, s, "GET", "/api/v1/namespaces/default/configmaps", "")), "later")
	s.c.Store().Compact(s.c.Store().Revision())
	resp := call(t, s, "GET", "/api/v1/namespaces/default/configmaps?resourceVersionMatch=Exact&resourceVersion="+decimal(cur), "")
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"The resourceVersion for the provided list is too old.","reason":"Expired","code":410}`, string(resp.Body))
	// One object: too new is the same 504.
	assert.Equal(t, 504, call(t, s, "GET", "/api/v1/namespaces/default/configmaps/kube-root-ca.crt?resourceVersion=99999999", "").Code)
	assert.Equal(t, 200, call(t, s, "GET", "/api/v1/namespaces/default/configmaps/kube-root-ca.crt?resourceVersion=3", "").Code)
}
