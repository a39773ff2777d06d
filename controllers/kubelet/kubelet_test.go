package kubelet_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/kubelet"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with the kubelets running and no scheduler: tests
// create pods already bound (spec.nodeName set), as a static assignment.
type fixture struct {
	t     *testing.T
	clk   *clock.Sim
	store *store.Store
	trace *controller.Trace
	start time.Time
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	clk, s, m := controllertest.Start(t, func(s *store.Store) {
		for i := 1; i <= 2; i++ {
			_, err := s.Create(&api.Node{ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("node-%d", i)},
				Spec: api.NodeSpec{PodCIDR: fmt.Sprintf("10.244.%d.0/24", i)},
				Status: api.NodeStatus{
					Conditions: []api.NodeCondition{{Type: "Ready", Status: api.ConditionTrue}},
					Addresses:  []api.NodeAddress{{Type: "InternalIP", Address: fmt.Sprintf("172.18.0.%d", i+1)}},
				}})
			require.NoError(t, err)
		}
	}, kubelet.Register)
	controllertest.Settle(clk)
	return &fixture{t: t, clk: clk, store: s, trace: m.Trace, start: clk.Now()}
}

// create makes a pod bound to node running image.
func (f *fixture) create(name, node, image string) *api.Pod {
	f.t.Helper()
	o, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.PodSpec{NodeName: node, Containers: []api.Container{{Name: "nginx", Image: image}}}})
	require.NoError(f.t, err)
	return o.(*api.Pod)
}

func (f *fixture) pod(name string) *api.Pod {
	f.t.Helper()
	o, err := f.store.Get(api.Pods, "default", name)
	require.NoError(f.t, err)
	return o.(*api.Pod)
}

func (f *fixture) exists(name string) bool {
	_, err := f.store.Get(api.Pods, "default", name)
	return err == nil
}

// runUntilReady advances until the pod is Ready (at most a minute).
func (f *fixture) runUntilReady(name string) {
	f.t.Helper()
	deadline := f.clk.Now().Add(time.Minute)
	for !api.IsPodReady(f.pod(name)) {
		next, ok := f.clk.Next()
		require.True(f.t, ok && !next.After(deadline), "pod %s never became Ready", name)
		f.clk.Step()
	}
}

// events lists "Reason: message" for the events about one pod, in order.
func (f *fixture) events(name string) []string {
	var out []string
	for _, o := range f.store.List(api.Events, "default") {
		if e := o.(*api.Event); e.InvolvedObject.Name == name {
			out = append(out, e.Reason+": "+e.Message)
		}
	}
	return out
}

func (f *fixture) eventNamed(pod, reason string) *api.Event {
	for _, o := range f.store.List(api.Events, "default") {
		if e := o.(*api.Event); e.InvolvedObject.Name == pod && e.Reason == reason {
			return e
		}
	}
	return nil
}

func (f *fixture) eventsInOrder(name string) []string {
	evs, err := f.store.Events(0)
	require.NoError(f.t, err)
	var out []string
	for _, ev := range evs {
		if e, ok := ev.Object.(*api.Event); ok && ev.Type == store.Added && e.InvolvedObject.Name == name {
			out = append(out, e.Reason+": "+e.Message)
		}
	}
	return out
}

