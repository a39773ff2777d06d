package browser_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestControlPlaneLaneAndTheSystemView: the control-plane node is a lane
// marked with its role; the cluster's own pods (the control plane's mirror
// pods, CoreDNS, kube-proxy and kindnet on every node) are drawn only with
// the system view on, and the summary counts them only then. The lane
// comes after the workers', whose pods the learner made: they stay at the
// top of the pane.
func TestControlPlaneLaneAndTheSystemView(t *testing.T) {
	t.Parallel()
	longerTabs(t, manyRoomsTab) // twenty screenshots
	p := openPage(t)
	p.applyAndSettle()
	p.waitFor("three Running pod cards", `document.querySelectorAll("`+runningCards+`").length === 3`)
	lane := `#nodes .lane[data-node="control-plane-1"]`
	assert.Equal(t, 1, p.count(lane+`.lane-control-plane .lane-role:not([hidden])`))
	assert.Equal(t, "control-plane", p.text(lane+" .lane-role"))
	assert.Equal(t, 3, p.count(`#nodes .lane[data-node]:not(.lane-control-plane) .lane-role[hidden]`), "the workers have no role mark")
	assert.Equal(t, []string{"node-1", "node-2", "node-3", "control-plane-1"},
		eval[[]string](p, `[...document.querySelectorAll("#nodes .lane[data-node]")].map(l => l.dataset.node)`), "the workers' lanes first")
	assert.True(t, eval[bool](p, `document.querySelector('#nodes .lane[data-node="node-1"]').getBoundingClientRect().bottom <=
		document.querySelector('`+lane+`').getBoundingClientRect().top`), "the control plane's lane below the workers'")
	assert.Zero(t, p.count(`#nodes .pod[data-pod^="kube-system/"]`))
	assert.Contains(t, p.text(lane+" .lane-empty"), "system")
	assert.Contains(t, p.text("#summary"), "3 pods")
	assert.Zero(t, p.count(`#owners [data-deployment="kube-system/coredns"]`))

	for _, size := range [][2]int64{{1280, 720}, {1366, 768}} {
		p.viewport(size[0], size[1])
		p.screenshots(fmt.Sprintf("controlplane-%dx%d", size[0], size[1]))
	}

	p.click("#trace-system")
	// 4 mirror pods and 2 CoreDNS pods on the control plane, kindnet and
	// kube-proxy there and on each of the three workers.
	p.waitFor("the cluster's own pods", `document.querySelectorAll('#nodes .pod[data-pod^="kube-system/"]').length === 14`)
	assert.Equal(t, 8, p.count(lane+` .pod`))
	assert.Equal(t, 2, p.count(`#nodes .lane[data-node="node-1"] .pod[data-pod^="kube-system/"]`), "kindnet and kube-proxy")
	assert.Equal(t, 1, p.count(`#owners [data-deployment="kube-system/coredns"]`))
	assert.Contains(t, p.text("#summary"), "17 pods")
	for _, size := range [][2]int64{{1280, 720}, {1366, 768}, {1920, 1080}} {
		p.viewport(size[0], size[1])
		p.screenshots(fmt.Sprintf("controlplane-system-%dx%d", size[0], size[1]))
	}

	p.click("#trace-system")
	p.waitFor("hidden again", `document.querySelectorAll('#nodes .pod[data-pod^="kube-system/"]').length === 0`)
	p.noConsoleErrors()
}
