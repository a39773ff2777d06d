//go:build js && wasm

package main

import (
	"math"
	"runtime"
	"time"

	"github.com/hack-pad/safejs"

	"github.com/kubeloop/kubeloop/core/transcript"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// installAPI fills window.kubeloop (created by app.js with its `ready`
// Promise) with the functions for embedding and testing the page. The
// cluster runs in a worker, so what asks it something returns a Promise
// (marked ⇒), resolved once the page has drawn what the call changed:
//
//	apply(yaml)      ⇒ {ok, errors: [{line, column, message}], lines: [...]}
//	kubectl(line)    ⇒ {stdout, stderr, exitCode}  "get pods", "k get pods" or "kubectl get pods"
//	advance(seconds) ⇒ {time}           simulated seconds since the start ({time, error} beyond 24h)
//	settle()         ⇒ {settled, took}  took in simulated seconds
//	state()          ⇒ the cluster Snapshot as plain data
//	reset(seed)      ⇒ {seed}: starts a new, empty cluster
//	revision()       → {revision, compacted, replaying, shown}: as the page shows it
//	replay(rev)      ⇒ {shown, replaying}: shows revision rev (live when rev is the newest or < 0)
//	export()         ⇒ {ok, yaml} or {ok: false, error}
//	share()          ⇒ the share link the Share button makes: the seed, the session
//	                   since the cluster started and the editor's text (share.go); it rejects,
//	                   saying why, when the session is too long for a link
//	debug.panic(msg) → panics inside Go, to check that the page survives
//	debug.mem()      → {numGC, heapAlloc, heapSys, sys, nextGC, …} (runtime.MemStats of the page's Go)
//	debug.drawnReady(image) → pods drawn Running and ready (with that image)
//	debug.frames()   → where the animation frames' Go time went since the last call, and the ways they went ({frames, parts, worst, paths, stacked}, wasm/frametiming.go)
//	debug.warmUp()   ⇒ {done, steps}: the worker's warm-up steps run so far, of all (wasm/internal/engine/warmup.go)
//	debug.workerEcho(text) ⇒ a worker's reply to text ("pong:" + text: a text that is not a
//	                   JSON message), rejected with its error's text (wasm/workerecho.go);
//	                   the text "\u0000panic" makes the worker panic (workerPanicProbe)
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
	o := apiObject{a: a, obj: kl}
	a.installChangeAPI(o)
	a.installClockAPI(o)
	a.installClusterAPI(o)
	a.installHistoryAPI(o)
	a.installPageAPI(o)
	kl.Set("editor", a.ui.editor.h)
	debug, _ := safejs.ValueOf(map[string]any{})
	a.installDebugAPI(apiObject{a: a, obj: debug, prefix: "debug."})
	kl.Set("debug", debug)
}

// apiObject is a JavaScript object that installAPI fills with functions.
type apiObject struct {
	a      *app
	obj    safejs.Value
	prefix string // before each function's name in what a panic reports
}

// fn sets obj[name] to f, run inside the app's guard (funcOf): a panic
// returns fallback(its message).
func (o apiObject) fn(name string, fallback func(string) any, f func(args []safejs.Value) any) {
	o.obj.Set(name, o.a.funcOf("kubeloop."+o.prefix+name, fallback, func(_ safejs.Value, args []safejs.Value) any {
		return f(args)
	}).Value())
}

// arg is args[i], undefined when the call gave fewer.
func arg(args []safejs.Value, i int) safejs.Value {
	if i < len(args) {
		return args[i]
	}
	return safejs.Undefined()
}

// installChangeAPI: apply and kubectl, which change the cluster as the
// editor and the terminal do.
func (a *app) installChangeAPI(o apiObject) {
	o.fn("apply", func(msg string) any {
		return a.toJS(applyResult{Errors: []lineError{{Message: msg}}, Lines: []string{}})
	}, func(args []safejs.Value) any {
		text, err := jsYAML(arg(args, 0))
		if err != nil {
			return a.toJS(applyResult{Errors: applyErrors("", err), Lines: []string{}})
		}
		return a.newPromise(func(resolve func(any)) {
			a.ask(engine.Request{Op: "apply", Text: text, Record: true}, func(rep engine.Reply) {
				res := applyResult{OK: len(rep.Errors) == 0 && rep.Error == "", Errors: rep.Errors, Lines: rep.Lines}
				if rep.Error != "" {
					res.Errors = append(res.Errors, lineError{Message: rep.Error})
				}
				if res.Lines == nil {
					res.Lines = []string{}
				}
				if res.Errors == nil {
					res.Errors = []lineError{}
				}
				resolve(a.toJS(res))
			})
		})
	})

	o.fn("kubectl", func(msg string) any {
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
		a.loadKubectlHelp() // again, if it failed (kubectlhelp.go)
		return a.newPromise(func(resolve func(any)) {
			// Aside: the terminal's watch goes on, and a watch or shell
			// the line opens does not hold the terminal.
			a.ask(engine.Request{Op: "kubectl", Line: line, Stdin: stdin, Record: true, Aside: true}, func(rep engine.Reply) {
				resolve(a.toJS(kubectlResultOf(rep)))
			})
		})
	})
}

