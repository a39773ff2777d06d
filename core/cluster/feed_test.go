package cluster_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/examples"
	"github.com/kubeloop/kubeloop/core/store"
)

// feedMatchesSnapshot checks that what a feed holds is what a Snapshot of
// the same revision shows: every pod's view, the Running count, the newest
// Events in order.
func feedMatchesSnapshot(t *testing.T, c *cluster.Cluster, f *cluster.Feed) {
	t.Helper()
	s := c.Snapshot()
	require.Equal(t, s.Revision, f.Revision())
	require.Equal(t, len(s.Pods), f.Pods())
	running := 0
	for _, p := range s.Pods {
		v, ok := f.Pod(p.Namespace + "/" + p.Name)
		require.True(t, ok, p.Name)
		require.Equal(t, p, v)
		if p.Status == "Running" {
			running++
		}
	}
	require.Equal(t, running, f.Running())
	require.Equal(t, len(s.Events), len(f.Events()))
	if len(s.Events) > 0 {
		require.Equal(t, s.Events, f.Events())
	}
}

func TestFeedFollowsScaleUpAndRollout(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 3, Controllers: controllers.All(), Nodes: 3})
	f := c.NewFeed()
	first := f.Sync()
	assert.True(t, first.Reset)
	for _, key := range first.Pods {
		assert.True(t, strings.HasPrefix(key, "kube-system/"), "no pods yet but the cluster's own: %s", key)
	}
	systemPods, systemRunning := f.SystemPods()
	assert.Equal(t, len(first.Pods), systemPods)
	assert.Equal(t, systemPods, systemRunning, "the cluster's own pods run from the start")
	// More pods than events fit a snapshot, so the newest Events are a
	// choice among many that the feed must make as Snapshot does.
	_, err := c.Apply(examples.BenchDeployment(60, "bench:1.0"))
	require.NoError(t, err)
	changedPods := 0
	for i := 0; c.Busy(); i++ {
		c.Step()
		if i%7 == 0 { // a draw now and then, several writes apart
			ch := f.Sync()
			assert.False(t, ch.Reset)
			changedPods += len(ch.Pods)
			feedMatchesSnapshot(t, c, f)
		}
	}
	f.Sync()
	feedMatchesSnapshot(t, c, f)
	assert.Equal(t, 60+systemRunning, f.Running())
	assert.GreaterOrEqual(t, changedPods, 60*3, "each pod seen at least Pending, ContainerCreating, Running")

	_, err = c.Apply(strings.Replace(examples.BenchDeployment(60, "bench:1.0"), "bench:1.0", "bench:2.0", 1))
	require.NoError(t, err)
	for i := 0; c.Busy(); i++ {
		c.Step()
		if i%13 == 0 {
			f.Sync()
			feedMatchesSnapshot(t, c, f)
		}
	}
	f.Sync()
	feedMatchesSnapshot(t, c, f)
}

// The feed keeps a view of the newest Events only: when one of them is
// deleted, it reads the others from the store again; deleting older ones
// leaves its list as it was.
func TestFeedFollowsDeletedEvents(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 3, Controllers: controllers.All(), Nodes: 3})
	_, err := c.Apply(examples.BenchDeployment(60, "bench:1.0"))
	require.NoError(t, err)
	c.Settle(0)
	f := c.NewFeed()
	f.Sync()
	all := c.Store().List(api.Events, "")
	require.Greater(t, len(all), cluster.MaxSnapshotEvents+50, "more Events than the feed shows")
	before := f.Events()
	del := func(o api.Object) {
		m := o.GetObjectMeta()
		_, err := c.Store().Delete(api.Events, m.Namespace, m.Name, store.DeleteOptions{})
		require.NoError(t, err)
	}
	for _, o := range all[:5] { // in name order: some old, maybe some newest
		del(o)
	}
	f.Sync()
	feedMatchesSnapshot(t, c, f)
	// The newest shown, then one not shown: each sync matches a snapshot.
	shown := f.Events()
	newest := shown[len(shown)-1]
	for _, o := range c.Store().List(api.Events, "") {
		e := o.(*api.Event)
		if e.Message == newest.Message && e.LastTimestamp.Time.Equal(newest.Time) {
			del(o)
			break
		}
	}
	ch := f.Sync()
	assert.True(t, ch.Events)
	feedMatchesSnapshot(t, c, f)
	assert.NotEqual(t, before, f.Events())
}

