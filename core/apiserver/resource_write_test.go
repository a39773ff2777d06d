package apiserver

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const deployments = "/apis/apps/v1/namespaces/default/deployments"

func TestCreate(t *testing.T) {
	s := settled(t)
	resp := call(t, s, "POST", deployments, webDeployment)
	require.Equal(t, 201, resp.Code, string(resp.Body))
	assert.True(t, strings.HasPrefix(string(resp.Body), `{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"default","uid":"`), string(resp.Body))
	d := decoded(t, resp)["metadata"].(map[string]any)
	assert.Equal(t, decimal(s.c.Store().Revision()), d["resourceVersion"])
	assert.EqualValues(t, 1, d["generation"])
	// Stored, and read back the same.
	assert.Equal(t, resp.Body, call(t, s, "GET", deployments+"/web", "").Body)

	again := call(t, s, "POST", deployments, webDeployment)
	assert.Equal(t, 409, again.Code)
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"deployments.apps \"web\" already exists","reason":"AlreadyExists","details":{"name":"web","group":"apps","kind":"deployments"},"code":409}`, string(again.Body))
}

func TestCreateNamesAndNamespaces(t *testing.T) {
	s := settled(t)
	cases := []struct {
		name, path, body string
		code             int
		want             string // exact body, or a prefix ending in …
	}{
		{"generateName", "/api/v1/namespaces/default/configmaps", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"generateName":"g-"}}`, 201,
			`{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"g-…`},
		{"an empty apiVersion and kind take the route's", "/api/v1/namespaces/default/configmaps", `{"metadata":{"name":"c3"}}`, 201,
			`{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c3","namespace":"default",…`},
		{"a namespace other than the path's", "/api/v1/namespaces/default/configmaps", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"other"}}`, 400,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the namespace of the provided object does not match the namespace sent on the request","reason":"BadRequest","code":400}`},
		{"a namespace that does not exist", "/api/v1/namespaces/nope/configmaps", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c6"}}`, 404,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"namespaces \"nope\" not found","reason":"NotFound","details":{"name":"nope","kind":"namespaces"},"code":404}`},
		{"no name", "/api/v1/namespaces/default/configmaps", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{}}`, 422,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"ConfigMap \"\" is invalid: metadata.name: Required value: name or generateName is required","reason":"Invalid","details":{"kind":"ConfigMap","causes":[{"reason":"FieldValueRequired","message":"Required value: name or generateName is required","field":"metadata.name"}]},"code":422}`},
		{"a resourceVersion", "/api/v1/namespaces/default/configmaps", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c4","resourceVersion":"5"}}`, 500,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"resourceVersion should not be set on objects to be created","code":500}`},
		{"a cluster-scoped object drops its namespace", "/api/v1/namespaces", `{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"crud","namespace":"x"}}`, 201,
			`{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"crud","uid":…`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := call(t, s, "POST", c.path, c.body)
			assert.Equal(t, c.code, resp.Code)
			if prefix, ok := strings.CutSuffix(c.want, "…"); ok {
				assert.True(t, strings.HasPrefix(string(resp.Body), prefix), string(resp.Body))
			} else {
				assert.Equal(t, c.want, string(resp.Body))
			}
		})
	}
}

func TestCreateInvalidListsTheCausesAsUpstream(t *testing.T) {
	s := settled(t)
	bad := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"bad"},"spec":{"replicas":-1,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"x"}},"spec":{"containers":[{"name":"n","image":"nginx"}]}}}}`
	resp := call(t, s, "POST", deployments, bad)
	assert.Equal(t, 422, resp.Code)
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Deployment.apps \"bad\" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"x\"}: `+"`selector` does not match template `labels`"+`]","reason":"Invalid","details":{"name":"bad","group":"apps","kind":"Deployment","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.replicas"},{"reason":"FieldValueInvalid","message":"Invalid value: map[string]string{\"app\":\"x\"}: `+"`selector` does not match template `labels`"+`","field":"spec.template.metadata.labels"}]},"code":422}`, string(resp.Body))
}

func TestCreateFieldValidation(t *testing.T) {
	s := settled(t)
	body := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"replica":2,"foo":{"bar":1},"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"n","image":"nginx","bogus":1}]}}}}`
	warning := `299 - "unknown field \"spec.replica\"", 299 - "unknown field \"spec.foo\"", 299 - "unknown field \"spec.template.spec.containers[0].bogus\""`
	cases := []struct {
		query   string
		code    int
		warning string
		body    string
	}{
		{"fieldValidation=Strict", 400, "", `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Deployment in version \"v1\" cannot be handled as a Deployment: strict decoding error: unknown field \"spec.replica\", unknown field \"spec.foo\", unknown field \"spec.template.spec.containers[0].bogus\"","reason":"BadRequest","code":400}`},
		{"fieldValidation=Warn&dryRun=All", 201, warning, ""},
		{"dryRun=All", 201, warning, ""},
		{"fieldValidation=Ignore&dryRun=All", 201, "", ""},
		{"fieldValidation=Bad", 422, "", `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"CreateOptions.meta.k8s.io \"\" is invalid: fieldValidation: Unsupported value: \"Bad\": supported values: \"\", \"Ignore\", \"Strict\", \"Warn\"","reason":"Invalid","details":{"group":"meta.k8s.io","kind":"CreateOptions","causes":[{"reason":"FieldValueNotSupported","message":"Unsupported value: \"Bad\": supported values: \"\", \"Ignore\", \"Strict\", \"Warn\"","field":"fieldValidation"}]},"code":422}`},
		{"dryRun=Foo", 422, "", `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"CreateOptions.meta.k8s.io \"\" is invalid: dryRun: Unsupported value: []string{\"Foo\"}: supported values: \"All\"","reason":"Invalid","details":{"group":"meta.k8s.io","kind":"CreateOptions","causes":[{"reason":"FieldValueNotSupported","message":"Unsupported value: []string{\"Foo\"}: supported values: \"All\"","field":"dryRun"}]},"code":422}`},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			resp := call(t, s, "POST", deployments+"?"+c.query, body)
			assert.Equal(t, c.code, resp.Code, string(resp.Body))
			assert.Equal(t, c.warning, resp.Header["Warning"])
			if c.body != "" {
				assert.Equal(t, c.body, string(resp.Body))
			}
		})
	}
	// Nothing was stored by the dry runs; the object a dry run returned
	// was read by exact field names, unknown ones left out.
	assert.Equal(t, 404, call(t, s, "GET", deployments+"/web", "").Code)
	dry := decoded(t, call(t, s, "POST", deployments+"?dryRun=All", strings.Replace(body, `"replica":2`, `"Replicas":5`, 1)))
	assert.EqualValues(t, 1, dry["spec"].(map[string]any)["replicas"], "Replicas is not replicas")
	assert.NotContains(t, dry["metadata"], "resourceVersion")
	assert.Contains(t, dry["metadata"], "uid")
}

