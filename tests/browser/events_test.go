package browser_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eventRows is the Events list as a learner reads it, row by row (from
// each part's textContent: a row scrolled out of sight has no innerText,
// its rendering skipped by content-visibility).
const eventRows = `[...document.querySelectorAll("#events .ev")].map((r) => [...r.children].map((c) => c.textContent).join(" "))`

// eventsStill waits until the Events list has kept its number of rows for
// longer than the live Events wait to be drawn (eventsEvery): a draw held
// back comes a moment after the pods.
func (p *page) eventsStill() {
	p.t.Helper()
	eval[bool](p, `new Promise((done) => {
	  let rows = -1;
	  const look = () => {
	    const now = document.querySelectorAll("#events .ev").length;
	    if (now === rows) done(true);
	    else { rows = now; setTimeout(look, 800); }
	  };
	  look();
	})`)
}

// New Events are added among the rows already drawn, which stay the same
// elements in the same order (the list is not written again on each
// change), and the list reads as a list drawn whole would.
func TestNewEventsGoAmongTheRowsDrawn(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.click("#play") // pause: only the settles move the clock
	p.applyAndSettle()
	p.waitFor("three Running pod cards", `document.querySelectorAll("`+runningCards+`").length === 3`)
	p.eventsStill()
	// Mark the rows drawn now, as they are read: a list written again has
	// none of them.
	before := eval[[]string](p, `(() => { document.querySelectorAll("#events .ev").forEach((r) => { r.dataset.old = "1"; }); return `+eventRows+`; })()`)
	require.NotEmpty(t, before)

	eval[any](p, `kubeloop.kubectl("kubectl scale deployment/nginx-deployment --replicas=5")`)
	p.click("#settle")
	p.settled()
	p.waitFor("the new Events", `document.querySelectorAll("#events .ev:not([data-old])").length > 0`)
	p.eventsStill()
	after := eval[[]string](p, eventRows)
	old := eval[[]bool](p, `[...document.querySelectorAll("#events .ev")].map((r) => !!r.dataset.old)`)
	require.Len(t, old, len(after))
	var kept, fresh []string
	for i, row := range after {
		if old[i] {
			kept = append(kept, row)
		} else {
			fresh = append(fresh, row)
		}
	}
	assert.Equal(t, before, kept, "every row drawn before is still the same element, in its order")
	assert.Len(t, fresh, len(after)-len(before))
	assert.Contains(t, strings.Join(fresh, "\n"), "Scaled up replica set nginx-deployment-b96f959 from 3 to 5")
	assert.True(t, old[len(old)-1], "the oldest row is one drawn before")

	// Another language draws the list anew: back in English, it reads the same.
	p.setLang("zh-CN")
	p.setLang("en")
	p.waitFor("the list drawn anew", `document.querySelectorAll("#events .ev").length > 0 && document.querySelectorAll("#events .ev[data-old]").length === 0`)
	p.eventsStill() // a draw adds its newest rows (maxEventsAdded), the next ones the rest
	assert.Equal(t, after, eval[[]string](p, eventRows))
	p.noConsoleErrors()
}

// While a scale-up's Events and reconciles come, each list is drawn a few
// times a second, not at every frame (eventsEvery, traceEvery), and once
// the clock stops the lists show the newest.
func TestTheListsAreDrawnAFewTimesASecondInABurst(t *testing.T) {
	p := openPage(t)
	p.applyAndSettle()
	p.waitFor("three Running pod cards", `document.querySelectorAll("`+runningCards+`").length === 3`)
	p.click(`[data-speed="100"]`)
	// Counted from a page that has drawn what it had: the trace's first
	// draw comes in parts, a frame each (drawOlderTrace), which are not
	// the burst's.
	p.waitFor("the lists drawn", `!kubeloop.debug.drawing() && !kubeloop.debug.traceHeld()`)
	start := eval[float64](p, `window.eventDraws = 0; new MutationObserver(() => { window.eventDraws++; }).observe(document.getElementById("events"), {childList: true});
		window.traceDraws = 0; new MutationObserver(() => { window.traceDraws++; }).observe(document.getElementById("trace"), {childList: true});
		performance.now()`)
	eval[any](p, `await kubeloop.kubectl("kubectl scale deployment/nginx-deployment --replicas=300")`)
	p.waitFor("300 ready pods", `(await kubeloop.kubectl("kubectl get deploy nginx-deployment -o jsonpath={.status.readyReplicas}")).stdout === "300"`)
	p.click("#play") // pause
	p.waitFor("paused", `document.getElementById("play").getAttribute("aria-pressed") === "false"`)
	seconds := (eval[float64](p, `performance.now()`) - start) / 1000
	for _, list := range []string{"eventDraws", "traceDraws"} {
		draws := eval[int](p, `window.`+list)
		require.Positive(t, draws, list)
		assert.LessOrEqual(t, float64(draws), seconds*2+2, "%s: at most two draws a second (%d in %.1f s)", list, draws, seconds)
	}

	newest := eval[string](p, `(await kubeloop.state()).events.at(-1).message`)
	p.waitFor("the newest Event drawn", `document.querySelector("#events .ev").textContent.includes(`+jsString(newest)+`)`)
	// A draw in the burst added the newest rows only; the older follow.
	p.waitFor("every Event drawn once the burst is over", `document.querySelectorAll("#events .ev").length === (await kubeloop.state()).events.length`)
	assert.Equal(t, eval[int](p, `(await kubeloop.state()).events.length`), 200, "the list is the newest 200")
	p.waitFor("every reconcile drawn once the burst is over", `!kubeloop.debug.traceHeld()`)
	p.noConsoleErrors()
}

// An hour after the last Event was written the API server has let them
// all expire, as a real one does (--event-ttl): the empty list says so,
// rather than "No events yet" for a cluster that has had them.
func TestAnEmptyListAfterAnHourSaysEventsExpire(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.click("#play") // pause: only the advance moves the clock
	p.waitFor("paused", `document.getElementById("play").getAttribute("aria-pressed") === "false"`)
	p.waitFor("the cluster's start writes Events", `document.querySelectorAll("#events .ev").length > 0`)
	eval[any](p, `await kubeloop.advance(2 * 3600)`)
	p.waitFor("the Events gone", `document.querySelectorAll("#events .ev").length === 0`)
	p.waitFor("the list says they expire", `document.getElementById("events").textContent.includes("an Event expires an hour after it was last written")`)
	p.screenshots("events-expired")
	p.setLang("zh-CN")
	p.waitFor("and in Chinese", `document.getElementById("events").textContent.includes("事件在最后一次写入一小时后过期")`)
	p.setLang("en")

	// Replayed at the start, before any Event expired: none yet.
	p.scrubTo(eval[struct{ Compacted int64 }](p, `kubeloop.revision()`).Compacted)
	p.waitFor("the replay", `document.documentElement.classList.contains("replaying")`)
	p.waitFor("the replayed Events, none expired", `!document.getElementById("events").textContent.includes("an Event expires")`)
	p.noConsoleErrors()
}
