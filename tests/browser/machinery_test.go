package browser_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// machRow is the text of the picture's row of one controller ("" when it
// is folded away).
func (p *page) machRow(controller string) string {
	p.t.Helper()
	return eval[string](p, `(() => {
  const row = [...document.querySelectorAll("#machinery .mach-ctrl")].find(r => r.querySelector(".mach-name").textContent === `+jsString(controller)+`);
  return row ? row.textContent : "";
})()`)
}

// play starts the clock if it stands.
func (p *page) play() {
	p.t.Helper()
	if !eval[bool](p, `document.getElementById("play").getAttribute("aria-pressed") === "true"`) {
		p.click("#play")
	}
}

// pause stops the clock if it runs.
func (p *page) pause() {
	p.t.Helper()
	if eval[bool](p, `document.getElementById("play").getAttribute("aria-pressed") === "true"`) {
		p.click("#play")
	}
}

// TestThePictureOfTheControllerManager drives the four situations the
// course's first chapter teaches and checks what the picture shows: a
// watch event arriving and its key waiting in the work queue; two updates
// before the worker looks, one key standing for both; a failing reconcile
// backing off, the retry count and the time left growing; and the Lease
// changing hands when the leader dies. Screenshots at 1280×720 and
// 1920×1080, in English and Chinese.
func TestThePictureOfTheControllerManager(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	eval[any](p, "kubeloop.apply(`"+nginxDeployment+"`)")
	p.click("#settle")
	p.waitFor("settled", `(await kubeloop.kubectl("kubectl get deployment nginx-deployment")).stdout.includes("3/3")`)
	p.waitFor("the queues empty", `document.getElementById("machinery").textContent.includes("all empty")`)

	// 1. The key in the queue: the watch brings the update, the handler
	// queues the Deployment's key; the worker has not looked yet.
	p.pause()
	eval[any](p, `kubeloop.kubectl("kubectl scale deployment nginx-deployment --replicas=4")`)
	// Step by step (each Step runs one task) until the informer has it.
	p.stepUntil("the watch event", `[...document.querySelectorAll("#machinery .watch-ev.fresh")].some(e => e.textContent === "deployments MODIFIED default/nginx-deployment")`)
	p.waitFor("the key queued", `[...document.querySelectorAll("#machinery .mach-ctrl .qkey")].some(k => k.textContent === "default/nginx-deployment")`)
	assert.Contains(t, p.machRow("deployment"), "queue"+"default/nginx-deployment")
	p.shots("machinery-key-queued")
	p.stepUntil("the worker's turn", `/default\/nginx-deployment → done/.test(document.getElementById("machinery").textContent)`)

	// 2. Two updates before the worker looks: one key standing for both.
	p.click("#settle")
	p.waitFor("settled again", `(await kubeloop.kubectl("kubectl get deployment nginx-deployment")).stdout.includes("4/4") &&
		!document.querySelector("#machinery .qkey:not(.later)")`)
	p.pause()
	eval[any](p, `kubeloop.kubectl("kubectl scale deployment nginx-deployment --replicas=5")`)
	eval[any](p, `kubeloop.kubectl("kubectl scale deployment nginx-deployment --replicas=4")`)
	p.stepUntil("the collapse", `[...document.querySelectorAll("#machinery .qkey")].some(k => k.textContent === "default/nginx-deployment ×2")`)
	assert.Contains(t, eval[string](p, `[...document.querySelectorAll("#machinery .qkey")].find(k => k.textContent.endsWith("×2")).title`), "one key, one reconcile")
	p.shots("machinery-collapse")
	p.click("#settle")

	// 3. A reconcile that fails backs off: 5 ms, 10 ms, 20 ms … the count
	// grows with the delay.
	eval[any](p, "kubeloop.apply(`"+robotDeployment+"`)")
	p.play()
	p.waitFor("a back-off of 4 or more", `[...document.querySelectorAll("#machinery .qkey.retry")].some(k => /^default\/web-\w+ ↻([4-9]|\d\d), retry in /.test(k.textContent))`)
	p.pause()
	row := p.machRow("replicaset")
	assert.Regexp(t, `default/web-\w+ ↻\d+, retry in \d`, row)
	assert.Regexp(t, `→ error`, row, "the worker's last reconcile failed")
	p.shots("machinery-backoff")
	eval[any](p, `kubeloop.kubectl("kubectl create serviceaccount robot")`)
	p.click("#settle")

	// 4. The standby tries the Lease every retry period and fails; the
	// leader dies; the standby takes the Lease once it expires.
	assert.Regexp(t, `control-plane-2 · standbytried \d+×, next in [1-5]s`, p.text("#machinery .mach-row"))
	p.runInTerminal("sim controller-manager kill control-plane-1")
	p.click(`[data-speed="10"]`)
	p.play()
	p.waitFor("the standby leads", `/Lease: control-plane-2, expires in/.test(document.getElementById("machinery").textContent)`)
	assert.Equal(t, 1, p.count(`#machinery .replica.role-dead`))
	assert.Equal(t, 1, p.count(`#machinery .replica.role-leader`))
	assert.Contains(t, p.text(`#machinery .replica.role-leader`), "control-plane-2")
	assert.Zero(t, p.count(`#machinery .tries`), "the new leader no longer tries; the dead one cannot")
	p.pause()
	p.shots("machinery-new-leader")
	p.noConsoleErrors()
}

