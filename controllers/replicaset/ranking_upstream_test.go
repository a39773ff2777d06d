package replicaset

// Conformance tables for the scale-down ranking. The cases are the inputs and
// expected outputs of upstream's TestSortingActivePodsWithRanks and
// TestSortingActivePods (pkg/controller) and TestGetPodsToDelete
// (pkg/controller/replicaset), written as our own tables over
// compareForDeletion, rankForDeletion and podsToDelete.

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// rankNow is "now" for the logarithmic comparisons: a month after Epoch, so
// "a month ago" is Epoch itself.
var rankNow = clock.Epoch.AddDate(0, 1, 0)

// podAt builds a pod; as upstream's fixture, only a ready pod gets a Ready
// condition (since readySince) and a container status (with restarts).
// Zero times stay zero.
func podAt(name, node, phase string, ready bool, restarts int32, readySince, created time.Time, cost string) *api.Pod {
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name},
		Spec:       api.PodSpec{NodeName: node},
		Status:     api.PodStatus{Phase: phase},
	}
	if !created.IsZero() {
		p.CreationTimestamp = api.NewTime(created)
	}
	if cost != "" {
		p.Annotations = map[string]string{PodDeletionCost: cost}
	}
	if ready {
		c := api.PodCondition{Type: api.PodReady, Status: api.ConditionTrue}
		if !readySince.IsZero() {
			c.LastTransitionTime = api.NewTime(readySince)
		}
		p.Status.Conditions = []api.PodCondition{c}
		p.Status.ContainerStatuses = []api.ContainerStatus{{RestartCount: restarts}}
	}
	return p
}

func names(pods []*api.Pod) []string {
	out := make([]string, len(pods))
	for i, p := range pods {
		out[i] = p.Name
	}
	return out
}

// The pods of upstream's TestSortingActivePodsWithRanks.
var (
	never       time.Time
	monthAgo    = rankNow.AddDate(0, -1, 0)
	twoHoursAgo = rankNow.Add(-2 * time.Hour)
	fiveHrsAgo  = rankNow.Add(-5 * time.Hour)
	eightHrsAgo = rankNow.Add(-8 * time.Hour)

	unscheduledPod      = podAt("unscheduled", "", api.PodPending, false, 0, never, never, "")
	scheduledPendingPod = podAt("pending", "node", api.PodPending, false, 0, never, never, "")
	unknownPhasePod     = podAt("unknown-phase", "node", api.PodUnknown, false, 0, never, never, "")
	runningNotReadyPod  = podAt("not-ready", "node", api.PodRunning, false, 0, never, never, "")
	readyNoTransition   = podAt("ready-no-last-transition-time", "node", api.PodRunning, true, 0, never, never, "")
	readyNow            = podAt("ready-now", "node", api.PodRunning, true, 0, rankNow, rankNow, "")
	readyThen           = podAt("ready-then", "node", api.PodRunning, true, 0, monthAgo, monthAgo, "")
	readyNowRestarts    = podAt("ready-high-restarts", "node", api.PodRunning, true, 9001, rankNow, rankNow, "")
	readyNowCreatedThen = podAt("ready-now-created-then", "node", api.PodRunning, true, 0, rankNow, monthAgo, "")
	lowDeletionCost     = podAt("low-deletion-cost", "node", api.PodRunning, true, 0, rankNow, monthAgo, "10")
	highDeletionCost    = podAt("high-deletion-cost", "node", api.PodRunning, true, 0, rankNow, monthAgo, "100")
	unscheduled5Hours   = podAt("unscheduled-5-hours", "", api.PodPending, false, 0, fiveHrsAgo, fiveHrsAgo, "")
	unscheduled8Hours   = podAt("unscheduled-8-hours", "", api.PodPending, false, 0, eightHrsAgo, eightHrsAgo, "")
	ready2Hours         = podAt("ready-2-hours", "", api.PodRunning, true, 0, twoHoursAgo, monthAgo, "")
	ready5Hours         = podAt("ready-5-hours", "", api.PodRunning, true, 0, fiveHrsAgo, monthAgo, "")
	ready8Hours         = podAt("ready-8-hours", "", api.PodRunning, true, 0, eightHrsAgo, monthAgo, "")
)

