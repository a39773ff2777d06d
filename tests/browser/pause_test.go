package browser_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What does not act on the cluster — make perf's polls, the pointer over
// the cells, a click that opens a pod's menu, the speed, another language,
// pausing — leaves a task paused half-way (wasm/pause.go) to the next
// frames; a command runs it to its end first.
func TestWhatDoesNotActLeavesAPausedTaskPaused(t *testing.T) {
	p := openPage(t)
	p.click(`[data-speed="100"]`)
	eval[any](p, "kubeloop.apply(`"+strings.Replace(nginxDeployment, "replicas: 3", "replicas: 3000", 1)+"`)")
	if !eval[bool](p, `document.getElementById("play").getAttribute("aria-pressed") === "true"`) {
		p.click("#play")
	}
	type result struct{ Found, AfterReads, AfterCommand bool }
	r := eval[result](p, `new Promise((resolve) => {
	  const d = kubeloop.debug, started = performance.now();
	  const look = () => {
	    if (!d.parked()) {
	      if (performance.now() - started > 20000) return resolve({found: false});
	      return requestAnimationFrame(look);
	    }
	    d.drawnReady(); d.mem(); d.parks(); d.frames();
	    document.getElementById("nodes").dispatchEvent(new MouseEvent("mousemove", {bubbles: true}));
	    document.getElementById("nodes").dispatchEvent(new MouseEvent("click", {bubbles: true}));
	    document.dispatchEvent(new MouseEvent("mousedown", {bubbles: true}));
	    document.querySelector('[data-speed="10"]').click();
	    document.querySelector('[data-lang="zh-CN"]').click();
	    document.querySelector('[data-lang="en"]').click();
	    document.getElementById("play").click(); // pause
	    const afterReads = d.parked();
	    kubeloop.kubectl("kubectl get deployments");
	    resolve({found: true, afterReads: afterReads, afterCommand: d.parked()});
	  };
	  requestAnimationFrame(look);
	})`)
	require.True(t, r.Found, "a 3,000-pod scale-up at ×100 pauses a task half-way within 20 s")
	assert.True(t, r.AfterReads, "reads leave it paused")
	assert.False(t, r.AfterCommand, "a command finishes it first")
	assert.Equal(t, "false", eval[string](p, `document.getElementById("play").getAttribute("aria-pressed")`), "paused")
	p.noConsoleErrors()
}
