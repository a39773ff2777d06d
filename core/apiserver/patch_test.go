package apiserver

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// The answers the tests expect are what the v1.32 API server answered to
// the same requests (namespace patch-probe, names kept).

// sendPatch sends a PATCH to the handler the way Serve dispatches it:
// s.resource hands PATCH on an object to s.patch.
func sendPatch(t *testing.T, s *Server, path, contentType, body string, query ...string) *Response {
	t.Helper()
	r := &Request{Method: "PATCH", Path: path, Query: map[string][]string{},
		Header: map[string][]string{"Content-Type": {contentType}, "User-Agent": {"kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07"}},
		Body:   []byte(body)}
	for i := 0; i+1 < len(query); i += 2 {
		r.Query[query[i]] = append(r.Query[query[i]], query[i+1])
	}
	rt, ok := parseRoute(path)
	require.True(t, ok, path)
	return s.patch(r, rt, kindOfRoute(t, rt))
}

func kindOfRoute(t *testing.T, rt route) *api.Kind {
	t.Helper()
	for _, k := range api.Kinds {
		if k.Resource == rt.Resource && k.Group == rt.Group {
			return k
		}
	}
	t.Fatalf("no kind serves %s", rt.Resource)
	return nil
}

// createTracked stores an object as a create through the API server does,
// recording its manager (kubectl create sends fieldManager=kubectl-create).
func createTracked(t *testing.T, s *Server, manifest, manager string) api.Object {
	t.Helper()
	var tm api.TypeMeta
	require.NoError(t, apijson.Unmarshal([]byte(manifest), &tm))
	kind := api.KindFor(tm.APIVersion, tm.Kind)
	require.NotNil(t, kind)
	o := kind.New()
	require.NoError(t, apijson.Unmarshal([]byte(manifest), o))
	api.SetKind(o)
	if o.GetObjectMeta().Namespace == "" && kind.Namespaced {
		o.GetObjectMeta().Namespace = "default"
	}
	api.Default(o)
	trackUpdate(kind, nil, o, manager, "", s.c.Now())
	stored, err := s.c.Store().Create(o)
	require.NoError(t, err)
	return stored
}

// kubectlCreateWeb is what `kubectl create deployment web --image=nginx`
// sends.
const kubectlCreateWeb = `{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","creationTimestamp":null,"labels":{"app":"web"}},"spec":{"replicas":1,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{}}]}},"strategy":{}},"status":{}}`

// decodeBody reads a response's JSON.
func decodeBody(t *testing.T, resp *Response) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, apijson.Decode(resp.Body, &v, apijson.Options{UseNumber: true}), string(resp.Body))
	return v
}

// managedFieldsOf is each manager's fieldsV1, by manager and operation.
func managedFieldsOf(t *testing.T, o api.Object) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, e := range o.GetObjectMeta().ManagedFields {
		out[e.Manager+"/"+e.Operation] = string(e.FieldsV1)
	}
	return out
}

func liveDeployment(t *testing.T, s *Server, name string) *api.Deployment {
	t.Helper()
	o, err := s.c.Store().Get(api.Deployments, "default", name)
	require.NoError(t, err)
	return o.(*api.Deployment)
}

const webPath = "/apis/apps/v1/namespaces/default/deployments/web"

func TestACreateRecordsItsManagerAsTheRealServerDoes(t *testing.T) {
	s := newServer(t)
	o := createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	mf := o.GetObjectMeta().ManagedFields
	require.Len(t, mf, 1)
	assert.Equal(t, "kubectl-create", mf[0].Manager)
	assert.Equal(t, "Update", mf[0].Operation)
	assert.Equal(t, "apps/v1", mf[0].APIVersion)
	assert.Equal(t, "FieldsV1", mf[0].FieldsType)
	// The oracle's kubectl-create entry, after `kubectl create deployment web --image=nginx`.
	assert.Equal(t, `{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:progressDeadlineSeconds":{},"f:replicas":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}}}`,
		string(mf[0].FieldsV1))
	assert.Equal(t, s.c.Now().UTC().Truncate(time.Second), mf[0].Time.Time)
}

func TestStrategicMergePatchMergesContainersByName(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendPatch(t, s, webPath, "application/strategic-merge-patch+json",
		`{"spec":{"replicas":2,"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}}}}`, "fieldManager", "kubectl-patch")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, "application/json", resp.Header["Content-Type"])
	d := liveDeployment(t, s, "web")
	assert.Equal(t, int32(2), *d.Spec.Replicas)
	require.Len(t, d.Spec.Template.Spec.Containers, 1)
	assert.Equal(t, "nginx:1.25", d.Spec.Template.Spec.Containers[0].Image)
	body := decodeBody(t, resp)
	assert.Equal(t, "Deployment", body["kind"])
	assert.Equal(t, d.ResourceVersion, body["metadata"].(map[string]any)["resourceVersion"])
	mf := managedFieldsOf(t, d)
	assert.Equal(t, `{"f:spec":{"f:replicas":{},"f:template":{"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{"f:image":{}}}}}}}`, mf["kubectl-patch/Update"])
	assert.NotContains(t, mf["kubectl-create/Update"], `"f:replicas"`, "the patch took replicas over")
	assert.NotContains(t, mf["kubectl-create/Update"], `"f:image"`)
}