// Pods the rules cannot tell apart, both of rank 1.
func TestDeletionRankingEquivalentPods(t *testing.T) {
	tests := []struct {
		name   string
		p1, p2 *api.Pod
	}{
		{"an unscheduled pod and itself", unscheduledPod, unscheduledPod},
		{"a scheduled pending pod and itself", scheduledPendingPod, scheduledPendingPod},
		{"a pod of unknown phase and itself", unknownPhasePod, unknownPhasePod},
		{"a running, not ready pod and itself", runningNotReadyPod, runningNotReadyPod},
		{"a pod ready now but created a month ago and itself", readyNowCreatedThen, readyNowCreatedThen},
		{"a pod ready now and itself", readyNow, readyNow},
		{"a pod ready a month ago and itself", readyThen, readyThen},
		{"a pod with many restarts and itself", readyNowRestarts, readyNowRestarts},
		{"created 5 h and 8 h ago: the same log2 bucket, same (empty) UID", unscheduled5Hours, unscheduled8Hours},
		{"ready for 5 h and 8 h: the same log2 bucket, same (empty) UID", ready5Hours, ready8Hours},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Zero(t, compareForDeletion(tt.p1, tt.p2, 1, 1, rankNow))
			assert.Zero(t, compareForDeletion(tt.p2, tt.p1, 1, 1, rankNow))
		})
	}
}

// Pairs where first must be deleted before then, whatever their ranks say
// unless the rule being tested is the rank.
func TestDeletionRankingOrdersPairs(t *testing.T) {
	type ranked struct {
		pod  *api.Pod
		rank int
	}
	tests := []struct {
		name        string
		first, then ranked
		now         time.Time
	}{
		{"unscheduled before scheduled, rank 1 vs 2", ranked{unscheduledPod, 1}, ranked{scheduledPendingPod, 2}, rankNow},
		{"unscheduled before scheduled, rank 2 vs 1", ranked{unscheduledPod, 2}, ranked{scheduledPendingPod, 1}, rankNow},
		{"Pending before Unknown, whatever the rank", ranked{scheduledPendingPod, 1}, ranked{unknownPhasePod, 2}, rankNow},
		{"Unknown before Running, whatever the rank", ranked{unknownPhasePod, 1}, ranked{runningNotReadyPod, 2}, rankNow},
		{"not ready before ready", ranked{runningNotReadyPod, 1}, ranked{readyNoTransition, 1}, rankNow},
		{"same rank: a ready time of zero counts as newest", ranked{readyNoTransition, 1}, ranked{readyNow, 1}, rankNow},
		{"higher rank wins over the ready time", ranked{readyNow, 2}, ranked{readyNoTransition, 1}, rankNow},
		{"same rank: ready more recently first", ranked{readyNow, 1}, ranked{readyThen, 1}, rankNow},
		{"higher rank first, ready more recently too", ranked{readyNow, 2}, ranked{readyThen, 1}, rankNow},
		{"same rank and ready time: more restarts first", ranked{readyNowRestarts, 1}, ranked{readyNow, 1}, rankNow},
		{"higher rank wins over restarts", ranked{readyNow, 2}, ranked{readyNowRestarts, 1}, rankNow},
		{"same rank, ready time and restarts: newer first", ranked{readyNow, 1}, ranked{readyNowCreatedThen, 1}, rankNow},
		{"higher rank wins over creation time", ranked{readyNowCreatedThen, 2}, ranked{readyNow, 1}, rankNow},
		{"lower deletion cost wins over a higher rank", ranked{lowDeletionCost, 2}, ranked{highDeletionCost, 1}, rankNow},
		{"ready 2 h is a lower log2 bucket than ready 5 h", ranked{ready2Hours, 1}, ranked{ready5Hours, 1}, rankNow},
		// Not upstream rows: the plain comparison when there is no "now".
		{"no now: ready 5 h before ready 8 h", ranked{ready5Hours, 1}, ranked{ready8Hours, 1}, never},
		{"no now: created 5 h before created 8 h", ranked{unscheduled5Hours, 1}, ranked{unscheduled8Hours, 1}, never},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Negative(t, compareForDeletion(tt.first.pod, tt.then.pod, tt.first.rank, tt.then.rank, tt.now),
				"%s (rank %d) should go before %s (rank %d)", tt.first.pod.Name, tt.first.rank, tt.then.pod.Name, tt.then.rank)
			assert.Positive(t, compareForDeletion(tt.then.pod, tt.first.pod, tt.then.rank, tt.first.rank, tt.now),
				"%s (rank %d) should not go before %s (rank %d)", tt.then.pod.Name, tt.then.rank, tt.first.pod.Name, tt.first.rank)
		})
	}
}

// Within one log2 bucket the UID decides, and the later rules (restarts,
// creation time) are not consulted: that is what spreads scale-down over
// pods of about the same age.
func TestDeletionRankingSameBucketIsDecidedByUID(t *testing.T) {
	a := podAt("a", "node", api.PodRunning, true, 0, fiveHrsAgo, monthAgo, "")
	b := podAt("b", "node", api.PodRunning, true, 9001, eightHrsAgo, rankNow, "")
	a.UID, b.UID = "1111", "2222"
	assert.Negative(t, compareForDeletion(a, b, 1, 1, rankNow), "lower UID first, though b has more restarts and is newer")
	assert.Positive(t, compareForDeletion(b, a, 1, 1, rankNow))
}

