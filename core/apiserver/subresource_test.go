package apiserver

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sub sends a request to a subresource as the resource handler dispatches
// it (resource.go resolves the kind, then calls subresource).
func sub(t *testing.T, s *Server, method, path, contentType, body string, query ...string) (*Response, map[string]any) {
	t.Helper()
	rt, ok := parseRoute(path)
	require.True(t, ok, path)
	kind := api.ResourceFor(rt.Resource)
	require.NotNil(t, kind, path)
	r := &Request{Method: method, Path: path, Body: []byte(body), Query: map[string][]string{},
		Header: map[string][]string{"Content-Type": {contentType}}}
	for _, q := range query {
		k, v, _ := strings.Cut(q, "=")
		r.Query[k] = []string{v}
	}
	resp := s.subresource(r, rt, kind)
	var doc map[string]any
	if strings.HasPrefix(resp.Header["Content-Type"], "application/json") {
		require.NoError(t, json.Unmarshal(resp.Body, &doc), string(resp.Body))
	}
	return resp, doc
}

const deployPath = "/apis/apps/v1/namespaces/default/deployments/web"

func TestScaleOfADeployment(t *testing.T) {
	s, c := settledServer(t, "create deployment web --image=nginx:1.27 --replicas=2")
	resp, doc := sub(t, s, "GET", deployPath+"/scale", "", "")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, "Scale", doc["kind"])
	assert.Equal(t, "autoscaling/v1", doc["apiVersion"])
	assert.Equal(t, map[string]any{"replicas": 2.0}, doc["spec"])
	assert.Equal(t, map[string]any{"replicas": 2.0, "selector": "app=web"}, doc["status"])

	// kubectl scale sends a merge patch.
	resp, doc = sub(t, s, "PATCH", deployPath+"/scale", "application/merge-patch+json", `{"spec":{"replicas":3}}`)
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, map[string]any{"replicas": 3.0}, doc["spec"])
	c.Settle(time.Minute)
	out := c.Kubectl("kubectl get deploy web --no-headers", "").Stdout
	assert.Contains(t, out, "3/3")

	// A stale resourceVersion is the Deployment's own Conflict.
	resp, doc = sub(t, s, "PUT", deployPath+"/scale", "application/json",
		`{"kind":"Scale","apiVersion":"autoscaling/v1","metadata":{"name":"web","namespace":"default","resourceVersion":"1"},"spec":{"replicas":2}}`)
	assert.Equal(t, 409, resp.Code)
	assert.Equal(t, `Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again`, doc["message"])
	assert.Equal(t, map[string]any{"name": "web", "group": "apps", "kind": "deployments"}, doc["details"])

	// What the v1.32 API server answered for the rest.
	resp, _ = sub(t, s, "PUT", deployPath+"/scale", "application/json",
		`{"kind":"Scale","apiVersion":"autoscaling/v1","metadata":{"name":"web","namespace":"default"},"spec":{"replicas":-1}}`)
	assert.Equal(t, 422, resp.Code)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Scale.autoscaling \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0","reason":"Invalid","details":{"name":"web","group":"autoscaling","kind":"Scale","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.replicas"}]},"code":422}`, string(resp.Body))
	resp, _ = sub(t, s, "PUT", deployPath+"/scale", "application/json",
		`{"kind":"Scale","apiVersion":"autoscaling/v1","metadata":{"name":"other","namespace":"default"},"spec":{"replicas":1}}`)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the name of the object (other) does not match the name on the URL (web)","reason":"BadRequest","code":400}`, string(resp.Body))
	resp, _ = sub(t, s, "GET", "/apis/apps/v1/namespaces/default/deployments/nope/scale", "", "")
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"deployments/scale.apps \"nope\" not found","reason":"NotFound","details":{"name":"nope","group":"apps","kind":"deployments/scale"},"code":404}`, string(resp.Body))
	resp, _ = sub(t, s, "GET", "/api/v1/namespaces/default/replicationcontrollers/nope/scale", "", "")
	assert.Contains(t, string(resp.Body), `replicationcontrollers/scale.autoscaling \"nope\" not found`)
	resp, _ = sub(t, s, "GET", "/api/v1/namespaces/default/configmaps/cfg/scale", "", "")
	assert.Equal(t, 404, resp.Code)
}

