package kubectl

import (
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// kubectl exec TYPE/NAME takes the first pod of the reverse of upstream's
// ActivePods order: scheduled, then Running over Unknown over Pending,
// Ready, Ready longer, fewer restarts, older.
func TestMoreActiveOrder(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	pod := func(name, node, phase string, readyAt time.Duration, restarts int32, created time.Duration) *api.Pod {
		p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, CreationTimestamp: api.NewTime(t0.Add(created))},
			Spec: api.PodSpec{NodeName: node}, Status: api.PodStatus{Phase: phase,
				ContainerStatuses: []api.ContainerStatus{{RestartCount: restarts}}}}
		if readyAt >= 0 {
			p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(t0.Add(readyAt))}}
		}
		return p
	}
	pods := []*api.Pod{
		pod("unscheduled", "", api.PodPending, -1, 0, 0),
		pod("pending", "n1", api.PodPending, -1, 0, 0),
		pod("unknown", "n1", "Unknown", -1, 0, 0),
		pod("running-unready", "n1", api.PodRunning, -1, 0, 0),
		pod("ready-late", "n1", api.PodRunning, 20*time.Second, 0, 0),
		pod("ready-early-restarted", "n1", api.PodRunning, 10*time.Second, 2, 0),
		pod("ready-early-newer", "n1", api.PodRunning, 10*time.Second, 0, 5*time.Second),
		pod("ready-early-older", "n1", api.PodRunning, 10*time.Second, 0, 0),
	}
	sorted := slices.Clone(pods)
	slices.Reverse(sorted)
	slices.SortFunc(sorted, moreActive)
	var names []string
	for _, p := range sorted {
		names = append(names, p.Name)
	}
	assert.Equal(t, []string{"ready-early-older", "ready-early-newer", "ready-early-restarted", "ready-late",
		"running-unready", "unknown", "pending", "unscheduled"}, names)
}