// Upstream compares the restarts of the most-restarted container, not the
// sum over containers.
func TestDeletionRankingComparesMaxRestarts(t *testing.T) {
	one := podAt("one-flaky-container", "node", api.PodRunning, true, 0, monthAgo, monthAgo, "")
	one.Status.ContainerStatuses = []api.ContainerStatus{{RestartCount: 3}, {RestartCount: 0}}
	spread := podAt("restarts-spread-out", "node", api.PodRunning, true, 0, monthAgo, monthAgo, "")
	spread.Status.ContainerStatuses = []api.ContainerStatus{{RestartCount: 2}, {RestartCount: 2}}
	assert.Negative(t, compareForDeletion(one, spread, 1, 1, rankNow), "max 3 beats max 2, though the sums are 3 and 4")
}

// Upstream's TestSortingActivePods: one full order, from whichever order the
// pods come in.
func TestRankForDeletionFullOrder(t *testing.T) {
	withRestarts := func(p *api.Pod, counts ...int32) *api.Pod {
		p.Status.ContainerStatuses = nil
		for _, n := range counts {
			p.Status.ContainerStatuses = append(p.Status.ContainerStatuses, api.ContainerStatus{RestartCount: n})
		}
		return p
	}
	want := []*api.Pod{
		podAt("unscheduled", "", api.PodPending, false, 0, never, never, ""),
		podAt("scheduledButPending", "bar", api.PodPending, false, 0, never, never, ""),
		podAt("unknownPhase", "foo", api.PodUnknown, false, 0, never, never, ""),
		podAt("runningButNotReady", "foo", api.PodRunning, false, 0, never, never, ""),
		withRestarts(podAt("runningNoLastTransitionTime", "foo", api.PodRunning, true, 0, never, never, ""), 3, 0),
		withRestarts(podAt("runningWithLastTransitionTime", "foo", api.PodRunning, true, 0, rankNow, never, ""), 3, 0),
		withRestarts(podAt("runningLongerTime", "foo", api.PodRunning, true, 0, monthAgo, never, ""), 3, 0),
		withRestarts(podAt("lowerContainerRestartCount", "foo", api.PodRunning, true, 0, monthAgo, rankNow, ""), 2, 1),
		withRestarts(podAt("oldest", "foo", api.PodRunning, true, 0, monthAgo, monthAgo, ""), 2, 1),
	}
	for _, now := range []time.Time{never, rankNow} {
		for shift := range want {
			for _, reverse := range []bool{false, true} {
				in := append(slices.Clone(want[shift:]), want[:shift]...)
				if reverse {
					slices.Reverse(in)
				}
				t.Run(fmt.Sprintf("now=%v/shift=%d/reverse=%v", !now.IsZero(), shift, reverse), func(t *testing.T) {
					assert.Equal(t, names(want), names(rankForDeletion(in, activeOnNode(in), len(in), now)))
				})
			}
		}
	}
}

