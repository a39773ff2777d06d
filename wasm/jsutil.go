//go:build js && wasm

package main

import (
	"fmt"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// The browser edge. Every Go function that JavaScript can call is made here
// (funcOf, listen, requestFrame, setTimeout) and runs inside app.guard, so a
// Go panic is reported on the page and never reaches the JS side (a panic
// that escapes a js.Func ends the Go program for good).

// funcOf wraps fn as a JS function whose panics the app recovers; fallback
// builds the value JS receives after a panic. Each call ends by asking
// for an animation frame if it left something to draw (wakeIfBusy).
func (a *app) funcOf(name string, fallback func(msg string) any, fn func(this safejs.Value, args []safejs.Value) any) safejs.Func {
	f, err := safejs.FuncOf(func(this safejs.Value, args []safejs.Value) (result any) {
		a.guard(name, func(msg string) { result = fallback(msg) }, func() {
			defer a.wakeIfBusy() // after a panic too: what it left is drawn
			result = fn(this, args)
		})
		return result
	})
	if err != nil {
		panic(fmt.Sprintf("js function %s: %v", name, err)) // at start-up only: guarded by main
	}
	return f
}

// callLoader calls app.js's window.kubeloop[method] (_loadEditor,
// _loadData, _startWorker, _failed: the loader's side of the page's start).
func (a *app) callLoader(method string, args ...any) (safejs.Value, error) {
	kl, err := a.global.Get("kubeloop")
	if err != nil {
		return safejs.Value{}, err
	}
	return kl.Call(method, args...)
}

// listen adds a DOM event listener that runs fn inside the guard. The
// listener must not block: it does its work and returns.
func (a *app) listen(target dom.Node, typ string, fn func(ev event)) {
	a.addListener(target, typ, fn)
}

func (a *app) addListener(target dom.Node, typ string, fn func(ev event)) {
	f := a.funcOf(typ+" handler", func(string) any { return nil }, func(_ safejs.Value, args []safejs.Value) any {
		if len(args) > 0 {
			fn(event{args[0]})
		}
		return nil
	})
	safejs.Safe(target.Underlying()).Call("addEventListener", typ, f.Value())
}

// requestFrame schedules fn for the next animation frame with the frame's
// timestamp in milliseconds. The JS function is made once and reused.
func (a *app) requestFrame(fn func(ms float64)) {
	if !a.frameReady {
		a.frameFunc = a.funcOf("animation frame", func(string) any { return nil }, func(_ safejs.Value, args []safejs.Value) any {
			ms := 0.0
			if len(args) > 0 {
				ms = jsFloat(args[0], 0)
			}
			cb := a.frameCallback
			a.frameCallback = nil
			if cb != nil {
				cb(ms)
			}
			return nil
		})
		a.frameReady = true
	}
	a.frameCallback = fn
	a.global.Call("requestAnimationFrame", a.frameFunc.Value())
}

// afterPaint runs fn once the browser has painted what the page drew so
// far: at the next animation frame the drawing is laid out and painted
// just after the frame's callbacks, so a timeout set from the frame
// callback runs after that paint. A hidden tab gets no animation frames, so
// a second timeout runs fn anyway after paintWaitMS.
func (a *app) afterPaint(name string, fn func()) {
	done := false
	var later, fallback *timer
	run := func() {
		if done {
			return
		}
		done = true
		later.stop()
		fallback.stop()
		fn()
	}
	later = a.newTimer(name, run)
	fallback = a.newTimer(name+" (no frame)", run)
	var frame safejs.Func
	frame = a.funcOf(name+" frame", func(string) any { return nil }, func(safejs.Value, []safejs.Value) any {
		frame.Release()
		later.start(0)
		return nil
	})
	a.global.Call("requestAnimationFrame", frame.Value())
	fallback.start(paintWaitMS)
}

// paintWaitMS bounds afterPaint's wait for a frame.
const paintWaitMS = 500

// timer is a restartable timeout (for debouncing): each start cancels the
// previous one.
type timer struct {
	a   *app
	fn  safejs.Func
	id  safejs.Value
	set bool
}

func (a *app) newTimer(name string, fn func()) *timer {
	t := &timer{a: a}
	t.fn = a.funcOf(name, func(string) any { return nil }, func(safejs.Value, []safejs.Value) any {
		t.set = false
		fn()
		return nil
	})
	return t
}

func (t *timer) start(ms int) {
	t.stop()
	id, err := t.a.global.Call("setTimeout", t.fn.Value(), ms)
	if err == nil {
		t.id, t.set = id, true
	}
}

func (t *timer) stop() {
	if t.set {
		t.a.global.Call("clearTimeout", t.id)
		t.set = false
	}
}

// now is the page's monotonic clock in milliseconds (performance.now), used
// to time the page's own work (frametiming.go, the lesson checks' pace),
// never inside the simulation. The performance object is looked up once.
func (a *app) now() float64 {
	if !a.perfSet {
		perf, err := a.global.Get("performance")
		if err != nil {
			return 0
		}
		a.perf, a.perfSet = perf, true
	}
	v, err := a.perf.Call("now")
	if err != nil {
		return 0
	}
	ms, _ := v.Float()
	return ms
}

// toJS turns a Go value into a plain JS object by way of JSON, so the
// JS API returns the same shapes the json tags document.
func (a *app) toJS(v any) any {
	data, err := apijson.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("encode %T: %v", v, err))
	}
	jsonObj, err := a.global.Get("JSON")
	if err != nil {
		panic(err)
	}
	out, err := jsonObj.Call("parse", string(data))
	if err != nil {
		panic(err)
	}
	return out
}

// storage reads and writes localStorage; both fail quietly (private mode,
// quota), because losing a preference must never break the page.
func (a *app) load(key string) (string, bool) {
	ls, err := a.global.Get("localStorage")
	if err != nil || ls.IsNull() || ls.IsUndefined() {
		return "", false
	}
	v, err := ls.Call("getItem", key)
	if err != nil || v.IsNull() || v.IsUndefined() {
		return "", false
	}
	s, err := v.String()
	return s, err == nil
}

func (a *app) store(key, value string) {
	ls, err := a.global.Get("localStorage")
	if err != nil || ls.IsNull() || ls.IsUndefined() {
		return
	}
	ls.Call("setItem", key, value)
}

// typeOf is v's type. syscall/js knows no BigInt: its Type panics ("bad
// type flag") on one, which kubeloop.apply(10n) would hit — reported here
// as undefined, a value no API reads.
func typeOf(v safejs.Value) (t safejs.Type) {
	defer func() {
		if recover() != nil {
			t = safejs.TypeUndefined
		}
	}()
	return v.Type()
}

// jsString reads a JS value as a string ("" for anything else).
func jsString(v safejs.Value) string {
	if typeOf(v) != safejs.TypeString {
		return ""
	}
	s, _ := v.String()
	return s
}

// jsFloat reads a JS number (def for anything else).
func jsFloat(v safejs.Value, def float64) float64 {
	if typeOf(v) != safejs.TypeNumber {
		return def
	}
	f, err := v.Float()
	if err != nil {
		return def
	}
	return f
}