func TestCreateBodiesARealServerRefuses(t *testing.T) {
	s := settled(t)
	cms := "/api/v1/namespaces/default/configmaps"
	cases := []struct{ name, contentType, body, want string }{
		{"not JSON", "application/json", `not json`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character 'o' in literal null (expecting 'u') (6e6f74206a736f6e)","reason":"BadRequest","code":400}`},
		{"long broken JSON", "application/json", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"Q"},"this is a long garbage":[}`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character '}' looking for beginning of value ({\"apiVersion\":\"v1\",\"kind\":\"Con ...)","reason":"BadRequest","code":400}`},
		{"no body", "application/json", ``,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: unexpected end of JSON input (\u003cempty\u003e)","reason":"BadRequest","code":400}`},
		{"another kind", "application/json", `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"c"}}`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Secret in version \"v1\" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion","reason":"BadRequest","code":400}`},
		{"a value of the wrong type", "application/json", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c5"},"data":{"a":1}}`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"ConfigMap in version \"v1\" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string","reason":"BadRequest","code":400}`},
		{"a media type it does not read", "text/plain", `{}`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf","reason":"UnsupportedMediaType","code":415}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := call(t, s, "POST", cms, c.body, "Content-Type", c.contentType)
			assert.Equal(t, c.want, string(resp.Body))
		})
	}
	yamlBody := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: y1}\ndata: {a: \"1\"}\nbogus: 1\n"
	resp := call(t, s, "POST", cms, yamlBody, "Content-Type", "application/yaml")
	assert.Equal(t, 201, resp.Code, string(resp.Body))
	assert.Equal(t, `299 - "unknown field \"bogus\""`, resp.Header["Warning"])
	assert.Equal(t, map[string]any{"a": "1"}, decoded(t, resp)["data"])
}

func TestUpdate(t *testing.T) {
	s := settled(t)
	created := decoded(t, call(t, s, "POST", deployments, webDeployment))
	rv := created["metadata"].(map[string]any)["resourceVersion"].(string)
	scaled := strings.Replace(webDeployment, `"replicas":2`, `"replicas":3`, 1)
	withRV := strings.Replace(scaled, `"name":"web",`, `"name":"web","resourceVersion":"`+rv+`",`, 1)

	resp := call(t, s, "PUT", deployments+"/web", withRV)
	require.Equal(t, 200, resp.Code, string(resp.Body))
	d := decoded(t, resp)
	assert.EqualValues(t, 3, d["spec"].(map[string]any)["replicas"])
	assert.EqualValues(t, 2, d["metadata"].(map[string]any)["generation"])
	assert.NotEqual(t, rv, d["metadata"].(map[string]any)["resourceVersion"])

	// A replace of what was read changes nothing and writes nothing.
	read := call(t, s, "GET", deployments+"/web", "")
	same := call(t, s, "PUT", deployments+"/web", string(read.Body))
	require.Equal(t, 200, same.Code, string(same.Body))
	assert.Equal(t, read.Body, same.Body)
	rev := s.c.Store().Revision()
	assert.Equal(t, 200, call(t, s, "PUT", deployments+"/web", strings.Replace(string(read.Body), `"resourceVersion":`, `"x":`, 1)).Code)
	assert.Equal(t, rev, s.c.Store().Revision(), "an unchanged object is not written")

	stale := call(t, s, "PUT", deployments+"/web", withRV)
	assert.Equal(t, 409, stale.Code)
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; please apply your changes to the latest version and try again","reason":"Conflict","details":{"name":"web","group":"apps","kind":"deployments"},"code":409}`, string(stale.Body))

	cases := []struct{ name, path, body, want string }{
		{"another name", "/web", strings.Replace(scaled, `"name":"web"`, `"name":"zz"`, 1),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the name of the object (zz) does not match the name on the URL (web)","reason":"BadRequest","code":400}`},
		{"no name", "/web", strings.Replace(scaled, `"name":"web",`, ``, 1),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the name of the object (web based on URL) was undeterminable: name must be provided","reason":"BadRequest","code":400}`},
		{"another namespace", "/web", strings.Replace(scaled, `"name":"web",`, `"name":"web","namespace":"x",`, 1),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the namespace of the provided object does not match the namespace sent on the request","reason":"BadRequest","code":400}`},
		{"nothing to update", "/nope", strings.Replace(scaled, `"name":"web"`, `"name":"nope"`, 1),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"deployments.apps \"nope\" not found","reason":"NotFound","details":{"name":"nope","group":"apps","kind":"deployments"},"code":404}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, string(call(t, s, "PUT", deployments+c.path, c.body).Body))
		})
	}

	// A dry run answers with what would be stored, at the stored
	// resourceVersion, and stores nothing.
	before := call(t, s, "GET", deployments+"/web", "")
	dry := call(t, s, "PUT", deployments+"/web?dryRun=All", strings.Replace(scaled, `"replicas":3`, `"replicas":7`, 1))
	require.Equal(t, 200, dry.Code, string(dry.Body))
	dd := decoded(t, dry)
	assert.EqualValues(t, 7, dd["spec"].(map[string]any)["replicas"])
	assert.Equal(t, decoded(t, before)["metadata"].(map[string]any)["resourceVersion"], dd["metadata"].(map[string]any)["resourceVersion"])
	assert.Equal(t, before.Body, call(t, s, "GET", deployments+"/web", "").Body)
}

