package kubelet_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// busyNode puts one of each kind of pod on node-1.
func (f *fixture) busyNode() {
	f.createSpec("crash", "node-1", oneContainer("kubeloop/crash:v1", ""))
	f.createSpec("unready", "node-1", probed("kubeloop/unready:v1", httpProbe("/", 80, 0, 5), nil))
	f.createSpec("slow", "node-1", probed("kubeloop/slow-start:v1", httpProbe("/", 80, 3, 3), nil))
	f.createSpec("job", "node-1", oneContainer("busybox:1.36", "OnFailure", "sh", "-c", "sleep 2; exit 1"))
	f.createSpec("pi", "node-2", api.PodSpec{RestartPolicy: "Never", Containers: []api.Container{{
		Name: "pi", Image: "perl:5.34.0", Command: []string{"perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"}}}})
}

// history is every write to the store, as JSON.
func (f *fixture) history() []string {
	evs, err := f.store.Events(0)
	require.NoError(f.t, err)
	out := make([]string, len(evs))
	for i, ev := range evs {
		b, err := json.Marshal(ev.Object)
		require.NoError(f.t, err)
		out[i] = fmt.Sprintf("%d %s %s", ev.Revision, ev.Type, b)
	}
	return out
}

func TestTheSameSeedGivesTheSameHistory(t *testing.T) {
	run := func() ([]string, []string) {
		f := newFixture(t)
		f.busyNode()
		f.clk.Advance(10 * time.Minute)
		var trace []string
		for _, e := range f.trace.Since(0) {
			trace = append(trace, fmt.Sprint(e.Time, e.Key, e.Observed, e.Diff, e.Actions, e.Why, e.Result))
		}
		return f.history(), trace
	}
	h1, t1 := run()
	h2, t2 := run()
	require.Greater(t, len(h1), 200, "a busy history")
	assert.Equal(t, h1, h2)
	assert.Equal(t, t1, t2)
}

func TestTheTraceExplainsRestartsAndProbes(t *testing.T) {
	f := newFixture(t)
	f.busyNode()
	f.clk.Advance(time.Minute)
	var why []string
	for _, e := range f.trace.Since(0) {
		why = append(why, e.Why...)
	}
	all := strings.Join(why, "\n")
	for _, want := range []string{
		"start container app: it crash: exits 1 after 1s",
		"restartPolicy Always restarts a container that exits with 1",
		"container app exited with 1: first restart, at once",
		"container app exited with 1: restart after back-off 10s (CrashLoopBackOff)",
		"container app exited with 1: restart after back-off 20s (CrashLoopBackOff)",
		"back-off 20s for container app is over: restart",
		"readiness probe of app failed 1 of 3: not Ready",
		"readiness probe of app failed 3 of 3: not Ready",
		"readiness probe of app passed 1 of 1: Ready",
		"start container app: it runs 2s, then exits 1",
		"restartPolicy Never: a container that exits with 0 stays terminated",
		"no container will run again: the pod is Succeeded and its IP is free",
	} {
		assert.Contains(t, all, want)
	}
}
