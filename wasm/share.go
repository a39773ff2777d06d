//go:build js && wasm

package main

import (
	"errors"
	"strings"

	"github.com/hack-pad/safejs"

	"github.com/kubeloop/kubeloop/site/sharelink"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// Share links: the editor's YAML and the seed, in the URL fragment
// (site/sharelink says the format). Opening one starts a cluster with that
// seed, puts the YAML in the editor and applies it, so a teacher's link
// reproduces the cluster. The learner's own text is not lost: it stays in
// the editor's undo history, and the saved copy is kept aside first.

// promise calls fn's JS Promise and runs done with its value or error
// message, inside the guard. Go never blocks on it.
func (a *app) promise(p safejs.Value, name string, done func(v safejs.Value, errMsg string)) {
	var ok, fail safejs.Func
	release := func() { ok.Release(); fail.Release() }
	ok = a.funcOf(name, func(string) any { return nil }, func(_ safejs.Value, args []safejs.Value) any {
		defer release()
		v := safejs.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		done(v, "")
		return nil
	})
	fail = a.funcOf(name, func(string) any { return nil }, func(_ safejs.Value, args []safejs.Value) any {
		defer release()
		msg := "failed"
		if len(args) > 0 {
			if m, err := args[0].Get("message"); err == nil && jsString(m) != "" {
				msg = jsString(m)
			} else {
				msg = jsString(args[0])
			}
		}
		done(safejs.Undefined(), msg)
		return nil
	})
	if _, err := p.Call("then", ok.Value(), fail.Value()); err != nil {
		release()
		done(safejs.Undefined(), err.Error())
	}
}

func (a *app) editorBridge(method string, args ...any) (safejs.Value, error) {
	bridge, err := a.global.Get("kubeloopEditor")
	if err != nil {
		return safejs.Undefined(), err
	}
	return bridge.Call(method, args...)
}

// sharePayload is the JSON a link carries now: the seed, the session
// recorded since the cluster started (the worker keeps the record), the
// editor's text.
func (a *app) sharePayload(then func(payload string, err error)) {
	text := a.ui.editor.Text()
	a.ask(engine.Request{Op: "session"}, func(rep engine.Reply) {
		if rep.Error != "" {
			then("", errors.New(rep.Error))
			return
		}
		then(sharelink.Encode(a.m.seed, text, rep.Text))
	})
}

// shareBase is the address links start with (sharelink.Base): this page's
// own when it is served to the world, else the public site the build
// named in <meta name="kubeloop-site-url">.
func (a *app) shareBase() string {
	loc, _ := a.global.Get("location")
	site := ""
	if m, err := a.docJS.Call("querySelector", `meta[name="kubeloop-site-url"]`); err == nil && !m.IsNull() {
		if c, err := m.Call("getAttribute", "content"); err == nil && !c.IsNull() {
			site = jsString(c)
		}
	}
	return sharelink.Base(jsString(prop2(loc, "href")), site)
}

// shareLinkPromise is kubeloop.share(): a Promise of the link, rejected
// when the session is too long for one.
func (a *app) shareLinkPromise() any {
	return a.newPromise(func(resolve func(any)) {
		a.sharePayload(func(payload string, err error) {
			if err != nil {
				resolve(rejected(a, err.Error()))
				return
			}
			p, err := a.editorBridge("link", payload, a.shareBase(), sharelink.MaxFragment)
			if err != nil {
				resolve(rejected(a, err.Error()))
				return
			}
			resolve(p) // a Promise resolved with a Promise follows it
		})
	})
}

// rejected is a Promise rejected with msg.
func rejected(a *app, msg string) any {
	promise, _ := a.global.Get("Promise")
	errCtor, _ := a.global.Get("Error")
	e, _ := errCtor.New(msg)
	p, _ := promise.Call("reject", e)
	return p
}

// share makes the link for the session, puts it on the clipboard and
// shows it in the share dialog with its QR code; a session too long for
// a link is offered as a file instead.
func (a *app) share() {
	a.sharePayload(func(payload string, err error) {
		if err != nil {
			a.showShareDialog("", err.Error())
			return
		}
		a.shareLink(payload)
	})
}

// shareLink makes the link of payload and shows it.
func (a *app) shareLink(payload string) {
	p, err := a.editorBridge("link", payload, a.shareBase(), 0)
	if err != nil {
		a.notify("share.failed", err.Error())
		return
	}
	a.promise(p, "share", func(v safejs.Value, errMsg string) {
		if errMsg != "" {
			a.notify("share.failed", errMsg)
			return
		}
		url := jsString(v)
		frag := url[strings.IndexByte(url, '#'):]
		if len(frag) > sharelink.MaxFragment {
			a.showShareDialog("", a.tr("share.session.toolong", (len(frag)+1023)>>10, sharelink.MaxFragment>>10))
			return
		}
		if hist, err := a.global.Get("history"); err == nil {
			hist.Call("replaceState", safejs.Null(), "", frag)
		}
		a.ui.lastShare = url
		a.showShareDialog(url, "")
		if cp, err := a.editorBridge("copy", url); err == nil {
			a.promise(cp, "copy", func(v safejs.Value, _ string) {
				if b, _ := v.Truthy(); b {
					a.notify("share.link.copied", len(url))
				}
			})
		}
	})
}

// downloadSession saves the session as kubeloop-session.txt, which
// `kubeloop run` replays.
func (a *app) downloadSession() {
	a.ask(engine.Request{Op: "session"}, func(rep engine.Reply) {
		if rep.Error == "" {
			a.editorBridge("download", "kubeloop-session.txt", rep.Text, "text/plain")
		}
	})
}

// openShareLink reads a #share= fragment, if there is one; done runs when
// it has been applied or refused (immediately when there is none).
func (a *app) openShareLink(done func()) {
	loc, _ := a.global.Get("location")
	frag := jsString(prop2(loc, "hash"))
	if !strings.HasPrefix(frag, sharelink.Prefix) {
		done()
		return
	}
	fail := func(msg string) {
		a.notify("share.bad", msg)
		done()
	}
	data, err := sharelink.CheckFragment(frag)
	if err != nil {
		fail(err.Error())
		return
	}
	p, err := a.editorBridge("inflate", data, sharelink.MaxText)
	if err != nil {
		fail(err.Error())
		return
	}
	a.promise(p, "open share link", func(v safejs.Value, errMsg string) {
		if errMsg != "" {
			fail(errMsg)
			return
		}
		payload, err := sharelink.Decode(jsString(v))
		if err != nil {
			fail(err.Error())
			return
		}
		// Keep the learner's own saved text before the link's replaces it.
		if old, ok := a.load(keyYAML); ok && old != payload.YAML && old != courseManifest {
			a.setAside(keyYAML, old)
		}
		a.setSeed(payload.Seed)
		a.reset(payload.Seed)
		a.setEditorText(payload.YAML)
		if payload.V == 1 {
			a.applyEditorThen(func() {
				a.notify("share.opened", payload.Seed)
				done()
			})
			return
		}
		a.runRecorded(payload.Session, func(out string, err error) {
			a.printLessonTranscript(out)
			if err != nil {
				a.termText(err.Error(), "term-err")
			}
			a.setPlaying(false) // the moment it was shared, until the learner plays on
			a.render(true)
			a.notify("share.opened.session", payload.Seed)
			done()
		})
	})
}
