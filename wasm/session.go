//go:build js && wasm

package main

import (
	"errors"
	"strings"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// The session's record — what the learner does to the cluster, kept as a
// transcript (core/session) that a share link or kubeloop-session.txt
// replays to the same revision — is kept by the worker, which sees every
// request: the page marks the requests that go in it (Request.Record):
// the terminal's lines, the editor's applies, kubeloop.kubectl and
// kubeloop.apply, a lesson's script. The clock's own commands (advance,
// settle, step) are not recorded as commands: the record reads how far
// the clock went when the next command comes (session.Recorder). Each new
// cluster starts a new record.

// runRecorded runs a transcript on the cluster (a lesson's setup, a
// shared session) and records it; then gets its output.
func (a *app) runRecorded(script string, then func(out string, err error)) {
	a.ask(engine.Request{Op: "script", Text: script, Record: true}, func(rep engine.Reply) {
		var out strings.Builder
		for _, c := range rep.Output {
			out.WriteString(c.Text)
		}
		var err error
		if rep.Error != "" {
			err = errors.New(rep.Error)
		}
		then(out.String(), err)
	})
}
