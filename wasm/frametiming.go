//go:build js && wasm

package main

import "sort"

// Where an animation frame's Go time goes, for `make perf`
// (kubeloop.debug.frames): the browser's own measures (long tasks,
// long-animation-frame entries) see one callback, not which of the page's
// parts made it long. Each part's time is added up per frame; the frames
// whose Go time was longest are kept with their split. A handful of
// performance.now() calls per frame: always on.

// framePart is one part of a frame's Go work that is timed on its own.
type framePart int

const (
	partPods   framePart = iota // cards, lanes, cells and the ownership tree
	partTrace                   // the reconcile trace
	partEvents                  // the Events list
	partRest                    // faults, DNS, volumes, machinery
	nParts
)

var partNames = [nParts]string{"pods", "trace", "events", "rest"}

// keptFrames is how many of the longest frames are kept with their split.
const keptFrames = 8

// frameTiming is what kubeloop.debug.frames reports since its last call.
// "other" is the frame less every part: the clock, the lesson, what is
// not timed. (The cluster's tasks are not the page's: they run in the
// worker.)
type frameTiming struct {
	start float64             // now() when the current frame began
	parts [nParts]float64     // the current frame's time in each part
	total [nParts + 1]float64 // every frame's; the last is the rest ("other")
	max   [nParts + 1]float64
	n     int
	worst []timedFrame
	// path is how the current frame went (pathDraw or pathIdle), set by
	// frame; paths counts the frames by it.
	path  string
	paths map[string]int
}

// timedFrame is one frame's Go time, in ms: all of it, and its parts.
type timedFrame struct {
	MS    float64            `json:"ms"`
	Parts map[string]float64 `json:"parts"`
	Path  string             `json:"path"`
}

// The ways a frame goes (clock.go's frame).
const (
	pathDraw = "draw" // it drew what frames from the worker brought
	pathIdle = "idle" // nothing came to draw
)

// frameBegan starts timing a frame.
func (t *frameTiming) frameBegan(now float64) {
	t.start = now
	t.parts = [nParts]float64{}
	t.path = pathIdle
}

// spent adds the time since start to part.
func (a *app) spent(part framePart, start float64) {
	a.timing.parts[part] += a.now() - start
}

// frameEnded adds the frame to the totals, and keeps it if it is among
// the longest.
func (t *frameTiming) frameEnded(now float64) {
	ms := now - t.start
	rest := ms
	for i, p := range t.parts {
		rest -= p
		t.total[i] += p
		t.max[i] = max(t.max[i], p)
	}
	t.total[nParts] += rest
	t.max[nParts] = max(t.max[nParts], rest)
	t.n++
	if t.paths == nil {
		t.paths = map[string]int{}
	}
	t.paths[t.path]++
	if len(t.worst) == keptFrames && ms <= t.worst[keptFrames-1].MS {
		return
	}
	f := timedFrame{MS: ms, Parts: map[string]float64{"other": rest}, Path: t.path}
	for i, p := range t.parts {
		if p > 0 {
			f.Parts[partNames[i]] = p
		}
	}
	// Longest first. sort.Search and a copy, not slices' BinarySearchFunc
	// and Insert: each of those is a copy in the page's binary for this
	// one element type.
	at := sort.Search(len(t.worst), func(i int) bool { return t.worst[i].MS <= ms })
	t.worst = append(t.worst, timedFrame{})
	copy(t.worst[at+1:], t.worst[at:])
	t.worst[at] = f
	if len(t.worst) > keptFrames {
		t.worst = t.worst[:keptFrames]
	}
}

// report is the frames timed since the last report, and starts anew: per
// part (and "other": what is not timed) the average and the
// longest per frame, and the longest frames with their split.
func (t *frameTiming) report() map[string]any {
	parts := map[string]any{}
	for i := range t.total {
		name := "other"
		if i < int(nParts) {
			name = partNames[i]
		}
		parts[name] = map[string]float64{"avg": t.total[i] / float64(max(t.n, 1)), "max": t.max[i]}
	}
	r := map[string]any{"frames": t.n, "parts": parts, "worst": t.worst, "paths": t.paths}
	*t = frameTiming{start: t.start, parts: t.parts, path: t.path}
	return r
}
