package traceview

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/controller"
)

func TestFilterShows(t *testing.T) {
	created := func(ns, name string) []controller.Action {
		return []controller.Action{{Verb: "create", Kind: "Pod", Namespace: ns, Name: name}}
	}
	for _, c := range []struct {
		name  string
		f     Filter
		entry controller.Entry
		shows bool
	}{
		{"the learner's, unfiltered", Filter{}, controller.Entry{Controller: "deployment", Key: "default/web"}, true},
		{"the cluster's own, without system", Filter{}, controller.Entry{Controller: "ttl", Key: "node-1"}, false},
		{"the cluster's own, with system", Filter{System: true}, controller.Entry{Controller: "ttl", Key: "node-1"}, true},
		{"the object's key", Filter{Object: "default/web"}, controller.Entry{Controller: "deployment", Key: "default/web"}, true},
		{"the garbage collector's key for it", Filter{Object: "default/web"}, controller.Entry{Controller: "garbagecollector", Key: "Deployment:default/web"}, true},
		{"a key that only begins like it", Filter{Object: "default/web"}, controller.Entry{Controller: "replicaset", Key: "default/web-1"}, false},
		{"an action on it", Filter{Object: "default/web-1-x"}, controller.Entry{Controller: "replicaset", Key: "default/web-1", Actions: created("default", "web-1-x")}, true},
		{"an action on another", Filter{Object: "default/web-1-x"}, controller.Entry{Controller: "replicaset", Key: "default/web-1", Actions: created("default", "web-1-y")}, false},
		{"filtered to a system object, without system", Filter{Object: "kube-system/coredns"}, controller.Entry{Controller: "deployment", Key: "kube-system/coredns"}, false},
	} {
		assert.Equal(t, c.shows, c.f.Shows(&c.entry), c.name)
	}
}
