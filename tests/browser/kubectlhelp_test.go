package browser_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKubectlHelpInTheTerminal: kubectl's help pages, which the page loads
// as data (data/kubectl-help.json), are there as soon as the page is ready
// — served, and in the single file that carries them inline.
func TestKubectlHelpInTheTerminal(t *testing.T) {
	t.Parallel()
	file, err := filepath.Abs(filepath.Join(dist(t), "kubeloop.html"))
	require.NoError(t, err)
	for _, tc := range []struct{ name, file string }{{"served", ""}, {"single file", "file://" + file}} {
		t.Run(tc.name, func(t *testing.T) {
			p := openURL(t, "", tc.file)
			p.typeInTerminal("kubectl create --help\n")
			p.waitFor("create's help", `document.getElementById("term-out").textContent.includes('Use "kubectl create <command> --help"')`)
			out := p.termOut()
			assert.Contains(t, out, "Create a resource from a file or from stdin.\n\nExamples:\n  # Create a deployment using the data in nginx-deployment.yaml\n")
			assert.Contains(t, out, "Available Commands:\n  configmap ")
			p.typeInTerminal("kubectl\n")
			p.waitFor("the command list", `document.getElementById("term-out").textContent.includes("Basic Commands (Beginner):")`)
			assert.NotContains(t, p.termOut(), "not loaded")
			p.noConsoleErrors()
		})
	}
}

// TestKubectlHelpWithoutItsFile: when the help pages cannot be had, a
// request for help says so, the console says why, and the rest of the
// page works on.
func TestKubectlHelpWithoutItsFile(t *testing.T) {
	t.Parallel()
	p := openURL(t, "", serve(t, dist(t), "data/kubectl-help.json"))
	p.typeInTerminal("kubectl get --help\n")
	p.waitFor("kubectl's answer", `document.getElementById("term-out").textContent.includes("help pages are not loaded yet")`)
	assert.Contains(t, p.termOut(), "error: kubectl's help pages are not loaded yet; run the command again in a moment")
	p.typeInTerminal("kubectl get nodes\n")
	p.waitFor("the nodes", `document.getElementById("term-out").textContent.includes("node-1")`)
	assert.Equal(t, 0, eval[int](p, `kubeloop.debug.panics()`))
	warnings := p.consoleErrors()
	require.NotEmpty(t, warnings)
	for _, w := range warnings {
		assert.True(t, strings.HasPrefix(w, "warning: kubectl help: pages not loaded: data/kubectl-help.json: HTTP 404"), w)
	}
}
