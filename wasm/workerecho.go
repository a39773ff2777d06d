//go:build js && wasm

package main

import "github.com/hack-pad/safejs"

// workerEcho is kubeloop.debug.workerEcho: a worker of its own, started by
// the first call, that the browser tests talk to through the page's Go, so
// that they prove the whole way — app.js's worker, the link, the host —
// and not only the script. Each call is a Promise of the worker's answer
// to its message: its reply, or the text of its error as the rejection.
// One call at a time: a call made while another waits is rejected. When
// the worker ends, the next call starts another.
type workerEcho struct {
	a       *app
	link    *workerLink
	waiting safejs.Value // Promise.withResolvers() of the call waiting, or undefined
}

// send posts text and returns a Promise of the worker's reply.
func (e *workerEcho) send(text string) any {
	if !e.waiting.IsUndefined() {
		return rejected(e.a, "a call to the worker is waiting already")
	}
	promise, _ := e.a.global.Get("Promise")
	e.waiting, _ = promise.Call("withResolvers")
	if e.link == nil {
		e.link = &workerLink{}
		e.link.start(e.a, func(reply string) { e.settle("resolve", reply) }, func(msg string, stopped bool) {
			if stopped {
				e.link = nil
			}
			e.settle("reject", msg)
		})
	}
	if e.link != nil {
		e.link.post(text)
	}
	p, _ := e.waiting.Get("promise")
	return p
}

// settle calls the waiting call's how ("resolve" or "reject") with v.
func (e *workerEcho) settle(how string, v string) {
	if !e.waiting.IsUndefined() {
		e.waiting.Call(how, v)
		e.waiting = safejs.Undefined()
	}
}
