package cluster

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuildThenStartIsNew: a cluster built first and started later (as the
// page does, to draw the nodes before the control plane starts) is the same
// cluster, revision for revision, as one New made.
func TestBuildThenStartIsNew(t *testing.T) {
	built := Build(Options{Seed: 7, Controllers: allControllers})
	s := built.Snapshot()
	require.Len(t, s.Nodes, 4, "the nodes exist before anything starts: the control plane's and 3 workers")
	assert.True(t, s.Nodes[0].ControlPlane)
	for _, n := range s.Nodes {
		assert.True(t, n.Ready, "node %s", n.Name)
		assert.NotEmpty(t, n.PodCIDR, "node %s has its pod CIDR", n.Name)
	}
	assert.Zero(t, built.Trace().Last(), "no controller has reconciled anything yet")
	require.Len(t, s.Pods, len(staticPods), "the control plane's mirror pods, no other")
	for _, p := range s.Pods {
		assert.True(t, p.System, p.Name)
		assert.Equal(t, ControlPlaneNode, p.Node, p.Name)
	}

	built.Start()
	rev := built.Store().Revision()
	built.Start() // a second Start changes nothing
	assert.Equal(t, rev, built.Store().Revision())

	fresh := New(Options{Seed: 7, Controllers: allControllers})
	assert.Equal(t, fresh.Store().Revision(), built.Store().Revision())
	assert.Equal(t, fresh.Trace().Last(), built.Trace().Last())
	assert.Equal(t, fresh.Snapshot(), built.Snapshot())
	assert.Equal(t, fresh.Now(), built.Now())
}

// TestBuildNodesThenStartIsNew: a cluster built up to its nodes (as the
// page's worker does, to post the nodes before anything else) has its
// Ready nodes and nothing of Build's rest — no pods, no DNS — and once
// started is the same cluster, revision for revision, as one New made.
func TestBuildNodesThenStartIsNew(t *testing.T) {
	nodes := BuildNodes(Options{Seed: 7, Controllers: allControllers})
	s := nodes.Snapshot()
	require.Len(t, s.Nodes, 4, "the control plane's node and 3 workers")
	for _, n := range s.Nodes {
		assert.True(t, n.Ready, "node %s", n.Name)
	}
	assert.Empty(t, s.Pods, "the mirror pods come with the rest of the build")
	assert.Empty(t, nodes.DNSRecords(), "no network yet")
	whole := Build(Options{Seed: 7, Controllers: allControllers})
	assert.Less(t, nodes.Store().Revision(), whole.Store().Revision())

	nodes.Start()
	fresh := New(Options{Seed: 7, Controllers: allControllers})
	assert.Equal(t, fresh.Store().Revision(), nodes.Store().Revision())
	assert.Equal(t, fresh.Trace().Last(), nodes.Trace().Last())
	assert.Equal(t, fresh.Snapshot(), nodes.Snapshot())
	assert.Equal(t, fresh.DNSRecords(), nodes.DNSRecords())
	assert.NotEmpty(t, nodes.DNSRecords())
}
