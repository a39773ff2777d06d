package browser_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// menuCommands are the commands the open popover menu offers, in order.
func (p *page) menuCommands() []string {
	return eval[[]string](p, `[...document.querySelectorAll("#pod-menu button.menu-item .menu-cmd")].map(c => c.textContent)`)
}

// nodeMenu opens node's ⋯ menu and returns its commands.
func (p *page) nodeMenu(node string) []string {
	p.t.Helper()
	p.click(`.lane[data-node="` + node + `"] .lane-menu`)
	p.waitFor(node+"'s menu", `!document.getElementById("pod-menu").hidden && document.querySelector("#pod-menu .popover-title").textContent === "`+node+`"`)
	return p.menuCommands()
}

// closeMenu closes the popover as Escape does.
func (p *page) closeMenu() {
	p.t.Helper()
	p.do(chromedp.SendKeys(chromedp.CSS("#pod-menu button.menu-item"), kb.Escape))
	p.waitFor("the menu closed", `document.getElementById("pod-menu").hidden`)
}

// runFromNodeMenu clicks the item of node's menu that runs command, and
// waits for the terminal to show the command and its first line of output.
func (p *page) runFromNodeMenu(node, command, output string) {
	p.t.Helper()
	require.Contains(p.t, p.nodeMenu(node), command)
	js := strconv.Quote(command)
	eval[bool](p, `(() => { [...document.querySelectorAll("#pod-menu button.menu-item")]
	  .find(b => b.querySelector(".menu-cmd") && b.querySelector(".menu-cmd").textContent === `+js+`).click(); return true; })()`)
	p.waitFor("the terminal runs "+command, `document.getElementById("term-out").textContent.includes(`+js+`)`)
	p.waitFor("the terminal shows "+output, `document.getElementById("term-out").textContent.includes(`+strconv.Quote(output)+`)`)
}

// podRow is the row of `kubectl get pods -o wide` for the pods on node.
func (p *page) podRowsOn(node string) []string {
	var rows []string
	for _, line := range strings.Split(eval[string](p, `(await kubeloop.kubectl("kubectl get pods -o wide")).stdout`), "\n")[1:] {
		if f := strings.Fields(line); len(f) > 6 && f[6] == node {
			rows = append(rows, line)
		}
	}
	return rows
}

func (p *page) runInTerminal(line string) {
	p.t.Helper()
	p.typeInTerminal(line)
	p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Enter))
}

