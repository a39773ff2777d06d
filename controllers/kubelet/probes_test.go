package kubelet_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func httpProbe(path string, port int32, initialDelay, period int32) *api.Probe {
	return &api.Probe{HTTPGet: &api.HTTPGetAction{Path: path, Port: api.FromInt(port)},
		InitialDelaySeconds: initialDelay, PeriodSeconds: period}
}

func probed(image string, readiness, liveness *api.Probe, command ...string) api.PodSpec {
	return api.PodSpec{Containers: []api.Container{{Name: "app", Image: image, Command: command,
		Ports:          []api.ContainerPort{{Name: "http", ContainerPort: 80}},
		ReadinessProbe: readiness, LivenessProbe: liveness}}}
}

func TestAReadinessProbeGatesReady(t *testing.T) {
	s := time.Second
	// nginx:1.7.9 pulls in 2s and starts at 3s. Probes tick every period
	// from the start; the first that counts is the first at or after
	// initialDelaySeconds.
	tests := []struct {
		name  string
		probe *api.Probe
		ready time.Duration
	}{
		{"no initial delay: the first probe, at the start", httpProbe("/", 80, 0, 5), 3 * s},
		{"initial delay of one period", httpProbe("/", 80, 5, 5), 8 * s},
		{"initial delay between ticks waits for the next tick", httpProbe("/", 80, 5, 0), 13 * s}, // period 10s by default
		{"successThreshold 3 takes three passes", &api.Probe{TCPSocket: &api.TCPSocketAction{Port: api.FromString("http")},
			InitialDelaySeconds: 5, PeriodSeconds: 5, SuccessThreshold: 3}, 18 * s},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.createSpec("web", "node-1", probed("nginx:1.7.9", tc.probe, nil))
			f.clk.AdvanceTo(f.start.Add(3 * s))
			if tc.ready > 3*s {
				f.clk.AdvanceTo(f.start.Add(tc.ready - time.Millisecond))
				assert.Equal(t, row{tc.ready - time.Millisecond, "Running", "0/1", 0}, f.row("web"), "running, not Ready before the probe passes")
				assert.False(t, f.pod("web").Status.ContainerStatuses[0].Ready)
			}
			f.clk.AdvanceTo(f.start.Add(tc.ready))
			assert.Equal(t, row{tc.ready, "Running", "1/1", 0}, f.row("web"))
			p := f.pod("web")
			require.True(t, api.IsPodReady(p))
			assert.Equal(t, f.start.Add(tc.ready), p.Condition(api.PodReady).LastTransitionTime.Time)
			assert.Empty(t, p.Condition(api.PodReady).Reason)
			assert.NotContains(t, f.events("web"), "Unhealthy", "nginx passes its probes")
		})
	}
}

func TestAnUnreadyImageRunsButIsNeverReady(t *testing.T) {
	f := newFixture(t)
	f.createSpec("unready", "node-1", probed("kubeloop/unready:v1", httpProbe("/healthz", 80, 0, 5), nil))
	// Pull 1s, start 2s; probes fail at 2s, 7s, 12s: then the kubelet has
	// shown failureThreshold failures, and nothing will change.
	require.True(t, f.settle(time.Minute), "a failing readiness probe does not keep the cluster busy")
	assert.Equal(t, f.start.Add(12*time.Second), f.clk.Now())
	assert.Equal(t, row{12 * time.Second, "Running", "0/1", 0}, f.row("unready"))
	p := f.pod("unready")
	assert.Equal(t, api.PodRunning, p.Status.Phase)
	ready := p.Condition(api.PodReady)
	assert.Equal(t, api.ConditionFalse, ready.Status)
	assert.Equal(t, "ContainersNotReady", ready.Reason)
	assert.Equal(t, "containers with unready status: [app]", ready.Message)
	unhealthy := f.eventNamed("unready", "Unhealthy")
	require.NotNil(t, unhealthy)
	assert.Equal(t, "Warning", unhealthy.Type)
	assert.Equal(t, "Readiness probe failed: HTTP probe failed with statuscode: 503", unhealthy.Message)
	assert.Equal(t, int32(3), unhealthy.Count)

	// Probing goes on as housekeeping while time passes.
	f.clk.Advance(time.Minute)
	assert.Equal(t, int32(15), f.eventNamed("unready", "Unhealthy").Count)
	assert.Equal(t, "0/1", f.row("unready").Ready)
	assert.False(t, f.clk.Busy())
}

func TestASlowStartIsReadyWhenItsProbePasses(t *testing.T) {
	f := newFixture(t)
	f.createSpec("slow", "node-1", probed("kubeloop/slow-start:v1", httpProbe("/", 8080, 0, 5), nil))
	require.True(t, f.settle(time.Minute), "settles once Ready")
	// Starts at 2s; probes fail at 2, 7, 12, 17s and pass at 22s (20s in).
	assert.Equal(t, f.start.Add(22*time.Second), f.clk.Now())
	assert.Equal(t, row{22 * time.Second, "Running", "1/1", 0}, f.row("slow"))
	unhealthy := f.eventNamed("slow", "Unhealthy")
	require.NotNil(t, unhealthy)
	assert.Equal(t, `Readiness probe failed: Get "http://10.244.1.2:8080/": dial tcp 10.244.1.2:8080: connect: connection refused`, unhealthy.Message)
	assert.Equal(t, int32(4), unhealthy.Count)
}