func TestABoundPodRunsAfterPullAndStart(t *testing.T) {
	f := newFixture(t)
	f.create("web", "node-1", "nginx:1.7.9")
	controllertest.Settle(f.clk)

	p := f.pod("web")
	assert.Equal(t, api.PodPending, p.Status.Phase)
	assert.Equal(t, "ContainerCreating", api.PodDisplayStatus(p))
	assert.Equal(t, "172.18.0.2", p.Status.HostIP)
	assert.False(t, api.IsPodReady(p))
	require.Len(t, p.Status.ContainerStatuses, 1)
	require.NotNil(t, p.Status.ContainerStatuses[0].State.Waiting)
	assert.Equal(t, "ContainerCreating", p.Status.ContainerStatuses[0].State.Waiting.Reason)

	// nginx:1.7.9 takes 2s to pull and 1s to start: nothing is Ready a
	// moment before 3s, everything is at 3s.
	f.clk.Advance(3*time.Second - time.Millisecond)
	p = f.pod("web")
	assert.Equal(t, "ContainerCreating", api.PodDisplayStatus(p))
	assert.False(t, api.IsPodReady(p))
	f.clk.Advance(time.Millisecond)

	p = f.pod("web")
	assert.Equal(t, api.PodRunning, p.Status.Phase)
	assert.Equal(t, "Running", api.PodDisplayStatus(p))
	assert.True(t, api.IsPodReady(p))
	ready := p.Condition(api.PodReady)
	assert.Equal(t, f.start.Add(3*time.Second), ready.LastTransitionTime.Time)
	assert.Equal(t, api.ConditionTrue, p.Condition(api.ContainersReady).Status)
	assert.Equal(t, f.start, p.Status.StartTime.Time)
	assert.Equal(t, "10.244.1.2", p.Status.PodIP)
	assert.Equal(t, []api.PodIP{{IP: "10.244.1.2"}}, p.Status.PodIPs)
	assert.Equal(t, "172.18.0.2", p.Status.HostIP)
	assert.Equal(t, "BestEffort", p.Status.QOSClass)

	require.Len(t, p.Status.ContainerStatuses, 1)
	cs := p.Status.ContainerStatuses[0]
	assert.Equal(t, "nginx", cs.Name)
	assert.Equal(t, "docker.io/library/nginx:1.7.9", cs.Image)
	assert.Regexp(t, `^docker\.io/library/nginx:1\.7\.9@sha256:[0-9a-f]+$`, cs.ImageID)
	assert.Regexp(t, `^containerd://[0-9a-f]+$`, cs.ContainerID)
	assert.True(t, cs.Ready)
	assert.Equal(t, int32(0), cs.RestartCount)
	require.NotNil(t, cs.Started)
	assert.True(t, *cs.Started)
	require.NotNil(t, cs.State.Running)
	assert.Equal(t, f.start.Add(3*time.Second), cs.State.Running.StartedAt.Time)
	assert.Nil(t, cs.State.Waiting)

	assert.Equal(t, []string{
		`Pulling: Pulling image "nginx:1.7.9"`,
		`Pulled: Successfully pulled image "nginx:1.7.9" in 2s (2s including waiting). Image size: 72124681 bytes.`,
		`Created: Created container nginx`,
		`Started: Started container nginx`,
	}, f.eventsInOrder("web"))
}

func TestASecondPodWithTheSameImageSkipsThePull(t *testing.T) {
	f := newFixture(t)
	f.create("first", "node-1", "nginx:1.7.9")
	f.runUntilReady("first")

	f.create("second", "node-1", "nginx:1.7.9")
	f.create("elsewhere", "node-2", "nginx:1.7.9")
	begin := f.clk.Now()
	f.clk.Advance(time.Second)
	assert.True(t, api.IsPodReady(f.pod("second")), "only the 1s start: the image is on node-1")
	assert.Equal(t, begin.Add(time.Second), f.pod("second").Condition(api.PodReady).LastTransitionTime.Time)
	assert.False(t, api.IsPodReady(f.pod("elsewhere")), "node-2 has to pull it first")
	f.clk.Advance(2 * time.Second)
	assert.True(t, api.IsPodReady(f.pod("elsewhere")))

	assert.Equal(t, []string{
		`Pulled: Container image "nginx:1.7.9" already present on machine`,
		`Created: Created container nginx`,
		`Started: Started container nginx`,
	}, f.eventsInOrder("second"))
	assert.Contains(t, f.eventsInOrder("elsewhere"), `Pulling: Pulling image "nginx:1.7.9"`)
}

