package apiserver

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/store"
)

// serveWatch routes a watch request as the resource dispatch does
// (?watch=1 goes to s.watch) and answers it.
func serveWatch(t *testing.T, s *Server, path string, query map[string][]string) *Response {
	t.Helper()
	if query == nil {
		query = map[string][]string{}
	}
	query["watch"] = []string{"1"}
	rt, ok := parseRoute(path)
	require.True(t, ok, path)
	kind := api.ResourceFor(rt.Resource)
	require.NotNil(t, kind, rt.Resource)
	return s.watch(&Request{Method: "GET", Path: path, Query: query}, rt, kind)
}

// watchLine is one event as a client decodes it.
type watchLine struct {
	Type   string `json:"type"`
	Object struct {
		Kind       string `json:"kind"`
		APIVersion string `json:"apiVersion"`
		Metadata   struct {
			Name            string            `json:"name"`
			ResourceVersion string            `json:"resourceVersion"`
			Annotations     map[string]string `json:"annotations"`
		} `json:"metadata"`
		Message string `json:"message"`
		Reason  string `json:"reason"`
		Code    int    `json:"code"`
	} `json:"object"`
}

// pollWatch decodes the events a stream has ready.
func pollWatch(t *testing.T, st Stream) ([]watchLine, bool) {
	t.Helper()
	frames, done := st.Poll()
	var out []watchLine
	for _, f := range frames {
		require.True(t, strings.HasSuffix(string(f), "}\n"), "one event a line: %q", f)
		var l watchLine
		require.NoError(t, apijson.Unmarshal(f, &l), string(f))
		out = append(out, l)
	}
	return out, done
}

// eventSummary is "TYPE name" for each event.
func eventSummary(lines []watchLine) []string {
	var out []string
	for _, l := range lines {
		out = append(out, l.Type+" "+l.Object.Metadata.Name)
	}
	return out
}

func watchedConfigMap(name string, labels map[string]string) *api.ConfigMap {
	return &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: labels}}
}

func TestAWatchWithoutAResourceVersionStartsWithTheStateAsAdded(t *testing.T) {
	s := newServer(t)
	resp := serveWatch(t, s, "/api/v1/namespaces", nil)
	require.Equal(t, 200, resp.Code)
	require.NotNil(t, resp.Stream)
	lines, done := pollWatch(t, resp.Stream)
	assert.False(t, done)
	assert.Equal(t, []string{"ADDED default", "ADDED kube-node-lease", "ADDED kube-public", "ADDED kube-system"}, eventSummary(lines))
	assert.Equal(t, "Namespace", lines[0].Object.Kind)
	assert.Equal(t, "v1", lines[0].Object.APIVersion)
	again, _ := pollWatch(t, resp.Stream)
	assert.Empty(t, again, "a poll returns only what arrived since the last")
}

func TestAWatchFromARevisionSeesEveryChangeAfterIt(t *testing.T) {
	s := newServer(t)
	st := s.c.Store()
	_, err := st.Create(watchedConfigMap("before", nil))
	require.NoError(t, err)
	from := st.Revision()
	resp := serveWatch(t, s, "/api/v1/namespaces/default/configmaps", map[string][]string{"resourceVersion": {revString(from)}})
	lines, _ := pollWatch(t, resp.Stream)
	assert.Empty(t, lines, "nothing happened after the revision")

	created, err := st.Create(watchedConfigMap("web", nil))
	require.NoError(t, err)
	cm := api.DeepCopyObject(created).(*api.ConfigMap)
	cm.Data = map[string]string{"k": "v"}
	_, err = st.Update(cm)
	require.NoError(t, err)
	_, err = st.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "elsewhere", Namespace: "kube-system"}})
	require.NoError(t, err)
	_, err = st.Delete(api.ConfigMaps, "default", "web", deleteAtOnce())
	require.NoError(t, err)
	s.c.Advance(time.Second)

	lines, done := pollWatch(t, resp.Stream)
	assert.False(t, done)
	assert.Equal(t, []string{"ADDED web", "MODIFIED web", "DELETED web"}, eventSummary(lines), "the namespace's changes only, in order")
	assert.Equal(t, "ConfigMap", lines[0].Object.Kind)
}

func TestAnObjectLeavingTheLabelSelectorIsDeletedForTheWatch(t *testing.T) {
	s := newServer(t)
	st := s.c.Store()
	resp := serveWatch(t, s, "/api/v1/namespaces/default/configmaps", map[string][]string{"labelSelector": {"app=web"}})
	pollWatch(t, resp.Stream)
	created, err := st.Create(watchedConfigMap("a", map[string]string{"app": "web"}))
	require.NoError(t, err)
	_, err = st.Create(watchedConfigMap("b", map[string]string{"app": "db"}))
	require.NoError(t, err)
	cm := api.DeepCopyObject(created).(*api.ConfigMap)
	cm.Labels = map[string]string{"app": "other"}
	_, err = st.Update(cm)
	require.NoError(t, err)
	lines, _ := pollWatch(t, resp.Stream)
	assert.Equal(t, []string{"ADDED a", "DELETED a"}, eventSummary(lines))
}

func TestAWatchOfOneObjectByFieldSelector(t *testing.T) {
	s := newServer(t)
	st := s.c.Store()
	_, err := st.Create(watchedConfigMap("a", nil))
	require.NoError(t, err)
	_, err = st.Create(watchedConfigMap("b", nil))
	require.NoError(t, err)
	resp := serveWatch(t, s, "/api/v1/namespaces/default/configmaps", map[string][]string{"fieldSelector": {"metadata.name=b"}})
	lines, _ := pollWatch(t, resp.Stream)
	assert.Equal(t, []string{"ADDED b"}, eventSummary(lines))
}