// The oracle's answer to the same strategic patch from the manager "adder":
// new container items are owned whole, new ports by their
// containerPort and defaulted protocol, finalizers as a set. (The oracle's
// request also set the container's securityContext, a field the sandbox's
// containers do not have.)
func TestAnUpdateOwnsWhatItAddsAsUpstreamEncodesIt(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"new1"},"spec":{"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"nginx"}]}}}}`, "mgr")
	resp := sendPatch(t, s, "/apis/apps/v1/namespaces/default/deployments/new1", "application/strategic-merge-patch+json",
		`{"metadata":{"finalizers":["x/y"]},"spec":{"template":{"spec":{"tolerations":[{"key":"k","operator":"Exists"}],"containers":[{"name":"c","ports":[{"containerPort":81}]},{"name":"d","image":"busybox","ports":[{"containerPort":82}],"env":[{"name":"A","value":"b"}]}]}}}}`,
		"fieldManager", "adder")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, `{"f:metadata":{"f:finalizers":{".":{},"v:\"x/y\"":{}}},"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\"name\":\"c\"}":{"f:ports":{".":{},"k:{\"containerPort\":81,\"protocol\":\"TCP\"}":{".":{},"f:containerPort":{},"f:protocol":{}}}},"k:{\"name\":\"d\"}":{".":{},"f:env":{".":{},"k:{\"name\":\"A\"}":{".":{},"f:name":{},"f:value":{}}},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:ports":{".":{},"k:{\"containerPort\":82,\"protocol\":\"TCP\"}":{".":{},"f:containerPort":{},"f:protocol":{}}},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:tolerations":{}}}}}`,
		managedFieldsOf(t, liveDeployment(t, s, "new1"))["adder/Update"])
}

func TestAPatchWithoutAFieldManagerIsOwnedByTheUserAgent(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendPatch(t, s, webPath, "application/merge-patch+json", `{"metadata":{"labels":{"x":"y"}}}`)
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, `{"f:metadata":{"f:labels":{"f:x":{}}}}`, managedFieldsOf(t, liveDeployment(t, s, "web"))["kubectl/Update"])
}

func TestMergePatchFollowsRFC7386OnTheServer(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendPatch(t, s, webPath, "application/merge-patch+json",
		`{"metadata":{"labels":{"app":null,"tier":"web"}},"spec":{"template":{"spec":{"containers":[{"name":"only","image":"busybox"}]}}}}`)
	require.Equal(t, 200, resp.Code, string(resp.Body))
	d := liveDeployment(t, s, "web")
	assert.Equal(t, map[string]string{"tier": "web"}, d.Labels)
	require.Len(t, d.Spec.Template.Spec.Containers, 1, "a merge patch replaces lists")
	assert.Equal(t, "only", d.Spec.Template.Spec.Containers[0].Name)
}

func TestJSONPatchFollowsRFC6902OnTheServer(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendPatch(t, s, webPath, "application/json-patch+json", `[
		{"op":"test","path":"/spec/replicas","value":1},
		{"op":"replace","path":"/spec/replicas","value":3},
		{"op":"add","path":"/metadata/labels/tier","value":"web"},
		{"op":"copy","from":"/metadata/labels/tier","path":"/metadata/labels/copy"},
		{"op":"move","from":"/metadata/labels/copy","path":"/metadata/labels/moved"},
		{"op":"remove","path":"/metadata/labels/app"}]`)
	require.Equal(t, 200, resp.Code, string(resp.Body))
	d := liveDeployment(t, s, "web")
	assert.Equal(t, int32(3), *d.Spec.Replicas)
	assert.Equal(t, map[string]string{"tier": "web", "moved": "web"}, d.Labels)
}

func TestANoOpPatchWritesNothing(t *testing.T) {
	s := newServer(t)
	before := createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendPatch(t, s, webPath, "application/strategic-merge-patch+json", `{"spec":{"replicas":1}}`, "fieldManager", "kubectl-patch")
	require.Equal(t, 200, resp.Code)
	assert.Equal(t, before.GetObjectMeta().ResourceVersion, liveDeployment(t, s, "web").ResourceVersion,
		"kubectl says (no change) only when the object comes back as it was")
}

