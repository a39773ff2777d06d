package browser_test

import (
	"context"
	"fmt"
	"image/png"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const agentAndBatch = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      name: agent
  template:
    metadata:
      labels:
        name: agent
    spec:
      containers:
      - name: agent
        image: registry.k8s.io/pause:3.9
---
apiVersion: batch/v1
kind: Job
metadata:
  name: batch
spec:
  completions: 3
  parallelism: 1
  template:
    spec:
      containers:
      - name: work
        image: busybox
        command: ["sh", "-c", "sleep 2"]
      restartPolicy: Never
`

// TestNodesDaemonPodsJobsAndLease: each node lane shows its daemon pod,
// its conditions when unhealthy and its taints; a Job shows its progress;
// the machinery strip counts down the leader Lease; fail-node (a node's
// menu) and kill-leader (Faults) are buttons that run their commands.
func TestNodesDaemonPodsJobsAndLease(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.click(`[data-speed="100"]`)
	p.click("#auto-apply")
	p.setEditor(agentAndBatch)
	p.waitFor("one agent pod in each worker's lane", `[...document.querySelectorAll("#nodes .lane[data-node]:not(.lane-control-plane)")].every(l =>
		l.querySelectorAll('.pod.st-running[data-pod^="default/agent-"]').length === 1)`)
	p.waitFor("the Job's progress", `(document.querySelector('#owners [data-owner="default/Job/batch"] .job-progress') || {}).textContent === "3/3 completed · 0 failed · Complete"`)
	p.waitFor("the lease countdown", `/Lease: control-plane-1, expires in \d+s/.test(document.getElementById("machinery").textContent)`)

	p.typeInTerminal("kubectl taint nodes node-2 dedicated=db:NoSchedule")
	p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Enter))
	p.waitFor("node-2's taint on its lane", `document.querySelector('.lane[data-node="node-2"] .lane-info').textContent === "dedicated=db:NoSchedule"`)
	assert.Empty(t, p.text(`.lane[data-node="node-1"] .lane-info`), "a healthy untainted node shows nothing")

	// fail-node: the node's menu.
	p.click(`.lane[data-node="node-3"] .lane-menu`)
	p.waitFor("the fail button", `[...document.querySelectorAll("#pod-menu button.menu-item")].some(b => b.textContent.includes("sim node fail node-3"))`)
	eval[chromedp.Void](p, `[...document.querySelectorAll("#pod-menu button.menu-item")].find(b => b.textContent.includes("sim node fail node-3")).click()`)
	p.waitFor("node-3 NotReady, its condition and the unreachable taint on its lane", `(() => {
		const t = document.querySelector('.lane[data-node="node-3"] .lane-info').textContent;
		return t.includes("Ready=Unknown") && t.includes("node.kubernetes.io/unreachable:NoExecute"); })()`)
	assert.Equal(t, 1, p.count(`.lane[data-node="node-3"] .pod[data-pod^="default/agent-"]`), "the daemon pod stays on the failed node")
	p.screenshot("21-nodes-taints-jobs-lease")

	// kill-leader: the Faults menu; the countdown runs out, the standby leads.
	p.click("#faults > summary")
	p.waitFor("the kill button", `[...document.querySelectorAll("#faults-menu button.menu-item")].some(b => b.textContent.includes("sim controller-manager kill control-plane-1"))`)
	p.click(`#faults-menu .menu-item.danger`)
	p.waitFor("the lease expired or taken over", `/Lease: control-plane-1, expired \d+s ago|Lease: control-plane-2/.test(document.getElementById("machinery").textContent)`)
	p.waitFor("the standby holds the Lease", `/Lease: control-plane-2, expires in/.test(document.getElementById("machinery").textContent)`)
	p.screenshot("21-lease-taken-over")
	p.noConsoleErrors()
}

