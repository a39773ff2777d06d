package nodelifecycle

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

func TestTolerationWait(t *testing.T) {
	now := clock.Epoch.Add(time.Hour)
	added := api.NewTime(now.Add(-100 * time.Second))
	unreachable := api.Taint{Key: TaintUnreachable, Effect: "NoExecute", TimeAdded: &added}
	secs := func(s int64) *int64 { return &s }
	tests := []struct {
		name  string
		tols  []api.Toleration
		taint api.Taint
		want  time.Duration
	}{
		{"not tolerated: now", nil, unreachable, 0},
		{"admission's 300 s default: 200 s left", []api.Toleration{{Key: TaintUnreachable, Operator: "Exists", Effect: "NoExecute", TolerationSeconds: secs(300)}}, unreachable, 200 * time.Second},
		{"time is up", []api.Toleration{{Key: TaintUnreachable, Operator: "Exists", Effect: "NoExecute", TolerationSeconds: secs(60)}}, unreachable, 0},
		{"no seconds: forever (daemon pods)", []api.Toleration{{Key: TaintUnreachable, Operator: "Exists", Effect: "NoExecute"}}, unreachable, -1},
		{"the shortest of the matching tolerations", []api.Toleration{{Operator: "Exists"}, {Key: TaintUnreachable, Operator: "Exists", TolerationSeconds: secs(150)}}, unreachable, 50 * time.Second},
		{"a NoSchedule toleration does not count", []api.Toleration{{Key: TaintUnreachable, Operator: "Exists", Effect: "NoSchedule"}}, unreachable, 0},
		{"no timeAdded: counted from when first seen", []api.Toleration{{Key: "dedicated", Operator: "Exists", TolerationSeconds: secs(30)}}, api.Taint{Key: "dedicated", Effect: "NoExecute"}, 20 * time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := tolerationWait(tc.tols, []api.Taint{tc.taint}, now.Add(-10*time.Second), now)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestDesiredTaintsFollowConditionsAndCordon(t *testing.T) {
	now := clock.Epoch
	node := func(ready string, unschedulable bool, taints ...api.Taint) *api.Node {
		return &api.Node{Spec: api.NodeSpec{Unschedulable: unschedulable, Taints: taints},
			Status: api.NodeStatus{Conditions: []api.NodeCondition{{Type: "Ready", Status: ready}}}}
	}
	keys := func(ts []api.Taint) []string {
		var out []string
		for _, t := range ts {
			out = append(out, t.ToString())
		}
		return out
	}
	user := api.Taint{Key: "dedicated", Value: "db", Effect: "NoSchedule"}
	assert.Equal(t, []string{"dedicated=db:NoSchedule"}, keys(desiredTaints(node(api.ConditionTrue, false, user), now)))
	assert.Equal(t, []string{"node.kubernetes.io/unreachable:NoExecute", "node.kubernetes.io/unreachable:NoSchedule"},
		keys(desiredTaints(node(api.ConditionUnknown, false), now)))
	assert.Equal(t, []string{"node.kubernetes.io/not-ready:NoExecute", "node.kubernetes.io/not-ready:NoSchedule"},
		keys(desiredTaints(node(api.ConditionFalse, false), now)))
	assert.Equal(t, []string{"dedicated=db:NoSchedule", "node.kubernetes.io/unschedulable:NoSchedule"},
		keys(desiredTaints(node(api.ConditionTrue, true, user), now)))
	recovered := desiredTaints(node(api.ConditionTrue, false, user, api.Taint{Key: TaintUnreachable, Effect: "NoExecute"}), now)
	assert.Equal(t, []string{"dedicated=db:NoSchedule"}, keys(recovered), "recovery removes the managed taints only")
	nx := desiredTaints(node(api.ConditionUnknown, false), now)
	assert.NotNil(t, nx[0].TimeAdded, "NoExecute taints carry timeAdded")
	assert.Nil(t, nx[1].TimeAdded)
}
