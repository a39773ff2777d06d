package apiserver

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// fuzzServer is one server for every input of a fuzzing process: a
// cluster takes milliseconds to build, a request microseconds. What the
// inputs write accumulates, as on a server clients hammer.
var fuzzServer = sync.OnceValue(func() *Server {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	c.Start()
	_, err := c.Apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: default\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n")
	if err != nil {
		panic(err)
	}
	c.Settle(0)
	return New(c, Options{ServerAddress: "http://127.0.0.1:6443"})
})

// fuzzMethods are the methods a request is given, by the input's first
// byte.
var fuzzMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "CONNECT"}

// fuzzAccepts are the Accept and Content-Type headers clients send.
var fuzzAccepts = []string{
	"", "application/json", "application/json;as=Table;g=meta.k8s.io;v=v1",
	"application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList",
	"application/merge-patch+json", "application/strategic-merge-patch+json",
	"application/json-patch+json", "application/apply-patch+yaml", "application/yaml",
}

// FuzzServe sends arbitrary requests — method, path, query, headers, body
// — through Serve as the host decodes them. Whatever comes in, the
// handler answers: no panic escapes (nor is one recovered into a 500 with
// a runtime error), every code is one HTTP can carry, a Status body is
// JSON, and a Stream polls, takes input and closes without panicking.
func FuzzServe(f *testing.F) {
	seeds := []struct {
		method, accept byte
		path, query    string
		body           []byte
	}{
		{0, 0, "/version", "", nil},
		{0, 3, "/apis", "", nil},
		{0, 2, "/api/v1/namespaces/default/pods", "limit=1&labelSelector=app%3Dweb", nil},
		{0, 0, "/api/v1/pods", "watch=1&resourceVersion=1&allowWatchBookmarks=true", nil},
		{0, 0, "/api/v1/namespaces", "watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan", nil},
		{1, 1, "/api/v1/namespaces/default/configmaps", "dryRun=All", []byte(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"}}`)},
		{2, 1, "/apis/apps/v1/namespaces/default/deployments/web", "", []byte(`{"spec":{"replicas":-1}}`)},
		{3, 4, "/api/v1/namespaces/default/pods/web", "", []byte(`{"metadata":{"labels":{"a":"b"}}}`)},
		{3, 6, "/api/v1/namespaces/default/pods/web", "", []byte(`[{"op":"remove","path":"/spec"}]`)},
		{3, 7, "/apis/apps/v1/namespaces/default/deployments/web", "fieldManager=x&force=true", []byte("apiVersion: apps/v1\nkind: Deployment\n")},
		{4, 0, "/api/v1/namespaces/default/pods/web", "gracePeriodSeconds=0&propagationPolicy=Foreground", []byte(`{"preconditions":{"uid":"x"}}`)},
		{0, 0, "/api/v1/namespaces/default/pods/web/exec", "command=sh&stdin=true&tty=true&stdout=true", []byte("\x00ls\r\x00exit\r")},
		{0, 0, "/api/v1/namespaces/default/pods/web/log", "tailLines=-1&follow=true", nil},
		{0, 0, "/openapi/v3/api/v1", "", nil},
		{1, 1, "/apis/policy/v1/namespaces/default/pods/web/eviction", "", []byte(`{}`)},
		{0, 0, "/api/v1/namespaces/%zz/pods/../..", "a=%%&;=", []byte{0xff, 0xfe}},
	}
	for _, s := range seeds {
		f.Add(s.method, s.accept, s.path, s.query, s.body)
	}
	f.Fuzz(func(t *testing.T, method, accept byte, path, query string, body []byte) {
		s := fuzzServer()
		q, _ := url.ParseQuery(query) // a host passes on what it could parse
		ct := fuzzAccepts[int(accept)%len(fuzzAccepts)]
		req := &Request{
			Method: fuzzMethods[int(method)%len(fuzzMethods)],
			Path:   path, Query: q, Body: body,
			Header: map[string][]string{
				"Accept": {ct}, "Content-Type": {ct},
				"Upgrade": {"websocket"}, "Connection": {"Upgrade"},
				"Sec-Websocket-Protocol": {"v5.channel.k8s.io"},
			},
		}
		resp := s.Serve(req)
		if resp == nil {
			t.Fatalf("no response to %s %q ?%s", req.Method, path, query)
		}
		if resp.Code < 100 || resp.Code > 599 {
			t.Fatalf("code %d is no HTTP status (%s %q ?%s)", resp.Code, req.Method, path, query)
		}
		if strings.Contains(string(resp.Body), "Internal error occurred: runtime error") {
			t.Fatalf("a panic was recovered into a 500 (%s %q ?%s): %s", req.Method, path, query, resp.Body)
		}
		if resp.Header["Content-Type"] == "application/json" && resp.Code >= 400 && !apijson.Valid(resp.Body) {
			t.Fatalf("a Status that is no JSON: %q", resp.Body)
		}
		if resp.Stream != nil {
			if in, ok := resp.Stream.(InputStream); ok {
				in.Input(body)
			}
			resp.Stream.Poll()
			resp.Stream.Close()
			resp.Stream.Poll()
		}
	})
}

// FuzzWatchAndExec drives the watch and the exec session directly (as the
// resource dispatch does) with arbitrary parameters and input: no panic,
// a watch's lines are JSON, and a session that ends says how on channel 3.
func FuzzWatchAndExec(f *testing.F) {
	f.Add("pods", "resourceVersion=0&labelSelector=a+in+(b)&fieldSelector=spec.nodeName%3Dnode-1", []byte(nil))
	f.Add("namespaces", "resourceVersion=1&allowWatchBookmarks=true&timeoutSeconds=1", []byte(nil))
	f.Add("exec", "command=sh&stdin=true&stdout=true&tty=true", []byte("\x00echo hi\r\x1b[A\x7f\x03\x04"))
	f.Add("exec", "command=cat&stdin=true&stdout=true&stderr=true", []byte("\x00abc\xff\x00"))
	f.Add("attach", "stdin=true&stdout=true", []byte{4, '{', '}'})
	f.Fuzz(func(t *testing.T, resource, query string, input []byte) {
		s := fuzzServer()
		q, _ := url.ParseQuery(query)
		if resource == "exec" || resource == "attach" {
			rt := route{Legacy: true, Version: "v1", Namespace: "default", Resource: "pods", Name: "web", Subresource: resource}
			resp := s.exec(&Request{Method: "GET", Query: q, Header: map[string][]string{
				"Upgrade": {"websocket"}, "Sec-Websocket-Protocol": {"v5.channel.k8s.io"}}}, rt)
			in, ok := resp.Stream.(InputStream)
			if !ok {
				return
			}
			for len(input) > 0 {
				n := min(len(input), 1+int(input[0])%8)
				in.Input(input[:n])
				input = input[n:]
			}
			in.Input([]byte{chanClose, chanStdin})
			frames, done := in.Poll()
			if done && (len(frames) == 0 || frames[len(frames)-1][0] != chanError) {
				t.Fatalf("a session ended without its status: %q", frames)
			}
			in.Close()
			return
		}
		rt, ok := parseRoute("/api/v1/" + resource)
		kind := api.ResourceFor(rt.Resource)
		if !ok || kind == nil {
			return
		}
		resp := s.watch(&Request{Method: "GET", Query: q}, rt, kind)
		if resp.Stream == nil {
			if !apijson.Valid(resp.Body) {
				t.Fatalf("a Status that is no JSON: %q", resp.Body)
			}
			return
		}
		s.c.Advance(time.Second)
		frames, _ := resp.Stream.Poll()
		for _, fr := range frames {
			if !apijson.Valid(fr) {
				t.Fatalf("a watch line that is no JSON: %q", fr)
			}
		}
		resp.Stream.Close()
	})
}
