package kubelet_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// createSpec makes a pod bound to node with the given spec.
func (f *fixture) createSpec(name, node string, spec api.PodSpec) *api.Pod {
	f.t.Helper()
	spec.NodeName = node
	o, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"}, Spec: spec})
	require.NoError(f.t, err)
	return o.(*api.Pod)
}

// oneContainer is a pod spec with one container named app.
func oneContainer(image string, policy string, command ...string) api.PodSpec {
	return api.PodSpec{RestartPolicy: policy, Containers: []api.Container{{Name: "app", Image: image, Command: command}}}
}

// row is what `kubectl get pods` shows of a pod at a simulated instant.
type row struct {
	At       time.Duration
	Status   string
	Ready    string
	Restarts int32
}

func (f *fixture) row(name string) row {
	p := f.pod(name)
	ready, restarts := 0, int32(0)
	for _, cs := range p.Status.ContainerStatuses {
		if cs.Ready {
			ready++
		}
		restarts += cs.RestartCount
	}
	return row{f.clk.Now().Sub(f.start), api.PodDisplayStatus(p), fmt.Sprintf("%d/%d", ready, len(p.Spec.Containers)), restarts}
}

// watch steps the clock task by task up to d after the fixture's start and
// returns each change of the pod's row, as `kubectl get pods -w` would.
func (f *fixture) watch(name string, d time.Duration) []row {
	f.t.Helper()
	var out []row
	var last row
	for {
		if next, ok := f.clk.Next(); !ok || next.Sub(f.start) > d {
			break
		}
		f.clk.Step()
		r := f.row(name)
		if len(out) == 0 || r.Status != last.Status || r.Ready != last.Ready || r.Restarts != last.Restarts {
			out = append(out, r)
		}
		last = r
	}
	f.clk.AdvanceTo(f.start.Add(d))
	return out
}

// settle runs until only housekeeping is left, at most max.
func (f *fixture) settle(max time.Duration) bool {
	deadline := f.clk.Now().Add(max)
	for f.clk.Busy() {
		if next, _ := f.clk.Next(); next.After(deadline) {
			return false
		}
		f.clk.Step()
	}
	return true
}

func TestACrashingImageLoopsWithGrowingBackOff(t *testing.T) {
	f := newFixture(t)
	f.createSpec("crash", "node-1", oneContainer("kubeloop/crash:v1", ""))
	s := time.Second
	got := f.watch("crash", 12*time.Minute)
	// Pull 1s, start 1s, exit 1s later. The first restart is at once (the
	// kubelet notices the exit a second later); then each restart waits
	// 10s, 20s, 40s, … 5m after the exit, showing CrashLoopBackOff.
	want := []row{
		{0, "ContainerCreating", "0/1", 0},
		{2 * s, "Running", "1/1", 0},
		{3 * s, "Error", "0/1", 0}, {4 * s, "Running", "1/1", 1},
		{5 * s, "Error", "0/1", 1}, {6 * s, "CrashLoopBackOff", "0/1", 1}, {15 * s, "Running", "1/1", 2}, // 10s
		{16 * s, "Error", "0/1", 2}, {17 * s, "CrashLoopBackOff", "0/1", 2}, {36 * s, "Running", "1/1", 3}, // 20s
		{37 * s, "Error", "0/1", 3}, {38 * s, "CrashLoopBackOff", "0/1", 3}, {77 * s, "Running", "1/1", 4}, // 40s
		{78 * s, "Error", "0/1", 4}, {79 * s, "CrashLoopBackOff", "0/1", 4}, {158 * s, "Running", "1/1", 5}, // 80s
		{159 * s, "Error", "0/1", 5}, {160 * s, "CrashLoopBackOff", "0/1", 5}, {319 * s, "Running", "1/1", 6}, // 160s
		{320 * s, "Error", "0/1", 6}, {321 * s, "CrashLoopBackOff", "0/1", 6}, {620 * s, "Running", "1/1", 7}, // 300s, the cap
		{621 * s, "Error", "0/1", 7}, {622 * s, "CrashLoopBackOff", "0/1", 7},
	}
	require.NotEmpty(t, got)
	got[0].At = 0 // created before the kubelet saw it; the first row is at 0 either way
	assert.Equal(t, want, got[1:], "rows after the first, which is Pending at 0")

	p := f.pod("crash")
	assert.Equal(t, api.PodRunning, p.Status.Phase, "restartPolicy Always: the pod stays Running while it loops")
	assert.False(t, api.IsPodReady(p))
	ready := p.Condition(api.PodReady)
	assert.Equal(t, "ContainersNotReady", ready.Reason)
	assert.Equal(t, "containers with unready status: [app]", ready.Message)
	cs := p.Status.ContainerStatuses[0]
	require.NotNil(t, cs.State.Waiting)
	assert.Equal(t, "CrashLoopBackOff", cs.State.Waiting.Reason)
	assert.Equal(t, fmt.Sprintf("back-off 5m0s restarting failed container=app pod=crash_default(%s)", p.UID), cs.State.Waiting.Message)
	require.NotNil(t, cs.LastState.Terminated)
	assert.Equal(t, api.ContainerStateTerminated{ExitCode: 1, Reason: "Error",
		StartedAt: api.NewTime(f.start.Add(620 * s)), FinishedAt: api.NewTime(f.start.Add(621 * s))}, *cs.LastState.Terminated)
	assert.Equal(t, int32(7), cs.RestartCount)
	assert.False(t, *cs.Started)

	assert.True(t, f.clk.Busy(), "a back-off keeps the cluster busy: it never settles")

	backOff := f.eventNamed("crash", "BackOff")
	require.NotNil(t, backOff)
	assert.Equal(t, "Warning", backOff.Type)
	assert.Equal(t, fmt.Sprintf("Back-off restarting failed container app in pod crash_default(%s)", p.UID), backOff.Message)
	assert.Equal(t, int32(7), backOff.Count, "one per back-off")
	started := f.eventNamed("crash", "Started")
	assert.Equal(t, int32(8), started.Count, "Started again on each restart")
	pulled := f.eventNamed("crash", "Pulled")
	require.NotNil(t, pulled)
	assert.Contains(t, f.events("crash"), `Pulled: Container image "kubeloop/crash:v1" already present on machine`)
}