// Upstream's TestGetPodsToDelete: which n pods a scale-down picks, with the
// related pods (all pods of the ReplicaSets sharing a controller) deciding
// the rank; related defaults to the pods themselves.
func TestPodsToDelete(t *testing.T) {
	readyOn := func(name, node string) *api.Pod {
		return podAt(name, node, api.PodRunning, true, 0, never, never, "")
	}
	var (
		unscheduledPending = podAt("unscheduled-pending-pod", "", api.PodPending, false, 0, never, never, "")
		scheduledPending   = podAt("scheduled-pending-pod", "fake-node", api.PodPending, false, 0, never, never, "")
		notReady           = podAt("scheduled-running-not-ready-pod", "fake-node", api.PodRunning, false, 0, never, never, "")
		readyOnNode1       = readyOn("scheduled-running-ready-pod-on-node-1", "fake-node-1")
		readyOnNode2       = readyOn("scheduled-running-ready-pod-on-node-2", "fake-node-2")
	)
	notReady.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionFalse}}
	pods := func(ps ...*api.Pod) []*api.Pod { return ps }

	tests := []struct {
		name    string
		pods    []*api.Pod
		related []*api.Pod // nil: the pods themselves
		n       int
		want    []*api.Pod
	}{
		{name: "no pods, none to delete", pods: pods(), n: 0, want: pods()},
		{name: "all of them: taken as they come", pods: pods(notReady, readyOnNode1), n: 2,
			want: pods(notReady, readyOnNode1)},
		{name: "fewer than all: not ready first", pods: pods(readyOnNode1, notReady), n: 1,
			want: pods(notReady)},
		{name: "every phase and condition, all of them: taken as they come",
			pods: pods(readyOnNode1, readyOnNode1, readyOnNode2, notReady, scheduledPending, unscheduledPending), n: 6,
			want: pods(readyOnNode1, readyOnNode1, readyOnNode2, notReady, scheduledPending, unscheduledPending)},
		{name: "every phase and condition, all of them, no related pods",
			pods:    pods(readyOnNode1, readyOnNode1, readyOnNode2, notReady, scheduledPending, unscheduledPending),
			related: pods(), n: 6,
			want: pods(readyOnNode1, readyOnNode1, readyOnNode2, notReady, scheduledPending, unscheduledPending)},
		{name: "unscheduled before scheduled", pods: pods(scheduledPending, unscheduledPending), n: 1,
			want: pods(unscheduledPending)},
		{name: "not ready before ready", pods: pods(readyOnNode1, notReady, notReady), n: 2,
			want: pods(notReady, notReady)},
		{name: "the ready pod sharing its node with a related pod goes first",
			pods: pods(readyOnNode1, readyOnNode2), related: pods(readyOnNode1, readyOnNode2, readyOnNode2), n: 1,
			want: pods(readyOnNode2)},
		{name: "pending before running", pods: pods(scheduledPending, notReady), n: 1,
			want: pods(scheduledPending)},
		{name: "every phase and condition, three of five",
			pods: pods(readyOnNode1, readyOnNode2, notReady, scheduledPending, unscheduledPending), n: 3,
			want: pods(unscheduledPending, scheduledPending, notReady)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			related := tt.related
			if related == nil {
				related = tt.pods
			}
			got := podsToDelete(tt.pods, activeOnNode(related), tt.n, rankNow)
			require.Len(t, got, len(tt.want))
			assert.Equal(t, names(tt.want), names(got))
		})
	}
}

// Only active related pods count toward a node's rank: a finished or
// terminating sibling does not make its node crowded.
func TestPodsToDeleteRanksOnlyActiveRelatedPods(t *testing.T) {
	onA := podAt("on-a", "node-a", api.PodRunning, true, 0, never, never, "")
	onB := podAt("on-b", "node-b", api.PodRunning, true, 0, never, never, "")
	done := podAt("done-on-a", "node-a", api.PodSucceeded, false, 0, never, never, "")
	leaving := podAt("leaving-on-a", "node-a", api.PodRunning, true, 0, never, never, "")
	leaving.DeletionTimestamp = api.Ptr(api.NewTime(rankNow))
	sibling := podAt("sibling-on-b", "node-b", api.PodRunning, true, 0, never, never, "")

	got := podsToDelete([]*api.Pod{onA, onB}, activeOnNode([]*api.Pod{onA, onB, done, leaving, sibling}), 1, rankNow)
	assert.Equal(t, []string{"on-b"}, names(got))
}

// The rank counts the pods of every ReplicaSet with the same controller (a
// Deployment's revisions), as upstream's getIndirectlyRelatedPods: v1 has
// two pods on node-1 and one on node-2, but v2's three pods on node-2 make
// node-2 the crowded one, so v1's pod there goes.
func TestScaleDownCountsPodsOfSiblingReplicaSets(t *testing.T) {
	f := newFixture(t)
	owned := func(rs *api.ReplicaSet) *api.ReplicaSet {
		rs.OwnerReferences = []api.OwnerReference{{APIVersion: "apps/v1", Kind: "Deployment", Name: "web",
			UID: "web-deployment-uid", Controller: api.Ptr(true)}}
		return rs
	}
	for _, rs := range []*api.ReplicaSet{owned(newRS("v1", 3)), owned(newRS("v2", 3))} {
		_, err := f.store.Create(rs)
		require.NoError(t, err)
	}
	f.settle()
	v1Nodes := []string{"node-1", "node-1", "node-2"}
	i := 0
	for _, p := range f.pods(t) {
		node := "node-2"
		if p.Labels["app"] == "v1" {
			node = v1Nodes[i]
			i++
		}
		_, err := f.store.Bind("default", p.Name, node)
		require.NoError(t, err)
	}
	f.settle()

	f.scale(t, "v1", 2)

	var v1Left []string
	for _, p := range f.pods(t) {
		if p.Labels["app"] == "v1" && p.DeletionTimestamp == nil { // bound pods terminate gracefully
			v1Left = append(v1Left, p.Spec.NodeName)
		}
	}
	assert.ElementsMatch(t, []string{"node-1", "node-1"}, v1Left)
}
