package replicaset

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

func rankPod(name, node, phase string, ready bool, readyAt time.Duration, restarts int32, created time.Duration) *api.Pod {
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, CreationTimestamp: api.NewTime(clock.Epoch.Add(created))},
		Spec: api.PodSpec{NodeName: node}, Status: api.PodStatus{Phase: phase}}
	if ready {
		p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(clock.Epoch.Add(readyAt))}}
	}
	p.Status.ContainerStatuses = []api.ContainerStatus{{RestartCount: restarts}}
	return p
}

// The order of UPSTREAM.md's scale-down ranking, one rule per row: the
// first pod is the one that must go first.
func TestScaleDownRanking(t *testing.T) {
	cases := []struct {
		name  string
		first *api.Pod
		then  *api.Pod
	}{
		{"unscheduled before scheduled", rankPod("a", "", "Pending", false, 0, 0, 0), rankPod("b", "n1", "Pending", false, 0, 0, 0)},
		{"pending before running", rankPod("a", "n1", "Pending", false, 0, 0, 0), rankPod("b", "n2", "Running", false, 0, 0, 0)},
		{"unknown before running", rankPod("a", "n1", "Unknown", false, 0, 0, 0), rankPod("b", "n2", "Running", false, 0, 0, 0)},
		{"not ready before ready", rankPod("a", "n1", "Running", false, 0, 0, 0), rankPod("b", "n2", "Running", true, 0, 0, 0)},
		{"ready more recently first", rankPod("a", "n1", "Running", true, time.Minute, 0, 0), rankPod("b", "n2", "Running", true, 0, 0, 0)},
		{"more restarts first", rankPod("a", "n1", "Running", true, 0, 5, 0), rankPod("b", "n2", "Running", true, 0, 1, 0)},
		{"newer first", rankPod("a", "n1", "Running", true, 0, 0, time.Hour), rankPod("b", "n2", "Running", true, 0, 0, 0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pods := []*api.Pod{c.then, c.first}
			got := podsToDelete(pods, activeOnNode(pods), 1, time.Time{})
			assert.Equal(t, c.first.Name, got[0].Name)
		})
	}
}

func TestScaleDownPrefersLowerDeletionCostAndCrowdedNodes(t *testing.T) {
	cheap := rankPod("cheap", "n1", "Running", true, 0, 0, 0)
	cheap.Annotations = map[string]string{PodDeletionCost: "-10"}
	dear := rankPod("dear", "n2", "Running", true, 0, 0, 0)
	pods := []*api.Pod{dear, cheap}
	assert.Equal(t, "cheap", podsToDelete(pods, activeOnNode(pods), 1, time.Time{})[0].Name)

	crowdA := rankPod("crowd-a", "n1", "Running", true, 0, 0, 0)
	crowdB := rankPod("crowd-b", "n1", "Running", true, 0, 0, 0)
	alone := rankPod("alone", "n2", "Running", true, 0, 0, 0)
	pods = []*api.Pod{alone, crowdA, crowdB}
	got := podsToDelete(pods, activeOnNode(pods), 1, time.Time{})
	assert.Equal(t, "n1", got[0].Spec.NodeName, "a pod sharing its node with a sibling goes first")
}

// activeOnNode counts the active pods of related per node, as
// relatedOnNode's walk does.
func activeOnNode(related []*api.Pod) map[string]int {
	onNode := map[string]int{}
	for _, p := range related {
		if api.IsPodActive(p) {
			onNode[p.Spec.NodeName]++
		}
	}
	return onNode
}
