//go:build js && wasm

package main

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/session"
	"github.com/kubeloop/kubeloop/core/terminal"
	"github.com/kubeloop/kubeloop/core/transcript"
)

// The session recorder: what the learner does to the cluster, kept as a
// transcript (core/session) that a share link or kubeloop-session.txt
// replays to the same revision. The page's entry points that act call it
// with one line each — runTerminal (typed lines, buttons, faults), apply
// (the editor and kubeloop.apply), kubeloop.kubectl, a lesson's script —
// and newCluster starts a new recording with each new cluster (reset, a
// lesson's start, an opened link). The clock needs no hook: the recorder
// reads how far it went when the next command comes (session.Recorder).

// rec is the recorder of the current cluster (nil before the first).
func (a *app) rec() *session.Recorder { return a.session }

// startRecording begins the record of a new cluster.
func (a *app) startRecording() { a.session = session.New(a.seed, a.cluster.Clock()) }

// recordShellLine records a line that opens a shell in a pod or runs in
// one; after it, the record learns whether the shell is still open.
func (a *app) recordShellLine(r *session.Recorder, line string) (done func()) {
	ran := r.Command(line, "")
	return func() { ran(); r.Shell(a.ui.shell != nil) }
}

func nop() {}

// recordLine records a line about to run in the terminal; the returned
// func runs after it.
func (a *app) recordLine(line string) (done func()) {
	u, r := a.ui, a.rec()
	if r == nil || a.replay.on {
		return nop
	}
	if u.shell != nil {
		return a.recordShellLine(r, line)
	}
	l := terminal.Parse(line)
	switch l.Kind {
	case terminal.Sim:
		// The clock's own commands are recorded as what they did.
		if len(l.Args) == 0 || l.Args[0] == "advance" || l.Args[0] == "settle" || l.Args[0] == "step" {
			return nop
		}
		return r.Command(line, "")
	case terminal.Kubectl:
		line = l.Kubectl // "k get po" replays as kubectl get po
	default:
		return nop // clear, help, a comment, a command not found: the cluster is untouched
	}
	if _, _, _, ok := execInteractive(strings.Fields(line)); ok && shellOpener != nil {
		return a.recordShellLine(r, line)
	}
	stdin, _ := a.editorStdin()
	return a.recordKubectl(line, stdin)
}

// recordKubectl records a kubectl line with the stdin it is given, if it
// reads it.
func (a *app) recordKubectl(line, stdin string) (done func()) {
	r := a.rec()
	if r == nil {
		return nop
	}
	if !session.ReadsStdin(line) {
		stdin = ""
	}
	return r.Command(line, stdin)
}

// recordApply records an apply of the editor's kind (all or nothing): as
// `kubectl apply -f -` if it changed the cluster. One that failed changed
// nothing, and kubectl apply would apply its valid part.
func (a *app) recordApply(text string) (done func()) {
	r := a.rec()
	if r == nil {
		return nop
	}
	before := a.cluster.Store().Revision()
	done2 := r.Tentative("kubectl apply -f -", text)
	return func() { done2(a.cluster.Store().Revision() != before) }
}

// runRecorded runs a transcript on the cluster (a lesson's setup, a
// shared session) and records it.
func (a *app) runRecorded(script string) (string, error) {
	done := nop
	if r := a.rec(); r != nil {
		done = r.Script(script)
	}
	defer done()
	return transcript.Run(a.cluster, script)
}
