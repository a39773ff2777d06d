//go:build js && wasm

package main

import "github.com/kubeloop/kubeloop/wasm/internal/engine"

// kubectlHelpFile is kubectl's help pages (site/data): what `kubectl`,
// `kubectl help` and `kubectl COMMAND --help` print.
const kubectlHelpFile = "kubectl-help.json"

// kubectlHelp holds the help pages once loaded. app.js starts fetching the
// file beside the binary, and Go asks for it once the page is built
// (finishStart), so it is at hand before the learner can type. Until it
// is, or when it could not be had, kubectl answers a request for help with
// a line that says so (kubectl.HelpSource), and the next kubectl command
// asks for the file again.
type kubectlHelp struct {
	loaded  bool // the worker has the pages
	loading bool
}

// loadKubectlHelp hands the worker's cluster kubectl's help pages,
// loading them first; it does nothing when they are loaded or on their
// way.
func (a *app) loadKubectlHelp() {
	h := &a.kubectlHelp
	if h.loaded || h.loading {
		return
	}
	h.loading = true
	a.loadData(kubectlHelpFile, func(text, errMsg string) {
		h.loading = false
		if errMsg != "" {
			a.consoleWarn("kubectl help: pages not loaded: " + errMsg)
			return
		}
		h.loading = true
		a.ask(engine.Request{Op: "help", Text: text}, func(rep engine.Reply) {
			h.loading = false
			if rep.Error != "" {
				a.consoleWarn("kubectl help: " + kubectlHelpFile + ": " + rep.Error)
				return
			}
			h.loaded = true
		})
	})
}
