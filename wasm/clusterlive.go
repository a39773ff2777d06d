//go:build js && wasm

package main

import (
	"github.com/kubeloop/kubeloop/core/cluster"
)

// The live cluster view follows the mirror (mirror.go): a draw touches
// the cards of the pods that changed since the last one, the lanes they
// leave and enter, and the counts, instead of viewing every pod (a
// 10,000-pod cluster made each draw a long task even when nothing moved).
// Replay draws from a Snapshot the worker sends (replay.go).

// drawLive brings the cards, lanes and ownership tree up to the mirror.
func (v *clusterView) drawLive(ch cluster.FeedChanges, force bool) {
	a := v.a
	m := a.m
	langChanged := v.langSig != a.lang
	v.drawLang(force)
	keys := ch.Pods
	full := force || langChanged || ch.Reset
	if v.chooseCells(m.Pods()) {
		full = true
	}
	if v.drawLanes(m.overview.Nodes) || full {
		// Every card may have to move or be redrawn: look at all of them
		// (podsdraw.go).
		keys = make([]string, 0, m.Pods()+len(v.pods))
		m.EachPod(func(key string, _ *cluster.PodView) { keys = append(keys, key) })
		keys = append(keys, v.drawnKeys(func(key string) bool { return m.Pod(key) != nil })...)
		v.queue.clear()
	}
	v.drawPods(keys, v.visible(m.Pod), m.overview, full)
}
