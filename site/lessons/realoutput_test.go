package lessons

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/site/lessons/text"
)

func lessonByID(t *testing.T, id string) *Lesson {
	t.Helper()
	all, err := ParseAll(text.Files())
	require.NoError(t, err)
	l, err := Find(all, id)
	require.NoError(t, err)
	return l
}

// What a real cluster prints: each step's kubectl commands with their
// output, sim lines left out, a watch's rows under the watch.
func TestPrintedListsEachStepsKubectlOutput(t *testing.T) {
	le := lessonByID(t, "03-controller-manager")
	steps, err := le.Printed(cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()}))
	require.NoError(t, err)
	require.Len(t, steps, len(le.Steps))
	assert.Equal(t, []Printed{
		{Command: "kubectl scale deployment nginx-deployment --replicas=5", Output: "deployment.apps/nginx-deployment scaled\n"},
		{Command: "kubectl scale deployment nginx-deployment --replicas=4", Output: "deployment.apps/nginx-deployment scaled\n"},
	}, steps[0])
	last := steps[len(steps)-2]
	require.Len(t, last, 2)
	assert.Equal(t, "kubectl apply -f -", last[0].Command)
	assert.Contains(t, last[0].Stdin, "serviceAccountName: robot")
	assert.Equal(t, "deployment.apps/web created\n", last[0].Output)
	assert.Equal(t, "kubectl describe rs -l app=web", last[1].Command)
	assert.Contains(t, last[1].Output, `Error creating: pods "web-756f8f6d84-" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found`)

	le = lessonByID(t, "07-rolling-update")
	steps, err = le.Printed(cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()}))
	require.NoError(t, err)
	found := false
	for _, st := range steps {
		for _, p := range st {
			assert.False(t, strings.HasPrefix(p.Command, "sim"), p.Command)
			if p.Command == "kubectl get rs -w" {
				found = true
				assert.Greater(t, strings.Count(p.Output, "\n"), 4, "the rows the watch printed while time passed:\n%s", p.Output)
			}
		}
	}
	assert.True(t, found)
}

// Every lesson's transcript splits into its commands.
func TestPrintedForEveryLesson(t *testing.T) {
	all, err := ParseAll(text.Files())
	require.NoError(t, err)
	for _, le := range all {
		steps, err := le.Printed(cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()}))
		require.NoError(t, err, le.ID)
		for i, st := range steps {
			want := 0
			for _, c := range le.Steps[i].Commands {
				if !c.IsSim() {
					want++
				}
			}
			assert.Len(t, st, want, "%s step %d", le.ID, i+1)
		}
	}
}

// A change run beside a watch ("& ") has its own output; the watch's
// command has every row: the pods Terminating (while the delete waited),
// then web-0 and only then web-1 coming back.
func TestPrintedKeepsTheWatchOpenBesideTheDelete(t *testing.T) {
	le := lessonByID(t, "10-statefulset-identity")
	steps, err := le.Printed(cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()}))
	require.NoError(t, err)
	step := steps[2]
	require.GreaterOrEqual(t, len(step), 2)
	watch, del := step[0], step[1]
	assert.Equal(t, "kubectl get pods -w -l app=nginx", watch.Command)
	assert.False(t, watch.Beside)
	assert.Equal(t, Printed{Command: "kubectl delete pod web-0 web-1", Output: "pod \"web-0\" deleted\npod \"web-1\" deleted\n", Beside: true}, del)
	rows := strings.Split(strings.TrimSuffix(watch.Output, "\n"), "\n")
	var seen []string
	for _, r := range rows[1:] {
		f := strings.Fields(r)
		seen = append(seen, f[0]+" "+f[2])
	}
	// The rows after the table (both pods Running) are the changes.
	require.Greater(t, len(seen), 2)
	seen = seen[2:]
	first := func(s string) int {
		i := slices.Index(seen, s)
		require.GreaterOrEqual(t, i, 0, "no %q in\n%s", s, watch.Output)
		return i
	}
	assert.Less(t, first("web-0 Terminating"), first("web-0 Pending"), "%s", watch.Output)
	assert.Less(t, first("web-1 Terminating"), first("web-0 Pending"), "%s", watch.Output)
	assert.Less(t, first("web-0 Pending"), first("web-0 ContainerCreating"), "%s", watch.Output)
	assert.Less(t, first("web-0 ContainerCreating"), first("web-0 Running"), "%s", watch.Output)
	assert.Less(t, first("web-0 Running"), first("web-1 Pending"), "%s", watch.Output)
	assert.Less(t, first("web-1 Pending"), first("web-1 Running"), "%s", watch.Output)
	assert.NotContains(t, watch.Output, "& ")
}
