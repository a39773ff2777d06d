//go:build js && wasm

package main

import (
	"math"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		Trace: records(2, 3)})
	ch := m.takeChanges()
	assert.True(t, ch.Reset)
	assert.Equal(t, []string{"default/a", "default/b"}, ch.Pods)
	m.apply(&engine.Frame{Pods: engine.PodList{web("b", "Running"), {Key: "default/a", Gone: true}, web("b", "Running")}, TraceLast: 4,
		Trace: records(4)})
	ch = m.takeChanges()
	assert.False(t, ch.Reset)
	assert.Equal(t, []string{"default/a", "default/b"}, ch.Pods, "each once")
	assert.Nil(t, m.Pod("default/a"), "deleted")
	b := m.Pod("default/b")
	require.NotNil(t, b)
	assert.Equal(t, "Running", b.Phase)
	assert.Equal(t, 1, m.Pods())
	var seqs []int64
	for _, r := range m.traceBetween(2, math.MaxInt64) {
		seqs = append(seqs, r.Seq)
	}
	assert.Equal(t, []int64{3, 4}, seqs, "oldest first, after the Seq asked")
	seqs = nil
	for _, r := range m.traceBetween(0, 4) {
		seqs = append(seqs, r.Seq)
	}
	assert.Equal(t, []int64{2, 3}, seqs, "and before the one asked")

	m.apply(&engine.Frame{Reset: true, TraceLast: 1, Trace: records(1)})
	assert.Zero(t, m.Pods(), "a new cluster")
	assert.Len(t, m.trace, 1, "a new cluster's trace starts again")
}

// records are reconciles of these Seqs as the page receives them.
func records(seqs ...int64) engine.EntryRecords {
	var l []controller.Entry
	for _, seq := range seqs {
		l = append(l, controller.Entry{Seq: seq, Controller: "replicaset"})
	}
	return engine.RecordsOf(l)
}

// Nothing the mirror keeps or hands the draws points into the post a frame
// came in: the pods' fields are pieces of the post's one text, and a
// piece kept by a draw's map (the ownership tree's, the cards') kept the
// whole post alive — at 10,000 pods most of the page's live heap.
func TestTheMirrorKeepsNoPieceOfThePost(t *testing.T) {
	pod := func(name string) engine.PodChange {
		return engine.PodChange{Key: "default/" + name, View: cluster.PodView{Name: name, Namespace: "default", Phase: "Running",
			Status: "Running", ReadyText: "1/1", Node: "node-1", IP: "10.244.1.7", Owner: "web-5d4f", OwnerKind: "ReplicaSet", Image: "nginx"}}
	}
	pending := pod("web-5d4f-c")
	pending.View.IP, pending.View.Phase, pending.View.Node = "", "Pending", ""
	post := engine.Post{Frame: &engine.Frame{Reset: true, Pods: engine.PodList{pod("web-5d4f-a"), pod("web-5d4f-b"), pending, {Key: "default/gone", Gone: true}}}}
	text, err := post.Encode()
	require.NoError(t, err)
	got, err := engine.DecodePost(text)
	require.NoError(t, err)
	require.True(t, pointsInto(got.Frame.Pods[0].Key, text), "the decoded pods are pieces of the post: the test would prove nothing")

	m := newMirror()
	m.apply(got.Frame)
	kept := m.takeChanges().Pods
	m.EachPod(func(key string, v *cluster.PodView) {
		kept = append(kept, key, v.Name, v.Namespace, v.Phase, v.Status, v.ReadyText, v.Node, v.IP, v.Owner, v.OwnerKind, v.Image, v.Reason)
	})
	assert.Len(t, kept, 4+3*12)
	for _, s := range kept {
		assert.False(t, pointsInto(s, text), "%q is a piece of the post", s)
	}
}

// pointsInto is whether piece's bytes are some of whole's.
func pointsInto(piece, whole string) bool {
	if piece == "" {
		return false
	}
	p, w := uintptr(unsafe.Pointer(unsafe.StringData(piece))), uintptr(unsafe.Pointer(unsafe.StringData(whole)))
	return p >= w && p < w+uintptr(len(whole))
}