func TestAWatchFromACompactedRevisionIsGone(t *testing.T) {
	s := newServer(t)
	st := s.c.Store()
	_, err := st.Create(watchedConfigMap("a", nil))
	require.NoError(t, err)
	st.Compact(st.Revision())
	resp := serveWatch(t, s, "/api/v1/namespaces/default/configmaps", map[string][]string{"resourceVersion": {"1"}})
	require.Equal(t, 200, resp.Code, "the 410 is an event of the stream, as upstream's watch cache sends it")
	lines, done := pollWatch(t, resp.Stream)
	assert.True(t, done)
	require.Len(t, lines, 1)
	assert.Equal(t, "ERROR", lines[0].Type)
	assert.Equal(t, "Status", lines[0].Object.Kind)
	assert.Equal(t, 410, lines[0].Object.Code)
	assert.Equal(t, "Expired", lines[0].Object.Reason)
	assert.Equal(t, "too old resource version: 1 ("+revString(st.Compacted())+")", lines[0].Object.Message)
}

func TestBookmarksComeEachSimulatedMinuteWithTheCurrentRevision(t *testing.T) {
	s := newServer(t)
	resp := serveWatch(t, s, "/api/v1/namespaces/default/configmaps", map[string][]string{
		"resourceVersion": {revString(s.c.Store().Revision())}, "allowWatchBookmarks": {"true"}})
	s.c.Advance(30 * time.Second)
	lines, _ := pollWatch(t, resp.Stream)
	assert.Empty(t, lines, "no bookmark before a minute has passed")
	s.c.Advance(31 * time.Second)
	lines, _ = pollWatch(t, resp.Stream)
	require.Len(t, lines, 1)
	assert.Equal(t, "BOOKMARK", lines[0].Type)
	assert.Equal(t, "ConfigMap", lines[0].Object.Kind)
	assert.Equal(t, revString(s.c.Store().Revision()), lines[0].Object.Metadata.ResourceVersion)
}

func TestWatchListEndsItsInitialEventsWithABookmark(t *testing.T) {
	s := newServer(t)
	resp := serveWatch(t, s, "/api/v1/namespaces", map[string][]string{
		"sendInitialEvents": {"true"}, "resourceVersionMatch": {"NotOlderThan"}, "allowWatchBookmarks": {"true"}})
	lines, _ := pollWatch(t, resp.Stream)
	require.Len(t, lines, 5)
	end := lines[4]
	assert.Equal(t, "BOOKMARK", end.Type)
	assert.Equal(t, "true", end.Object.Metadata.Annotations["k8s.io/initial-events-end"])
	assert.Equal(t, base64Std(`{"kind":"NamespaceList","apiVersion":"v1","metadata":{},"items":null}`+"\n"),
		end.Object.Metadata.Annotations["kubernetes.io/initial-events-list-blueprint"])
	assert.Equal(t, revString(s.c.Store().Revision()), end.Object.Metadata.ResourceVersion)
}

func TestSendInitialEventsWithoutNotOlderThanIsInvalid(t *testing.T) {
	s := newServer(t)
	resp := serveWatch(t, s, "/api/v1/namespaces", map[string][]string{"sendInitialEvents": {"true"}})
	assert.Equal(t, 422, resp.Code)
	// What v1.32 answered.
	assert.Equal(t, `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan","reason":"Invalid","details":{"group":"meta.k8s.io","kind":"ListOptions","causes":[{"reason":"FieldValueForbidden","message":"Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan","field":"resourceVersionMatch"}]},"code":422}`,
		string(resp.Body))
}

func TestTimeoutSecondsEndsTheWatchAfterThatMuchSimulatedTime(t *testing.T) {
	s := newServer(t)
	resp := serveWatch(t, s, "/api/v1/namespaces", map[string][]string{"timeoutSeconds": {"30"}})
	pollWatch(t, resp.Stream)
	s.c.Advance(29 * time.Second)
	_, done := pollWatch(t, resp.Stream)
	assert.False(t, done)
	s.c.Advance(time.Second)
	_, done = pollWatch(t, resp.Stream)
	assert.True(t, done)
}

func TestAClosedWatchEnds(t *testing.T) {
	s := newServer(t)
	resp := serveWatch(t, s, "/api/v1/namespaces", nil)
	resp.Stream.Close()
	_, err := s.c.Store().Create(watchedConfigMap("a", nil))
	require.NoError(t, err)
	frames, done := resp.Stream.Poll()
	assert.Empty(t, frames)
	assert.True(t, done)
}

func TestBadWatchParametersAreTheRealServersErrors(t *testing.T) {
	s := newServer(t)
	cases := []struct {
		query map[string][]string
		code  int
		body  string
	}{
		// What v1.32 answered for each.
		{map[string][]string{"fieldSelector": {"spec.foo=x"}}, 400, `"message":"\"spec.foo\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\"","reason":"BadRequest","code":400}`},
		{map[string][]string{"timeoutSeconds": {"x"}}, 400, `"message":"strconv.ParseInt: parsing \"x\": invalid syntax","reason":"BadRequest","code":400}`},
		{map[string][]string{"resourceVersion": {"abc"}}, 500, `"message":"resourceVersion: Invalid value: \"abc\": strconv.ParseUint: parsing \"abc\": invalid syntax","code":500}`},
	}
	for _, c := range cases {
		resp := serveWatch(t, s, "/api/v1/namespaces/default/configmaps", c.query)
		assert.Equal(t, c.code, resp.Code, "%v", c.query)
		assert.Contains(t, string(resp.Body), c.body, "%v", c.query)
		assert.Nil(t, resp.Stream)
	}
}

func deleteAtOnce() store.DeleteOptions { return store.DeleteOptions{} }

func revString(n int64) string { return strconv.FormatInt(n, 10) }