func TestASlowStartWithoutAProbeIsReadyAtOnce(t *testing.T) {
	f := newFixture(t)
	f.createSpec("slow", "node-1", probed("kubeloop/slow-start:v1", nil, nil))
	require.True(t, f.settle(time.Minute))
	assert.Equal(t, row{2 * time.Second, "Running", "1/1", 0}, f.row("slow"), "the kubelet cannot know it does not serve yet")
}

func TestAHealthyPodWithProbesLetsTheClusterSettle(t *testing.T) {
	f := newFixture(t)
	f.createSpec("web", "node-1", probed("nginx:1.7.9", httpProbe("/", 80, 5, 5), httpProbe("/", 80, 10, 10)))
	require.True(t, f.settle(time.Minute))
	assert.True(t, api.IsPodReady(f.pod("web")))
	assert.Equal(t, f.start.Add(8*time.Second), f.clk.Now(), "settled when it became Ready")
	assert.False(t, f.clk.Busy())

	rv := f.pod("web").ResourceVersion
	f.clk.Advance(time.Hour)
	assert.Equal(t, rv, f.pod("web").ResourceVersion, "passing probes change nothing")
	assert.False(t, f.clk.Busy())
	next, queued := f.clk.Next()
	assert.True(t, queued && next.Sub(f.clk.Now()) <= 10*time.Second, "and need no timer but the node heartbeats")
}

func TestAFailingLivenessProbeRestartsTheContainer(t *testing.T) {
	f := newFixture(t)
	// The liveness-exec example of the Kubernetes docs.
	liveness := &api.Probe{Exec: &api.ExecAction{Command: []string{"cat", "/tmp/healthy"}}, InitialDelaySeconds: 5, PeriodSeconds: 5}
	f.createSpec("liveness-exec", "node-1", probed("busybox:1.36", nil, liveness,
		"/bin/sh", "-c", "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"))
	// Started at 2s; the file goes at 32s; probes fail at 32, 37, 42s: kill.
	got := f.watch("liveness-exec", 50*time.Second)
	assert.Equal(t, []row{
		{0, "ContainerCreating", "0/1", 0},
		{2 * time.Second, "Running", "1/1", 0},
		{42 * time.Second, "Error", "0/1", 0},
		{43 * time.Second, "Running", "1/1", 1},
	}, got[1:])
	assert.True(t, f.clk.Busy(), "a failing liveness probe is a restart loop in the making: the cluster is busy")
	p := f.pod("liveness-exec")
	last := p.Status.ContainerStatuses[0].LastState.Terminated
	require.NotNil(t, last)
	assert.Equal(t, int32(137), last.ExitCode, "sh ignores SIGTERM: killed")
	assert.Equal(t, "Error", last.Reason)

	unhealthy := f.eventNamed("liveness-exec", "Unhealthy")
	require.NotNil(t, unhealthy)
	assert.Equal(t, "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory", unhealthy.Message)
	assert.Equal(t, int32(3), unhealthy.Count)
	assert.Contains(t, f.events("liveness-exec"), "Killing: Container app failed liveness probe, will be restarted")
}

func TestAReadyContainerWhoseProbeFailsLosesReadyAfterFailureThreshold(t *testing.T) {
	f := newFixture(t)
	readiness := &api.Probe{Exec: &api.ExecAction{Command: []string{"cat", "/tmp/ready"}}, PeriodSeconds: 5}
	f.createSpec("flaky", "node-1", probed("busybox:1.36", readiness, nil,
		"sh", "-c", "touch /tmp/ready; sleep 20; rm /tmp/ready; sleep 3600"))
	// Ready at the start (2s); the file goes at 22s; failures at 22, 27
	// and 32s: not Ready from 32s, and then nothing more will change.
	got := f.watch("flaky", 40*time.Second)
	assert.Equal(t, []row{{2 * time.Second, "Running", "1/1", 0}, {32 * time.Second, "Running", "0/1", 0}}, got[2:])
	assert.False(t, f.clk.Busy())
	assert.Equal(t, "Readiness probe failed: cat: can't open '/tmp/ready': No such file or directory", f.eventNamed("flaky", "Unhealthy").Message)
}

func TestEachContainerOfAPodHasItsOwnLife(t *testing.T) {
	f := newFixture(t)
	f.createSpec("two", "node-1", api.PodSpec{Containers: []api.Container{
		{Name: "web", Image: "nginx:1.7.9"},
		{Name: "sidecar", Image: "kubeloop/crash:v1"},
	}})
	f.clk.AdvanceTo(f.start.Add(20 * time.Second))
	p := f.pod("two")
	assert.Equal(t, api.PodRunning, p.Status.Phase)
	assert.Equal(t, "containers with unready status: [sidecar]", p.Condition(api.PodReady).Message)
	web, sidecar := p.Status.ContainerStatuses[0], p.Status.ContainerStatuses[1]
	assert.True(t, web.Ready)
	assert.Equal(t, int32(0), web.RestartCount)
	assert.Equal(t, int32(2), sidecar.RestartCount)
	// Both start at 3s (nginx's pull is the longer); the sidecar exits at
	// 4s, restarts at 5s, exits at 6s and 17s, backs off until 37s.
	assert.Equal(t, row{20 * time.Second, "CrashLoopBackOff", "1/2", 2}, f.row("two"), "the pod shows its failing container")
}
