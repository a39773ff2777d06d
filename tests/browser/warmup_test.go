package browser_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Once the cluster has started the worker warms up on a throwaway cluster
// (wasm/internal/engine/warmup.go): every step runs, and the page's own cluster
// sees none of it — no write while it is paused, no Deployment in it after.
func TestWarmUpLeavesThePagesClusterAlone(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	if eval[bool](p, `document.getElementById("play").getAttribute("aria-pressed") === "true"`) {
		p.click("#play")
	}
	before := eval[int](p, `kubeloop.revision().revision`)
	type progress struct{ Done, Steps int }
	require.Greater(t, eval[progress](p, `kubeloop.debug.warmUp()`).Steps, 5)
	p.waitFor("every step of the warm-up", `(async () => { const w = await kubeloop.debug.warmUp(); return w.done === w.steps; })()`)
	assert.Equal(t, before, eval[int](p, `kubeloop.revision().revision`), "the page's cluster was not written while paused")
	out := eval[struct{ Stdout, Stderr string }](p, `kubeloop.kubectl("kubectl get deployments,pods")`)
	assert.Equal(t, "No resources found in default namespace.\n", out.Stderr+out.Stdout)
	p.noConsoleErrors()
}