// installClockAPI: advance and settle, which move the simulated clock.
func (a *app) installClockAPI(o apiObject) {
	o.fn("advance", apiError, func(args []safejs.Value) any {
		secs := jsFloat(arg(args, 0), 0)
		if secs > transcript.MaxAdvance.Seconds() {
			return a.toJS(map[string]any{"time": a.elapsed().Seconds(),
				"error": "advance: kubeloop simulates at most " + transcript.MaxAdvance.String() + " per call; call it again to go further"})
		}
		if !(secs > 0) { // NaN too
			secs = 0
		}
		return a.newPromise(func(resolve func(any)) {
			a.ask(engine.Request{Op: "advance", Seconds: secs}, func(rep engine.Reply) {
				resolve(a.toJS(map[string]any{"time": a.elapsed().Seconds()}))
			})
		})
	})

	o.fn("settle", apiError, func(args []safejs.Value) any {
		secs := jsFloat(arg(args, 0), 0)
		if !(secs > 0) { // NaN too
			secs = 0
		}
		max := orDefault(time.Duration(min(secs, transcript.MaxAdvance.Seconds())*float64(time.Second)), settleDefault)
		return a.newPromise(func(resolve func(any)) {
			a.ask(engine.Request{Op: "settle", Seconds: max.Seconds()}, func(rep engine.Reply) {
				resolve(a.toJS(map[string]any{"settled": rep.Settled, "took": rep.Took.Seconds()}))
			})
		})
	})
}

// installClusterAPI: state, the cluster as plain data, and reset, a new one.
func (a *app) installClusterAPI(o apiObject) {
	o.fn("state", apiError, func([]safejs.Value) any {
		return a.newPromise(func(resolve func(any)) {
			a.ask(engine.Request{Op: "snapshot"}, func(rep engine.Reply) { resolve(a.toJS(rep.Snapshot)) })
		})
	})

	o.fn("reset", apiError, func(args []safejs.Value) any {
		seed := a.seed
		if s := jsFloat(arg(args, 0), -1); s >= 0 && s <= math.MaxUint32*float64(math.MaxUint32) {
			seed = uint64(s)
		}
		a.setSeed(seed)
		return a.newPromise(func(resolve func(any)) {
			a.resetThen(seed, func() { resolve(a.toJS(map[string]any{"seed": seed})) })
		})
	})
}

// installHistoryAPI: the revision shown, replay and export.
func (a *app) installHistoryAPI(o apiObject) {
	o.fn("revision", apiError, func([]safejs.Value) any {
		return a.toJS(map[string]any{"revision": a.m.rev, "compacted": a.m.compacted,
			"replaying": a.replay.on, "shown": a.shownRevision()})
	})

	o.fn("replay", apiError, func(args []safejs.Value) any {
		rev := int64(jsFloat(arg(args, 0), -1))
		return a.newPromise(func(resolve func(any)) {
			done := func() { resolve(a.toJS(map[string]any{"shown": a.shownRevision(), "replaying": a.replay.on})) }
			if rev < 0 || rev >= a.m.rev {
				a.goLive()
				done()
				return
			}
			a.replayAtThen(rev, done)
		})
	})

	o.fn("export", apiError, func([]safejs.Value) any {
		return a.newPromise(func(resolve func(any)) {
			a.ask(engine.Request{Op: "export"}, func(rep engine.Reply) {
				if rep.Error != "" {
					resolve(a.toJS(map[string]any{"ok": false, "error": rep.Error}))
					return
				}
				resolve(a.toJS(map[string]any{"ok": true, "yaml": rep.Text}))
			})
		})
	})
}

