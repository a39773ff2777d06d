package apiserver

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// Server-side apply, checked against what the v1.32 API server answered
// to the same requests.

// webManifest is what `kubectl apply --server-side -f web.yaml` sends
// (kubectl sends the YAML as JSON; either is read).
const webManifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
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
        image: nginx:1.25
        ports:
        - containerPort: 80
`

func sendApply(t *testing.T, s *Server, path, body string, query ...string) *Response {
	t.Helper()
	return sendPatch(t, s, path, "application/apply-patch+yaml", body, query...)
}

func TestApplyConflictsWithTheCreatorsFieldsAsTheRealServerSays(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendApply(t, s, webPath, webManifest, "fieldManager", "kubectl", "fieldValidation", "Strict", "force", "false")
	assert.Equal(t, 409, resp.Code)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Apply failed with 2 conflicts: conflicts with \"kubectl-create\" using apps/v1:\n- .spec.replicas\n- .spec.template.spec.containers[name=\"nginx\"].image","reason":"Conflict","details":{"causes":[{"reason":"FieldManagerConflict","message":"conflict with \"kubectl-create\" using apps/v1","field":".spec.replicas"},{"reason":"FieldManagerConflict","message":"conflict with \"kubectl-create\" using apps/v1","field":".spec.template.spec.containers[name=\"nginx\"].image"}]},"code":409}`,
		string(resp.Body))
	assert.Equal(t, int32(1), *liveDeployment(t, s, "web").Spec.Replicas, "a refused apply changes nothing")
}

func TestForceConflictsTakesTheFieldsOver(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendApply(t, s, webPath, webManifest, "fieldManager", "kubectl", "force", "true")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	d := liveDeployment(t, s, "web")
	assert.Equal(t, int32(2), *d.Spec.Replicas)
	assert.Equal(t, "nginx:1.25", d.Spec.Template.Spec.Containers[0].Image)
	require.Len(t, d.ManagedFields, 2)
	assert.Equal(t, "Apply", d.ManagedFields[0].Operation, "appliers come first")
	mf := managedFieldsOf(t, d)
	assert.Equal(t, `{"f:spec":{"f:replicas":{},"f:selector":{},"f:template":{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{".":{},"f:image":{},"f:name":{},"f:ports":{"k:{\"containerPort\":80,\"protocol\":\"TCP\"}":{".":{},"f:containerPort":{}}}}}}}}}`,
		mf["kubectl/Apply"])
	// The creator keeps what it shares with the applier (the selector, the
	// labels) and loses only what was taken.
	assert.Equal(t, `{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:progressDeadlineSeconds":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{".":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}}}`,
		mf["kubectl-create/Update"])

	// Another applier changing the same fields conflicts with the applier,
	// named without an apiVersion.
	resp = sendApply(t, s, webPath, `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec: {replicas: 3, template: {spec: {containers: [{name: nginx, image: x, ports: [{containerPort: 80, name: h}]}]}}}`, "fieldManager", "other")
	assert.Equal(t, 409, resp.Code)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Apply failed with 2 conflicts: conflicts with \"kubectl\":\n- .spec.replicas\n- .spec.template.spec.containers[name=\"nginx\"].image","reason":"Conflict","details":{"causes":[{"reason":"FieldManagerConflict","message":"conflict with \"kubectl\"","field":".spec.replicas"},{"reason":"FieldManagerConflict","message":"conflict with \"kubectl\"","field":".spec.template.spec.containers[name=\"nginx\"].image"}]},"code":409}`,
		string(resp.Body))
}

func TestOneConflictIsWordedInOneLine(t *testing.T) {
	s := newServer(t)
	createTracked(t, s, kubectlCreateWeb, "kubectl-create")
	resp := sendApply(t, s, webPath, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"replicas":5}}`, "fieldManager", "kubectl")
	assert.Equal(t, 409, resp.Code)
	assert.Equal(t, `Apply failed with 1 conflict: conflict with "kubectl-create" using apps/v1: .spec.replicas`, decodeBody(t, resp)["message"])
}

const new1Path = "/apis/apps/v1/namespaces/default/deployments/new1"