// Past cellsAbove pods each lane draws its pods as cells on a canvas
// (wasm/cellcanvas.go, site/static/cells.js): a square per pod in its
// status colour, filled when ready, in the lane's name order. Hovering a
// cell titles the canvas with which pod it is and how; a click opens its
// menu; from the keyboard a lane is one Tab stop whose arrow keys move a
// cursor, a live region reading each pod out, and Enter opens the menu.
func TestBigClusterCellsSayWhichPodAndHow(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1400, 900)
	p.theme("light")
	eval[any](p, "kubeloop.apply(`"+strings.Replace(nginxDeployment, "replicas: 3", "replicas: 150", 1)+"`)")
	eval[any](p, `kubeloop.settle()`)
	canvas := `document.querySelector('canvas[data-cells="node-1"]')`
	p.waitFor("150 ready Running cells on the canvases", `[...document.querySelectorAll("#nodes canvas[data-cells]")]
	  .reduce((n, c) => n + (c._codes || []).filter(b => b === (2|8)).length, 0) === 150`)
	assert.Zero(t, p.count("#nodes .pod"), "no element per pod")

	// Node-1's pods in name order, as kubectl lists them.
	var onNode1 []string
	for _, line := range strings.Split(eval[string](p, `(await kubeloop.kubectl("kubectl get pods -o wide")).stdout`), "\n")[1:] {
		if f := strings.Fields(line); len(f) > 6 && f[6] == "node-1" {
			onNode1 = append(onNode1, f[0])
		}
	}
	require.Greater(t, len(onNode1), 2, "node-1 runs some of the 150 pods")
	sort.Strings(onNode1)
	assert.Equal(t, fmt.Sprint(len(onNode1)), eval[string](p, canvas+`.getAttribute("aria-label").split(" ")[1]`), "the canvas' label counts its pods")

	// Cell 0 is filled with the Running colour of the theme, and stays so
	// in the other theme.
	pixel := canvas + `.getContext("2d").getImageData(7 * devicePixelRatio, 7 * devicePixelRatio, 1, 1).data.slice(0, 3).join(",")`
	running := `(() => { const c = document.createElement("canvas").getContext("2d");
	  c.fillStyle = getComputedStyle(document.documentElement).getPropertyValue("--running"); c.fillRect(0, 0, 1, 1);
	  return c.getImageData(0, 0, 1, 1).data.slice(0, 3).join(","); })()`
	light := eval[string](p, running)
	assert.Equal(t, light, eval[string](p, pixel), "a ready Running pod is a square filled with --running")
	p.theme("dark")
	require.NotEqual(t, light, eval[string](p, running))
	assert.Equal(t, eval[string](p, running), eval[string](p, pixel), "repainted in the dark theme's --running")
	p.theme("light")

	// Hover: the canvas' title says which pod the pointer is on.
	at := func(i int) string { // clientX, clientY of the centre of cell i (17 px apart, 14 px wide)
		return fmt.Sprintf(`(() => { const c = %s, r = c.getBoundingClientRect(), cols = kubeloopCells.columns(c);
		  return {clientX: r.left + (%d %% cols) * 17 + 7, clientY: r.top + Math.floor(%d / cols) * 17 + 7, bubbles: true}; })()`, canvas, i, i)
	}
	eval[any](p, canvas+`.dispatchEvent(new MouseEvent("mousemove", `+at(1)+`))`)
	assert.Equal(t, onNode1[1]+"\nRunning · 1/1 ready · nginx:1.7.9", eval[string](p, canvas+`.title`))

	// Click: the pod's menu, under a cursor on its cell.
	eval[any](p, canvas+`.dispatchEvent(new MouseEvent("click", `+at(2)+`))`)
	p.waitFor("the menu of the pod clicked", `!document.getElementById("pod-menu").hidden`)
	assert.Equal(t, onNode1[2], p.text("#pod-menu .popover-title"))
	p.do(chromedp.SendKeys(chromedp.CSS("#pod-menu button"), kb.Escape))
	p.waitFor("the menu closed, the focus back on the canvas", `document.getElementById("pod-menu").hidden && document.activeElement === `+canvas)

	// Keyboard: the cursor moves, the live region says where it is, Enter
	// opens that pod's menu.
	said := func() string { return p.text(`#nodes [role="status"]`) }
	p.do(chromedp.SendKeys(chromedp.CSS(`canvas[data-cells="node-1"]`), kb.Home))
	assert.Equal(t, "Pod "+onNode1[0]+", Running, ready. Press Enter for actions.", said())
	p.do(chromedp.SendKeys(chromedp.CSS(`canvas[data-cells="node-1"]`), kb.ArrowRight))
	assert.Equal(t, "Pod "+onNode1[1]+", Running, ready. Press Enter for actions.", said())
	p.do(chromedp.SendKeys(chromedp.CSS(`canvas[data-cells="node-1"]`), kb.End))
	last := onNode1[len(onNode1)-1]
	assert.Equal(t, "Pod "+last+", Running, ready. Press Enter for actions.", said())
	assert.False(t, eval[bool](p, `document.querySelector("#nodes .cell-cursor").hidden`), "the cursor shows")
	p.screenshot("21-cells-cursor")
	p.do(pressCancelled("Enter", 13))
	p.waitFor("the menu of the pod under the cursor", `!document.getElementById("pod-menu").hidden`)
	assert.Equal(t, last, p.text("#pod-menu .popover-title"))
	p.screenshot("21-cells-menu")
	p.noConsoleErrors()
}

