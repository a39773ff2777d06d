package browser_test

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/session"
	"github.com/kubeloop/kubeloop/site/sharelink"
)

// Hostile and mistaken input on the page (issue 33): an output of tens of
// megabytes, a paste of fifty, a link to a hundred thousand pods. Each is
// bounded before it can hold the page's thread.

// longTaskProbe collects the page's long tasks (main-thread work over
// 50 ms), those before it too (buffered), in window.__long.
const longTaskProbe = `(() => {
  if (window.__long) return true;
  window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); })
    .observe({type: "longtask", buffered: true});
  return true;
})()`

// longest is the longest task the probe has seen, in ms, and forgets them.
func longest(p *page) float64 {
	return eval[float64](p, `(() => { const m = Math.max(0, ...window.__long); window.__long = []; return m; })()`)
}

// markOld marks the terminal's notes printed so far; newCutNote is a cut
// note printed since.
const (
	markOld    = `(() => { document.querySelectorAll("#term-out .term-note").forEach((n) => { n.dataset.old = "1"; }); return true; })()`
	newCutNote = `[...document.querySelectorAll("#term-out .term-note:not([data-old])")].some((n) => n.textContent.includes("MiB"))`
)

// termChars is how many characters the terminal's output holds.
const termChars = `document.getElementById("term-out").textContent.length`

// TestAHugeOutputIsCutInTheTerminal: `kubectl get pods -o jsonpath='{..}'`
// at 350 pods is one line longer than the terminal keeps. It keeps its last
// 2 MiB after a note saying what it left out, and from the fourth run on
// it holds at most its 8 MiB budget, the oldest outputs gone first. The
// last two runs are pictured, in English and Chinese, in two rooms.
func TestAHugeOutputIsCutInTheTerminal(t *testing.T) {
	longerTabs(t, 4*time.Minute)
	p := openPage(t)
	eval[bool](p, longTaskProbe)
	res := eval[map[string]any](p, `kubeloop.apply(`+jsQuote(deploymentYAML("wide", 350))+`)`)
	require.Equal(t, true, res["ok"], "%v", res)
	eval[any](p, `kubeloop.settle(120)`)
	longest(p)
	run := 0
	cut := func(cond string) {
		t.Helper()
		run++
		eval[bool](p, markOld)
		start := time.Now()
		p.typeInTerminal("kubectl get pods -o jsonpath='{..}'\n")
		waitLong(p, "the note of run "+strconv.Itoa(run), newCutNote+" && "+cond)
		record(t, "jsonpath '{..}' at 350 pods, run %d: %v, longest task %.0f ms, terminal %d characters",
			run, time.Since(start).Round(time.Millisecond), longest(p), eval[int](p, termChars))
	}
	const english, chinese = "true", `document.getElementById("term-out").textContent.includes("未显示")`
	for range 2 {
		cut(english)
	}

	p.viewport(1280, 720)
	cut(english)
	scrollNoteIntoView(p)
	p.picture("output-cut-1280x720-en")
	p.viewport(1366, 768)
	scrollNoteIntoView(p)
	p.picture("output-cut-1366x768-en")
	p.setLang("zh-CN")
	cut(chinese)
	scrollNoteIntoView(p)
	p.picture("output-cut-1366x768-zh-CN")
	p.viewport(1280, 720)
	scrollNoteIntoView(p)
	p.picture("output-cut-1280x720-zh-CN")

	assert.LessOrEqual(t, eval[int](p, termChars), 8<<20+64<<10, "the terminal keeps its budget")
	assert.Contains(t, p.text("#term-out"), "of this output are not shown: the terminal keeps the last 2.0 MiB")
	assert.GreaterOrEqual(t, p.count("#term-out .term-wrap"), 1, "the long line wraps, in parts")
	p.noConsoleErrors()
}

