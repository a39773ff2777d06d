package apiserver

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kubectlAccept is what kubectl get sends.
const kubectlAccept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json"

// settledServer is a server over a cluster that ran the given kubectl
// lines and settled.
func settledServer(t *testing.T, lines ...string) (*Server, *cluster.Cluster) {
	t.Helper()
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	c.Start()
	for _, l := range lines {
		res := c.Kubectl("kubectl "+l, "")
		require.Equal(t, 0, res.ExitCode, "%s: %s", l, res.Stderr)
	}
	c.Settle(2 * time.Minute)
	return New(c, Options{ServerAddress: "https://127.0.0.1:6443"}), c
}

// tableOf asks for the Table of a kind's objects in a namespace, as the
// list handler does (resource.go calls tableResponse for a list when
// wantsTable).
func tableOf(t *testing.T, s *Server, resource, namespace, query string) (*Response, map[string]any) {
	t.Helper()
	kind := api.ResourceFor(resource)
	r := &Request{Method: "GET", Header: map[string][]string{"Accept": {kubectlAccept}}, Query: map[string][]string{}}
	if k, v, ok := strings.Cut(query, "="); ok {
		r.Query[k] = []string{v}
	}
	objs := s.c.Store().List(kind, namespace)
	resp := s.tableResponse(r, kind, objs, ListMeta{ResourceVersion: "42"})
	var doc map[string]any
	if resp.Code == 200 {
		require.NoError(t, json.Unmarshal(resp.Body, &doc))
	}
	return resp, doc
}

func columnNames(doc map[string]any) (names []string, priorities []float64) {
	for _, c := range doc["columnDefinitions"].([]any) {
		col := c.(map[string]any)
		names = append(names, col["name"].(string))
		priorities = append(priorities, col["priority"].(float64))
	}
	return names, priorities
}

func TestWantsTableReadsKubectlsAccept(t *testing.T) {
	accept := func(v string) *Request { return &Request{Header: map[string][]string{"Accept": {v}}} }
	assert.True(t, wantsTable(accept(kubectlAccept)))
	assert.Equal(t, "v1", tableVersion(accept(kubectlAccept)))
	assert.Equal(t, "v1beta1", tableVersion(accept("application/json;as=Table;v=v1beta1;g=meta.k8s.io")))
	assert.False(t, wantsTable(accept("application/json")))
	assert.False(t, wantsTable(accept("application/json;as=Table;v=v2;g=meta.k8s.io")))
	assert.False(t, wantsTable(&Request{}))
}

// The pods' Table has upstream's columns (printers.go's podColumns: name,
// type, format, priority) and the sandbox kubectl's cells, strings all.
func TestTableOfPodsHasUpstreamsColumnsAndTheSandboxsCells(t *testing.T) {
	s, c := settledServer(t, "create deployment web --image=nginx:1.27 --replicas=2")
	resp, doc := tableOf(t, s, "pods", "default", "")
	require.Equal(t, 200, resp.Code, string(resp.Body))
	assert.Equal(t, "Table", doc["kind"])
	assert.Equal(t, "meta.k8s.io/v1", doc["apiVersion"])
	assert.Equal(t, map[string]any{"resourceVersion": "42"}, doc["metadata"])
	names, prio := columnNames(doc)
	assert.Equal(t, []string{"Name", "Ready", "Status", "Restarts", "Age", "IP", "Node", "Nominated Node", "Readiness Gates"}, names)
	assert.Equal(t, []float64{0, 0, 0, 0, 0, 1, 1, 1, 1}, prio)
	first := doc["columnDefinitions"].([]any)[0].(map[string]any)
	assert.Equal(t, "name", first["format"])
	assert.Contains(t, first["description"], "Name must be unique within a namespace.")

	rows := doc["rows"].([]any)
	require.Len(t, rows, 2)
	// The same cells as the page's kubectl prints with -o wide.
	wide := c.Kubectl("kubectl get pods -o wide --no-headers", "").Stdout
	lines := strings.Split(strings.TrimSpace(wide), "\n")
	for i, row := range rows {
		cells := row.(map[string]any)["cells"].([]any)
		require.Len(t, cells, 9)
		assert.Equal(t, regexp.MustCompile(`\s{2,}`).Split(lines[i], -1), stringsOf(cells))
		assert.Equal(t, "Running", cells[2])
		assert.Equal(t, "0", cells[3], "upstream writes RESTARTS as a string")
	}
	obj := rows[0].(map[string]any)["object"].(map[string]any)
	assert.Equal(t, "PartialObjectMetadata", obj["kind"])
	assert.Equal(t, "meta.k8s.io/v1", obj["apiVersion"])
	meta := obj["metadata"].(map[string]any)
	assert.Equal(t, "default", meta["namespace"], "kubectl -A reads the NAMESPACE column from here")
	assert.Contains(t, meta["name"], "web-")
	assert.NotContains(t, obj, "spec")
}