func TestFeedReportsOnlyWhatChanged(t *testing.T) {
	c := settled(t, 1)
	f := c.NewFeed()
	f.Sync()
	assert.Equal(t, cluster.FeedChanges{}, f.Sync(), "nothing written since")

	pods := c.Store().List(api.Pods, "default")
	require.Len(t, pods, 3)
	victim := "default/" + pods[0].GetObjectMeta().Name
	r := c.Kubectl("kubectl delete pod "+pods[0].GetObjectMeta().Name+" --grace-period=0 --force", "")
	require.Zero(t, r.ExitCode, r.Stderr)
	ch := f.Sync()
	assert.Equal(t, []string{victim}, ch.Pods)
	assert.False(t, ch.Nodes)
	_, ok := f.Pod(victim)
	assert.False(t, ok, "the deleted pod is gone from the feed")

	c.RunUntilIdle(0)
	ch = f.Sync()
	assert.True(t, ch.Workloads, "the ReplicaSet's status moved")
	assert.Len(t, ch.Pods, 1, "its replacement")
	assert.NotEqual(t, victim, ch.Pods[0])
	feedMatchesSnapshot(t, c, f)
}

func TestFeedStartsOverWhenHistoryIsCompacted(t *testing.T) {
	c := settled(t, 2)
	f := c.NewFeed()
	f.Sync()
	pods := c.Store().List(api.Pods, "default")
	r := c.Kubectl("kubectl delete pod "+pods[1].GetObjectMeta().Name+" --grace-period=0 --force", "")
	require.Zero(t, r.ExitCode, r.Stderr)
	c.Settle(0)
	c.Store().Compact(c.Store().Revision())
	ch := f.Sync()
	assert.True(t, ch.Reset)
	systemPods, _ := f.SystemPods()
	assert.Len(t, ch.Pods, 4+systemPods, "the three pods there are, the one deleted while the feed did not look, and the cluster's own")
	assert.Contains(t, ch.Pods, "default/"+pods[1].GetObjectMeta().Name)
	feedMatchesSnapshot(t, c, f)
}

// A page that follows the cluster must not change its history: the feed
// reads the store's log and schedules nothing.
func TestFeedLeavesTheSimulationAlone(t *testing.T) {
	run := func(follow bool) (int64, []string) {
		c := cluster.New(cluster.Options{Seed: 9, Controllers: controllers.All()})
		f := c.NewFeed()
		_, err := c.Apply(examples.BenchDeployment(20, "bench:1.0"))
		require.NoError(t, err)
		for c.Busy() {
			c.Step()
			if follow {
				f.Sync()
			}
		}
		var trace []string
		for _, e := range c.TraceSince(0) {
			trace = append(trace, e.Time.String()+" "+e.Controller+" "+e.Key+" "+e.Result)
		}
		return c.Store().Revision(), trace
	}
	revA, traceA := run(false)
	revB, traceB := run(true)
	assert.Equal(t, revA, revB)
	assert.Equal(t, traceA, traceB)
}

// BenchmarkFeedSync: what a live draw pays to learn what changed while a
// 1,000-pod Deployment scales up — a Sync every 200 tasks — against the
// Snapshot it replaces.
func BenchmarkFeedSync(b *testing.B) {
	for _, name := range []string{"feed", "snapshot"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), Nodes: nodesFor(1000)})
				f := c.NewFeed()
				_, err := c.Apply(examples.BenchDeployment(1000, "bench:1.0"))
				require.NoError(b, err)
				for c.Busy() {
					for i := 0; i < 200 && c.Step(); i++ {
					}
					b.StartTimer()
					if name == "feed" {
						f.Sync()
					} else {
						c.Snapshot()
					}
					b.StopTimer()
				}
				b.StartTimer()
			}
		})
	}
}

// TestFeedChangesThen: two syncs' changes, one after the other, are what
// one sync over both would report — here a deleted pod and its replacement.
func TestFeedChangesThen(t *testing.T) {
	c := settled(t, 1)
	twice, once := c.NewFeed(), c.NewFeed()
	twice.Sync()
	once.Sync()

	name := c.Store().List(api.Pods, "default")[0].GetObjectMeta().Name
	r := c.Kubectl("kubectl delete pod "+name+" --grace-period=0 --force", "")
	require.Zero(t, r.ExitCode, r.Stderr)
	first := twice.Sync()
	c.RunUntilIdle(0)
	both := first.Then(twice.Sync())

	assert.Equal(t, once.Sync(), both)
	assert.Len(t, both.Pods, 2, "the deleted pod and its replacement")
	assert.Equal(t, both, both.Then(both), "a pod changed in both is listed once")
	assert.Equal(t, both, cluster.FeedChanges{}.Then(both))
	assert.Equal(t, cluster.FeedChanges{}, cluster.FeedChanges{}.Then(cluster.FeedChanges{}))
}