// waitLong waits for a condition as waitFor does, for a minute: a page
// printing megabytes takes its time on a loaded machine.
func waitLong(p *page, what, cond string) {
	p.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		ok, err := evalWithin[bool](p, `!!(`+cond+`)`, time.Minute)
		require.NoError(p.t, err, "evaluating %s", cond)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("timed out waiting for %s (%s)", what, cond)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// scrollNoteIntoView shows the newest cut note and the start of the kept
// output under it.
func scrollNoteIntoView(p *page) {
	eval[bool](p, `(() => { const n = [...document.querySelectorAll("#term-out .term-note")].pop(); n.scrollIntoView({block: "start"}); return true; })()`)
	time.Sleep(300 * time.Millisecond)
}

// TestAHugePasteIsRefusedBeforeItCrosses: fifty megabytes given to
// kubeloop.apply, or megabytes pasted into the editor and applied, are refused with
// Decode's message while still JavaScript (it took 14.4 s to cross into Go
// and be refused there), and the editor keeps every character.
func TestAHugePasteIsRefusedBeforeItCrosses(t *testing.T) {
	p := openPage(t)
	got := eval[map[string]any](p, `(async () => {
  const text = "a: b\n".repeat(10 << 20);
  await kubeloop.apply(text); // the first call may find work of the page's start to finish
  const t0 = performance.now();
  const r = await kubeloop.apply(text);
  return {ms: performance.now() - t0, ok: r.ok, message: r.errors[0].message};
})()`)
	record(t, "kubeloop.apply of 50 MiB: refused in %.0f ms", got["ms"])
	assert.Equal(t, false, got["ok"])
	assert.Equal(t, "the YAML is 50.0 MiB; kubeloop accepts at most 1 MiB per apply", got["message"])
	assert.Less(t, got["ms"], 2000.0, "refused without copying 50 MB into Go")

	out := eval[map[string]any](p, `kubeloop.kubectl("get pods", "x".repeat(50 << 20))`)
	assert.EqualValues(t, 1, out["exitCode"])
	assert.Equal(t, "error: the YAML is 50.0 MiB; kubeloop accepts at most 1 MiB per apply\n", out["stderr"])
	out = eval[map[string]any](p, `kubeloop.kubectl("get pods " + "x".repeat(1 << 20))`)
	assert.Contains(t, out["stderr"], "the command line is 1024.0 KiB")

	// In the editor, five MiB of long lines (CodeMirror takes its time
	// over fifty).
	eval[any](p, `kubeloop.editor.typeText("# mine\n" + ("#" + "x".repeat(1022) + "\n").repeat((5 << 10) - 1))`)
	start := time.Now()
	p.click("#apply")
	p.waitFor("the refusal", `document.getElementById("apply-result").textContent.includes("kubeloop accepts at most 1 MiB per apply")`)
	record(t, "editor apply of 5 MiB: refused in %v", time.Since(start).Round(time.Millisecond))
	assert.Contains(t, p.text("#apply-result"), "the YAML is 5.0 MiB")
	assert.Equal(t, 7+5<<20-1024, eval[int](p, `kubeloop.editor.getText().length`), "the editor keeps the text")
	assert.True(t, eval[bool](p, `kubeloop.editor.getText().startsWith("# mine\n")`))
	p.typeInTerminal("kubectl get ns default\n")
	p.waitFor("kubectl answers", `document.getElementById("term-out").textContent.includes("Active")`)
	p.typeInTerminal("kubectl apply -f -\n")
	p.waitFor("the stdin refusal", `document.getElementById("term-out").textContent.includes("error: the YAML is 5.0 MiB")`)
}

// TestWorkloadLinksKeepThePageUsable opens two short share links (issue 33,
// items 2 and 3) — a Parallel StatefulSet of 10,000 replicas with a volume
// claim template, and ten Deployments of 10,000 replicas — plays them for
// five seconds, in the thick of their first pods, and reports the longest
// main-thread task while they played, how long kubectl took and the
// simulated time the page shows (tests/out/browser/timings.txt: figures,
// not bounds — speed is measured, not asserted). The page must
// stay usable: kubectl answers, with the pods the cluster holds, and the
// cluster stays within its budget of pods. The claims' table draws its
// first rows and counts the rest, which kubectl lists.
func TestWorkloadLinksKeepThePageUsable(t *testing.T) {
	for name, yaml := range map[string]string{
		"statefulset-10000-with-claims": statefulSetYAML(10000),
		"ten-deployments-of-10000":      tenDeploymentsYAML(),
	} {
		t.Run(name, func(t *testing.T) {
			longerTabs(t, manyRoomsTab)
			frag := shareFragment(t, yaml)
			p := openURL(t, frag, "")
			eval[bool](p, longTaskProbe)
			longest(p) // the probe sees the page's start too: not what playing the link costs
			p.play()
			time.Sleep(5 * time.Second)
			type answer struct {
				MS    float64 `json:"ms"`
				Count string  `json:"count"`
			}
			a, err := evalWithin[answer](p, `(async () => { const t0 = performance.now(); const r = await kubeloop.kubectl("get pods --no-headers | wc -l"); return {ms: performance.now() - t0, count: r.stdout}; })()`, 30*time.Second)
			require.NoError(t, err, "kubectl did not answer in 30 s")
			kubectlMS := a.MS
			pods, err := strconv.Atoi(strings.TrimSpace(a.Count))
			require.NoError(t, err, "kubectl get pods | wc -l printed %q", a.Count)
			// The clock as the page shows it: kubeloop.advance(0) would first
			// run every task due now, the whole burst of the first instant.
			clock := p.text("#clock-time")
			worst := longest(p)
			record(t, "%s link (%d characters): after 5 s longest task %.0f ms, kubectl get pods %.0f ms (%d pods), the page's clock at %q",
				name, len(frag), worst, kubectlMS, pods, clock)
			assert.Greater(t, pods, 0, "the link's workload made pods")
			assert.LessOrEqual(t, pods, cluster.MaxPods, "within the cluster's budget")
			if strings.HasPrefix(name, "statefulset") {
				claimsTableCountsTheRest(t, p)
			}
		})
	}
}

// claimsTableCountsTheRest: the claims' table has a few rows and a last
// one saying how many more there are, which with the rows drawn are the
// claims kubectl lists (the clock paused, the table drawn from the last
// frame).
func claimsTableCountsTheRest(t *testing.T, p *page) {
	t.Helper()
	p.pause()
	claims := kubectlRows(t, p, "pvc")
	p.waitFor(fmt.Sprintf("the claims' table drawing and counting %d claims", claims), fmt.Sprintf(`(() => {
  const more = document.querySelector("#pvc-section tr.table-more");
  const rows = document.querySelectorAll("#pvc-section tbody tr:not(.table-more)").length;
  return !!more && rows + parseInt(more.textContent.replace(/^\+/, ""), 10) === %d;
})()`, claims))
	assert.Less(t, p.count("#pvc-section tbody tr:not(.table-more)"), 1000, "a readable number of rows")
	assert.Regexp(t, `^\+\d+ more claims: kubectl get pvc lists them all$`, p.text("#pvc-section tr.table-more"))
}

// kubectlRows is how many objects of resource `kubectl get` lists in the
// page's cluster.
func kubectlRows(t *testing.T, p *page, resource string) int {
	t.Helper()
	out, err := evalWithin[map[string]any](p, `kubeloop.kubectl("get `+resource+` --no-headers | wc -l")`, 30*time.Second)
	require.NoError(t, err)
	n, err := strconv.Atoi(strings.TrimSpace(out["stdout"].(string)))
	require.NoError(t, err, "kubectl get %s | wc -l printed %q", resource, out["stdout"])
	return n
}

// evalWithin is eval that gives up after d (a page whose thread is held
// answers late).
func evalWithin[T any](p *page, expr string, d time.Duration) (T, error) {
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](asyncExpr(expr), chromedp.EvalAwaitPromise))
}

