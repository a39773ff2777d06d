package kubectl

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// -L adds a column per label (header: the name after any prefix, upper
// case; empty when a pod lacks it), before --show-labels' LABELS.
func TestGetLabelColumns(t *testing.T) {
	e := newEnv(t)
	for i, hash := range []string{"web-6794c67749", "web-84c67559b7"} {
		e.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "web-" + strconv.Itoa(i), Namespace: "default",
			Labels: map[string]string{"app": "nginx", "controller-revision-hash": hash}},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx"}}}})
	}
	e.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "solo", Namespace: "default", Labels: map[string]string{"app.kubernetes.io/name": "solo"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
	r := e.run("kubectl get pods -L controller-revision-hash -L app,app.kubernetes.io/name")
	assert.Equal(t, lines(
		"NAME    READY   STATUS    RESTARTS   AGE   CONTROLLER-REVISION-HASH   APP     NAME",
		"solo    0/1     Pending   0          0s                                       solo",
		// The last cell is empty, so the padding of the one before it stays:
		// kubectl ends every cell but the last with a tab.
		"web-0   0/1     Pending   0          0s    web-6794c67749             nginx   ",
		"web-1   0/1     Pending   0          0s    web-84c67559b7             nginx   "), r.Stdout)
	r = e.run("kubectl get pods -l app=nginx --label-columns=app --show-labels")
	assert.Equal(t, lines(
		"NAME    READY   STATUS    RESTARTS   AGE   APP     LABELS",
		"web-0   0/1     Pending   0          0s    nginx   app=nginx,controller-revision-hash=web-6794c67749",
		"web-1   0/1     Pending   0          0s    nginx   app=nginx,controller-revision-hash=web-84c67559b7"), r.Stdout)
}

// kubectl's tabwriter: cells padded by three, columns at least six wide
// (seen without headers, where RESTARTS holds only "0").
func TestTableMinimumWidthAndTrailingPadding(t *testing.T) {
	assert.Equal(t, lines(
		"a     0     5s",
		"bb    12    5s",
		"ccc   0     ",
		"x"), formatTable([][]string{{"a", "0", "5s"}, {"bb", "12", "5s"}, {"ccc", "0", ""}, {"x"}}))
}

// Columns are measured in runes, not bytes (a message in Chinese, an
// annotation's value), and a pad longer than the spaces formatTable copies
// from is written in pieces.
func TestTablePadsRunesAndLongColumns(t *testing.T) {
	long := strings.Repeat("n", 100)
	assert.Equal(t, lines(
		"名字"+strings.Repeat(" ", 101)+"1",
		"ab"+strings.Repeat(" ", 101)+"2",
		long+"   3",
		"x"+strings.Repeat(" ", 102)+"4"),
		formatTable([][]string{{"名字", "1"}, {"ab", "2"}, {long, "3"}, {"x", "4"}}))
}

// The RESTARTS column, as kubectl prints it: the count, and how long ago
// the last restart's container finished when there was one.
func TestPodRowRestarts(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web", CreationTimestamp: api.NewTime(now.Add(-10 * time.Minute))},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "a"}, {Name: "b"}}},
		Status: api.PodStatus{Phase: api.PodRunning, ContainerStatuses: []api.ContainerStatus{
			{Name: "a", Ready: true, RestartCount: 2, LastState: api.ContainerState{Terminated: &api.ContainerStateTerminated{FinishedAt: api.NewTime(now.Add(-90 * time.Second))}},
				State: api.ContainerState{Running: &api.ContainerStateRunning{}}},
			{Name: "b", RestartCount: 1, State: api.ContainerState{Running: &api.ContainerStateRunning{}}},
		}}}
	assert.Equal(t, []string{"web", "1/2", "Running", "3 (90s ago)", "10m"}, podRow(p, now, false))
	p.Status.ContainerStatuses[0].LastState = api.ContainerState{}
	assert.Equal(t, "3", podRow(p, now, false)[3], "no finish time: the count alone")
}
