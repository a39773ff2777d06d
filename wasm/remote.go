//go:build js && wasm

package main

import (
	"github.com/kubeloop/kubeloop/core/apijson"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// remote is the page's way to the cluster in the worker (workerlink.go):
// each request is answered later, in the order asked, with a frame of
// what it changed; the worker posts frames of its own while the clock
// runs. The page applies each frame to its mirror as it comes and draws
// it at the next animation frame, a reply's as any other: a big
// cluster's draw is a task of its own, not one with the decoding and the
// reply's output.
type remote struct {
	link workerLink
	// post, when set, is used instead of link.post (the page's tests
	// answer the requests themselves).
	post    func(msg string)
	nextID  int64
	pending map[int64]func(engine.Reply)
	// failed is why the worker cannot be reached ("" while it can).
	failed string
}

// ask sends a request; then (if not nil) gets the reply.
func (a *app) ask(r engine.Request, then func(engine.Reply)) {
	a.send(engine.Message{Request: r}, then)
}

// control sends one of the worker loop's ops, which has no reply.
func (a *app) control(r engine.Request) {
	a.send(engine.Message{Request: r}, nil)
}

// send posts m, with an ID when a reply is awaited.
func (a *app) send(m engine.Message, then func(engine.Reply)) {
	rm := &a.remote
	if rm.failed != "" {
		if then != nil {
			then(engine.Reply{Error: rm.failed})
		}
		return
	}
	if then != nil {
		rm.nextID++
		m.ID = rm.nextID
		if rm.pending == nil {
			rm.pending = map[int64]func(engine.Reply){}
		}
		rm.pending[m.ID] = then
	}
	b, err := apijson.Marshal(m)
	if err != nil {
		panic(err) // a Message is plain data
	}
	post := rm.link.post
	if rm.post != nil {
		post = rm.post
	}
	post(string(b))
}

// received handles one post from the worker: its frame goes to the
// mirror, its reply to whoever asked.
func (a *app) received(text string) {
	p, err := engine.DecodePost(text)
	if err != nil {
		a.consoleWarn("kubeloop: unreadable post from the worker: " + err.Error())
		return
	}
	if p.Frame != nil {
		a.applyFrame(p.Frame)
	}
	if p.ID == 0 {
		if p.Reply != nil && p.Reply.Error != "" {
			a.reportPanic(p.Reply.Error, "(in the worker: its console has the stack)")
		}
		return
	}
	then, ok := a.remote.pending[p.ID]
	delete(a.remote.pending, p.ID)
	if !ok || then == nil {
		if p.Reply != nil && p.Reply.Error != "" {
			a.consoleWarn("kubeloop: " + p.Reply.Error)
		}
		return
	}
	var rep engine.Reply
	if p.Reply != nil {
		rep = *p.Reply
	}
	then(rep)
}

// workerError is an error the worker reported: a panic it recovered (it
// runs on; the request that panicked is answered with an error by the
// engine), or its end.
func (a *app) workerError(msg string, stopped bool) {
	if stopped {
		a.workerFailed(msg)
		return
	}
	a.consoleWarn("kubeloop: " + msg)
}

// workerFailed is the worker's end: every request waiting is answered
// with the reason, and the page says the simulator stopped.
func (a *app) workerFailed(why string) {
	rm := &a.remote
	rm.failed = "the simulator stopped: " + why
	for id, then := range rm.pending {
		delete(rm.pending, id)
		if then != nil {
			then(engine.Reply{Error: rm.failed})
		}
	}
	a.consoleWarn("kubeloop: " + rm.failed)
	if !a.starting.finished {
		// The page is still on its loading screen: it says why there, and
		// kubeloop.ready fails.
		a.callLoader("_failed", a.tr("start.failed", why))
	}
	if a.ui != nil && a.ui.banner != nil {
		a.ui.bannerText.SetTextContent(a.tr("banner.stopped"))
		a.ui.banner.RemoveAttribute("hidden")
	}
}

// applyFrame brings the mirror up to a frame; the next animation frame
// draws it, and then tells the worker it may post the next.
func (a *app) applyFrame(f *engine.Frame) {
	a.m.apply(f)
	if !a.starting.drawn {
		a.firstDraw() // the nodes, as early as the worker has them
		return
	}
	if a.ui != nil && a.ui.watch {
		a.termRows(f.Watch, f.WatchCut)
	}
	a.frameDue = true
	a.frameUnacked = true
}
