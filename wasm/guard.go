//go:build js && wasm

package main

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// guard runs fn and recovers a panic in it: the panic is shown in the error
// banner (with a button to reset the cluster), logged to the console with
// its stack, and onPanic (if not nil) gets a one-line message to build the
// value JavaScript receives. The Go program keeps running either way.
func (a *app) guard(where string, onPanic func(msg string), fn func()) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		msg := fmt.Sprintf("%s: %v", where, r)
		a.reportPanic(msg, string(debug.Stack()))
		if onPanic != nil {
			func() {
				defer func() { recover() }() // the fallback must not panic either
				onPanic("internal error: " + msg)
			}()
		}
	}()
	fn()
}

// reportPanic shows msg in the banner and logs the stack. It must not panic:
// it is what runs after a panic.
func (a *app) reportPanic(msg, stack string) {
	defer func() { recover() }()
	a.panics++
	if console, err := a.global.Get("console"); err == nil {
		console.Call("error", "kubeloop: recovered panic in "+msg+"\n"+stack)
	}
	if a.ui == nil || a.ui.banner == nil {
		// Start-up failed: say so where the loading message is.
		if el := a.findByID("loading-text"); el != nil {
			el.SetTextContent("kubeloop could not start: " + msg)
		}
		return
	}
	a.ui.bannerText.SetTextContent(a.tr("banner.panic", strings.TrimSpace(msg)))
	a.ui.banner.RemoveAttribute("hidden")
	// Stop the clock, so that a panic in the loop is not repeated every
	// frame and the learner can read what happened; Play resumes.
	a.cancelSettle()
	a.setPlaying(false)
}

// hideBanner dismisses the error banner.
func (a *app) hideBanner() {
	a.ui.banner.SetAttribute("hidden", "")
}

// apiError is what a JS API function returns when it recovered a panic.
func apiError(msg string) any {
	return map[string]any{"ok": false, "error": msg}
}
