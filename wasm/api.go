//go:build js && wasm

package main

import (
	"math"
	"runtime"
	"time"

	"github.com/hack-pad/safejs"

	"github.com/kubeloop/kubeloop/core/export"
	"github.com/kubeloop/kubeloop/core/terminal"
	"github.com/kubeloop/kubeloop/core/transcript"
)

// installAPI fills window.kubeloop (created by app.js with its `ready`
// Promise) with the functions for embedding and testing the page:
//
//	apply(yaml)      → {ok, errors: [{line, column, message}], lines: [...]}
//	kubectl(line)    → {stdout, stderr, exitCode}  "get pods", "k get pods" or "kubectl get pods"
//	advance(seconds) → {time}           simulated seconds since the start ({time, error} beyond 24h)
//	settle()         → {settled, took}  took in simulated seconds
//	state()          → the cluster Snapshot as plain data
//	reset(seed)      → starts a new, empty cluster
//	share()          → a Promise of the share link the Share button makes: the seed, the session
//	                   since the cluster started and the editor's text (share.go); it rejects,
//	                   saying why, when the session is too long for a link
//	debug.panic(msg) → panics inside Go, to check that the page survives
//	debug.mem()      → {numGC, heapAlloc, heapSys, sys, nextGC, …} (runtime.MemStats)
//	debug.drawnReady(image) → pods drawn Running and ready (with that image)
//	debug.frames()   → where the animation frames' Go time went since the last call, and the ways they went ({frames, parts, worst, paths, stacked}, wasm/frametiming.go)
//	debug.parked()   → whether a task is paused half-way now (wasm/pause.go)
//	debug.warmUp()   → {done, steps}: the warm-up's steps run so far, of all (wasm/warmup.go)
//
// They act on the cluster the page shows (and redraw it), but leave the
// editor and the terminal alone. A call that panics returns
// {ok: false, error} (kubectl: exitCode 1 and the error on stderr).
func (a *app) installAPI() {
	kl, err := a.global.Get("kubeloop")
	if err != nil || kl.Type() != safejs.TypeObject {
		kl, _ = safejs.ValueOf(map[string]any{})
		a.global.Set("kubeloop", kl)
	}
	fn := func(name string, fallback func(string) any, f func(args []safejs.Value) any) {
		kl.Set(name, a.funcOf("kubeloop."+name, fallback, func(_ safejs.Value, args []safejs.Value) any {
			return f(args)
		}).Value())
	}
	arg := func(args []safejs.Value, i int) safejs.Value {
		if i < len(args) {
			return args[i]
		}
		return safejs.Undefined()
	}

	fn("apply", func(msg string) any {
		return a.toJS(applyResult{Errors: []lineError{{Message: msg}}, Lines: []string{}})
	}, func(args []safejs.Value) any {
		text, err := jsYAML(arg(args, 0))
		if err != nil {
			return a.toJS(applyResult{Errors: applyErrors("", err), Lines: []string{}})
		}
		lines, errs := a.apply(text)
		a.drawAfterAct()
		if lines == nil {
			lines = []string{}
		}
		if errs == nil {
			errs = []lineError{}
		}
		return a.toJS(applyResult{OK: len(errs) == 0, Errors: errs, Lines: lines})
	})

	fn("kubectl", func(msg string) any {
		return a.toJS(kubectlResult{Stderr: msg + "\n", ExitCode: 1})
	}, func(args []safejs.Value) any {
		line, err := jsCommandLine(arg(args, 0))
		if err != nil {
			return a.toJS(kubectlResult{Stderr: "error: " + err.Error() + "\n", ExitCode: 1})
		}
		stdin, err := jsYAML(arg(args, 1))
		if err != nil {
			return a.toJS(kubectlResult{Stderr: "error: " + err.Error() + "\n", ExitCode: 1})
		}
		line = terminal.AsKubectl(line)
		defer a.recordKubectl(line, stdin)() // session.go
		a.loadKubectlHelp()                  // again, if it failed (kubectlhelp.go)
		res := a.cluster.Kubectl(line, stdin)
		a.drawAfterAct()
		return a.toJS(kubectlResult{Stdout: res.Stdout, Stderr: res.Stderr, ExitCode: res.ExitCode})
	})

	fn("advance", apiError, func(args []safejs.Value) any {
		secs := jsFloat(arg(args, 0), 0)
		if secs > transcript.MaxAdvance.Seconds() {
			return a.toJS(map[string]any{"time": a.elapsed().Seconds(),
				"error": "advance: kubeloop simulates at most " + transcript.MaxAdvance.String() + " per call; call it again to go further"})
		}
		if secs > 0 {
			a.cluster.Advance(time.Duration(secs * float64(time.Second)))
		}
		a.render(false)
		return a.toJS(map[string]any{"time": a.elapsed().Seconds()})
	})

	fn("settle", apiError, func(args []safejs.Value) any {
		secs := jsFloat(arg(args, 0), 0)
		if !(secs > 0) { // NaN too
			secs = 0
		}
		max := time.Duration(min(secs, transcript.MaxAdvance.Seconds()) * float64(time.Second))
		settled, took := a.cluster.Settle(orDefault(max, settleDefault))
		a.render(false)
		return a.toJS(map[string]any{"settled": settled, "took": took.Seconds()})
	})

	fn("state", apiError, func([]safejs.Value) any {
		return a.toJS(a.cluster.Snapshot())
	})

	fn("reset", apiError, func(args []safejs.Value) any {
		seed := a.seed
		if s := jsFloat(arg(args, 0), -1); s >= 0 && s <= math.MaxUint32*float64(math.MaxUint32) {
			seed = uint64(s)
		}
		a.setSeed(seed)
		a.reset(seed)
		return a.toJS(map[string]any{"seed": seed})
	})

	fn("revision", apiError, func([]safejs.Value) any {
		return a.toJS(map[string]any{"revision": a.cluster.Store().Revision(), "compacted": a.cluster.Store().Compacted(),
			"replaying": a.replay.on, "shown": a.shownRevision()})
	})

	fn("replay", apiError, func(args []safejs.Value) any {
		rev := int64(jsFloat(arg(args, 0), -1))
		if rev < 0 || rev >= a.cluster.Store().Revision() {
			a.goLive()
		} else {
			a.replayAt(rev)
		}
		return a.toJS(map[string]any{"shown": a.shownRevision(), "replaying": a.replay.on})
	})

	fn("export", apiError, func([]safejs.Value) any {
		text, _, err := export.Manifest(a.cluster.Store())
		if err != nil {
			return a.toJS(map[string]any{"ok": false, "error": err.Error()})
		}
		return a.toJS(map[string]any{"ok": true, "yaml": text})
	})

	fn("lesson", apiError, func([]safejs.Value) any {
		l := &a.lessons
		le := a.lesson()
		return a.toJS(map[string]any{"id": le.ID, "running": l.running, "step": l.done(), "open": l.openStep(), "steps": len(le.Steps),
			"done": l.progress.Done[le.ID], "seed": a.seed})
	})

	fn("shareLink", apiError, func([]safejs.Value) any { return a.ui.lastShare })

	fn("share", apiError, func([]safejs.Value) any { return a.shareLinkPromise() })

	kl.Set("editor", a.ui.editor.h)

	debug, _ := safejs.ValueOf(map[string]any{})
	debug.Set("panic", a.funcOf("kubeloop.debug.panic", apiError, func(_ safejs.Value, args []safejs.Value) any {
		msg := jsString(arg(args, 0))
		if msg == "" {
			msg = "deliberate panic from kubeloop.debug.panic"
		}
		panic(msg)
	}).Value())
	// The debug reads are passive (passiveFuncOf): make perf polls them
	// while a task is paused half-way, and must not finish it.
	read := func(name string, f func(args []safejs.Value) any) {
		debug.Set(name, a.passiveFuncOf("kubeloop.debug."+name, apiError, func(_ safejs.Value, args []safejs.Value) any {
			return f(args)
		}).Value())
	}
	read("panics", func(args []safejs.Value) any {
		return a.panics
	})
	// How many of the warm-up's steps ran (warmup.go).
	read("warmUp", func(args []safejs.Value) any {
		return a.toJS(map[string]any{"done": a.warm.done, "steps": len(warmUpSteps)})
	})
	// How often the frame's work paused half-way through a task (pause.go).
	read("parks", func(args []safejs.Value) any {
		return a.loop.parks
	})
	// Whether a task is parked half-way now (pause.go): what the passive
	// entry points leave so, and the others finish.
	read("parked", func(args []safejs.Value) any {
		return a.loop.parked
	})
	// The Go heap and its collections: under wasm Go's collector marks on
	// the page's one thread, inside whatever task is running, so the live
	// heap is what one mark costs and memory (which never shrinks) is what
	// the tab keeps (perf_test.go reports both, and the idle-mark holds).
	read("mem", func(args []safejs.Value) any {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return a.toJS(map[string]any{"numGC": m.NumGC, "heapAlloc": m.HeapAlloc, "heapSys": m.HeapSys,
			"sys": m.Sys, "nextGC": m.NextGC, "pauseTotalNs": m.PauseTotalNs, "gcCPUFraction": m.GCCPUFraction,
			"idleMarkPatched": idleMarkPatched, "idleMarkHolds": a.idleMarkHolds, "sweepSleeps": sweepSleeps()})
	})
	// How many pods the page shows Running and ready with an image (any
	// image when none is given), as cards or as cells (cellcanvas.go):
	// make perf waits on it — a cell has no element to count.
	read("drawnReady", func(args []safejs.Value) any {
		image := ""
		if len(args) > 0 {
			image = jsString(args[0])
		}
		return a.ui.cluster.drawnReady(image)
	})
	// Whether the cluster's draws are slow, so that while it plays the
	// frames make them in parts and a command leaves its draw to them
	// (drawAfterAct).
	read("slowDraws", func(args []safejs.Value) any {
		return a.ui.renderCostMS >= slowRenderMS
	})
	// Where the animation frames' Go time went since the last call
	// (frametiming.go): make perf reports it beside the browser's measures.
	read("frames", func(args []safejs.Value) any {
		return a.toJS(a.timing.report())
	})
	kl.Set("debug", debug)
}

// shownRevision is the revision the views show.
func (a *app) shownRevision() int64 {
	if a.replay.on {
		return a.replay.rev
	}
	return a.cluster.Store().Revision()
}

type applyResult struct {
	OK     bool        `json:"ok"`
	Errors []lineError `json:"errors"`
	Lines  []string    `json:"lines"`
}

type kubectlResult struct {
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	ExitCode int    `json:"exitCode"`
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}