func TestPodIPsComeFromTheNodesCIDRRoundRobin(t *testing.T) {
	f := newFixture(t)
	f.create("a", "node-1", "nginx:1.7.9")
	f.create("b", "node-1", "nginx:1.7.9")
	f.create("c", "node-2", "nginx:1.7.9")
	f.runUntilReady("a")
	f.runUntilReady("b")
	f.runUntilReady("c")
	assert.Equal(t, "10.244.1.2", f.pod("a").Status.PodIP)
	assert.Equal(t, "10.244.1.3", f.pod("b").Status.PodIP)
	assert.Equal(t, "10.244.2.2", f.pod("c").Status.PodIP)
	assert.Equal(t, "172.18.0.3", f.pod("c").Status.HostIP)

	_, err := f.store.Delete(api.Pods, "default", "a", store.DeleteOptions{})
	require.NoError(t, err)
	f.clk.Advance(5 * time.Second)
	require.False(t, f.exists("a"))

	f.create("d", "node-1", "nginx:1.7.9")
	f.runUntilReady("d")
	assert.Equal(t, "10.244.1.4", f.pod("d").Status.PodIP, "host-local IPAM moves on: a re-created pod gets a new IP")
	f.create("e", "node-1", "nginx:1.7.9")
	f.runUntilReady("e")
	assert.Equal(t, "10.244.1.5", f.pod("e").Status.PodIP)
}

// transition is a change of a pod's STATUS column at a simulated instant.
type transition struct {
	At     time.Duration
	Status string
}

func TestAnUnknownTagBacksOffExponentially(t *testing.T) {
	f := newFixture(t)
	f.create("typo", "node-1", "nginx:1.91")
	var got []transition
	last := ""
	for f.clk.Now().Sub(f.start) <= 16*time.Minute {
		if !f.clk.Step() {
			break
		}
		p := f.pod("typo")
		require.False(t, api.IsPodReady(p), "a pod whose image cannot be pulled is never Ready")
		if s := api.PodDisplayStatus(p); s != last {
			got = append(got, transition{f.clk.Now().Sub(f.start), s})
			last = s
		}
	}
	s := time.Second
	// Pull 2s, ErrImagePull for 1s, then back-off 10s, 20s, 40s, … capped at 5m.
	want := []transition{
		{0, "Pending"}, // created, before the kubelet has seen it
		{0, "ContainerCreating"},
		{2 * s, "ErrImagePull"}, {3 * s, "ImagePullBackOff"},
		{13 * s, "ErrImagePull"}, {14 * s, "ImagePullBackOff"}, // 10s
		{34 * s, "ErrImagePull"}, {35 * s, "ImagePullBackOff"}, // 20s
		{75 * s, "ErrImagePull"}, {76 * s, "ImagePullBackOff"}, // 40s
		{156 * s, "ErrImagePull"}, {157 * s, "ImagePullBackOff"}, // 80s
		{317 * s, "ErrImagePull"}, {318 * s, "ImagePullBackOff"}, // 160s
		{618 * s, "ErrImagePull"}, {619 * s, "ImagePullBackOff"}, // 300s (5m cap)
		{919 * s, "ErrImagePull"}, {920 * s, "ImagePullBackOff"}, // 300s
	}
	assert.Equal(t, want, got)

	p := f.pod("typo")
	assert.Equal(t, api.PodPending, p.Status.Phase)
	// The sandbox exists before the pull: a pod that cannot pull has its IP.
	assert.Equal(t, "10.244.1.2", p.Status.PodIP)
	assert.Equal(t, []api.PodIP{{IP: "10.244.1.2"}}, p.Status.PodIPs)
	require.Len(t, p.Status.ContainerStatuses, 1)
	w := p.Status.ContainerStatuses[0].State.Waiting
	require.NotNil(t, w)
	assert.Equal(t, "ImagePullBackOff", w.Reason)
	assert.Equal(t, `Back-off pulling image "nginx:1.91"`, w.Message)

	evs := f.events("typo")
	assert.Contains(t, evs, `Failed: Failed to pull image "nginx:1.91": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.91": failed to resolve reference "docker.io/library/nginx:1.91": docker.io/library/nginx:1.91: not found`)
	assert.Contains(t, evs, "Failed: Error: ErrImagePull")
	assert.Contains(t, evs, `BackOff: Back-off pulling image "nginx:1.91"`)
	assert.Contains(t, evs, "Failed: Error: ImagePullBackOff")

	// Each attempt pulls again: kubectl describe shows "Pulling (x8 …)".
	pulling := f.eventNamed("typo", "Pulling")
	require.NotNil(t, pulling)
	assert.Equal(t, int32(8), pulling.Count, "the first pull and seven retries")
	assert.Equal(t, f.start.Add(919*time.Second), pulling.LastTimestamp.Time)
}