func TestTheStatusWhileAContainerIsInBackOff(t *testing.T) {
	f := newFixture(t)
	f.createSpec("crash", "node-1", oneContainer("kubeloop/crash:v1", ""))
	f.clk.AdvanceTo(f.start.Add(5 * time.Second))
	p := f.pod("crash")
	cs := p.Status.ContainerStatuses[0]
	require.NotNil(t, cs.State.Terminated, "just exited: terminated, not yet backing off")
	assert.Equal(t, int32(1), cs.State.Terminated.ExitCode)
	assert.Equal(t, "Error", cs.State.Terminated.Reason)
	require.NotNil(t, cs.LastState.Terminated, "the first instance's exit")
	assert.Equal(t, f.start.Add(3*time.Second), cs.LastState.Terminated.FinishedAt.Time)
	assert.Equal(t, "Error", api.PodDisplayStatus(p))

	f.clk.AdvanceTo(f.start.Add(6 * time.Second))
	cs = f.pod("crash").Status.ContainerStatuses[0]
	require.NotNil(t, cs.State.Waiting)
	assert.Equal(t, fmt.Sprintf("back-off 10s restarting failed container=app pod=crash_default(%s)", p.UID), cs.State.Waiting.Message)
	assert.Equal(t, f.start.Add(5*time.Second), cs.LastState.Terminated.FinishedAt.Time)
	assert.Equal(t, f.start.Add(4*time.Second), cs.LastState.Terminated.StartedAt.Time)
}

func TestRestartPolicies(t *testing.T) {
	s := time.Second
	sh := func(script string) []string { return []string{"sh", "-c", script} }
	tests := []struct {
		name    string
		policy  string
		command []string
		at      time.Duration
		phase   string
		status  string
		// restarts at `at`; exit is the exit code of the latest termination
		restarts int32
		exit     int32
		busy     bool
	}{
		// busybox pulls in 1s, starts 1s later; `sleep 5` exits at 7s.
		{"Never, exit 0: Succeeded", "Never", sh("echo hello; sleep 5"), 10 * s, api.PodSucceeded, "Completed", 0, 0, false},
		{"Never, exit 1: Failed", "Never", sh("sleep 5; exit 1"), 10 * s, api.PodFailed, "Error", 0, 1, false},
		{"OnFailure, exit 0: Succeeded", "OnFailure", sh("sleep 5"), 10 * s, api.PodSucceeded, "Completed", 0, 0, false},
		// Exits at 7s, restarts at 8s, exits at 13s, backs off 10s from 13s.
		{"OnFailure, exit 1: restarts", "OnFailure", sh("sleep 5; false"), 20 * s, api.PodRunning, "CrashLoopBackOff", 1, 1, true},
		{"Always, exit 0: restarts too", "Always", sh("sleep 5"), 20 * s, api.PodRunning, "CrashLoopBackOff", 1, 0, true},
		{"Always, busybox without a command exits at once", "Always", nil, 5 * s, api.PodRunning, "CrashLoopBackOff", 1, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.createSpec("job", "node-1", oneContainer("busybox:1.36", tc.policy, tc.command...))
			f.clk.AdvanceTo(f.start.Add(tc.at))
			p := f.pod("job")
			assert.Equal(t, tc.phase, p.Status.Phase)
			assert.Equal(t, tc.status, api.PodDisplayStatus(p))
			cs := p.Status.ContainerStatuses[0]
			assert.Equal(t, tc.restarts, cs.RestartCount)
			term := cs.State.Terminated
			if term == nil {
				term = cs.LastState.Terminated
			}
			require.NotNil(t, term)
			assert.Equal(t, tc.exit, term.ExitCode)
			assert.Equal(t, tc.busy, f.clk.Busy(), "only a pod that will restart keeps the cluster busy")
		})
	}
}

