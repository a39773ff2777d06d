package browser_test

import (
	"strings"
	"testing"

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
	p := openPage(t)
	p.click(`[data-speed="100"]`)
	p.click("#auto-apply")
	p.setEditor(agentAndBatch)
	p.waitFor("one agent pod in each node lane", `[...document.querySelectorAll("#nodes .lane[data-node]")].every(l =>
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

// Past cellsAbove pods each pod is drawn as a cell (wasm/clusterview.go):
// its class says its status and readiness, and its title and aria-label —
// written with its class in one call — say which pod it is and how it is,
// to the eye and to a screen reader.
func TestBigClusterCellsSayWhichPodAndHow(t *testing.T) {
	p := openPage(t)
	eval[any](p, "kubeloop.apply(`"+strings.Replace(nginxDeployment, "replicas: 3", "replicas: 150", 1)+"`)")
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("150 ready cells", `document.querySelectorAll("#nodes .pod.cell.st-running.ready").length === 150`)
	type cell struct{ Pod, Class, Title, Label string }
	c := eval[cell](p, `(() => { const e = document.querySelector("#nodes .pod.cell.st-running.ready");
	  return {pod: e.dataset.pod, class: e.className, title: e.title, label: e.getAttribute("aria-label")}; })()`)
	name := strings.TrimPrefix(c.Pod, "default/")
	require.NotEqual(t, c.Pod, name, "a pod of the default namespace")
	assert.Equal(t, "pod cell st-running ready", c.Class)
	assert.Equal(t, name+"\nRunning · 1/1 ready · nginx:1.7.9", c.Title)
	assert.Equal(t, "Pod "+name+", Running, ready. Press Enter for actions.", c.Label)
	p.noConsoleErrors()
}
