package browser_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Chrome trace of the tab, for what the page's own probes cannot see:
// which of the browser's steps (the animation-frame callback, style,
// layout, paint, a collection of JavaScript's heap, a timer) made each long
// task long. `make perf` records one of the 10,000-pod rollout when
// KUBELOOP_PERF_TRACE is set, writes it for DevTools' Performance panel
// (tests/out/browser/perf-N-rollout.trace.json) and reports the long
// tasks' parts. Tracing slows the page: its numbers are not the untraced
// run's.

// traceCategories are the timeline's, as DevTools records them, less the
// JavaScript sampler and screenshots.
var traceCategories = []string{"toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
	"disabled-by-default-devtools.timeline.frame", "blink.user_timing", "v8", "v8.execute", "disabled-by-default-v8.gc"}

// samplerCategory is the JavaScript sampler's, which KUBELOOP_PERF_TRACE=js
// adds: DevTools then shows which functions ran in each task, the wasm's
// by name when the page's binary keeps them (built without -ldflags=-s,
// wasm/build-flags). It slows the page further.
const samplerCategory = "disabled-by-default-v8.cpu_profiler"

// traceRecorder gathers the trace's events as the browser sends them
// (page.onEvent).
type traceRecorder struct {
	events []json.RawMessage
	done   chan struct{}
}

// startTrace starts recording the tab's trace.
func (p *page) startTrace() {
	p.t.Helper()
	p.mu.Lock()
	p.trace = &traceRecorder{done: make(chan struct{})}
	p.mu.Unlock()
	categories := traceCategories
	if os.Getenv("KUBELOOP_PERF_TRACE") == "js" {
		categories = append(slices.Clip(categories), samplerCategory)
	}
	require.NoError(p.t, chromedp.Do(p.ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig: &tracing.TraceConfig{IncludedCategories: categories}})
		return chromedp.Void{}, err
	}))
}

// stopTrace ends the recording and returns its events, parsed for the
// report and as the browser sent them (for the file).
func (p *page) stopTrace() ([]traceEvent, []json.RawMessage) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return chromedp.Void{}, err
	}))
	select {
	case <-p.trace.done:
	case <-time.After(2 * time.Minute):
		p.t.Fatal("the browser did not finish sending the trace in 2 minutes")
	}
	p.mu.Lock()
	raw := p.trace.events
	p.trace = nil
	p.mu.Unlock()
	events := make([]traceEvent, 0, len(raw))
	for _, b := range raw {
		var e traceEvent
		if json.Unmarshal(b, &e) == nil {
			events = append(events, e)
		}
	}
	return events, raw
}

// onTraceEvent records the trace's events; it runs in page.onEvent,
// p.mu held.
func (p *page) onTraceEvent(ev any) {
	if p.trace == nil {
		return
	}
	switch ev := ev.(type) {
	case *tracing.EventDataCollected:
		for _, v := range ev.Value {
			p.trace.events = append(p.trace.events, json.RawMessage(bytes.Clone(v)))
		}
	case *tracing.EventTracingComplete:
		close(p.trace.done)
	}
}

// traceEvent is one event of a Chrome trace (the fields used here).
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Ts   float64 `json:"ts"`  // µs
	Dur  float64 `json:"dur"` // µs, for a complete event ("X")
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	Args struct {
		Name string `json:"name"` // a thread's, for "thread_name"
	} `json:"args"`
}

// saveTrace writes the events as the browser sent them, as a file
// DevTools' Performance panel opens. (Written from traceEvent, they lost
// their args: the sampler's profiles, frames, layout's details.)
func saveTrace(t *testing.T, name string, raw []json.RawMessage) string {
	file := filepath.Join(outDir, name+".trace.json")
	b, err := json.Marshal(map[string]any{"traceEvents": raw})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(file, b, 0o644))
	return file
}

// longTaskParts says what the page's main thread did in its tasks over
// 50 ms: the longest task's parts, and all the long tasks' parts added
// up. A part is an event directly inside a task (an animation frame, a
// timer, style, layout, paint, a collection), "self" the task's time in
// none of them: "12 tasks over 50 ms, 1,031 ms: FireAnimationFrame 560,
// Layout 180, …; the longest, 120 ms: …".
func longTaskParts(events []traceEvent) string {
	main := mainThread(events)
	var mine []traceEvent
	for _, e := range events {
		if e.Ph == "X" && e.Pid == main[0] && e.Tid == main[1] {
			mine = append(mine, e)
		}
	}
	// Parents before their children: by start, the longer first.
	slices.SortStableFunc(mine, func(a, b traceEvent) int { return cmp.Or(cmp.Compare(a.Ts, b.Ts), cmp.Compare(b.Dur, a.Dur)) })
	all := map[string]float64{}
	var longest map[string]float64
	longestMS, n, total := 0.0, 0, 0.0
	for i, task := range mine {
		if task.Name != "RunTask" || task.Dur <= 50e3 {
			continue
		}
		parts := map[string]float64{}
		self := task.Dur - addParts(mine, i, parts)
		parts["self"] += self / 1e3
		for name, ms := range parts {
			all[name] += ms
		}
		n++
		total += task.Dur / 1e3
		if task.Dur/1e3 > longestMS {
			longestMS, longest = task.Dur/1e3, parts
		}
	}
	if n == 0 {
		return "no task over 50 ms"
	}
	return fmt.Sprintf("%d tasks over 50 ms, %.0f ms: %s; the longest, %.0f ms: %s", n, total, topParts(all), longestMS, topParts(longest))
}

