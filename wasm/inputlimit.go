//go:build js && wasm

package main

import (
	"github.com/hack-pad/safejs"

	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// Text the learner gives the page — the editor's YAML, a line for
// kubectl, what a script passes to window.kubeloop — is measured while it
// is still a JavaScript string, before it is copied into Go: a paste of
// tens of megabytes would take seconds to cross only to be refused. A JS string's length counts
// UTF-16 units, never more than its UTF-8 bytes, so a text over a bound in
// units is over it in bytes; one under it is copied and bounded in Go
// (core/yaml, core/kubectl) as before. Nothing is taken from the learner:
// the text stays where it was written.

// jsLength is the length of a JS string in UTF-16 units, without copying
// it (0 for anything else).
func jsLength(v safejs.Value) int {
	if typeOf(v) != safejs.TypeString {
		return 0
	}
	// A string primitive has no properties for Go to read (Value.Get is
	// for objects): its String wrapper has the length, and wrapping
	// copies nothing.
	object, err := safejs.Global().Get("Object")
	if err != nil {
		return 0
	}
	wrapped, err := object.Invoke(v)
	if err != nil {
		return 0
	}
	n, err := wrapped.Get("length")
	if err != nil {
		return 0
	}
	l, _ := n.Int()
	return l
}

// jsYAML is a JS string of YAML, or the refusal Decode would give it when
// it is certainly over yaml.MaxBytes.
func jsYAML(v safejs.Value) (string, error) {
	if n := jsLength(v); n > yaml.MaxBytes {
		return "", yaml.SizeError(n)
	}
	return jsString(v), nil
}

// jsCommandLine is a JS string of a command line, or kubectl's refusal
// when it is certainly over kubectl.MaxCommandLine.
func jsCommandLine(v safejs.Value) (string, error) {
	if n := jsLength(v); n > kubectl.MaxCommandLine {
		return "", kubectl.CommandLineError(n)
	}
	return jsString(v), nil
}

// over reports the editor's length when it is certainly over
// yaml.MaxBytes, without copying its text.
func (e editor) over() (units int, over bool) {
	n, err := e.call("getLength").Int()
	return n, err == nil && n > yaml.MaxBytes
}

// editorStdin is the editor's text as a command's stdin (`-f -`), or ""
// when it is over yaml.MaxBytes; refused is then the refusal, for a
// command that reads its stdin (session.ReadsStdin).
func (a *app) editorStdin() (stdin string, refused error) {
	u := a.ui
	if n, over := u.editor.over(); over {
		return "", yaml.SizeError(n)
	}
	return u.editor.Text(), nil
}