// shots saves the page at 1280×720, 1366×768 and 1920×1080 in English and
// Chinese, and in presenter mode at 1280×720 — a lecture hall's projector
// (if reviewShots: otherwise it leaves the page as it is).
func (p *page) shots(name string) {
	p.t.Helper()
	if !reviewShots {
		return
	}
	for _, r := range roomSizes[1:4] {
		p.setRoom(r)
		for _, lang := range []string{"en", "zh-CN"} {
			p.setLang(lang)
			p.screenshot(name + "-" + r.name + "-" + lang)
		}
	}
	p.setRoom(roomSizes[1])
	p.click("#present")
	for _, lang := range []string{"en", "zh-CN"} {
		p.setLang(lang)
		p.screenshot(name + "-present-1280x720-" + lang)
	}
	p.click("#present")
	p.setLang("en")
}

// stepUntil presses Step, one task at a time, until cond holds on the
// page's next frame (at most 30 tasks).
func (p *page) stepUntil(what, cond string) {
	p.t.Helper()
	for range 30 {
		p.click("#step")
		p.waitFor("the step", `!document.getElementById("step").hasAttribute("aria-busy")`)
		if eval[bool](p, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(!!(`+cond+`)))))`) {
			return
		}
	}
	p.t.Fatalf("30 steps and no %s (%s)", what, cond)
}

// TestThePictureCountsAtSpeed: at ×100 keys come and go faster than anyone
// reads them, so each busy controller's row counts its keys and its
// reconciles a simulated second; at ×1 it shows the keys again.
func TestThePictureCountsAtSpeed(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.click(`[data-speed="100"]`)
	eval[any](p, "kubeloop.apply(`"+strings.Replace(nginxDeployment, "replicas: 3", "replicas: 3000", 1)+"`)")
	p.play()
	// How many reconciles a second depends on how fast this machine plays
	// ×100; that the row counts does not.
	p.waitFor("a counted row", `[...document.querySelectorAll("#machinery .mach-ctrl.summary")].some(row =>
		/^\d+ keys?$/.test(row.querySelector(".qcount").textContent) && /^\d+ reconciles?\/s$/.test(row.querySelector(".qrate").textContent))`)
	assert.Zero(t, p.count("#machinery .qkey:not(.retry)"), "no key chips at ×100 but failing ones")
	p.pause()
	p.shots("machinery-summary")
	p.click(`[data-speed="1"]`)
	p.play()
	p.waitFor("the keys again", `!document.querySelector("#machinery .mach-ctrl.summary")`)
	p.noConsoleErrors()
}

// stepRow is the text of the picture's row of what the last Step did (""
// when there is none).
func (p *page) stepRow() string {
	p.t.Helper()
	return eval[string](p, `(document.querySelector("#machinery .mach-step") || {textContent: ""}).textContent`)
}

// TestStepShowsWhatTheTaskDid: Step runs one task, and the picture says
// what that task did — the watch delivered an event and the handler
// queued its key; a worker reconciled a key and wrote back to the API
// server — with the key, the event and the worker's result outlined, and
// the reconcile's trace row marked. Once another task runs, the marks go.
// At ×1 what arrived since the last draw is animated across the picture.
func TestStepShowsWhatTheTaskDid(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	eval[any](p, "kubeloop.apply(`"+nginxDeployment+"`)")
	p.click("#settle")
	p.waitFor("settled", `(await kubeloop.kubectl("kubectl get deployment nginx-deployment")).stdout.includes("3/3")`)
	p.pause()
	eval[any](p, `kubeloop.kubectl("kubectl scale deployment nginx-deployment --replicas=4")`)

	// The delivery: the event, and the key its handler queued.
	p.stepUntil("the delivery", `/the watch delivered MODIFIED deployments default\/nginx-deployment/.test(document.querySelector("#machinery .mach-step")?.textContent ?? "")`)
	assert.Contains(t, p.stepRow(), "the handler queued default/nginx-deployment for deployment")
	assert.Equal(t, "deployments MODIFIED default/nginx-deployment", p.text("#machinery .watch-ev.step-hit"))
	assert.Equal(t, "default/nginx-deployment", eval[string](p, `[...document.querySelectorAll("#machinery .mach-ctrl")].find(r => r.querySelector(".mach-name").textContent === "deployment").querySelector(".qkey.step-hit").textContent`))
	assert.True(t, eval[bool](p, `document.querySelector("#machinery .qkey.step-hit").classList.contains("arrive")`), "a key new since the last draw arrives")
	p.shots("machinery-step-delivery")

	// The reconcile: the worker's result, what it wrote, the trace row.
	p.stepUntil("the reconcile", `/deployment's worker reconciled default\/nginx-deployment → done/.test(document.querySelector("#machinery .mach-step")?.textContent ?? "")`)
	assert.Contains(t, p.stepRow(), "wrote update ReplicaSet default/nginx-deployment-")
	assert.Equal(t, "default/nginx-deployment → done", p.text("#machinery .mach-last.step-hit"))
	assert.Contains(t, p.machRow("deployment"), "default/nginx-deployment → done2 writes → API server", "the worker's writes go back to the API server")
	assert.Equal(t, 1, p.count("#trace .tr.step-hit"), "the reconcile's row in the trace is marked")
	assert.Equal(t, "deployment", eval[string](p, `document.querySelector("#trace .tr.step-hit").dataset.controller`))
	assert.Contains(t, p.text("#trace .tr.step-hit .tr-key"), "default/nginx-deployment")
	p.shots("machinery-step-reconcile")

	// The informer's cache beside the event it delivered.
	assert.Regexp(t, `deployments MODIFIED default/nginx-deploymentcache \d+`, p.text("#machinery .mach-watch"))

	// In Chinese the row says the same.
	p.setLang("zh-CN")
	assert.Contains(t, p.stepRow(), "deployment 的工作协程调谐了 default/nginx-deployment → done")
	p.setLang("en")

	// Once the clock runs on, the marks go.
	p.click("#settle")
	p.waitFor("the marks gone", `!document.querySelector("#machinery .mach-step") && !document.querySelector("#machinery .step-hit") && !document.querySelector("#trace .step-hit")`)

	// Idle controllers fold away; "system" shows every one.
	folded := p.count("#machinery .mach-ctrl")
	assert.Less(t, folded, 5)
	p.click("#trace-system")
	p.waitFor("every controller", `document.querySelectorAll("#machinery .mach-ctrl").length >= 30`)
	assert.Contains(t, p.machRow("statefulset"), "queue—")
	p.click("#trace-system")
	p.waitFor("folded again", `document.querySelectorAll("#machinery .mach-ctrl").length === `+strconv.Itoa(folded))
	p.noConsoleErrors()
}