func TestDelete(t *testing.T) {
	s := settled(t)
	cms := "/api/v1/namespaces/default/configmaps"
	for _, n := range []string{"a", "b"} {
		require.Equal(t, 201, call(t, s, "POST", cms, configMapJSON(n, "")).Code)
	}
	uid := decoded(t, call(t, s, "GET", cms+"/a", ""))["metadata"].(map[string]any)["uid"].(string)

	// Gone at once, of a kind that does not return it: Success, no code.
	resp := call(t, s, "DELETE", cms+"/a", `{"propagationPolicy":"Background"}`)
	assert.Equal(t, 200, resp.Code)
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","details":{"name":"a","kind":"configmaps","uid":"`+uid+`"}}`, string(resp.Body))
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"configmaps \"a\" not found","reason":"NotFound","details":{"name":"a","kind":"configmaps"},"code":404}`, string(call(t, s, "DELETE", cms+"/a", "").Body))

	bUID := decoded(t, call(t, s, "GET", cms+"/b", ""))["metadata"].(map[string]any)["uid"].(string)
	bRV := decoded(t, call(t, s, "GET", cms+"/b", ""))["metadata"].(map[string]any)["resourceVersion"].(string)
	cases := []struct{ name, query, body, want string }{
		{"a uid precondition", "", `{"preconditions":{"uid":"x"}}`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Operation cannot be fulfilled on ConfigMap \"b\": the UID in the precondition (x) does not match the UID in record (` + bUID + `). The object might have been deleted and then recreated","reason":"Conflict","details":{"name":"b","kind":"ConfigMap"},"code":409}`},
		{"a resourceVersion precondition", "", `{"preconditions":{"resourceVersion":"1"}}`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Operation cannot be fulfilled on ConfigMap \"b\": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (` + bRV + `). The object might have been modified","reason":"Conflict","details":{"name":"b","kind":"ConfigMap"},"code":409}`},
		{"an unknown propagation policy", "", `{"propagationPolicy":"Bad"}`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Unsupported value: \"Bad\": supported values: \"Foreground\", \"Background\", \"Orphan\", \"nil\"","reason":"Invalid","details":{"group":"meta.k8s.io","kind":"DeleteOptions","causes":[{"reason":"FieldValueNotSupported","message":"Unsupported value: \"Bad\": supported values: \"Foreground\", \"Background\", \"Orphan\", \"nil\"","field":"propagationPolicy"}]},"code":422}`},
		{"options of the wrong type", "", `{"gracePeriodSeconds":"x"}`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64","code":500}`},
		{"options that are not JSON", "", `garbage`,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"couldn't get version/kind; json parse error: invalid character 'g' looking for beginning of value","code":500}`},
		{"a grace period that is not a number", "?gracePeriodSeconds=x", ``,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"strconv.ParseInt: parsing \"x\": invalid syntax","reason":"BadRequest","code":400}`},
		{"a dry run", "?dryRun=All", ``,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","details":{"name":"b","kind":"configmaps","uid":"` + bUID + `"}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, string(call(t, s, "DELETE", cms+"/b"+c.query, c.body).Body))
		})
	}
	assert.Equal(t, 200, call(t, s, "GET", cms+"/b", "").Code, "nothing above deleted b")

	// Foreground: the object stays, held by its finalizer, and is returned.
	fg := call(t, s, "DELETE", cms+"/b?propagationPolicy=Foreground", "")
	require.Equal(t, 200, fg.Code)
	m := decoded(t, fg)["metadata"].(map[string]any)
	assert.Equal(t, []any{"foregroundDeletion"}, m["finalizers"])
	assert.Contains(t, m, "deletionTimestamp")
}