func TestApplyCreatesAMissingObjectOwnedByItsApplier(t *testing.T) {
	s := newServer(t)
	resp := sendApply(t, s, new1Path, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"new1","labels":{"a":"b"}},"spec":{"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"nginx","args":["x"],"env":[{"name":"E","value":"1"}]}]}}}}`,
		"fieldManager", "mgr")
	require.Equal(t, 201, resp.Code, string(resp.Body))
	d := liveDeployment(t, s, "new1")
	require.Len(t, d.ManagedFields, 1, "defaults the server adds are no one's")
	assert.Equal(t, "mgr", d.ManagedFields[0].Manager)
	assert.Equal(t, "Apply", d.ManagedFields[0].Operation)
	assert.Equal(t, `{"f:metadata":{"f:labels":{"f:a":{}}},"f:spec":{"f:selector":{},"f:template":{"f:metadata":{"f:labels":{"f:a":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"c\"}":{".":{},"f:args":{},"f:env":{"k:{\"name\":\"E\"}":{".":{},"f:name":{},"f:value":{}}},"f:image":{},"f:name":{}}}}}}}`,
		string(d.ManagedFields[0].FieldsV1))
	assert.Equal(t, "default", d.Namespace)

	// Applying again without the labels, args and env removes them: the
	// applier was their only owner.
	resp = sendApply(t, s, new1Path, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"new1"},"spec":{"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"nginx"}]}}}}`,
		"fieldManager", "mgr")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	d = liveDeployment(t, s, "new1")
	assert.Empty(t, d.Labels)
	c := d.Spec.Template.Spec.Containers[0]
	assert.Empty(t, c.Args)
	assert.Empty(t, c.Env)
	assert.Equal(t, "Always", string(c.ImagePullPolicy), "defaults stay")
	assert.Equal(t, `{"f:spec":{"f:selector":{},"f:template":{"f:metadata":{"f:labels":{"f:a":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"c\"}":{".":{},"f:image":{},"f:name":{}}}}}}}`,
		managedFieldsOf(t, d)["mgr/Apply"])

	// A patch then takes the image from the applier.
	resp = sendPatch(t, s, new1Path, "application/strategic-merge-patch+json", `{"spec":{"replicas":2,"template":{"spec":{"containers":[{"name":"c","image":"nginx:2"}]}}}}`, "fieldManager", "kubectl-patch")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	mf := managedFieldsOf(t, liveDeployment(t, s, "new1"))
	assert.Equal(t, `{"f:spec":{"f:selector":{},"f:template":{"f:metadata":{"f:labels":{"f:a":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"c\"}":{".":{},"f:name":{}}}}}}}`, mf["mgr/Apply"])
	assert.Equal(t, `{"f:spec":{"f:replicas":{},"f:template":{"f:spec":{"f:containers":{"k:{\"name\":\"c\"}":{"f:image":{}}}}}}}`, mf["kubectl-patch/Update"])
}

// structured-merge-diff's "multiple appliers" cases: a value two appliers
// both set is shared, not a conflict, and stays while one still applies it.
func TestAppliersAgreeingShareAFieldThatStaysUntilBothLetGo(t *testing.T) {
	s := newServer(t)
	cm := `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cfg"},"data":{"a":"1"}}`
	path := "/api/v1/namespaces/default/configmaps/cfg"
	require.Equal(t, 201, sendApply(t, s, path, cm, "fieldManager", "one").Code)
	resp := sendApply(t, s, path, cm, "fieldManager", "two")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	live := func() *api.ConfigMap {
		o, err := s.c.Store().Get(api.ConfigMaps, "default", "cfg")
		require.NoError(t, err)
		return o.(*api.ConfigMap)
	}
	mf := managedFieldsOf(t, live())
	assert.Equal(t, `{"f:data":{"f:a":{}}}`, mf["one/Apply"])
	assert.Equal(t, `{"f:data":{"f:a":{}}}`, mf["two/Apply"])

	empty := `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cfg"}}`
	require.Equal(t, 200, sendApply(t, s, path, empty, "fieldManager", "one").Code)
	assert.Equal(t, map[string]string{"a": "1"}, live().Data, "two still applies it")
	require.Equal(t, 200, sendApply(t, s, path, empty, "fieldManager", "two").Code)
	assert.Empty(t, live().Data, "no one applies it any more")
}