func TestADeletedPodTerminatesThenGoesAndFreesItsIP(t *testing.T) {
	f := newFixture(t)
	f.create("web", "node-1", "nginx:1.7.9")
	f.runUntilReady("web")

	seq := f.trace.Last()
	_, err := f.store.Delete(api.Pods, "default", "web", store.DeleteOptions{})
	require.NoError(t, err)
	deleted := f.clk.Now()
	controllertest.Settle(f.clk)
	p := f.pod("web")
	assert.Equal(t, "Terminating", api.PodDisplayStatus(p))
	require.NotNil(t, p.DeletionTimestamp)
	assert.Equal(t, deleted.Add(30*time.Second), p.DeletionTimestamp.Time, "grace period 30s")
	assert.Contains(t, f.events("web"), "Killing: Stopping container nginx")

	// nginx exits at once on SIGTERM: the kubelet deletes the pod for good
	// after 1s, not 30s.
	f.clk.Advance(time.Second - time.Millisecond)
	assert.Nil(t, controllertest.ActionsSince(f.trace, seq, "kubelet"))
	f.clk.Advance(time.Millisecond)
	assert.Equal(t, []string{"delete Pod default/web"}, controllertest.ActionsSince(f.trace, seq, "kubelet"))
	assert.False(t, f.exists("web"))

	f.create("next", "node-1", "nginx:1.7.9")
	f.runUntilReady("next")
	assert.Equal(t, "10.244.1.3", f.pod("next").Status.PodIP, "the next address round-robin, not the one just freed")
}

func TestADeletedPodThatNeverStartedGoesToo(t *testing.T) {
	f := newFixture(t)
	f.create("typo", "node-1", "nginx:1.91")
	f.clk.Advance(5 * time.Second)
	require.Equal(t, "ImagePullBackOff", api.PodDisplayStatus(f.pod("typo")))

	_, err := f.store.Delete(api.Pods, "default", "typo", store.DeleteOptions{})
	require.NoError(t, err)
	f.clk.Advance(time.Second)
	assert.False(t, f.exists("typo"))
	f.clk.Advance(time.Hour)
	assert.False(t, f.clk.Busy(), "no back-off keeps running for a deleted pod")
}

func TestDisplayStatusThroughAPodsLife(t *testing.T) {
	s := time.Second
	tests := []struct {
		name  string
		image string
		// deleteAt > 0 deletes the pod at that offset.
		deleteAt time.Duration
		at       []transition
	}{
		{name: "healthy", image: "nginx:1.7.9", deleteAt: 10 * s, at: []transition{
			{0, "ContainerCreating"}, {2999 * time.Millisecond, "ContainerCreating"}, {3 * s, "Running"},
			{9 * s, "Running"}, {10 * s, "Terminating"}, {10*s + 999*time.Millisecond, "Terminating"}, {11 * s, ""},
		}},
		{name: "unknown tag", image: "nginx:1.91", at: []transition{
			{0, "ContainerCreating"}, {2 * s, "ErrImagePull"}, {3 * s, "ImagePullBackOff"}, {12 * s, "ImagePullBackOff"},
			{13 * s, "ErrImagePull"}, {14 * s, "ImagePullBackOff"},
		}},
		{name: "image from a repository the catalog does not know", image: "example.com/team/app:v1", at: []transition{
			{0, "ContainerCreating"}, {4 * s, "Running"}, // 3s default pull + 1s start
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.create("p", "node-1", tc.image)
			for _, want := range tc.at {
				target := f.start.Add(want.At)
				if tc.deleteAt > 0 && !f.start.Add(tc.deleteAt).After(target) && f.clk.Now().Before(f.start.Add(tc.deleteAt)) {
					f.clk.AdvanceTo(f.start.Add(tc.deleteAt))
					_, err := f.store.Delete(api.Pods, "default", "p", store.DeleteOptions{})
					require.NoError(t, err)
				}
				f.clk.AdvanceTo(target)
				got := ""
				if f.exists("p") {
					got = api.PodDisplayStatus(f.pod("p"))
				}
				assert.Equal(t, want.Status, got, "at %s", want.At)
			}
		})
	}
}