func TestADryRunPatchAnswersWithoutWriting(t *testing.T) {
	s := newServer(t)
	before := createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendPatch(t, s, webPath, "application/strategic-merge-patch+json", `{"spec":{"replicas":7}}`, "dryRun", "All")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, apijson.Number("7"), decodeBody(t, resp)["spec"].(map[string]any)["replicas"])
	d := liveDeployment(t, s, "web")
	assert.Equal(t, int32(1), *d.Spec.Replicas)
	assert.Equal(t, before.GetObjectMeta().ResourceVersion, d.ResourceVersion)
}

func TestUnknownFieldsAreWarnedOrRefusedByFieldValidation(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendPatch(t, s, webPath, "application/strategic-merge-patch+json", `{"spec":{"bogus":1,"template":{"spec":{"zzz":2}}}}`, "fieldValidation", "Strict")
	assert.Equal(t, 422, resp.Code)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":" \"\" is invalid: patch: Invalid value: \"map[spec:map[bogus:1 template:map[spec:map[zzz:2]]]]\": strict decoding error: unknown field \"spec.bogus\", unknown field \"spec.template.spec.zzz\"","reason":"Invalid","details":{"causes":[{"reason":"FieldValueInvalid","message":"Invalid value: \"map[spec:map[bogus:1 template:map[spec:map[zzz:2]]]]\": strict decoding error: unknown field \"spec.bogus\", unknown field \"spec.template.spec.zzz\"","field":"patch"}]},"code":422}`,
		string(resp.Body))

	// kubectl patch sends no fieldValidation: the server warns and drops them.
	resp = sendPatch(t, s, webPath, "application/strategic-merge-patch+json", `{"spec":{"bogus":1}}`, "fieldManager", "kubectl-patch")
	assert.Equal(t, 200, resp.Code)
	assert.Equal(t, `299 - "unknown field \"spec.bogus\""`, resp.Header["Warning"])

	resp = sendPatch(t, s, webPath, "application/strategic-merge-patch+json", `{"spec":{"bogus":1}}`, "fieldValidation", "Ignore")
	assert.Equal(t, 200, resp.Code)
	assert.Empty(t, resp.Header["Warning"])
}

func TestPatchErrorsAreWordedAsTheRealServerWordsThem(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	for _, tt := range []struct {
		name, contentType, body string
		code                    int
		want                    string
	}{
		{"an unknown content type", "text/plain", `{}`, 415,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"415: Unsupported Media Type","reason":"UnsupportedMediaType","details":{},"code":415}`},
		{"a JSON patch that is not a list", "application/json-patch+json", `{"op":"x"}`, 400,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp","reason":"BadRequest","code":400}`},
		{"a JSON patch that does not apply", "application/json-patch+json", `[{"op":"remove","path":"/spec/nope"}]`, 422,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server rejected our request due to an error in our request","reason":"Invalid","details":{},"code":422}`},
		{"a failed JSON patch test", "application/json-patch+json", `[{"op":"test","path":"/spec/replicas","value":9}]`, 422,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server rejected our request due to an error in our request","reason":"Invalid","details":{},"code":422}`},
		{"a strategic item without its merge key", "application/strategic-merge-patch+json", `{"spec":{"template":{"spec":{"containers":[{"image":"x"}]}}}}`, 500,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"map: map[image:x] does not contain declared merge key: name","code":500}`},
		{"an unknown $patch", "application/strategic-merge-patch+json", `{"spec":{"strategy":{"$patch":"frob"}}}`, 500,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"unknown patch type: frob in map: map[$patch:frob]","code":500}`},
		{"a strategic patch that is a list", "application/strategic-merge-patch+json", `["x"]`, 400,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"json: cannot unmarshal array into Go value of type map[string]interface {}","reason":"BadRequest","code":400}`},
		{"a merge patch that is a list", "application/merge-patch+json", `["x"]`, 400,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}","reason":"BadRequest","code":400}`},
		{"a patch that renames", "application/strategic-merge-patch+json", `{"metadata":{"name":"other"}}`, 400,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the name of the object (other) does not match the name on the URL (web)","reason":"BadRequest","code":400}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp := sendPatch(t, s, webPath, tt.contentType, tt.body)
			assert.Equal(t, tt.code, resp.Code)
			assert.JSONEq(t, tt.want, string(resp.Body))
		})
	}
}

func TestMalformedPatchJSONIsABadRequest(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendPatch(t, s, webPath, "application/merge-patch+json", `{bad`)
	assert.Equal(t, 400, resp.Code)
	assert.Contains(t, decodeBody(t, resp)["message"], "error decoding patch: invalid character 'b'")
}

func TestAPatchOnAMissingObjectIsNotFound(t *testing.T) {
	s := newServer(t)
	resp := sendPatch(t, s, "/apis/apps/v1/namespaces/default/deployments/nope", "application/merge-patch+json", `{}`)
	assert.Equal(t, 404, resp.Code)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"deployments.apps \"nope\" not found","reason":"NotFound","details":{"name":"nope","group":"apps","kind":"deployments"},"code":404}`,
		string(resp.Body))
}
