//go:build js && wasm

package main

import "github.com/kubeloop/kubeloop/core/cluster"

// replayedPods is the replayed revision the cluster view draws, its pods
// by key: its draws look at them over several frames (podsdraw.go).
type replayedPods struct {
	snap *cluster.Snapshot
	pods map[string]*cluster.PodView
}

// get is what the revision says of a pod.
func (r *replayedPods) get(key string) *cluster.PodView { return r.pods[key] }

// draw brings the view up to a replayed revision: a new one (or force, or
// a switch between cards and cells, or other nodes) puts its pods, and
// those drawn that it has not, in the queue to look at; the draws after it
// go on with the queue.
func (v *clusterView) draw(s *cluster.Snapshot, force bool) {
	v.drawLang(force)
	lanesChanged := v.drawLanes(s.Nodes)
	switched := v.chooseCells(len(s.Pods))
	if force || lanesChanged || switched || v.replayed.snap != s {
		r := replayedPods{snap: s, pods: make(map[string]*cluster.PodView, len(s.Pods))}
		keys := make([]string, 0, len(s.Pods)+len(v.pods))
		for i := range s.Pods {
			k := podKey(&s.Pods[i])
			r.pods[k] = &s.Pods[i]
			keys = append(keys, k)
		}
		keys = append(keys, v.drawnKeys(func(k string) bool { return r.pods[k] != nil })...)
		v.replayed = r
		v.queue.clear()
		v.queue.add(keys)
	}
	v.drawPods(nil, v.visible(v.replayed.get), s, force)
}