// wrappers are events that only wrap a task's work: their children are
// the parts.
var wrappers = map[string]bool{"ThreadControllerImpl::RunTask": true}

// addParts adds to parts the time of each event directly inside
// events[i] (sorted parents first), through wrappers, and returns their
// total time in µs.
func addParts(events []traceEvent, i int, parts map[string]float64) float64 {
	in := 0.0
	end := events[i].Ts + events[i].Dur
	for j := i + 1; j < len(events) && events[j].Ts < end; {
		child := events[j]
		if wrappers[child.Name] {
			in += addParts(events, j, parts)
		} else {
			parts[child.Name] += child.Dur / 1e3
			in += child.Dur
		}
		// The next part starts after this one and its own children.
		k := j + 1
		for k < len(events) && events[k].Ts < child.Ts+child.Dur {
			k++
		}
		j = k
	}
	return in
}

// topParts is the eight longest parts, longest first: "Layout 180, …".
func topParts(parts map[string]float64) string { return longestFirst(parts, 8, "") }

// mainThread is the pid and tid of the renderer's main thread with the
// most events (the tab's, not another renderer's).
func mainThread(events []traceEvent) [2]int {
	mains := map[[2]int]bool{}
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name == "CrRendererMain" {
			mains[[2]int{e.Pid, e.Tid}] = true
		}
	}
	count := map[[2]int]int{}
	for _, e := range events {
		if id := [2]int{e.Pid, e.Tid}; mains[id] {
			count[id]++
		}
	}
	best := [2]int{}
	for id, c := range count {
		if c > count[best] || c == count[best] && (id[0] < best[0] || id[0] == best[0] && id[1] < best[1]) {
			best = id
		}
	}
	return best
}

// A long task is split into the events directly inside it, or inside a
// wrapper; their own children are not counted again, and the rest is
// "self".
func TestLongTaskPartsSplitsEachLongTaskOneLevelDown(t *testing.T) {
	t.Parallel()
	ev := func(name string, ts, dur float64) traceEvent {
		return traceEvent{Name: name, Ph: "X", Ts: ts * 1e3, Dur: dur * 1e3, Pid: 1, Tid: 2}
	}
	thread := traceEvent{Name: "thread_name", Ph: "M", Pid: 1, Tid: 2}
	thread.Args.Name = "CrRendererMain"
	events := []traceEvent{thread,
		ev("RunTask", 0, 80), ev("ThreadControllerImpl::RunTask", 0, 79), ev("FireAnimationFrame", 1, 50), ev("FunctionCall", 1, 49), ev("Layout", 60, 15),
		ev("RunTask", 100, 20), ev("Layout", 101, 10), // not long
		ev("RunTask", 200, 60), ev("MajorGC", 200, 60),
		{Name: "RunTask", Ph: "X", Ts: 300e3, Dur: 90e3, Pid: 1, Tid: 3}, // another thread
	}
	assert.Equal(t, "2 tasks over 50 ms, 140 ms: MajorGC 60, FireAnimationFrame 50, Layout 15, self 15; the longest, 80 ms: FireAnimationFrame 50, Layout 15, self 15",
		longTaskParts(events))
	assert.Equal(t, "no task over 50 ms", longTaskParts(events[:1]))
}

// The saved trace is the browser's events as they came, args and all: the
// sampler's profile chunks are what DevTools draws the call tree from.
func TestSavedTraceKeepsEveryField(t *testing.T) {
	t.Parallel()
	raw := []json.RawMessage{
		json.RawMessage(`{"name":"ProfileChunk","ph":"P","ts":5,"pid":1,"tid":2,"id":"0x1","args":{"data":{"cpuProfile":{"nodes":[{"id":1}]},"timeDeltas":[3]}}}`),
		json.RawMessage(`{"name":"RunTask","ph":"X","ts":7,"dur":60000,"pid":1,"tid":1,"args":{}}`),
	}
	require.NoError(t, os.MkdirAll(outDir, 0o755))
	file := saveTrace(t, "test-saved-trace", raw)
	defer os.Remove(file)
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	var got struct{ TraceEvents []json.RawMessage }
	require.NoError(t, json.Unmarshal(b, &got))
	require.Len(t, got.TraceEvents, 2)
	for i := range raw {
		assert.JSONEq(t, string(raw[i]), string(got.TraceEvents[i]))
	}
}
