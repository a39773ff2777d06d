package apiserver

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseRoute(t *testing.T) {
	cases := []struct {
		path string
		want route
		ok   bool
	}{
		{"/api", route{Legacy: true}, true},
		{"/api/v1", route{Legacy: true, Version: "v1"}, true},
		{"/api/v1/pods", route{Legacy: true, Version: "v1", Resource: "pods"}, true},
		{"/api/v1/namespaces", route{Legacy: true, Version: "v1", Resource: "namespaces"}, true},
		{"/api/v1/namespaces/default", route{Legacy: true, Version: "v1", Resource: "namespaces", Name: "default"}, true},
		{"/api/v1/namespaces/default/status", route{Legacy: true, Version: "v1", Resource: "namespaces", Name: "default", Subresource: "status"}, true},
		{"/api/v1/namespaces/default/finalize", route{Legacy: true, Version: "v1", Resource: "namespaces", Name: "default", Subresource: "finalize"}, true},
		{"/api/v1/namespaces/default/pods", route{Legacy: true, Version: "v1", Namespace: "default", Resource: "pods"}, true},
		{"/api/v1/namespaces/default/pods/web-1/log", route{Legacy: true, Version: "v1", Namespace: "default", Resource: "pods", Name: "web-1", Subresource: "log"}, true},
		{"/apis", route{}, true},
		{"/apis/apps", route{Group: "apps"}, true},
		{"/apis/apps/v1/namespaces/ns/deployments/web/scale", route{Group: "apps", Version: "v1", Namespace: "ns", Resource: "deployments", Name: "web", Subresource: "scale"}, true},
		{"/apis/apps/v1/namespaces/ns/deployments/web/scale/extra", route{}, false},
		{"/healthz", route{}, false},
	}
	for _, c := range cases {
		got, ok := parseRoute(c.path)
		assert.Equal(t, c.ok, ok, c.path)
		if c.ok {
			assert.Equal(t, c.want, got, c.path)
		}
	}
}