func TestAFinishedPodFreesItsIPButShowsIt(t *testing.T) {
	f := newFixture(t)
	f.createSpec("job", "node-1", oneContainer("busybox:1.36", "Never", "sleep", "5"))
	require.True(t, f.settle(time.Minute), "a 5s process is waited for, then nothing is left to do")
	p := f.pod("job")
	assert.Equal(t, api.PodSucceeded, p.Status.Phase)
	assert.Equal(t, "Completed", api.PodDisplayStatus(p))
	assert.Equal(t, f.start.Add(7*time.Second), f.clk.Now())
	ready := p.Condition(api.PodReady)
	assert.Equal(t, api.ConditionFalse, ready.Status)
	assert.Equal(t, "PodCompleted", ready.Reason)
	assert.Equal(t, "10.244.1.2", p.Status.PodIP)
	term := p.Status.ContainerStatuses[0].State.Terminated
	require.NotNil(t, term)
	assert.Equal(t, api.ContainerStateTerminated{ExitCode: 0, Reason: "Completed",
		StartedAt: api.NewTime(f.start.Add(2 * time.Second)), FinishedAt: api.NewTime(f.start.Add(7 * time.Second))}, *term)

	f.create("next", "node-1", "nginx:1.7.9")
	f.runUntilReady("next")
	assert.Equal(t, "10.244.1.3", f.pod("next").Status.PodIP, "the next address round-robin")
}

func TestTheJobLessonsPiComputesForFiveSeconds(t *testing.T) {
	f := newFixture(t)
	f.createSpec("pi", "node-1", api.PodSpec{RestartPolicy: "Never", Containers: []api.Container{{
		Name: "pi", Image: "perl:5.34.0", Command: []string{"perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"}}}})
	require.True(t, f.settle(time.Minute))
	// perl pulls in 5s, starts 1s later, computes for 5s.
	assert.Equal(t, f.start.Add(11*time.Second), f.clk.Now())
	assert.Equal(t, "Completed", api.PodDisplayStatus(f.pod("pi")))
}

func TestALongSleepDoesNotKeepTheClusterBusy(t *testing.T) {
	f := newFixture(t)
	f.createSpec("sleeper", "node-1", oneContainer("busybox:1.36", "", "sh", "-c", "sleep 3600"))
	require.True(t, f.settle(time.Minute))
	assert.Equal(t, "Running", api.PodDisplayStatus(f.pod("sleeper")))

	// An hour later the process exits 0 and restartPolicy Always restarts
	// it at once: a container that ran 10 minutes starts its back-off over.
	f.clk.AdvanceTo(f.start.Add(2*time.Second + time.Hour))
	assert.Equal(t, "Completed", api.PodDisplayStatus(f.pod("sleeper")))
	f.clk.Advance(time.Second)
	assert.Equal(t, row{time.Hour + 3*time.Second, "Running", "1/1", 1}, f.row("sleeper"))
	f.clk.Advance(time.Hour)
	assert.Equal(t, "Completed", api.PodDisplayStatus(f.pod("sleeper")))
	f.clk.Advance(time.Second)
	assert.Equal(t, row{2*time.Hour + 4*time.Second, "Running", "1/1", 2}, f.row("sleeper"), "no CrashLoopBackOff after an hour of running")
}

func TestDeletingACrashLoopingPodStopsItsBackOff(t *testing.T) {
	f := newFixture(t)
	f.createSpec("crash", "node-1", oneContainer("kubeloop/crash:v1", ""))
	f.clk.AdvanceTo(f.start.Add(7 * time.Second))
	require.Equal(t, "CrashLoopBackOff", api.PodDisplayStatus(f.pod("crash")))
	_, err := f.store.Delete(api.Pods, "default", "crash", store.DeleteOptions{})
	require.NoError(t, err)
	f.clk.Advance(time.Second)
	assert.False(t, f.exists("crash"))
	assert.NotContains(t, f.events("crash"), "Killing: Stopping container app", "nothing runs to be stopped")
	assert.True(t, f.settle(time.Minute), "no restart is pending for a deleted pod")
}