// A lane's canvas is as tall as its rows of pods, while its bitmap has
// room for more (site/static/cells.js): a pod more does not reallocate the
// bitmap, and the screen shows the bitmap's top pixel for pixel
// (object-fit), the last row's cells where they are painted — at a pixel
// ratio of 1 and of 2 (a laptop's or projector's high-density screen).
func TestACellsCanvasShowsItsRowsWithRoomForMore(t *testing.T) {
	t.Parallel()
	for _, dpr := range []float64{1, 2} {
		t.Run(fmt.Sprintf("dpr%v", dpr), func(t *testing.T) { cellsRoomAt(t, dpr) })
	}
}

func cellsRoomAt(t *testing.T, dpr float64) {
	p := openPage(t)
	p.do(chromedp.EmulateViewport(1400, 900, chromedp.EmulateScale(dpr)))
	p.theme("light")
	// Paused, each settle reaches the page as one batch: the canvas sizes
	// its room once for all the pods, whatever the machine's pace.
	p.pause()
	readyCells := func(n int) {
		eval[any](p, `kubeloop.settle()`)
		p.waitFor(fmt.Sprintf("%d ready cells", n), `[...document.querySelectorAll("#nodes canvas[data-cells]")]
		  .reduce((n, c) => n + (c._codes || []).filter(b => b === (2|8)).length, 0) === `+fmt.Sprint(n))
	}
	eval[any](p, "kubeloop.apply(`"+strings.Replace(nginxDeployment, "replicas: 3", "replicas: 150", 1)+"`)")
	readyCells(150)
	canvas := `document.querySelector('canvas[data-cells="node-1"]')`
	type shape struct{ Pods, Cols, Shown, Bitmap int }
	read := func() shape {
		return eval[shape](p, `(() => { const c = `+canvas+`;
		  return {pods: c._codes.length, cols: kubeloopCells.columns(c), shown: Math.round(c.getBoundingClientRect().height), bitmap: c.height}; })()`)
	}
	before := read()
	rows := (before.Pods + before.Cols - 1) / before.Cols
	assert.Equal(t, rows*17-3, before.Shown, "the canvas shows its %d pods' %d rows (17 px apart, 14 tall), no more", before.Pods, rows)
	assert.Greater(t, before.Bitmap, int(dpr)*before.Shown, "its bitmap has room for more rows")

	// The screen, not the bitmap: the last pod's cell is the Running colour
	// where it should be.
	last := eval[[]float64](p, `(() => { const c = `+canvas+`;
	  c.scrollIntoView({block: "start"});
	  const r = c.getBoundingClientRect(), i = c._codes.length - 1, cols = kubeloopCells.columns(c);
	  return [r.left + (i % cols) * 17 + 7, r.top + Math.floor(i / cols) * 17 + 7]; })()`)
	running := eval[[]int](p, `(() => { const c = document.createElement("canvas").getContext("2d");
	  c.fillStyle = getComputedStyle(document.documentElement).getPropertyValue("--running"); c.fillRect(0, 0, 1, 1);
	  return [...c.getImageData(0, 0, 1, 1).data.slice(0, 3)]; })()`)
	shot, err := os.Open(p.capture(fmt.Sprintf("cells-room-dpr%v", dpr)))
	require.NoError(t, err)
	defer shot.Close()
	img, err := png.Decode(shot)
	require.NoError(t, err)
	r, g, b, _ := img.At(int(last[0]*dpr), int(last[1]*dpr)).RGBA()
	assert.Equal(t, running, []int{int(r >> 8), int(g >> 8), int(b >> 8)}, "the last pod's cell, on screen at (%v, %v)", last[0], last[1])

	// A row more of pods: the canvas grows, its bitmap stays.
	more := 150 + 3*before.Cols
	eval[any](p, fmt.Sprintf(`kubeloop.kubectl("kubectl scale deployment nginx-deployment --replicas=%d")`, more))
	readyCells(more)
	after := read()
	rows = (after.Pods + after.Cols - 1) / after.Cols
	require.Greater(t, after.Pods, before.Pods)
	assert.Equal(t, rows*17-3, after.Shown, "the canvas grew to its %d pods' %d rows", after.Pods, rows)
	assert.Equal(t, before.Bitmap, after.Bitmap, "the bitmap was not made anew")
	p.noConsoleErrors()
}

