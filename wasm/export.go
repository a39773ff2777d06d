//go:build js && wasm

package main

import (
	"strings"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// Export: the learner's objects as the manifest they would write for
// `kubectl apply -f` on a real cluster (core/export decides what that is).

// exportManifests downloads the cluster's manifests as kubeloop.yaml.
func (a *app) exportManifests() {
	a.ask(engine.Request{Op: "export"}, func(rep engine.Reply) {
		if rep.Error != "" {
			a.notify("export.failed", rep.Error)
			return
		}
		if rep.Count == 0 {
			a.notify("export.empty")
			return
		}
		text := exportHeader(a.tr("export.header")) + rep.Text
		a.ui.lastExport = text
		if bridge, err := a.global.Get("kubeloopEditor"); err == nil {
			bridge.Call("download", "kubeloop.yaml", text, "application/yaml")
		}
		a.notify("export.done", rep.Count)
	})
}

// exportHeader is the header's lines as YAML comments.
func exportHeader(text string) string {
	return "# " + strings.ReplaceAll(text, "\n", "\n# ") + "\n"
}
