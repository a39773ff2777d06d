//go:build js && wasm

package main

import "github.com/hack-pad/safejs"

// The worker's side of this program. app.js starts a second instance of
// the page's compiled module in a Web Worker (kubeloop._startWorker, asked
// for by workerlink.go); there main finds no document and runs runWorker
// instead of the page. The two ends exchange texts: each string the page
// posts reaches workerHandle, whose reply goes back; workerPost sends one
// unprompted. Those the worker sends cross as bytes (workerbytes.go).
// What the texts say is not this file's business.
//
// As on the page, a panic must not reach JavaScript: it would end the Go
// program, and the worker with it. A panic while handling a message is
// recovered and its text handed to app.js's script in the worker, which
// posts it to the page as an error; the next message is handled as if it
// had not happened. If the program ends all the same, that script tells
// the page the worker stopped.

// workerHandle answers one message from the page; an empty reply posts
// nothing. It runs inside the worker's message event, on the worker's one
// thread: it does its work and returns, and must not block.
var workerHandle = func(msg string) string { return "pong:" + msg }

// workerPanicProbe is a message the host itself answers with a panic, where
// workerHandle would have run, so that the browser tests check a panic's
// way back whatever the handler is (they send it through
// kubeloop.debug.workerEcho). No message of a protocol in text starts
// with NUL.
const workerPanicProbe = "\x00panic"

// runWorker installs globalThis.kubeloopWorkerReceive, through which the
// script around it hands over each string the page posts and takes the
// reply's bytes (null for none) to post, has the cluster of the default
// seed prebuilt in the next task (workerHost.prebuild), and then waits
// for them forever: it never returns. a is an app without a page: its
// entry recovers a panic, logs it with its stack on the worker's console
// (guard.go) and hands the script apiError's {ok: false, error} instead of
// a reply. If runWorker cannot install the function, it panics, and the Go
// program ends: the script reports that to the page.
func (a *app) runWorker() {
	workerHandle = a.hostMessage // the cluster's host (workerloop.go)
	receive := a.funcOf("worker message", apiError, func(_ safejs.Value, args []safejs.Value) any {
		msg := jsString(args[0])
		if msg == workerPanicProbe {
			panic("deliberate panic (workerPanicProbe)")
		}
		reply := workerHandle(msg)
		if reply == "" {
			return nil
		}
		u8, err := postedBytes(reply)
		if err != nil {
			panic(err)
		}
		return u8
	})
	if err := a.global.Set("kubeloopWorkerReceive", receive.Value()); err != nil {
		panic(err)
	}
	host := a.theWorkerHost()
	host.later(0, func() { host.prebuild(defaultSeed) })
	select {}
}

// workerPost sends msg to the page, whose link gives it to its onMessage.
// It may be called at any time: it is how the worker speaks unprompted.
func workerPost(msg string) error {
	u8, err := postedBytes(msg)
	if err != nil {
		return err
	}
	buf, err := u8.Get("buffer")
	if err != nil {
		return err
	}
	_, err = safejs.Global().Call("postMessage", u8, []any{buf})
	return err
}
