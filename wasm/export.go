//go:build js && wasm

package main

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/export"
)

// Export: the learner's objects as the manifest they would write for
// `kubectl apply -f` on a real cluster (core/export decides what that is).

// exportManifests downloads the cluster's manifests as kubeloop.yaml.
func (a *app) exportManifests() {
	text, n, err := export.Manifest(a.cluster.Store())
	if err != nil {
		a.notify("export.failed", err.Error())
		return
	}
	if n == 0 {
		a.notify("export.empty")
		return
	}
	text = exportHeader(a.tr("export.header")) + text
	a.ui.lastExport = text
	if bridge, err := a.global.Get("kubeloopEditor"); err == nil {
		bridge.Call("download", "kubeloop.yaml", text, "application/yaml")
	}
	a.notify("export.done", n)
}

// exportHeader is the header's lines as YAML comments.
func exportHeader(text string) string {
	return "# " + strings.ReplaceAll(text, "\n", "\n# ") + "\n"
}
