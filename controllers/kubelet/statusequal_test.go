package kubelet

import (
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestStatusEqualComparesEveryField: statusEqual knows every field of the
// types it compares; a field added to one of them fails here until it is
// compared.
func TestStatusEqualComparesEveryField(t *testing.T) {
	for typ, n := range map[reflect.Type]int{
		reflect.TypeFor[api.PodStatus]():                12,
		reflect.TypeFor[api.PodCondition]():             6,
		reflect.TypeFor[api.PodIP]():                    1,
		reflect.TypeFor[api.ContainerStatus]():          9,
		reflect.TypeFor[api.ContainerState]():           3,
		reflect.TypeFor[api.ContainerStateWaiting]():    2,
		reflect.TypeFor[api.ContainerStateRunning]():    1,
		reflect.TypeFor[api.ContainerStateTerminated](): 6,
		reflect.TypeFor[api.Time]():                     1,
	} {
		assert.Equal(t, n, typ.NumField(), "%s has a field statusEqual does not compare", typ)
	}
}

// TestStatusEqualIsAPIEqual: for a status and each change of one field —
// values, nil against empty, a location that is another pointer to the
// same zone — statusEqual answers as api.Equal does.
func TestStatusEqualIsAPIEqual(t *testing.T) {
	at := api.NewTime(time.Unix(100, 0))
	base := func() api.PodStatus {
		t0 := at
		return api.PodStatus{
			Phase: "Running", HostIP: "10.0.0.1", PodIP: "10.1.0.2", QOSClass: "BestEffort", StartTime: &t0,
			PodIPs:     []api.PodIP{{IP: "10.1.0.2"}},
			Conditions: []api.PodCondition{{Type: "Ready", Status: "True", LastTransitionTime: at}, {Type: "PodScheduled", Status: "True"}},
			ContainerStatuses: []api.ContainerStatus{{
				Name: "app", Image: "nginx", ImageID: "id", ContainerID: "c", Ready: true, RestartCount: 1, Started: api.Ptr(true),
				State:     api.ContainerState{Running: &api.ContainerStateRunning{StartedAt: at}},
				LastState: api.ContainerState{Terminated: &api.ContainerStateTerminated{ExitCode: 1, Reason: "Error", StartedAt: at, FinishedAt: at}},
			}, {
				Name: "side", State: api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: "ContainerCreating"}},
			}},
		}
	}
	utc, _ := time.LoadLocation("UTC")
	later := api.NewTime(time.Unix(101, 0))
	changes := map[string]func(*api.PodStatus){
		"none":                 func(*api.PodStatus) {},
		"phase":                func(s *api.PodStatus) { s.Phase = "Pending" },
		"message":              func(s *api.PodStatus) { s.Message = "m" },
		"reason":               func(s *api.PodStatus) { s.Reason = "r" },
		"nominated node":       func(s *api.PodStatus) { s.NominatedNodeName = "n" },
		"host IP":              func(s *api.PodStatus) { s.HostIP = "h" },
		"pod IP":               func(s *api.PodStatus) { s.PodIP = "p" },
		"QOS class":            func(s *api.PodStatus) { s.QOSClass = "Burstable" },
		"no start time":        func(s *api.PodStatus) { s.StartTime = nil },
		"start time":           func(s *api.PodStatus) { s.StartTime = &later },
		"start time elsewhere": func(s *api.PodStatus) { v := api.Time{Time: at.In(utc)}; s.StartTime = &v },
		"start time zone":      func(s *api.PodStatus) { v := api.Time{Time: at.In(time.FixedZone("X", 3600))}; s.StartTime = &v },
		"no pod IPs":           func(s *api.PodStatus) { s.PodIPs = nil },
		"empty pod IPs":        func(s *api.PodStatus) { s.PodIPs = []api.PodIP{} },
		"pod IPs":              func(s *api.PodStatus) { s.PodIPs[0].IP = "x" },
		"no conditions":        func(s *api.PodStatus) { s.Conditions = nil },
		"empty conditions":     func(s *api.PodStatus) { s.Conditions = []api.PodCondition{} },
		"fewer conditions":     func(s *api.PodStatus) { s.Conditions = s.Conditions[:1] },
		"condition type":       func(s *api.PodStatus) { s.Conditions[1].Type = "x" },
		"condition status":     func(s *api.PodStatus) { s.Conditions[1].Status = "x" },
		"condition reason":     func(s *api.PodStatus) { s.Conditions[1].Reason = "x" },
		"condition message":    func(s *api.PodStatus) { s.Conditions[1].Message = "x" },
		"condition probe time": func(s *api.PodStatus) { s.Conditions[1].LastProbeTime = at },
		"condition transition": func(s *api.PodStatus) { s.Conditions[0].LastTransitionTime = later },
		"condition same time":  func(s *api.PodStatus) { s.Conditions[0].LastTransitionTime = api.Time{Time: at.In(utc)} },
		"no containers":        func(s *api.PodStatus) { s.ContainerStatuses = nil },
		"init containers":      func(s *api.PodStatus) { s.InitContainerStatuses = []api.ContainerStatus{{Name: "init"}} },
		"empty containers":     func(s *api.PodStatus) { s.ContainerStatuses = []api.ContainerStatus{} },
		"container name":       func(s *api.PodStatus) { s.ContainerStatuses[1].Name = "x" },
		"ready":                func(s *api.PodStatus) { s.ContainerStatuses[0].Ready = false },
		"restart count":        func(s *api.PodStatus) { s.ContainerStatuses[0].RestartCount = 2 },
		"image":                func(s *api.PodStatus) { s.ContainerStatuses[0].Image = "x" },
		"image ID":             func(s *api.PodStatus) { s.ContainerStatuses[0].ImageID = "x" },
		"container ID":         func(s *api.PodStatus) { s.ContainerStatuses[0].ContainerID = "x" },
		"not started":          func(s *api.PodStatus) { s.ContainerStatuses[0].Started = api.Ptr(false) },
		"started unknown":      func(s *api.PodStatus) { s.ContainerStatuses[0].Started = nil },
		"started elsewhere":    func(s *api.PodStatus) { s.ContainerStatuses[0].Started = api.Ptr(true) },
		"not waiting":          func(s *api.PodStatus) { s.ContainerStatuses[1].State.Waiting = nil },
		"waiting reason":       func(s *api.PodStatus) { s.ContainerStatuses[1].State.Waiting = &api.ContainerStateWaiting{Reason: "x"} },
		"waiting message": func(s *api.PodStatus) {
			s.ContainerStatuses[1].State.Waiting = &api.ContainerStateWaiting{Reason: "ContainerCreating", Message: "x"}
		},
		"waiting elsewhere": func(s *api.PodStatus) {
			s.ContainerStatuses[1].State.Waiting = &api.ContainerStateWaiting{Reason: "ContainerCreating"}
		},
		"not running": func(s *api.PodStatus) { s.ContainerStatuses[0].State.Running = nil },
		"running later": func(s *api.PodStatus) {
			s.ContainerStatuses[0].State.Running = &api.ContainerStateRunning{StartedAt: later}
		},
		"running also":    func(s *api.PodStatus) { s.ContainerStatuses[1].State.Running = &api.ContainerStateRunning{} },
		"terminated also": func(s *api.PodStatus) { s.ContainerStatuses[0].State.Terminated = &api.ContainerStateTerminated{} },
		"last state none": func(s *api.PodStatus) { s.ContainerStatuses[0].LastState = api.ContainerState{} },
		"exit code":       func(s *api.PodStatus) { s.ContainerStatuses[0].LastState.Terminated.ExitCode = 2 },
		"exit reason":     func(s *api.PodStatus) { s.ContainerStatuses[0].LastState.Terminated.Reason = "x" },
		"exit message":    func(s *api.PodStatus) { s.ContainerStatuses[0].LastState.Terminated.Message = "x" },
		"exit ID":         func(s *api.PodStatus) { s.ContainerStatuses[0].LastState.Terminated.ContainerID = "x" },
		"exit started":    func(s *api.PodStatus) { s.ContainerStatuses[0].LastState.Terminated.StartedAt = later },
		"exit finished":   func(s *api.PodStatus) { s.ContainerStatuses[0].LastState.Terminated.FinishedAt = later },
	}
	for name, change := range changes {
		a, b := base(), base()
		change(&b)
		assert.Equal(t, api.Equal(a, b), statusEqual(&a, &b), "%s", name)
		assert.Equal(t, api.Equal(b, a), statusEqual(&b, &a), "%s, the other way", name)
		assert.True(t, statusEqual(&b, &b), "%s, with itself", name)
	}
	a := base()
	b := a // sharing every slice and pointer
	assert.True(t, statusEqual(&a, &b))
	assert.True(t, statusEqual(&api.PodStatus{}, &api.PodStatus{}))

	// Two locations alike at two addresses: == tells the times apart,
	// DeepEqual follows the pointers and does not.
	x, y := api.Time{Time: at.In(time.FixedZone("X", 3600))}, api.Time{Time: at.In(time.FixedZone("X", 3600))}
	assert.False(t, x == y)
	assert.True(t, api.Equal(x, y))
	assert.True(t, timeEqual(x, y))
	a, b = base(), base()
	a.StartTime, b.StartTime = &x, &y
	assert.True(t, statusEqual(&a, &b))
}