// Past cellsAbove pods the lanes switch to cells, at cardsAtOrBelow back to
// cards (wasm/clusterview.go): every pod is drawn again the other way, in
// its lane, and the other way's elements are gone.
func TestCardsAndCellsSwitchBothWays(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	cells := `[...document.querySelectorAll("#nodes canvas[data-cells]")]`
	readyCells := cells + `.reduce((n, c) => n + (c._codes || []).filter(b => b === (2|8)).length, 0)`
	eval[any](p, "kubeloop.apply(`"+strings.Replace(nginxDeployment, "replicas: 3", "replicas: 120", 1)+"`)")
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("120 ready cells", readyCells+` === 120`)
	assert.Zero(t, p.count("#nodes .pod"))
	eval[any](p, `kubeloop.kubectl("kubectl scale deployment nginx-deployment --replicas=50")`)
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("50 Running cards", `document.querySelectorAll("`+runningCards+`").length === 50`)
	assert.Zero(t, p.count("#nodes canvas"), "no canvas left with the cards")
	for _, node := range []string{"node-1", "node-2", "node-3"} {
		assert.Equal(t, eval[int](p, `(await kubeloop.state()).pods.filter(p => p.node === "`+node+`" && !p.system).length`),
			p.count(`.lane[data-node="`+node+`"] .pod`), "%s's cards are its pods but the cluster's own (kindnet, kube-proxy)", node)
	}
	eval[any](p, `kubeloop.kubectl("kubectl scale deployment nginx-deployment --replicas=120")`)
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("120 ready cells again", readyCells+` === 120`)
	assert.Zero(t, p.count("#nodes .pod"), "no card left with the cells")
	assert.Equal(t, 3, eval[int](p, cells+`.filter(c => c.dataset.cells).length`), "a canvas per node")
	p.noConsoleErrors()
}

// pressCancelled presses a key whose keydown the page cancels, on the
// focused element: the browser then sends no keypress. chromedp's key
// actions send the keypress (CDP's "char") in any case, to whatever has
// the focus after the keydown — here the menu's first item, which the
// keypress would have run.
func pressCancelled(key string, code int64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: key, Code: key, WindowsVirtualKeyCode: code}
		up := down
		up.Type = input.DispatchKeyEventTypeKeyUp
		for _, ev := range []input.DispatchKeyEventParams{down, up} {
			if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, ev); err != nil {
				return err
			}
		}
		return nil
	})
}

