//go:build js && wasm

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// The mirror follows the frames: a reset replaces every pod, later
// frames change and delete some, and the changes since the last draw are
// each pod once, sorted.
func TestTheMirrorFollowsTheFrames(t *testing.T) {
	m := newMirror()
	web := func(name, phase string) engine.PodChange {
		return engine.PodChange{Key: "default/" + name, View: cluster.PodView{Name: name, Namespace: "default", Phase: phase, Node: "node-1"}}
	}
	m.apply(&engine.Frame{Reset: true, Pods: engine.PodList{web("a", "Pending"), web("b", "Pending")}, TraceLast: 3,
		Trace: []controller.Entry{{Seq: 2}, {Seq: 3}}})
	ch := m.takeChanges()
	assert.True(t, ch.Reset)
	assert.Equal(t, []string{"default/a", "default/b"}, ch.Pods)
	m.apply(&engine.Frame{Pods: engine.PodList{web("b", "Running"), {Key: "default/a", Gone: true}, web("b", "Running")}, TraceLast: 4,
		Trace: []controller.Entry{{Seq: 4}}})
	ch = m.takeChanges()
	assert.False(t, ch.Reset)
	assert.Equal(t, []string{"default/a", "default/b"}, ch.Pods, "each once")
	_, ok := m.Pod("default/a")
	assert.False(t, ok, "deleted")
	b, _ := m.Pod("default/b")
	assert.Equal(t, "Running", b.Phase)
	assert.Equal(t, 1, m.Pods())
	assert.Len(t, m.trace, 3)

	m.apply(&engine.Frame{Reset: true, TraceLast: 1, Trace: []controller.Entry{{Seq: 1}}})
	assert.Zero(t, m.Pods(), "a new cluster")
	assert.Len(t, m.trace, 1, "a new cluster's trace starts again")
}