// TestFaultsInOneClick: each item of a node's menu runs its command in the
// terminal and the cluster reacts — cordon shows SchedulingDisabled, a
// taint shows on the lane and its removal is offered, drain empties the
// node, a partition marks the lane and after 60 s the node is NotReady
// while its pod still shows Running, fail and recover, and a pod's delete.
// The menu offers only what applies (uncordon once cordoned, heal once
// partitioned, recover once failed).
func TestFaultsInOneClick(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	eval[any](p, "kubeloop.apply(`"+nginxDeployment+"`)")
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("three Running pods", `document.querySelectorAll("#nodes .pod.st-running").length === 3`)

	// Cordon, and the menu then offers uncordon.
	menu := p.nodeMenu("node-1")
	assert.Equal(t, []string{
		"kubectl cordon node-1",
		"kubectl drain node-1 --ignore-daemonsets --delete-emptydir-data",
		"kubectl taint nodes node-1 dedicated=lesson:NoSchedule",
		"sim node partition node-1", "sim node fail node-1", "sim node delete node-1",
		"kubectl describe node node-1",
	}, menu)
	p.closeMenu()
	p.runFromNodeMenu("node-1", "kubectl cordon node-1", "node/node-1 cordoned")
	p.waitFor("node-1's lane says SchedulingDisabled", `(() => { const b = document.querySelector('.lane[data-node="node-1"] .badge-cordoned');
	  return !b.hidden && b.textContent === "SchedulingDisabled"; })()`)
	menu = p.nodeMenu("node-1")
	assert.Contains(t, menu, "kubectl uncordon node-1")
	assert.NotContains(t, menu, "kubectl cordon node-1")
	p.closeMenu()

	// Drain: the pod leaves node-1 for another node.
	require.Len(t, p.podRowsOn("node-1"), 1)
	p.runFromNodeMenu("node-1", "kubectl drain node-1 --ignore-daemonsets --delete-emptydir-data", "node/node-1 drained")
	assert.Regexp(t, `evicting pod default/nginx-deployment-\S+\npod/nginx-deployment-\S+ evicted\n`, p.termOut())
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("node-1's lane empty", `document.querySelectorAll('.lane[data-node="node-1"] .pod').length === 0`)
	assert.Empty(t, p.podRowsOn("node-1"))
	p.runFromNodeMenu("node-1", "kubectl uncordon node-1", "node/node-1 uncordoned")
	p.waitFor("node-1 schedulable again", `document.querySelector('.lane[data-node="node-1"] .badge-cordoned').hidden`)

	// Taint, then its removal from the same menu.
	p.runFromNodeMenu("node-2", "kubectl taint nodes node-2 dedicated=lesson:NoSchedule", "node/node-2 tainted")
	p.waitFor("the taint on node-2's lane", `document.querySelector('.lane[data-node="node-2"] .lane-info').textContent === "dedicated=lesson:NoSchedule"`)
	menu = p.nodeMenu("node-2")
	assert.Contains(t, menu, "kubectl taint nodes node-2 dedicated=lesson:NoSchedule-")
	assert.NotContains(t, menu, "kubectl taint nodes node-2 dedicated=lesson:NoSchedule")
	p.closeMenu()
	p.runFromNodeMenu("node-2", "kubectl taint nodes node-2 dedicated=lesson:NoSchedule-", "node/node-2 untainted")
	p.waitFor("the taint gone", `document.querySelector('.lane[data-node="node-2"] .lane-info').textContent === ""`)

	// Partition: marked at once; NotReady after the grace period, while the
	// pod on it still shows Running (its containers run on).
	onNode3 := p.podRowsOn("node-3")
	require.NotEmpty(t, onNode3)
	p.runFromNodeMenu("node-3", "sim node partition node-3", "node/node-3 partitioned")
	p.waitFor("node-3 marked partitioned", `(() => { const b = document.querySelector('.lane[data-node="node-3"] .badge-fault');
	  return !b.hidden && b.textContent === "partitioned" && b.title.includes("sim node partition"); })()`)
	menu = p.nodeMenu("node-3")
	assert.Contains(t, menu, "sim node heal node-3")
	assert.NotContains(t, menu, "sim node partition node-3")
	p.picture("faults-node-menu-1366-en")
	p.setLang("zh-CN")
	p.nodeMenu("node-3")
	p.waitFor("the menu in Chinese", `document.getElementById("pod-menu").textContent.includes("恢复它与控制平面的网络")`)
	p.picture("faults-node-menu-1366-zh-CN")
	p.closeMenu()
	p.setLang("en")
	for _, size := range []struct {
		w, h int64
		name string
	}{{1280, 720, "1280"}, {1920, 1080, "1920"}} {
		p.viewport(size.w, size.h)
		p.nodeMenu("node-3")
		p.picture("faults-node-menu-" + size.name + "-en")
		p.closeMenu()
	}
	p.viewport(1366, 768)

	p.runInTerminal("sim advance 60s")
	p.waitFor("node-3 NotReady", `document.querySelector('.lane[data-node="node-3"] .badge').textContent === "NotReady"`)
	assert.Regexp(t, `(?m)^node-3\s+NotReady\s`, eval[string](p, `(await kubeloop.kubectl("kubectl get nodes")).stdout`))
	rows := p.podRowsOn("node-3")
	require.Len(t, rows, len(onNode3))
	assert.Regexp(t, regexp.MustCompile(`^\S+ +1/1 +Running +0 `), rows[0], "the API server's last word: Running")
	p.picture("faults-partitioned-1366-en")

	p.runFromNodeMenu("node-3", "sim node heal node-3", "node/node-3 healed")
	p.waitFor("the mark gone", `document.querySelector('.lane[data-node="node-3"] .badge-fault').hidden`)
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("node-3 Ready again", `document.querySelector('.lane[data-node="node-3"] .badge').textContent === "Ready"`)

	// Fail and recover.
	p.runFromNodeMenu("node-2", "sim node fail node-2", "node/node-2 failed")
	p.waitFor("node-2 marked failed", `!document.querySelector('.lane[data-node="node-2"] .badge-fault').hidden`)
	menu = p.nodeMenu("node-2")
	assert.Contains(t, menu, "sim node recover node-2")
	assert.NotContains(t, menu, "sim node fail node-2")
	p.closeMenu()
	p.runFromNodeMenu("node-2", "sim node recover node-2", "node/node-2 recovered")
	p.waitFor("the mark gone", `document.querySelector('.lane[data-node="node-2"] .badge-fault').hidden`)

	// A pod's menu deletes it.
	pod := eval[string](p, `document.querySelector("#nodes .pod.st-running").dataset.pod.split("/")[1]`)
	p.click(`#nodes .pod[data-pod="default/` + pod + `"]`)
	del := "kubectl delete pod " + pod + " --wait=false"
	require.Contains(t, p.menuCommands(), del)
	eval[bool](p, `(() => { [...document.querySelectorAll("#pod-menu button.menu-item")].find(b => b.textContent.includes(`+strconv.Quote(del)+`)).click(); return true; })()`)
	p.waitFor("the terminal runs the delete", `document.getElementById("term-out").textContent.includes(`+strconv.Quote(`pod "`+pod+`" deleted`)+`)`)
	p.noConsoleErrors()
}