func stringsOf(cells []any) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		switch v := c.(type) {
		case string:
			out[i] = v
		case float64:
			out[i] = strconv.FormatFloat(v, 'f', -1, 64)
		}
	}
	return out
}

// printDeployment writes UP-TO-DATE and AVAILABLE as int64 in a "string"
// column; the oracle answered ["web","2/2",2,2,"12s","nginx","nginx:1.27","app=web"].
func TestTableCellsAreNumbersWhereUpstreamWritesIntegers(t *testing.T) {
	s, _ := settledServer(t, "create deployment web --image=nginx:1.27 --replicas=2", "create configmap cfg --from-literal=a=b")
	_, doc := tableOf(t, s, "deployments", "default", "includeObject=None")
	cells := doc["rows"].([]any)[0].(map[string]any)["cells"].([]any)
	assert.Equal(t, []any{"web", "2/2", 2.0, 2.0}, cells[:4])
	assert.Equal(t, []any{"nginx", "nginx:1.27", "app=web"}, cells[5:])
	assert.Regexp(t, `^\d+[smh]`, cells[4])

	_, doc = tableOf(t, s, "configmaps", "default", "")
	for _, r := range doc["rows"].([]any) {
		cells := r.(map[string]any)["cells"].([]any)
		if cells[0] == "cfg" {
			assert.Equal(t, 1.0, cells[1])
		}
	}
}

