//go:build js && wasm

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// A pod whose chip would look as it did and sit where it did is not drawn
// again, but the tree holds the mirror's new view of it, not the one it
// drew: views are never changed once kept, and in a rollout thousands of
// drawn ones were kept alive for the page's collector to mark.
func TestTheOwnerTreeHoldsTheMirrorsNewestView(t *testing.T) {
	var tree ownerTree
	tree.reset(&app{lang: langEN})
	const key = "default/web-5d4f-a"
	drawn := &cluster.PodView{Name: "web-5d4f-a", Namespace: "default", Owner: "web-5d4f", OwnerKind: "ReplicaSet", Status: "Running", Ready: true}
	views := map[string]*cluster.PodView{key: drawn}
	get := func(key string) *cluster.PodView { return views[key] }
	tree.take([]string{key}, get)
	clear(tree.stale) // drawn

	restarted := *drawn
	restarted.Restarts = 1 // not on its chip
	views[key] = &restarted
	tree.take([]string{key}, get)
	assert.Same(t, views[key], tree.views[key].PodView)
	assert.Empty(t, tree.stale, "its chip is not drawn again")
	g := tree.groups[groupKey(drawn)]
	require.NotNil(t, g)
	assert.Equal(t, 1, g.pods, "counted once")
	assert.Equal(t, 1, g.ready)
}