// installPageAPI: the lesson shown and the share link.
func (a *app) installPageAPI(o apiObject) {
	o.fn("lesson", apiError, func([]safejs.Value) any {
		l := &a.lessons
		le := a.lesson()
		return a.toJS(map[string]any{"id": le.ID, "running": l.running, "step": l.done(), "open": l.openStep(), "steps": len(le.Steps),
			"done": l.progress.Done[le.ID], "seed": a.seed})
	})

	o.fn("shareLink", apiError, func([]safejs.Value) any { return a.ui.lastShare })

	o.fn("share", apiError, func([]safejs.Value) any { return a.shareLinkPromise() })
}

// installDebugAPI: kubeloop.debug, for the tests and make perf.
func (a *app) installDebugAPI(o apiObject) {
	o.fn("panic", apiError, func(args []safejs.Value) any {
		msg := jsString(arg(args, 0))
		if msg == "" {
			msg = "deliberate panic from kubeloop.debug.panic"
		}
		panic(msg)
	})
	o.fn("panics", apiError, func(args []safejs.Value) any {
		return a.panics
	})
	// How many of the warm-up's steps ran (wasm/internal/engine/warmup.go).
	o.fn("warmUp", apiError, func(args []safejs.Value) any {
		return a.newPromise(func(resolve func(any)) {
			a.ask(engine.Request{Op: engine.OpWarmUp}, func(rep engine.Reply) { resolve(a.toJS(rep.WarmUp)) })
		})
	})
	// The page's Go heap and its collections. The cluster's objects are in
	// the worker: the page holds views of them, so its heap, and what one
	// collection costs the page's thread, stay small whatever the cluster.
	o.fn("mem", apiError, func(args []safejs.Value) any {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return a.toJS(map[string]any{"numGC": m.NumGC, "heapAlloc": m.HeapAlloc, "heapSys": m.HeapSys,
			"sys": m.Sys, "nextGC": m.NextGC, "pauseTotalNs": m.PauseTotalNs, "gcCPUFraction": m.GCCPUFraction,
			"aheadGC": a.collector.ahead, "aheadGCms": a.collector.took[:]})
	})
	// How many pods the page shows Running and ready with an image (any
	// image when none is given), as cards or as cells (cellcanvas.go):
	// make perf waits on it — a cell has no element to count.
	o.fn("drawnReady", apiError, func(args []safejs.Value) any {
		image := ""
		if len(args) > 0 {
			image = jsString(args[0])
		}
		return a.ui.cluster.drawnReady(image)
	})
	// Where the animation frames' Go time went since the last call
	// (frametiming.go): make perf reports it beside the browser's measures.
	o.fn("frames", apiError, func(args []safejs.Value) any {
		return a.toJS(a.timing.report())
	})
	// Whether a draw's stages are still due (drawstages.go): a new
	// language, a replayed revision or a big cluster's frame is drawn over
	// several frames, and a test that reads a view waits for them.
	o.fn("drawing", apiError, func(args []safejs.Value) any {
		return a.ui != nil && a.ui.stage != stageNone
	})
	// Whether reconciles wait for a live draw of the trace (traceEvery):
	// a test that waits for the trace to be still waits for them too.
	o.fn("traceHeld", apiError, func(args []safejs.Value) any {
		return a.traceHeld()
	})
	// A worker of its own (workerecho.go), for the tests of the link.
	echo := &workerEcho{a: a}
	o.fn("workerEcho", apiError, func(args []safejs.Value) any {
		return echo.send(jsString(arg(args, 0)))
	})
}

// shownRevision is the revision the views show.
func (a *app) shownRevision() int64 {
	if a.replay.on {
		return a.replay.rev
	}
	return a.m.rev
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

// kubectlResultOf is a kubectl reply's streams, each whole.
func kubectlResultOf(rep engine.Reply) kubectlResult {
	var out kubectlResult
	for _, c := range rep.Output {
		if c.Stderr {
			out.Stderr += c.Text
		} else {
			out.Stdout += c.Text
		}
	}
	out.ExitCode = rep.ExitCode
	if rep.Error != "" {
		out.Stderr += "error: " + rep.Error + "\n"
		out.ExitCode = 1
	}
	return out
}

// promise is a JS Promise that start resolves, now or later.
func (a *app) newPromise(start func(resolve func(any))) any {
	ctor, err := a.global.Get("Promise")
	if err != nil {
		panic(err)
	}
	call, err := ctor.Call("withResolvers")
	if err != nil {
		panic(err)
	}
	p, _ := call.Get("promise")
	start(func(v any) { call.Call("resolve", v) })
	return p
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}
