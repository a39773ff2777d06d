package browser_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/tests/bench"
)

// The page's collections run in tasks of their own (wasm/collector.go):
// Go on wasm marks the heap to its end in the task that started the
// collection, so one started by a frame's draw or a worker's post made
// that task as long as both. Through a 1,000-pod scale-up and rollout,
// every collection the page makes is one it ran ahead.
func TestThePagesCollectionsRunInTasksOfTheirOwn(t *testing.T) {
	t.Parallel()
	longerTabs(t, 3*time.Minute)
	p := openPage(t)
	for i := 4; i <= bench.Nodes(1000); i++ { // room for the pods, as make perf makes
		eval[bool](p, fmt.Sprintf(`(() => { document.getElementById("term-input").value = "sim node add node-%d";
		  document.getElementById("term-form").requestSubmit(); return true; })()`, i))
	}
	p.waitFor("the nodes", fmt.Sprintf(`document.querySelectorAll('#nodes .lane[data-node^="node-"]').length === %d`, bench.Nodes(1000)))
	before := p.mem()
	p.click(`[data-speed="100"]`) // the clock plays: the page draws as the pods come
	eval[any](p, "kubeloop.apply(`"+strings.Replace(nginxDeployment, "replicas: 3", "replicas: 1000", 1)+"`)")
	p.waitWithin(90*time.Second, "1,000 pods Running and ready", `kubeloop.debug.drawnReady("nginx:1.7.9") === 1000`)
	eval[any](p, `kubeloop.kubectl("kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1")`)
	p.waitWithin(90*time.Second, "the rollout drawn", `kubeloop.debug.drawnReady("nginx:1.9.1") === 1000`)
	after := p.mem()
	collections, ahead := after.NumGC-before.NumGC, after.AheadGC-before.AheadGC
	t.Logf("%d collections, %d of them ahead; heap %.0f MB", collections, ahead, after.HeapSys/1e6)
	assert.Positive(t, collections, "the test can tell: the page collected")
	assert.Equal(t, collections, ahead, "every collection ran ahead, in a task of its own")
	if took := after.collectionsSince(before); assert.NotEmpty(t, took, "each one's time is kept") {
		assert.Positive(t, slices.Max(took), "a collection takes time")
	}
	p.noConsoleErrors()
}

// make perf reports each phase's collections: the newest times kept are
// the phase's, as many as it ran.
func TestThePhasesCollectionsAreTheNewest(t *testing.T) {
	t.Parallel()
	// Four times kept where the page keeps 64, each at its collection's
	// number modulo four: the newest four are collections 70 to 73.
	before := goMem{AheadGC: 71}
	after := goMem{AheadGC: 74, AheadGCms: []float64{55, 35, 90, 20}}
	assert.Equal(t, []float64{20, 55, 35}, after.collectionsSince(before))
	assert.Equal(t, "3 ran ahead, the median 35 ms, the longest 55 ms, 1 over 50 ms", after.collectionsText(before))
	assert.Equal(t, "none ran ahead", after.collectionsText(after))
	assert.Equal(t, []float64{90, 20, 55, 35}, after.collectionsSince(goMem{}), "more ran than were kept: all that were")
}