func TestStatusSubresourceChangesOnlyTheStatus(t *testing.T) {
	s, _ := settledServer(t, "create deployment web --image=nginx:1.27")
	resp, doc := sub(t, s, "GET", deployPath+"/status", "", "")
	require.Equal(t, 200, resp.Code)
	assert.Equal(t, "Deployment", doc["kind"])

	resp, doc = sub(t, s, "PATCH", deployPath+"/status", "application/merge-patch+json",
		`{"spec":{"replicas":7},"status":{"observedGeneration":99}}`)
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, 99.0, doc["status"].(map[string]any)["observedGeneration"])
	assert.Equal(t, 1.0, doc["spec"].(map[string]any)["replicas"], "the status subresource keeps the spec")

	live, err := s.c.Store().Get(api.Deployments, "default", "web")
	require.NoError(t, err)
	d := api.DeepCopy(live.(*api.Deployment))
	d.Status.ObservedGeneration = 5
	body, err := json.Marshal(d)
	require.NoError(t, err)
	resp, doc = sub(t, s, "PUT", deployPath+"/status", "application/json", string(body))
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, 5.0, doc["status"].(map[string]any)["observedGeneration"])

	// kubectl patch --subresource=status sends strategic merge by default.
	resp, doc = sub(t, s, "PATCH", deployPath+"/status", "application/strategic-merge-patch+json",
		`{"status":{"conditions":[{"type":"Available","status":"False","reason":"Test"}]}}`)
	require.Equal(t, 200, resp.Code, string(resp.Body))
	var available map[string]any
	for _, c := range doc["status"].(map[string]any)["conditions"].([]any) {
		if c.(map[string]any)["type"] == "Available" {
			available = c.(map[string]any)
		}
	}
	assert.Equal(t, "Test", available["reason"])
	assert.Len(t, doc["status"].(map[string]any)["conditions"], 2, "merged by type, not replaced")
	resp, doc = sub(t, s, "PATCH", deployPath+"/status", "application/json-patch+json",
		`[{"op":"replace","path":"/status/observedGeneration","value":3}]`)
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, 3.0, doc["status"].(map[string]any)["observedGeneration"])
	resp, _ = sub(t, s, "PATCH", deployPath+"/status", "application/json-patch+json",
		`[{"op":"remove","path":"/status/nothing"}]`)
	assert.Equal(t, 422, resp.Code)

	resp, _ = sub(t, s, "GET", "/api/v1/namespaces/default/configmaps/x/status", "", "")
	assert.Equal(t, 404, resp.Code, "ConfigMaps have no status")
	resp, _ = sub(t, s, "PATCH", deployPath+"/status", "application/apply-patch+yaml", `{}`)
	assert.Equal(t, 415, resp.Code)
}

const pdbManifest = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: web
`

func TestEvictionRespectsTheDisruptionBudget(t *testing.T) {
	s, c := settledServer(t, "create deployment web --image=nginx:1.27 --replicas=2")
	res := c.Kubectl("kubectl apply -f -", pdbManifest)
	require.Equal(t, 0, res.ExitCode, res.Stderr)
	c.Settle(time.Minute)
	pods := s.c.Store().List(api.Pods, "default")
	require.Len(t, pods, 2)
	name := pods[0].GetObjectMeta().Name
	path := "/api/v1/namespaces/default/pods/" + name + "/eviction"
	body := `{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"` + name + `","namespace":"default"}}`

	// What the v1.32 API server answered.
	resp, _ := sub(t, s, "POST", path, "application/json", body)
	assert.Equal(t, 429, resp.Code)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Cannot evict pod as it would violate the pod's disruption budget.","reason":"TooManyRequests","details":{"causes":[{"reason":"DisruptionBudget","message":"The disruption budget web needs 2 healthy pods and has 2 currently"}]},"code":429}`, string(resp.Body))

	resp, _ = sub(t, s, "POST", path, "application/json", strings.Replace(body, `"name":"`+name, `"name":"other`, 1))
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"name in URL does not match name in Eviction object","reason":"BadRequest","code":400}`, string(resp.Body))
	resp, _ = sub(t, s, "GET", path, "", "")
	assert.Equal(t, 405, resp.Code)
	resp, _ = sub(t, s, "POST", "/api/v1/namespaces/default/pods/nope/eviction", "application/json",
		`{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"nope"}}`)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \"nope\" not found","reason":"NotFound","details":{"name":"nope","kind":"pods"},"code":404}`, string(resp.Body))

	res = c.Kubectl("kubectl patch pdb web --type=merge -p {\"spec\":{\"minAvailable\":1}}", "")
	require.Equal(t, 0, res.ExitCode, res.Stderr)
	c.Settle(time.Minute)
	resp, _ = sub(t, s, "POST", path, "application/json", body)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","code":201}`, string(resp.Body))
	assert.Equal(t, 201, resp.Code)
	o, err := s.c.Store().Get(api.Pods, "default", name)
	if err == nil {
		assert.NotNil(t, o.GetObjectMeta().DeletionTimestamp, "the evicted pod is terminating")
	}
}