// TestTheStripScrollsRatherThanSqueezingRows: in a burst with many busy
// controllers the strip reaches its max-height; each row keeps the height
// its wrapped lines need and the strip scrolls, instead of rows shrunk to
// a line and drawn over each other. The rows are those drawQueueSummary
// writes, set in place with the clock paused, so that how many are busy
// does not depend on this machine's speed.
func TestTheStripScrollsRatherThanSqueezingRows(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.pause()
	row := `<div class="mach-row mach-ctrl summary"><span class="mach-name">endpointslice</span>` +
		`<span class="mach-part"><span class="mach-sub">queue</span><span class="qcount">1234 keys</span></span>` +
		`<span class="mach-part"><span class="mach-sub">later</span><span class="qcount later">56 keys</span><span class="qkey retry">default/web-5d8f-abcde ↻4, retry in 80ms</span></span>` +
		`<span class="mach-part"><span class="mach-sub">worker</span><span class="qrate">789 reconciles/s</span></span></div>`
	eval[bool](p, `(() => { document.getElementById("machinery").innerHTML = `+jsString(strings.Repeat(row, 14))+`; return true })()`)
	for _, r := range roomSizes[1:4] {
		p.setRoom(r)
		squeezed := eval[[]string](p, `(() => {
			const out = [];
			let above = -Infinity;
			[...document.querySelectorAll("#machinery > *")].forEach((row, i) => {
				const b = row.getBoundingClientRect();
				if (b.height + 0.5 < row.scrollHeight) out.push(i + ": " + b.height.toFixed(1) + " px high for " + row.scrollHeight + " px of lines");
				if (b.top + 0.5 < above) out.push(i + ": drawn over the row above");
				above = b.bottom;
			});
			return out })()`)
		assert.Empty(t, squeezed, r.name)
		assert.True(t, eval[bool](p, `(m => m.scrollHeight > m.clientHeight)(document.getElementById("machinery"))`), "%s: the strip scrolls", r.name)
	}
	p.noConsoleErrors()
}