func TestDeleteReturnsTheObjectForThePodsAndServicesKinds(t *testing.T) {
	s := settled(t)
	require.Equal(t, 201, call(t, s, "POST", "/api/v1/namespaces/default/services", `{"metadata":{"name":"s1"},"spec":{"ports":[{"port":80}]}}`).Code)
	resp := call(t, s, "DELETE", "/api/v1/namespaces/default/services/s1", "")
	assert.True(t, strings.HasPrefix(string(resp.Body), `{"kind":"Service","apiVersion":"v1","metadata":{"name":"s1",`), string(resp.Body))

	require.Equal(t, 201, call(t, s, "POST", deployments, webDeployment).Code)
	s.c.Settle(time.Minute)
	pods := names(t, call(t, s, "GET", "/api/v1/namespaces/default/pods?labelSelector=app%3Dweb", ""))
	require.NotEmpty(t, pods)
	// A running pod is Terminating for its grace period.
	resp = call(t, s, "DELETE", "/api/v1/namespaces/default/pods/"+pods[0], "")
	require.Equal(t, 200, resp.Code)
	m := decoded(t, resp)["metadata"].(map[string]any)
	assert.EqualValues(t, 30, m["deletionGracePeriodSeconds"])
	resp = call(t, s, "DELETE", "/api/v1/namespaces/default/pods/"+pods[1]+"?gracePeriodSeconds=0", "")
	assert.True(t, strings.HasPrefix(string(resp.Body), `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"`+pods[1]), string(resp.Body))
	assert.Equal(t, 404, call(t, s, "GET", "/api/v1/namespaces/default/pods/"+pods[1], "").Code)
}

