package api

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestPrintPod ports the init-container and deletion cases of upstream's
// TestPrintPod and TestPrintPodWithRestartableInitContainer
// (pkg/printers/internalversion/printers_test.go) to PodRow: the READY,
// STATUS and RESTARTS columns.
func TestPrintPod(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	ago := func(d time.Duration) ContainerState {
		return ContainerState{Terminated: &ContainerStateTerminated{FinishedAt: NewTime(now.Add(-d))}}
	}
	running := ContainerState{Running: &ContainerStateRunning{}}
	waiting := ContainerState{Waiting: &ContainerStateWaiting{}}
	always := Ptr("Always")
	sidecars := []Container{{Name: "restartable-init-1", RestartPolicy: always}, {Name: "restartable-init-2", RestartPolicy: always}}
	deleted := NewTime(now)
	initialized := func(s string) []PodCondition { return []PodCondition{{Type: PodInitialized, Status: s}} }
	tests := []struct {
		name      string
		pod       Pod
		ready     string
		status    string
		restarts  int
		restarted time.Duration // how long ago the last restart's container finished
	}{
		{"test7: 1 init container restarting, 1 container not running", Pod{
			Spec: PodSpec{InitContainers: make([]Container, 1), Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "podPhase",
				InitContainerStatuses: []ContainerStatus{{RestartCount: 3, State: running, LastState: ago(10 * time.Second)}},
				ContainerStatuses:     []ContainerStatus{{State: waiting}}},
		}, "0/1", "Init:0/1", 3, 10 * time.Second},
		{"test8: 2 init containers, one restarting, the other not running", Pod{
			Spec: PodSpec{InitContainers: make([]Container, 2), Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "podPhase",
				InitContainerStatuses: []ContainerStatus{{RestartCount: 3, State: running, LastState: ago(10 * time.Second)}, {State: waiting}},
				ContainerStatuses:     []ContainerStatus{{State: waiting}}},
		}, "0/1", "Init:0/2", 3, 10 * time.Second},
		{"test9: one init container completed, the other restarting", Pod{
			Spec: PodSpec{InitContainers: make([]Container, 2), Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "podPhase",
				InitContainerStatuses: []ContainerStatus{{State: ContainerState{Terminated: &ContainerStateTerminated{}}}, {RestartCount: 3, State: running, LastState: ago(10 * time.Second)}},
				ContainerStatuses:     []ContainerStatus{{State: waiting}}},
		}, "0/1", "Init:1/2", 3, 10 * time.Second},
		{"test10: one init container completed with restarts, the other restarting", Pod{
			Spec: PodSpec{InitContainers: make([]Container, 2), Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "podPhase",
				InitContainerStatuses: []ContainerStatus{
					{RestartCount: 2, State: ContainerState{Terminated: &ContainerStateTerminated{}}, LastState: ago(2 * time.Minute)},
					{RestartCount: 3, State: running, LastState: ago(10 * time.Second)}},
				ContainerStatuses: []ContainerStatus{{State: waiting}}},
		}, "0/1", "Init:1/2", 5, 10 * time.Second},
		{"test11: init container completed with restarts, container restarting", Pod{
			Spec: PodSpec{InitContainers: make([]Container, 1), Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "Running",
				InitContainerStatuses: []ContainerStatus{{RestartCount: 2, State: ContainerState{Terminated: &ContainerStateTerminated{}}, LastState: ago(2 * time.Minute)}},
				ContainerStatuses:     []ContainerStatus{{RestartCount: 4, State: running, LastState: ago(20 * time.Second)}}},
		}, "0/1", "Running", 4, 20 * time.Second},
		{"init container failed: Init:Error", Pod{
			Spec: PodSpec{InitContainers: make([]Container, 1), Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "Pending",
				InitContainerStatuses: []ContainerStatus{{State: ContainerState{Terminated: &ContainerStateTerminated{ExitCode: 1, Reason: "Error"}}}},
				ContainerStatuses:     []ContainerStatus{{State: ContainerState{Waiting: &ContainerStateWaiting{Reason: "PodInitializing"}}}}},
		}, "0/1", "Init:Error", 0, 0},
		{"init container failed without a reason: Init:ExitCode", Pod{
			Spec: PodSpec{InitContainers: make([]Container, 1), Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "Pending",
				InitContainerStatuses: []ContainerStatus{{State: ContainerState{Terminated: &ContainerStateTerminated{ExitCode: 2}}}}},
		}, "0/1", "Init:ExitCode:2", 0, 0},
		{"init container backing off: Init:CrashLoopBackOff", Pod{
			Spec: PodSpec{InitContainers: make([]Container, 1), Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "Pending",
				InitContainerStatuses: []ContainerStatus{{RestartCount: 2, State: ContainerState{Waiting: &ContainerStateWaiting{Reason: "CrashLoopBackOff"}}, LastState: ago(5 * time.Second)}}},
		}, "0/1", "Init:CrashLoopBackOff", 2, 5 * time.Second},
		{"init done, containers waiting: PodInitializing", Pod{
			Spec: PodSpec{InitContainers: make([]Container, 1), Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "Pending", Conditions: initialized(ConditionTrue),
				InitContainerStatuses: []ContainerStatus{{Ready: true, State: ContainerState{Terminated: &ContainerStateTerminated{Reason: "Completed"}}}},
				ContainerStatuses:     []ContainerStatus{{State: ContainerState{Waiting: &ContainerStateWaiting{Reason: "PodInitializing"}}}}},
		}, "0/1", "PodInitializing", 0, 0},
		{"test16: succeeded", Pod{
			Spec:   PodSpec{Containers: make([]Container, 1)},
			Status: PodStatus{Phase: PodSucceeded, ContainerStatuses: []ContainerStatus{{State: ContainerState{Terminated: &ContainerStateTerminated{Reason: "Completed"}}}}},
		}, "0/1", "Completed", 0, 0},
		{"test17: failed", Pod{
			Spec:   PodSpec{Containers: make([]Container, 1)},
			Status: PodStatus{Phase: PodFailed, ContainerStatuses: []ContainerStatus{{State: ContainerState{Terminated: &ContainerStateTerminated{Reason: "Error", ExitCode: 1}}}}},
		}, "0/1", "Error", 0, 0},
		{"test18: succeeded, being deleted", Pod{
			ObjectMeta: ObjectMeta{DeletionTimestamp: &deleted},
			Spec:       PodSpec{Containers: make([]Container, 1)},
			Status:     PodStatus{Phase: PodSucceeded, ContainerStatuses: []ContainerStatus{{State: ContainerState{Terminated: &ContainerStateTerminated{Reason: "Completed"}}}}},
		}, "0/1", "Completed", 0, 0},
		{"test19: running, being deleted", Pod{
			ObjectMeta: ObjectMeta{DeletionTimestamp: &deleted},
			Spec:       PodSpec{Containers: make([]Container, 1)},
			Status:     PodStatus{Phase: "Running", ContainerStatuses: []ContainerStatus{{State: running}}},
		}, "0/1", "Terminating", 0, 0},
		{"test20: pending, being deleted", Pod{
			ObjectMeta: ObjectMeta{DeletionTimestamp: &deleted},
			Spec:       PodSpec{Containers: make([]Container, 1)},
			Status:     PodStatus{Phase: "Pending"},
		}, "0/1", "Terminating", 0, 0},
		{"restartable test1: first sidecar running but not started", Pod{
			Spec: PodSpec{InitContainers: sidecars, Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "Pending", Conditions: initialized(ConditionFalse),
				InitContainerStatuses: []ContainerStatus{
					{Name: "restartable-init-1", RestartCount: 3, State: running, Started: Ptr(false), LastState: ago(10 * time.Second)},
					{Name: "restartable-init-2", State: waiting, Started: Ptr(false)}},
				ContainerStatuses: []ContainerStatus{{State: waiting}}},
		}, "0/3", "Init:0/2", 3, 10 * time.Second},
		{"restartable test1: first sidecar started, second running but not started", Pod{
			Spec: PodSpec{InitContainers: sidecars, Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "Pending", Conditions: initialized(ConditionFalse),
				InitContainerStatuses: []ContainerStatus{
					{Name: "restartable-init-1", RestartCount: 3, State: running, Started: Ptr(true), LastState: ago(10 * time.Second)},
					{Name: "restartable-init-2", State: running, Started: Ptr(false)}},
				ContainerStatuses: []ContainerStatus{{State: waiting}}},
		}, "0/3", "Init:1/2", 3, 10 * time.Second},
		{"restartable test2: both sidecars started, 1 container running", Pod{
			Spec: PodSpec{InitContainers: sidecars, Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "Running", Conditions: initialized(ConditionTrue),
				InitContainerStatuses: []ContainerStatus{
					{Name: "restartable-init-1", RestartCount: 3, State: running, Started: Ptr(true), LastState: ago(10 * time.Second)},
					{Name: "restartable-init-2", State: running, Started: Ptr(true)}},
				ContainerStatuses: []ContainerStatus{{Ready: true, RestartCount: 4, State: running, LastState: ago(20 * time.Second)}}},
		}, "1/3", "Running", 7, 10 * time.Second},
		{"restartable test3: sidecars stopped with 137, container completed", Pod{
			Spec: PodSpec{InitContainers: sidecars, Containers: make([]Container, 1)},
			Status: PodStatus{Phase: "Succeeded", Conditions: initialized(ConditionTrue),
				InitContainerStatuses: []ContainerStatus{
					{Name: "restartable-init-1", RestartCount: 3, State: ContainerState{Terminated: &ContainerStateTerminated{Reason: "Error", ExitCode: 137}}, Started: Ptr(false), LastState: ago(10 * time.Second)},
					{Name: "restartable-init-2", State: ContainerState{Terminated: &ContainerStateTerminated{Reason: "Error", ExitCode: 137}}, Started: Ptr(false)}},
				ContainerStatuses: []ContainerStatus{{RestartCount: 4, State: ContainerState{Terminated: &ContainerStateTerminated{Reason: "Completed"}}, LastState: ago(20 * time.Second)}}},
		}, "0/3", "Completed", 7, 10 * time.Second},
		{"restartable test4: statuses of containers not in the spec", Pod{
			Spec: PodSpec{InitContainers: []Container{{Name: "init1"}, {Name: "sidecar1", RestartPolicy: always}}, Containers: []Container{{Name: "container1"}}},
			Status: PodStatus{Phase: "Running",
				InitContainerStatuses: []ContainerStatus{{Name: "initinvalid"}, {Name: "init1"}, {Name: "sidecar1"}},
				ContainerStatuses:     []ContainerStatus{{Name: "containerinvalid"}, {Name: "container1"}}},
		}, "0/2", "Init:0/2", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			col := PodRow(&tt.pod)
			assert.Equal(t, tt.ready, fmtReady(col))
			assert.Equal(t, tt.status, col.Status)
			assert.Equal(t, tt.restarts, col.Restarts)
			if tt.restarted == 0 {
				assert.True(t, col.LastRestart.IsZero(), "no restart time: %v", col.LastRestart)
			} else {
				assert.Equal(t, tt.restarted, now.Sub(col.LastRestart))
			}
		})
	}
}

func fmtReady(c PodColumns) string {
	return string(rune('0'+c.Ready)) + "/" + string(rune('0'+c.Total))
}