// shareFragment is the #share= fragment the page's Share button makes for
// a cluster with yaml applied: sharelink's payload, deflate-raw, base64url.
func shareFragment(t *testing.T, yaml string) string {
	t.Helper()
	rec := session.New(1, fixedClock{})
	rec.Command("kubectl apply -f -", yaml)()
	payload, err := sharelink.Encode(1, yaml, rec.Transcript())
	require.NoError(t, err)
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	require.NoError(t, err)
	_, err = w.Write([]byte(payload))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return sharelink.Prefix + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// fixedClock is a clock at the start that has run nothing: a session
// recorded before the cluster ran.
type fixedClock struct{}

func (fixedClock) Now() time.Time           { return time.Time{} }
func (fixedClock) Ran() (uint64, time.Time) { return 0, time.Time{} }

func deploymentYAML(name string, replicas int) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: %s
spec:
  replicas: %d
  selector:
    matchLabels: {app: %s}
  template:
    metadata:
      labels: {app: %s}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`, name, replicas, name, name)
}

func tenDeploymentsYAML() string {
	docs := make([]string, 10)
	for i := range docs {
		docs[i] = deploymentYAML(fmt.Sprintf("d%d", i), 10000)
	}
	return strings.Join(docs, "---\n")
}

func statefulSetYAML(replicas int) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  podManagementPolicy: Parallel
  replicas: %d
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
`, replicas)
}

// TestManyWorkloadsAreCountedNotAllDrawn applies 80 Deployments: the
// ownership tree draws the first blocks and a last line counting the
// others, which with the blocks drawn are the Deployments kubectl lists
// (a thousand, every block written anew at each change of one, held the
// page's thread).
func TestManyWorkloadsAreCountedNotAllDrawn(t *testing.T) {
	p := openPage(t)
	docs := make([]string, 80)
	for i := range docs {
		docs[i] = deploymentYAML(fmt.Sprintf("d%02d", i), 1)
	}
	res := eval[map[string]any](p, `kubeloop.apply(`+jsQuote(strings.Join(docs, "---\n"))+`)`)
	require.Equal(t, true, res["ok"], "%v", res)
	eval[any](p, `kubeloop.settle(60)`)
	deployments := kubectlRows(t, p, "deployments")
	require.Equal(t, 80, deployments)
	p.waitFor("the tree counting the rest", `!!document.querySelector("#owners .own-more")`)
	drawn := p.count("#owners [data-deployment]")
	assert.Less(t, drawn, deployments, "not every block is drawn")
	assert.Equal(t, 1, p.count(`#owners [data-deployment="default/d00"]`), "the first in kubectl's order is")
	var more int
	_, err := fmt.Sscanf(p.text("#owners .own-more"), "+%d more workloads", &more)
	require.NoError(t, err, "the last line: %q", p.text("#owners .own-more"))
	assert.Equal(t, deployments, drawn+more, "the blocks drawn and the rest counted are the Deployments kubectl lists")
	p.setLang("zh-CN")
	p.waitFor("the count in Chinese", `document.querySelector("#owners .own-more").textContent.startsWith("另有 ")`)
	p.noConsoleErrors()
}