func TestTableIncludeObject(t *testing.T) {
	s, _ := settledServer(t, "create deployment web --image=nginx:1.27")
	_, doc := tableOf(t, s, "deployments", "default", "includeObject=Object")
	obj := doc["rows"].([]any)[0].(map[string]any)["object"].(map[string]any)
	assert.Equal(t, "Deployment", obj["kind"])
	assert.Equal(t, "apps/v1", obj["apiVersion"])
	assert.Contains(t, obj, "spec")

	resp, _ := tableOf(t, s, "deployments", "default", "includeObject=None")
	assert.Contains(t, string(resp.Body), `"object":null`)

	resp, _ = tableOf(t, s, "deployments", "default", "includeObject=Bogus")
	assert.Equal(t, 400, resp.Code)
	// What the v1.32 API server answered.
	assert.JSONEq(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Unable to convert to Table as requested: includeObject: Invalid value: \"Bogus\": must be 'Metadata', 'Object', 'None', or empty","reason":"BadRequest","code":400}`, string(resp.Body))
}

// A GET by name is a Table with the object's resourceVersion.
func TestTableOfOneObjectTakesItsResourceVersion(t *testing.T) {
	s, _ := settledServer(t, "create deployment web --image=nginx:1.27")
	kind := api.Deployments
	o, err := s.c.Store().Get(kind, "default", "web")
	require.NoError(t, err)
	resp := s.tableResponse(&Request{Header: map[string][]string{"Accept": {kubectlAccept}}}, kind, []api.Object{o}, ListMeta{})
	var doc map[string]any
	require.NoError(t, json.Unmarshal(resp.Body, &doc))
	assert.Equal(t, map[string]any{"resourceVersion": o.GetObjectMeta().ResourceVersion}, doc["metadata"])
}

// Ages are the server's, at the simulated now.
func TestTableAgesFollowTheSimulatedClock(t *testing.T) {
	s, c := settledServer(t, "create configmap cfg --from-literal=a=b")
	c.Advance(10 * time.Minute)
	_, doc := tableOf(t, s, "configmaps", "default", "")
	for _, r := range doc["rows"].([]any) {
		cells := r.(map[string]any)["cells"].([]any)
		if cells[0] == "cfg" {
			assert.Regexp(t, `^1[0-2]m$`, cells[2])
		}
	}
}

// Events print every column, the wide ones at priority 1, in upstream's
// order (MESSAGE between SOURCE and FIRST SEEN); COUNT is an integer.
func TestTableOfEvents(t *testing.T) {
	s, _ := settledServer(t, "create deployment web --image=nginx:1.27")
	_, doc := tableOf(t, s, "events", "default", "")
	names, prio := columnNames(doc)
	assert.Equal(t, []string{"Last Seen", "Type", "Reason", "Object", "Subobject", "Source", "Message", "First Seen", "Count", "Name"}, names)
	assert.Equal(t, []float64{0, 0, 0, 0, 1, 1, 0, 1, 1, 1}, prio)
	rows := doc["rows"].([]any)
	require.NotEmpty(t, rows)
	cells := rows[0].(map[string]any)["cells"].([]any)
	require.Len(t, cells, 10)
	assert.IsType(t, 1.0, cells[8])
}

// Every kind's upstream definitions name the sandbox kubectl's columns one
// for one: if a printer changes, this says which table drifted.
func TestEveryKindsColumnDefinitionsMatchTheSandboxsColumns(t *testing.T) {
	for _, k := range api.Kinds {
		specs, ok := tableColumns[k.Kind]
		if assert.True(t, ok, k.Kind) {
			assert.True(t, sameColumns(specs, kubectl.ServerColumns(k)), "%s: %v", k.Kind, kubectl.ServerColumns(k))
		}
	}
}

// A kind whose definitions do not match gets definitions made from
// kubectl's headers, so that columns and cells still agree.
func TestColumnSpecsFromHeaders(t *testing.T) {
	assert.Equal(t, "Nominated Node", titleHeader("NOMINATED NODE"))
	assert.Equal(t, "Up-To-Date", titleHeader("UP-TO-DATE"))
	saved := tableColumns["Lease"]
	defer func() { tableColumns["Lease"] = saved }()
	tableColumns["Lease"] = saved[:1]
	specs := columnSpecs(api.Leases)
	assert.Equal(t, []tableColumnSpec{
		{Name: "Name", Type: "string", Format: "name", Description: nameDescription},
		{Name: "Holder", Type: "string"},
		{Name: "Age", Type: "string"},
	}, specs)
}

// A watch's events carry one-row Tables; only the first has the columns
// (the oracle sent "columnDefinitions":null in the later ones).
func TestWatchTableCarriesTheColumnsOnce(t *testing.T) {
	s, _ := settledServer(t, "create configmap cfg --from-literal=a=b")
	kind := api.ConfigMaps
	o, err := s.c.Store().Get(kind, "default", "cfg")
	require.NoError(t, err)
	r := &Request{Header: map[string][]string{"Accept": {kubectlAccept}}}
	first, st := s.watchTable(r, kind, o, true)
	require.Nil(t, st)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(first, &doc))
	names, _ := columnNames(doc)
	assert.Equal(t, []string{"Name", "Data", "Age"}, names)
	assert.Equal(t, map[string]any{"resourceVersion": o.GetObjectMeta().ResourceVersion}, doc["metadata"])
	assert.Equal(t, []any{"cfg", 1.0, "0s"}, doc["rows"].([]any)[0].(map[string]any)["cells"])

	later, st := s.watchTable(r, kind, o, false)
	require.Nil(t, st)
	assert.Contains(t, string(later), `"columnDefinitions":null`)

	r.Query = map[string][]string{"includeObject": {"All"}}
	_, st = s.watchTable(r, kind, o, true)
	require.NotNil(t, st)
	assert.Equal(t, 400, st.Code)
}

// BenchmarkTableOf1000Pods is the server's side of kubectl get pods at
// 1,000 pods.
func BenchmarkTableOf1000Pods(b *testing.B) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	c.Start()
	if res := c.Kubectl("kubectl create deployment web --image=nginx:1.27 --replicas=1000", ""); res.ExitCode != 0 {
		b.Fatal(res.Stderr)
	}
	c.Settle(10 * time.Minute)
	s := New(c, Options{})
	kind := api.Pods
	objs := c.Store().List(kind, "default")
	if len(objs) != 1000 {
		b.Fatalf("%d pods", len(objs))
	}
	r := &Request{Header: map[string][]string{"Accept": {kubectlAccept}}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if resp := s.tableResponse(r, kind, objs, ListMeta{ResourceVersion: "1"}); resp.Code != 200 {
			b.Fatal(resp.Code)
		}
	}
}
