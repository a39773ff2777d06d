//go:build js && wasm

package main

import (
	"cmp"
	"slices"
)

// Where an animation frame's Go time goes, for `make perf`
// (kubeloop.debug.frames): the browser's own measures (long tasks,
// long-animation-frame entries) see one callback, not which of the page's
// parts made it long. Each part's time is added up per frame; the frames
// whose Go time was longest are kept with their split. A handful of
// performance.now() calls per frame: always on.

// framePart is one part of a frame's Go work that is timed on its own.
type framePart int

const (
	partSync   framePart = iota // the feed's sync with the store (syncLive)
	partPods                    // cards, lanes, cells and the ownership tree
	partTrace                   // the reconcile trace
	partEvents                  // the Events list
	partRest                    // faults, DNS, volumes, machinery
	partGC                      // the collector's marking, wherever it ran (markTime)
	nParts
)

var partNames = [nParts]string{"sync", "pods", "trace", "events", "rest", "gc"}

// keptFrames is how many of the longest frames are kept with their split.
const keptFrames = 8

// frameTiming is what kubeloop.debug.frames reports since its last call.
// The collector marks inside whatever runs (an allocation's assist, a
// worker's turn at a scheduling point): its time is also in the part it
// ran in, and "other" is the frame less every part, the marking included.
type frameTiming struct {
	start  float64 // now() when the current frame began
	cycle  uint32  // the collector's cycle and its mark time in ns then
	markNS int64
	parts  [nParts]float64     // the current frame's time in each part
	total  [nParts + 1]float64 // every frame's; the last is the rest ("other"): the tasks, and what is not timed
	max    [nParts + 1]float64
	n      int
	worst  []timedFrame
	// path is how the current frame went (pathDraw…), set by frame;
	// paths counts the frames by it.
	path  string
	paths map[string]int
	// stacked counts the frames that drew pods after tasks that paused
	// past their share: what frame leaves to the next frame.
	stacked int
}

// timedFrame is one frame's Go time, in ms: all of it, and its parts.
type timedFrame struct {
	MS    float64            `json:"ms"`
	Parts map[string]float64 `json:"parts"`
	Path  string             `json:"path"`
}

// The ways a frame goes (clock.go's frame and frameWork), for the
// longest frames' report: which of them stacked work on a draw.
const (
	pathDraw      = "draw"       // a draw's frame: no tasks
	pathResume    = "resume"     // resumed a paused task; no draw
	pathPaused    = "paused"     // tasks, one paused past its share; no draw
	pathTasks     = "tasks"      // tasks that overran; no draw
	pathTasksDraw = "tasks+draw" // tasks, then the draw or the clock
	pathIdle      = "idle"       // not playing (or replay, or settling)
)

// frameBegan starts timing a frame.
func (t *frameTiming) frameBegan(now float64) {
	t.start = now
	t.parts = [nParts]float64{}
	t.path = pathIdle
	t.cycle, t.markNS = markTime()
}

// spent adds the time since start to part.
func (a *app) spent(part framePart, start float64) {
	a.timing.parts[part] += a.now() - start
}

// frameEnded adds the frame to the totals, and keeps it if it is among
// the longest.
func (t *frameTiming) frameEnded(now float64) {
	cycle, ns := markTime()
	if cycle == t.cycle {
		ns -= t.markNS
	} // else a cycle began in the frame: its marking so far (the last one's end is lost)
	t.parts[partGC] = float64(ns) / 1e6
	ms := now - t.start
	rest := ms
	for i, p := range t.parts {
		if framePart(i) != partGC {
			rest -= p
		}
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
	if (t.path == pathPaused || t.path == pathResume) && t.parts[partPods] > 0 {
		t.stacked++
	}
	if len(t.worst) == keptFrames && ms <= t.worst[keptFrames-1].MS {
		return
	}
	f := timedFrame{MS: ms, Parts: map[string]float64{"other": rest}, Path: t.path}
	for i, p := range t.parts {
		if p > 0 {
			f.Parts[partNames[i]] = p
		}
	}
	at, _ := slices.BinarySearchFunc(t.worst, ms, func(f timedFrame, ms float64) int {
		return cmp.Compare(ms, f.MS) // longest first
	})
	t.worst = slices.Insert(t.worst, at, f)
	if len(t.worst) > keptFrames {
		t.worst = t.worst[:keptFrames]
	}
}

// report is the frames timed since the last report, and starts anew: per
// part (and "other": the tasks, and what is not timed) the average and the
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
	r := map[string]any{"frames": t.n, "parts": parts, "worst": t.worst, "paths": t.paths, "stacked": t.stacked}
	*t = frameTiming{start: t.start, parts: t.parts, path: t.path}
	return r
}
