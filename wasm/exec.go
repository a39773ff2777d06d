//go:build js && wasm

package main

import (
	"errors"
	"strings"

	"github.com/kubeloop/kubeloop/core/shell"
)

// Interactive shells: `kubectl exec -it POD -- sh` opens the pod's shell
// (core/shell, through cluster.Shell); the terminal then sends each line
// to it, with the shell's prompt, until `exit`.
func init() {
	shellOpener = func(a *app, namespace, pod, container string) (shellSession, error) {
		s, errText := a.cluster.Shell(namespace, pod, container)
		if s == nil {
			return nil, errors.New(strings.TrimRight(errText, "\n"))
		}
		return podShell{s}, nil
	}
}

type podShell struct{ s *shell.Session }

func (p podShell) Prompt() string { return strings.TrimSpace(p.s.Prompt()) }

func (p podShell) Run(line string) (string, bool) {
	r, exited := p.s.Line(line)
	return r.Stdout + r.Stderr, exited
}