// An object no one tracked (made by the sandbox itself) is first owned by
// "before-first-apply", as upstream does.
func TestApplyToAnUntrackedObjectConflictsWithBeforeFirstApply(t *testing.T) {
	s := newServer(t)
	o := api.ConfigMaps.New().(*api.ConfigMap)
	o.Name, o.Namespace, o.Data = "cfg", "default", map[string]string{"a": "1"}
	_, err := s.c.Store().Create(o)
	require.NoError(t, err)
	resp := sendApply(t, s, "/api/v1/namespaces/default/configmaps/cfg", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cfg"},"data":{"a":"2"}}`, "fieldManager", "kubectl")
	assert.Equal(t, 409, resp.Code)
	assert.Equal(t, `Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .data.a`, decodeBody(t, resp)["message"])
}

func TestADryRunApplyCreatesNothing(t *testing.T) {
	s := newServer(t)
	resp := sendApply(t, s, "/api/v1/namespaces/default/configmaps/cfg", `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cfg"},"data":{"a":"1"}}`, "fieldManager", "kubectl", "dryRun", "All")
	assert.Equal(t, 201, resp.Code, string(resp.Body))
	_, err := s.c.Store().Get(api.ConfigMaps, "default", "cfg")
	assert.True(t, api.IsNotFound(err))
}

func TestApplyErrorsAreWordedAsTheRealServerWordsThem(t *testing.T) {
	s := newServer(t)
	for _, tt := range []struct {
		name, body string
		query      []string
		code       int
		want       string
	}{
		{"no field manager", `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"new1"}}`, nil, 422,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch","reason":"Invalid","details":{"group":"meta.k8s.io","kind":"PatchOptions","causes":[{"reason":"FieldValueRequired","message":"Required value: is required for apply patch","field":"fieldManager"}]},"code":422}`},
		{"another apiVersion", `{"apiVersion":"v1","kind":"Deployment","metadata":{"name":"new1"}}`, []string{"fieldManager", "other"}, 400,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"invalid object type: /v1, Kind=Deployment","reason":"BadRequest","code":400}`},
		{"no apiVersion", `{"kind":"Deployment","metadata":{"name":"new1"}}`, []string{"fieldManager", "other"}, 400,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"invalid object type: /, Kind=Deployment","reason":"BadRequest","code":400}`},
		{"another name", `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"new2"}}`, []string{"fieldManager", "other"}, 400,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the name of the object (new2) does not match the name on the URL (new1)","reason":"BadRequest","code":400}`},
		{"an unknown field", `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"new1"}, "spec":{"bogus":1}}`, []string{"fieldManager", "other"}, 500,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"failed to create typed patch object (/new1; apps/v1, Kind=Deployment): .spec.bogus: field not declared in schema","code":500}`},
		{"a value of the wrong type", `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"new1"},"spec":{"replicas":"x"}}`, []string{"fieldManager", "m"}, 500,
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"failed to create typed patch object (/new1; apps/v1, Kind=Deployment): .spec.replicas: expected numeric (int or float), got string","code":500}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp := sendApply(t, s, new1Path, tt.body, tt.query...)
			assert.Equal(t, tt.code, resp.Code)
			assert.JSONEq(t, tt.want, string(resp.Body))
		})
	}
}

// After `kubectl apply` (client-side) the object's fields are
// kubectl-client-side-apply's. `kubectl apply --server-side` (the manager
// "kubectl") takes over the fields of the last-applied configuration
// without a conflict, as the real server lets it; another applier
// conflicts.
func TestServerSideApplyTakesOverFromClientSideApply(t *testing.T) {
	for _, tt := range []struct {
		manager string
		code    int
		message string
	}{
		{"kubectl", 200, ""},
		{"other", 409, `Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas`},
	} {
		t.Run(tt.manager, func(t *testing.T) {
			s := newServer(t)
			lastApplied := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"replicas":4,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.25","name":"nginx","ports":[{"containerPort":80}]}]}}}}` + "\n"
			createTracked(t, s, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":`+string(mustQuote(lastApplied))+`},"name":"web","namespace":"default"},"spec":{"replicas":4,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.25","name":"nginx","ports":[{"containerPort":80}]}]}}}}`,
				"kubectl-client-side-apply")
			resp := sendApply(t, s, webPath, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"replicas":2}}`, "fieldManager", tt.manager)
			assert.Equal(t, tt.code, resp.Code, string(resp.Body))
			if tt.message != "" {
				assert.Equal(t, tt.message, decodeBody(t, resp)["message"])
				return
			}
			d := liveDeployment(t, s, "web")
			assert.Equal(t, int32(2), *d.Spec.Replicas)
			assert.NotContains(t, managedFieldsOf(t, d)["kubectl-client-side-apply/Update"], "f:replicas")
		})
	}
}

func mustQuote(s string) []byte { return apijson.Quote(s) }

// The oracle's order of containers after two appliers' lists merge: the
// config's items in its order, a live item it lacks after the one it
// followed.
func TestApplyOrdersMergedItemsAsUpstream(t *testing.T) {
	s := newServer(t)
	names := func() []string {
		var out []string
		for _, c := range liveDeployment(t, s, "ord").Spec.Template.Spec.Containers {
			out = append(out, c.Name)
		}
		return out
	}
	path := "/apis/apps/v1/namespaces/default/deployments/ord"
	require.Equal(t, 201, sendApply(t, s, path, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"ord","labels":{"a":"b"}},"spec":{"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c1","image":"nginx"},{"name":"c2","image":"nginx"}]}}}}`, "fieldManager", "m").Code)
	require.Equal(t, 200, sendApply(t, s, path, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"ord"},"spec":{"template":{"spec":{"containers":[{"name":"c0","image":"busybox"},{"name":"c2","image":"nginx"}]}}}}`, "fieldManager", "m2").Code)
	assert.Equal(t, []string{"c1", "c0", "c2"}, names())
	require.Equal(t, 200, sendApply(t, s, path, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"ord","labels":{"a":"b"}},"spec":{"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c3","image":"nginx"},{"name":"c1","image":"nginx"},{"name":"c2","image":"nginx"}]}}}}`, "fieldManager", "m").Code)
	assert.Equal(t, []string{"c3", "c1", "c0", "c2"}, names())
}
