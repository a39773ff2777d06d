package browser_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playBigScaleUp opens the page and plays a 3,000-pod scale-up at ×100:
// big enough that tasks pause half-way and draws are slow.
func playBigScaleUp(t *testing.T) *page {
	p := openPage(t)
	p.click(`[data-speed="100"]`)
	eval[any](p, "kubeloop.apply(`"+strings.Replace(nginxDeployment, "replicas: 3", "replicas: 3000", 1)+"`)")
	if !eval[bool](p, `document.getElementById("play").getAttribute("aria-pressed") === "true"`) {
		p.click("#play")
	}
	return p
}

// What does not act on the cluster — make perf's polls, the pointer over
// the cells, a click that opens a pod's menu, the speed, another language,
// pausing — leaves a task paused half-way (wasm/pause.go) to the next
// frames; a command runs it to its end first.
func TestWhatDoesNotActLeavesAPausedTaskPaused(t *testing.T) {
	p := playBigScaleUp(t)
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

// A command typed while a task is paused half-way waits for it: Enter
// leaves the task paused (no freeze), the line shows at once, dimmed, and
// the next frames end the task and run the queued commands in the order
// they were typed, each printed once, with its output.
func TestACommandTypedWhileATaskIsPausedWaitsForIt(t *testing.T) {
	p := playBigScaleUp(t)
	type result struct {
		Found, ParkedAfterEnter bool
		Queued                  []string
		Ran                     bool
		Commands                []string
		Outputs                 []string
	}
	r := eval[result](p, `new Promise((resolve) => {
	  const d = kubeloop.debug, started = performance.now();
	  const out = document.getElementById("term-out"), input = document.getElementById("term-input");
	  const type = (line) => { input.value = line; document.getElementById("term-form").requestSubmit(); };
	  const look = () => {
	    if (!d.parked()) {
	      if (performance.now() - started > 20000) return resolve({found: false});
	      return requestAnimationFrame(look);
	    }
	    type("kubectl get deployments");
	    type("k get replicasets");
	    const parkedAfterEnter = d.parked();
	    const queued = [...out.querySelectorAll(".term-queued")].map((e) => e.textContent);
	    const wait = () => {
	      if (out.querySelector(".term-queued")) {
	        if (performance.now() - started > 30000) return resolve({found: true, parkedAfterEnter, queued, ran: false});
	        return requestAnimationFrame(wait);
	      }
	      const cmds = [...out.querySelectorAll(".term-cmd")];
	      resolve({found: true, parkedAfterEnter, queued, ran: true,
	        commands: cmds.map((e) => e.textContent),
	        outputs: cmds.map((e) => (e.nextElementSibling || {}).textContent || "")});
	    };
	    requestAnimationFrame(wait);
	  };
	  requestAnimationFrame(look);
	})`)
	require.True(t, r.Found, "a 3,000-pod scale-up at ×100 pauses a task half-way within 20 s")
	assert.True(t, r.ParkedAfterEnter, "Enter leaves the paused task to the next frames")
	assert.Equal(t, []string{"kubectl get deployments", "k get replicasets"}, r.Queued, "both lines show at once, queued")
	require.True(t, r.Ran, "the next frames run the queued commands")
	require.Len(t, r.Commands, 2, "each command is printed once: %q", r.Commands)
	assert.Equal(t, []string{"kubectl get deployments", "k get replicasets"}, r.Commands, "in the order typed, as typed")
	assert.True(t, strings.HasPrefix(r.Outputs[0], "NAME") && strings.Contains(r.Outputs[0], "nginx"), "deployments: %q", r.Outputs[0])
	assert.True(t, strings.HasPrefix(r.Outputs[1], "NAME") && strings.Contains(r.Outputs[1], "nginx-"), "replicasets: %q", r.Outputs[1])
	p.noConsoleErrors()
}

// While a big cluster plays, its draws are slow and the frames make them
// in parts; a command leaves its cluster draw to them instead of drawing
// 3,000 pods whole in the command's own task (a long task at 10,000
// pods). What the command changed shows a few frames later.
func TestACommandLeavesABigClustersDrawToTheFrames(t *testing.T) {
	p := playBigScaleUp(t)
	type result struct {
		Slow                 bool
		Before, Right, Later string
	}
	// Whether draws are slow is measured on each draw, and early in the
	// scale-up a draw may be slow once and quick again: the command goes
	// in a frame whose last draw was slow, checked in the same turn.
	r := eval[result](p, `new Promise((resolve) => {
	  const summary = () => document.getElementById("summary").textContent, started = performance.now();
	  const act = () => {
	    if (!kubeloop.debug.slowDraws()) {
	      if (performance.now() - started > 20000) return resolve({slow: false});
	      return requestAnimationFrame(act);
	    }
	    const before = summary();
	    kubeloop.kubectl("kubectl delete node node-3");
	    const right = summary(), called = performance.now();
	    const look = () => {
	      // A draw in parts begun before the command may show the state
	      // it began with first: the one after the command comes next.
	      if (!summary().includes("3 nodes") && performance.now() - called < 5000) return requestAnimationFrame(look);
	      resolve({slow: true, before, right, later: summary()});
	    };
	    requestAnimationFrame(look);
	  };
	  requestAnimationFrame(act);
	})`)
	require.True(t, r.Slow, "3,000 pods playing at ×100 are slow to draw within 20 s")
	// The summary counts the nodes as kubectl get nodes lists them: the
	// control plane's and three workers'.
	assert.Contains(t, r.Before, "4 nodes")
	assert.Equal(t, r.Before, r.Right, "the command returns before the cluster is drawn")
	assert.Contains(t, r.Later, "3 nodes", "the next frames draw it, within 5 s")
	p.noConsoleErrors()
}

// A frame whose tasks pause past their share has overrun it: it leaves
// its draw to the next frame, which only draws, and the paused task goes
// on in the one after. Drawn in the same frame, the 10,000-pod scale-up's
// longest task was 20-36 ms of tasks and a 12-40 ms draw (`make perf`).
// kubeloop.debug.frames() counts the frames by the way they went, and
// those that drew pods after paused tasks (wasm/frametiming.go).
func TestAFrameWhoseTasksPausedLeavesItsDrawToTheNext(t *testing.T) {
	p := playBigScaleUp(t)
	eval[any](p, `kubeloop.debug.frames()`) // count from here
	// Its first seconds, while the ReplicaSet makes the pods.
	eval[any](p, `new Promise((resolve) => setTimeout(resolve, 6000))`)
	type frames struct {
		Frames  int            `json:"frames"`
		Paths   map[string]int `json:"paths"`
		Stacked int            `json:"stacked"`
	}
	f := eval[frames](p, `kubeloop.debug.frames()`)
	record(t, "3,000-pod scale-up at ×100, its first 6 s: %d frames by the way they went: %v", f.Frames, f.Paths)
	require.Positive(t, f.Paths["paused"]+f.Paths["resume"], "the scale-up paused tasks part-way")
	assert.Zero(t, f.Stacked, "no frame drew pods after its tasks paused")
	assert.GreaterOrEqual(t, f.Paths["draw"], f.Paths["paused"], "each frame of paused tasks is followed by a draw")
	p.noConsoleErrors()
}
