package browser_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestAnIdlePageRunsNoFrames: the page's Go asks for an animation frame
// only when something waits to be drawn (wasm/clock.go, wakeIfBusy).
// Paused, with nothing happening, it runs none, so an open page costs a
// lecturer's laptop nothing; a command's changes are drawn all the same.
func TestAnIdlePageRunsNoFrames(t *testing.T) {
	p := openPage(t)
	p.applyAndSettle()
	p.waitFor("three Running pod cards", `document.querySelectorAll("`+runningCards+`").length === 3`)
	p.click("#play") // pause
	p.waitFor("paused", `document.getElementById("play").getAttribute("aria-pressed") === "false"`)
	// The last frame the worker posted, and the Events held back: they
	// are drawn up to eventsEvery (wasm/clock.go) after the last draw of
	// them, and this waits longer than that.
	time.Sleep(time.Second)
	goFrames := func() int { return eval[int](p, `kubeloop.debug.frames().frames`) }
	goFrames() // counts from now
	time.Sleep(time.Second)
	assert.Zero(t, goFrames(), "a paused page with nothing to draw runs no frames")

	eval[any](p, `kubeloop.kubectl("kubectl scale deployment/nginx-deployment --replicas=4")`)
	p.click("#settle")
	p.waitFor("four Running pod cards", `document.querySelectorAll("`+runningCards+`").length === 4`)
	assert.Positive(t, goFrames(), "what the command changed was drawn in frames")
	p.noConsoleErrors()
}