func TestBindingPutsAPodOnANode(t *testing.T) {
	s, _ := settledServer(t)
	_, err := s.c.Store().Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
	require.NoError(t, err)
	path := "/api/v1/namespaces/default/pods/p/binding"
	resp, _ := sub(t, s, "POST", path, "application/json", `{"apiVersion":"v1","kind":"Binding","metadata":{"name":"p"},"target":{"apiVersion":"v1","kind":"Node","name":"node-1"}}`)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","code":201}`, string(resp.Body))
	o, err := s.c.Store().Get(api.Pods, "default", "p")
	require.NoError(t, err)
	assert.Equal(t, "node-1", o.(*api.Pod).Spec.NodeName)

	// What the v1.32 API server answered for a second binding.
	resp, _ = sub(t, s, "POST", path, "application/json", `{"apiVersion":"v1","kind":"Binding","metadata":{"name":"p"},"target":{"name":"node-2"}}`)
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Operation cannot be fulfilled on pods/binding \"p\": pod p is already assigned to node \"node-1\"","reason":"Conflict","details":{"name":"p","kind":"pods/binding"},"code":409}`, string(resp.Body))
	resp, _ = sub(t, s, "POST", path, "application/json", `{"metadata":{"name":"q"},"target":{"name":"node-2"}}`)
	assert.Contains(t, string(resp.Body), "name in URL does not match name in Binding object")
}

const printerPod = `apiVersion: v1
kind: Pod
metadata:
  name: printer
spec:
  restartPolicy: Never
  containers:
  - name: main
    image: busybox:1.36
    command: ["sh", "-c", "echo one; echo two; echo three"]
`

func TestLogIsWhatTheContainerPrints(t *testing.T) {
	s, c := settledServer(t)
	res := c.Kubectl("kubectl apply -f -", printerPod)
	require.Equal(t, 0, res.ExitCode, res.Stderr)
	c.Settle(time.Minute)
	path := "/api/v1/namespaces/default/pods/printer/log"
	resp, _ := sub(t, s, "GET", path, "", "")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, "text/plain", resp.Header["Content-Type"])
	assert.Equal(t, "one\ntwo\nthree\n", string(resp.Body))

	resp, _ = sub(t, s, "GET", path, "", "", "tailLines=2")
	assert.Equal(t, "two\nthree\n", string(resp.Body))
	resp, _ = sub(t, s, "GET", path, "", "", "limitBytes=5")
	assert.Equal(t, "one\nt", string(resp.Body))
	resp, _ = sub(t, s, "GET", path, "", "", "timestamps=true")
	lines := strings.Split(strings.TrimSpace(string(resp.Body)), "\n")
	require.Len(t, lines, 3)
	assert.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000000Z one$`, lines[0])
	c.Advance(10 * time.Minute)
	resp, _ = sub(t, s, "GET", path, "", "", "sinceSeconds=60")
	assert.Equal(t, "", string(resp.Body), "everything was printed more than a minute ago")
	resp, _ = sub(t, s, "GET", path, "", "", "sinceSeconds=3600")
	assert.Equal(t, "one\ntwo\nthree\n", string(resp.Body))

	// What the v1.32 API server answered.
	resp, _ = sub(t, s, "GET", path, "", "", "container=x")
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"container x is not valid for pod printer","reason":"BadRequest","code":400}`, string(resp.Body))
	resp, _ = sub(t, s, "GET", path, "", "", "tailLines=x")
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"strconv.ParseInt: parsing \"x\": invalid syntax","reason":"BadRequest","code":400}`, string(resp.Body))
	resp, _ = sub(t, s, "GET", path, "", "", "tailLines=-1")
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"PodLogOptions \"printer\" is invalid: tailLines: Invalid value: -1: must be greater than or equal to 0","reason":"Invalid","details":{"name":"printer","kind":"PodLogOptions","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"tailLines"}]},"code":422}`, string(resp.Body))
	resp, _ = sub(t, s, "GET", "/api/v1/namespaces/default/pods/nope/log", "", "")
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \"nope\" not found","reason":"NotFound","details":{"name":"nope","kind":"pods"},"code":404}`, string(resp.Body))
	resp, _ = sub(t, s, "GET", path, "", "", "previous=true")
	assert.Contains(t, string(resp.Body), `previous terminated container \"main\" in pod \"printer\" not found`)
}