// Past cellsAbove pods the ownership tree counts each owner's pods by
// status instead of a chip per pod (wasm/ownertree.go). The counts follow
// the pods through a rolling update — each pod counted once, in its
// ReplicaSet, under its status now — and back to a chip per pod when
// the Deployment scales down.
func TestOwnershipTreeCountsABigClustersPodsByStatus(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	big := strings.Replace(nginxDeployment, "replicas: 3", "replicas: 150", 1)
	eval[any](p, "kubeloop.apply(`"+big+"`)")
	eval[any](p, `kubeloop.settle()`)
	counts := `[...document.querySelectorAll("#owners .own-rs")].map(rs =>
	  [...rs.querySelectorAll(".chip-count")].map(c => c.textContent).join(", ")).filter(s => s).join(" | ")`
	p.waitFor("one ReplicaSet of 150 Running pods", counts+` === "150 Running"`)
	assert.Zero(t, p.count("#owners .chip:not(.chip-count)"), "no chip per pod")

	eval[any](p, "await kubeloop.apply(`"+strings.Replace(big, "nginx:1.7.9", "nginx:1.9.1", 1)+"`)")
	eval[any](p, `await kubeloop.settle()`)
	// Before the rollout the old ReplicaSet alone read "150 Running" too.
	p.waitFor("both ReplicaSets", `document.querySelectorAll("#owners .own-rs").length === 2`)
	p.waitFor("the new ReplicaSet's 150 Running pods, the old one's none", counts+` === "150 Running"`)
	var desired, ready []string // of each ReplicaSet, as kubectl get rs shows them
	for _, line := range strings.Split(strings.TrimSpace(eval[string](p, `(await kubeloop.kubectl("kubectl get rs")).stdout`)), "\n")[1:] {
		f := strings.Fields(line)
		desired, ready = append(desired, f[1]), append(ready, f[3])
	}
	assert.ElementsMatch(t, []string{"150", "0"}, desired, "the counts are what the API says")
	assert.ElementsMatch(t, []string{"150", "0"}, ready)

	eval[any](p, "kubeloop.apply(`"+strings.Replace(nginxDeployment, "nginx:1.7.9", "nginx:1.9.1", 1)+"`)")
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("three chips again", `document.querySelectorAll("#owners .own-rs .chip.st-running").length === 3`)
	assert.Zero(t, p.count("#owners .chip-count"), "no counts")
	p.noConsoleErrors()
}

// A big cluster's lanes keep their cells in name order as pods move
// between them: after a rolling update of 150 pods — each new pod through
// the pending tray to a node, each old one out — every lane's cells are
// its node's pods in name order, as kubectl lists them, and the tray is
// empty.
func TestCellsStayInNameOrderThroughARollout(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	big := strings.Replace(nginxDeployment, "replicas: 3", "replicas: 150", 1)
	eval[any](p, "kubeloop.apply(`"+big+"`)")
	eval[any](p, `kubeloop.settle()`)
	eval[any](p, "kubeloop.apply(`"+strings.Replace(big, "nginx:1.7.9", "nginx:1.9.1", 1)+"`)")
	eval[any](p, `kubeloop.settle()`)
	readyCells := `[...document.querySelectorAll("#nodes canvas[data-cells]")].reduce((n, c) => n + (c._codes || []).filter(b => b === (2|8)).length, 0)`
	p.waitFor("150 ready cells", readyCells+` === 150`)
	onNode := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(eval[string](p, `(await kubeloop.kubectl("kubectl get pods -o wide")).stdout`)), "\n")[1:] {
		f := strings.Fields(line)
		onNode[f[6]] = append(onNode[f[6]], f[0])
	}
	for _, node := range []string{"node-1", "node-2", "node-3"} {
		want := onNode[node]
		sort.Strings(want)
		// Each cell's pod, from the canvas' title as the pointer is over it.
		got := eval[[]string](p, `(() => {
		  const c = document.querySelector('canvas[data-cells="`+node+`"]'), r = c.getBoundingClientRect(), cols = kubeloopCells.columns(c), names = [];
		  for (let i = 0; i < (c._codes || []).length; i++) {
		    c.dispatchEvent(new MouseEvent("mousemove", {clientX: r.left + (i % cols) * 17 + 7, clientY: r.top + Math.floor(i / cols) * 17 + 7, bubbles: true}));
		    names.push(c.title.split("\n")[0]);
		  }
		  return names; })()`)
		assert.Equal(t, want, got, "%s's cells", node)
	}
	assert.Empty(t, onNode["<none>"], "no pod waits")
	p.noConsoleErrors()
}
