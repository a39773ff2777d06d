//go:build js && wasm

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// The workers' lanes come first, in the order given; the control plane's
// after them, however its name sorts; the caller's slice is left as it is.
func TestWorkersFirstPutsTheControlPlaneLast(t *testing.T) {
	nodes := []cluster.NodeView{{Name: "control-plane-1", ControlPlane: true}, {Name: "node-1"}, {Name: "node-2"}, {Name: "node-3"}}
	var names []string
	for _, n := range workersFirst(nodes) {
		names = append(names, n.Name)
	}
	assert.Equal(t, []string{"node-1", "node-2", "node-3", "control-plane-1"}, names)
	assert.Equal(t, "control-plane-1", nodes[0].Name, "the snapshot's order is untouched")
	assert.Empty(t, workersFirst(nil))
}