func TestLogOfAPodWithTwoContainersNamesThem(t *testing.T) {
	s, c := settledServer(t)
	res := c.Kubectl("kubectl apply -f -", `apiVersion: v1
kind: Pod
metadata:
  name: two
spec:
  containers:
  - name: a
    image: nginx:1.27
  - name: b
    image: nginx:1.27
`)
	require.Equal(t, 0, res.ExitCode, res.Stderr)
	c.Settle(time.Minute)
	resp, _ := sub(t, s, "GET", "/api/v1/namespaces/default/pods/two/log", "", "")
	assert.Equal(t, 400, resp.Code)
	assert.Contains(t, string(resp.Body), "a container name must be specified for pod two, choose one of: [a b]")
	resp, _ = sub(t, s, "GET", "/api/v1/namespaces/default/pods/two/log", "", "", "container=b")
	assert.Equal(t, 200, resp.Code)
}

// A pod two budgets select cannot be evicted: upstream's 500.
func TestEvictionRefusesAPodOfTwoBudgets(t *testing.T) {
	s, c := settledServer(t, "create deployment web --image=nginx:1.27 --replicas=2")
	for _, name := range []string{"one", "two"} {
		res := c.Kubectl("kubectl apply -f -", strings.Replace(pdbManifest, "name: web", "name: "+name, 1))
		require.Equal(t, 0, res.ExitCode, res.Stderr)
	}
	c.Settle(time.Minute)
	name := s.c.Store().List(api.Pods, "default")[0].GetObjectMeta().Name
	resp, doc := sub(t, s, "POST", "/api/v1/namespaces/default/pods/"+name+"/eviction", "application/json",
		`{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"`+name+`"}}`)
	assert.Equal(t, 500, resp.Code)
	assert.Equal(t, "Internal error occurred: This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.", doc["message"])
}

func TestScaleOfAStatefulSetAndAReplicationController(t *testing.T) {
	s, c := settledServer(t)
	res := c.Kubectl("kubectl apply -f -", `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  replicas: 1
  serviceName: db
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: nginx:1.27
---
apiVersion: v1
kind: ReplicationController
metadata:
  name: old
spec:
  replicas: 1
  selector: {app: old}
  template:
    metadata:
      labels: {app: old}
    spec:
      containers:
      - name: old
        image: nginx:1.27
`)
	require.Equal(t, 0, res.ExitCode, res.Stderr)
	c.Settle(time.Minute)
	resp, doc := sub(t, s, "PATCH", "/apis/apps/v1/namespaces/default/statefulsets/db/scale", "application/merge-patch+json", `{"spec":{"replicas":2}}`)
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, "app=db", doc["status"].(map[string]any)["selector"])
	resp, doc = sub(t, s, "GET", "/api/v1/namespaces/default/replicationcontrollers/old/scale", "", "")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, map[string]any{"replicas": 1.0, "selector": "app=old"}, doc["status"])
	c.Settle(2 * time.Minute)
	assert.Contains(t, c.Kubectl("kubectl get sts db --no-headers", "").Stdout, "2/2")
}
