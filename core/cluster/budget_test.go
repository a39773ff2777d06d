package cluster

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/examples"
	"github.com/kubeloop/kubeloop/core/store"
)

// smallBudget is a started cluster whose budget leaves room for pods more
// pods and objects more objects (Events aside) than it holds: the budget's
// rules at a size a test reaches in milliseconds.
func smallBudget(t *testing.T, pods, objects int) *Cluster {
	t.Helper()
	c := New(Options{Seed: 1, Controllers: allControllers})
	s := c.Store()
	c.budget.pods = s.Count(api.Pods) + pods
	c.budget.objects = s.Len() - s.Count(api.Events) + objects
	return c
}

func bareConfigMap(name string) *api.ConfigMap {
	return &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"}}
}

// TestTheLargestWorkloadRollsOutWithinTheBudget: a rollout holds at most
// its old pods and its new ones at once (tests/bench and make perf roll
// out 10,000 pods).
func TestTheLargestWorkloadRollsOutWithinTheBudget(t *testing.T) {
	assert.GreaterOrEqual(t, MaxPods, 2*MaxReplicas)
	assert.GreaterOrEqual(t, MaxObjects, 3*MaxPods, "a claim and a volume for each pod")
}

func TestBudgetRefusesAPodOverIt(t *testing.T) {
	c := smallBudget(t, 2, 1000)
	r := c.Kubectl("kubectl run a --image=nginx", "")
	require.Zero(t, r.ExitCode, r.Stderr)
	r = c.Kubectl("kubectl run b --image=nginx", "")
	require.Zero(t, r.ExitCode, r.Stderr)
	rev := c.Store().Revision()
	r = c.Kubectl("kubectl run c --image=nginx", "")
	assert.Equal(t, 1, r.ExitCode)
	used := c.budget.pods
	assert.Equal(t, fmt.Sprintf(`Error from server (Forbidden): pods "c" is forbidden: kubeloop simulates at most %d pods per cluster (a real cluster would accept more), requested: pods=1, used: pods=%d, limited: pods=%d`+"\n", used, used, used), r.Stderr)
	assert.Equal(t, rev, c.Store().Revision(), "nothing written")

	r = c.Kubectl("kubectl label pod a tier=web", "")
	assert.Zero(t, r.ExitCode, "an update adds nothing: %s", r.Stderr)
	_, err := c.Store().Create(bareConfigMap("other"))
	assert.NoError(t, err, "the pod budget is for pods")

	r = c.Kubectl("kubectl delete pod a", "")
	require.Zero(t, r.ExitCode, r.Stderr)
	c.Settle(0)
	r = c.Kubectl("kubectl run c --image=nginx", "")
	assert.Zero(t, r.ExitCode, "a deleted pod makes room: %s", r.Stderr)
}

func TestBudgetRefusesAnyObjectOverItButEvents(t *testing.T) {
	c := smallBudget(t, 1000, 1)
	s := c.Store()
	_, err := s.Create(bareConfigMap("a"))
	require.NoError(t, err)
	_, err = s.Create(bareConfigMap("b"))
	assert.Equal(t, api.ReasonForbidden, api.ReasonOf(err))
	assert.Regexp(t, `^configmaps "b" is forbidden: kubeloop simulates at most \d+ objects per cluster, Events aside \(a real cluster would accept more\), requested: objects=1, used: objects=\d+, limited: objects=\d+$`, err)
	_, err = s.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}})
	assert.Equal(t, api.ReasonForbidden, api.ReasonOf(err), "a pod is an object too")

	_, err = s.Create(&api.Event{ObjectMeta: api.ObjectMeta{Name: "e", Namespace: "default"},
		InvolvedObject: api.ObjectReference{Kind: "ConfigMap", Name: "a", Namespace: "default"}, Reason: "Test", Type: "Normal"})
	assert.NoError(t, err, "Events are not counted")
}

// TestAControllerAtTheBudgetSaysWhy: a Deployment larger than what
// remains is admitted, as under a quota; its ReplicaSet creates pods up
// to the budget and records why it creates no more, and the cluster stays
// at the budget, retrying with back-off.
func TestAControllerAtTheBudgetSaysWhy(t *testing.T) {
	c := smallBudget(t, 5, 1000)
	limit := c.budget.pods
	_, err := c.Apply(strings.Replace(examples.NginxDeployment, "replicas: 3", "replicas: 8", 1))
	require.NoError(t, err)
	settled, _ := c.Settle(0)
	assert.False(t, settled, "the ReplicaSet keeps retrying")
	assert.Equal(t, limit, c.Store().Count(api.Pods))

	var failed []string
	for _, o := range c.Store().List(api.Events, "default") {
		if e := o.(*api.Event); e.Reason == "FailedCreate" {
			failed = append(failed, e.Message)
		}
	}
	require.NotEmpty(t, failed)
	want := fmt.Sprintf(`^Error creating: pods "nginx-deployment-[a-z0-9]+-[a-z0-9]{5}" is forbidden: kubeloop simulates at most %d pods per cluster \(a real cluster would accept more\), requested: pods=1, used: pods=%d, limited: pods=%d$`, limit, limit, limit)
	assert.Regexp(t, regexp.MustCompile(want), failed[0])

	r := c.Kubectl("kubectl describe rs", "")
	assert.Contains(t, r.Stdout, "FailedCreate")
	assert.Contains(t, r.Stdout, "kubeloop simulates at most")

	r = c.Kubectl("kubectl scale deployment nginx-deployment --replicas=2", "")
	require.Zero(t, r.ExitCode, r.Stderr)
	settled, _ = c.Settle(0)
	assert.True(t, settled, "within the budget again, the cluster comes to rest")
}

// TestApplyIsAllOrNothingAgainstTheBudget: the editor's Apply counts the
// new objects of a manifest together, and writes none when they do not
// all fit.
func TestApplyIsAllOrNothingAgainstTheBudget(t *testing.T) {
	c := smallBudget(t, 2, 1000)
	pod := func(name string) string {
		return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + "}\nspec:\n  containers: [{name: c, image: nginx}]\n"
	}
	rev := c.Store().Revision()
	_, err := c.Apply(pod("a") + "---\n" + pod("b") + "---\n" + pod("c"))
	assert.Equal(t, api.ReasonForbidden, api.ReasonOf(err))
	assert.Contains(t, fmt.Sprint(err), `pods "c" is forbidden: kubeloop simulates at most`)
	assert.Equal(t, rev, c.Store().Revision(), "nothing written")

	_, err = c.Apply(pod("a") + "---\n" + pod("b"))
	require.NoError(t, err)
	_, err = c.Apply(pod("a") + "---\n" + pod("b"))
	assert.NoError(t, err, "objects that exist are not new")
}

// TestBudgetAdmissionCostsTheSameAtAnySize: the check reads counts the
// store keeps; it lists nothing, so it allocates nothing.
func TestBudgetAdmissionCostsTheSameAtAnySize(t *testing.T) {
	c := New(Options{Seed: 1, Controllers: allControllers})
	s := c.Store()
	for i := range 2000 {
		_, err := s.Create(bareConfigMap(fmt.Sprintf("cm-%d", i)))
		require.NoError(t, err)
	}
	cm := bareConfigMap("new")
	allocs := testing.AllocsPerRun(100, func() {
		if err := c.budget.admit(store.OpCreate, cm, nil); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}