func TestDeleteCollection(t *testing.T) {
	s := settled(t)
	cms := "/api/v1/namespaces/default/configmaps"
	for _, cm := range []string{configMapJSON("a", `"app":"web"`), configMapJSON("b", `"app":"db"`), configMapJSON("c", `"app":"web"`)} {
		require.Equal(t, 201, call(t, s, "POST", cms, cm).Code)
	}
	resp := call(t, s, "DELETE", cms+"?labelSelector=app%3Dweb", "")
	assert.Equal(t, []string{"a", "c"}, names(t, resp))
	assert.Equal(t, "ConfigMapList", decoded(t, resp)["kind"])
	assert.Equal(t, []string{"b", "kube-root-ca.crt"}, names(t, call(t, s, "GET", cms, "")))
	none := call(t, s, "DELETE", cms+"?labelSelector=app%3Dnone", "")
	assert.Equal(t, `{"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":"`+decimal(s.c.Store().Revision())+`"},"items":[]}`, string(none.Body))
	assert.Equal(t, 400, call(t, s, "DELETE", cms+"?fieldSelector=spec.x%3D1", "").Code)
	assert.Equal(t, 405, call(t, s, "DELETE", "/api/v1/namespaces", "").Code)
}

func TestDispatchToPatchWatchSubresourcesAndTables(t *testing.T) {
	s := settled(t)
	require.Equal(t, 201, call(t, s, "POST", deployments, webDeployment).Code)
	// Each goes to its own handler (built in its own file), not to CRUD.
	assert.NotEqual(t, 405, call(t, s, "PATCH", deployments+"/web", `{}`, "Content-Type", "application/merge-patch+json").Code)
	assert.NotContains(t, string(call(t, s, "GET", deployments+"?watch=1", "").Body), `"kind":"DeploymentList"`)
	assert.NotContains(t, string(call(t, s, "GET", deployments+"/web/scale", "").Body), `"kind":"Deployment",`)
	// A table that is not available falls back to JSON.
	table := call(t, s, "GET", deployments+"/web", "", "Accept", "application/json;as=Table;v=v1;g=meta.k8s.io,application/json")
	assert.Equal(t, 200, table.Code)
}

func TestUpdateCreatesAMissingObjectOfTheKindsThatAllowIt(t *testing.T) {
	s := settled(t)
	resp := call(t, s, "PUT", "/apis/coordination.k8s.io/v1/namespaces/default/leases/l2", `{"metadata":{"name":"l2"}}`)
	assert.Equal(t, 201, resp.Code, string(resp.Body))
	assert.True(t, strings.HasPrefix(string(resp.Body), `{"kind":"Lease","apiVersion":"coordination.k8s.io/v1","metadata":{"name":"l2","namespace":"default",`), string(resp.Body))
	assert.Equal(t, 201, call(t, s, "PUT", "/api/v1/namespaces/default/services/s2", `{"metadata":{"name":"s2"},"spec":{"ports":[{"port":80}]}}`).Code)
	assert.Equal(t, 200, call(t, s, "GET", "/api/v1/namespaces/default/services/s2", "").Code)
	resp = call(t, s, "PUT", "/api/v1/namespaces/default/pods/p2", `{"metadata":{"name":"p2"},"spec":{"containers":[{"name":"c","image":"x"}]}}`)
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \"p2\" not found","reason":"NotFound","details":{"name":"p2","kind":"pods"},"code":404}`, string(resp.Body))
}
