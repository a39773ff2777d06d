package store_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

// listed names what a list holds, as namespace/name.
func listed(objs []api.Object) []string {
	out := make([]string, len(objs))
	for i, o := range objs {
		out[i] = store.KeyOf(o)
	}
	return out
}

// List sorts as etcd keeps objects, by key (namespace/name) as bytes, so
// namespace "a-b" comes before "a" ('-' is below '/') and web-10 before
// web-2, as a real API server lists them. ListMatching keeps that order
// for the objects it keeps.
func TestListSortsByKeyAsEtcdDoes(t *testing.T) {
	s := store.New(clock.New(1))
	cms := api.ConfigMaps
	for _, ns := range []string{"a-b", "a", "default"} {
		_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: ns}})
		require.NoError(t, err)
	}
	for _, k := range [][2]string{{"a-b", "x"}, {"default", "web-2"}, {"a", "x"}, {"default", "web-10"}, {"a", "b"}, {"default", "db"}} {
		_, err := s.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Namespace: k[0], Name: k[1]}})
		require.NoError(t, err)
	}
	assert.Equal(t, []string{"a-b/x", "a/b", "a/x", "default/db", "default/web-10", "default/web-2"}, listed(s.List(cms, "")))
	assert.Equal(t, []string{"default/db", "default/web-10", "default/web-2"}, listed(s.List(cms, "default")))

	web := func(o api.Object) bool {
		return len(o.GetObjectMeta().Name) > 3 && o.GetObjectMeta().Name[:4] == "web-"
	}
	assert.Equal(t, []string{"default/web-10", "default/web-2"}, listed(s.ListMatching(cms, "", web)))
	assert.Equal(t, []string{"default/web-10", "default/web-2"}, listed(s.ListMatching(cms, "default", web)))
	assert.Empty(t, s.ListMatching(cms, "a", web))
	x := func(o api.Object) bool { return o.GetObjectMeta().Name == "x" }
	assert.Equal(t, []string{"a-b/x", "a/x"}, listed(s.ListMatching(cms, "", x)))
}
