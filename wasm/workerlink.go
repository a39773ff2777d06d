//go:build js && wasm

package main

import "github.com/hack-pad/safejs"

// workerLink is the page's end of a Web Worker that runs a second instance
// of this program (workerhost.go), from the module the page compiled
// already (app.js, kubeloop._startWorker). The two ends exchange texts,
// the worker's as bytes (workerbytes.go).
// The zero value is ready to start; a link starts once.
type workerLink struct {
	handle  safejs.Value // app.js's {post, stop}; undefined until started
	receive safejs.Func  // what app.js calls back, released when the worker ends
}

// start starts the worker. onMessage gets each string the worker posts;
// onError each error it reports, stopped saying whether the worker ended
// (its Go program exited, its script failed, or it did not start: nothing
// is called after that) or runs on (it recovered a panic). Both run inside
// the app's guard, as every entry from JavaScript does. start returns at
// once: the worker starts while the page goes on, and what is posted
// meanwhile waits for it.
func (l *workerLink) start(a *app, onMessage func(msg string), onError func(msg string, stopped bool)) {
	// app.js calls receive(kind, text): kind "message", "error" or
	// "stopped", the last call.
	l.receive = a.funcOf("worker", func(string) any { return nil }, func(_ safejs.Value, args []safejs.Value) any {
		switch kind := jsString(args[0]); kind {
		case "message":
			onMessage(receivedText(args[1]))
		case "stopped":
			l.receive.Release()
			onError(jsString(args[1]), true)
		default:
			onError(jsString(args[1]), false)
		}
		return nil
	})
	var err error
	if l.handle, err = a.callLoader("_startWorker", l.receive.Value()); err != nil {
		l.receive.Release()
		onError("the worker did not start: "+err.Error(), true)
	}
}

// post sends msg to the worker's workerHandle. Once the worker has ended
// (onError said so) nothing is sent.
func (l *workerLink) post(msg string) {
	l.handle.Call("post", msg)
}

// stop ends the worker, reporting nothing.
func (l *workerLink) stop() {
	l.handle.Call("stop")
	l.receive.Release()
}
