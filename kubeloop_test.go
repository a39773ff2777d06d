package kubeloop_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
)

func settledWeb(t *testing.T) *kubeloop.Cluster {
	t.Helper()
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	_, err := c.Apply(webDeployment)
	require.NoError(t, err)
	require.NoError(t, c.Settle())
	return c
}

func TestNewPassesNodesAndStart(t *testing.T) {
	start := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	c := kubeloop.New(kubeloop.Options{Seed: 1, Nodes: 5, Start: start})
	assert.Equal(t, start, c.Now())
	workers, err := kubeloop.List[*api.Node](c, "", "!node-role.kubernetes.io/control-plane")
	require.NoError(t, err)
	assert.Len(t, workers, 5)
}

func TestKubectlTakesTheLineWithOrWithoutKubectl(t *testing.T) {
	c := settledWeb(t)
	want, err := c.Kubectl("kubectl get deployments")
	require.NoError(t, err)
	assert.Contains(t, want, "web    4/4")
	for _, line := range []string{"get deployments", "k get deployments", "  kubectl get deployments"} {
		got, err := c.Kubectl(line)
		require.NoError(t, err, line)
		assert.Equal(t, want, got, line)
	}
}

func TestKubectlFailureIsItsStderr(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	out, err := c.Kubectl("get deployment nothing")
	assert.Empty(t, out)
	assert.EqualError(t, err, `Error from server (NotFound): deployments.apps "nothing" not found`)
}

// New hands the cluster kubectl's help pages (site/data): a test asks for
// help as a learner does.
func TestKubectlPrintsItsHelp(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	out, err := c.Kubectl("create deployment --help")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(out, "Create a deployment with the specified name.\n\nAliases:\ndeployment, deploy\n"), out)
}

// New hands the cluster kubectl explain's descriptions too: explain
// prints a field's description, not only its type.
func TestKubectlExplainsWithDescriptions(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	out, err := c.Kubectl("explain deployment.spec.replicas")
	require.NoError(t, err)
	assert.Contains(t, out, "DESCRIPTION:\n    The desired number of pods (default 1).")
}

func TestKubectlWatchPrintsTheTableAndStops(t *testing.T) {
	c := settledWeb(t)
	out, err := c.Kubectl("get deployments -w")
	require.NoError(t, err)
	assert.Contains(t, out, "web    4/4")
	require.NoError(t, c.Settle(), "no watch is left running")
}

func TestApplyRefusesABadManifestAndChangesNothing(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	_, err := c.Apply(webDeployment + "---\napiVersion: v1\nkind: Pod\nmetadata: {name: bad}\nspec: {containerz: []}\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "containerz")
	deployments, err := kubeloop.List[*api.Deployment](c, "default", "")
	require.NoError(t, err)
	assert.Empty(t, deployments)
}

func TestGetReturnsACopy(t *testing.T) {
	c := settledWeb(t)
	d, err := kubeloop.Get[*api.Deployment](c, "default", "web")
	require.NoError(t, err)
	assert.Equal(t, int32(4), d.Status.ReadyReplicas)
	d.Labels = map[string]string{"changed": "here"}
	again, err := kubeloop.Get[*api.Deployment](c, "default", "web")
	require.NoError(t, err)
	assert.Empty(t, again.Labels, "the API server's object is untouched")
}

func TestGetOfAMissingObjectIsNotFound(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	_, err := kubeloop.Get[*api.Pod](c, "default", "nothing")
	assert.True(t, api.IsNotFound(err), "%v", err)
	ns, err := kubeloop.Get[*api.Namespace](c, "", "kube-system")
	require.NoError(t, err)
	assert.Equal(t, "kube-system", ns.Name)
}

func TestListSelectsByLabelsInOneNamespace(t *testing.T) {
	c := settledWeb(t)
	web, err := kubeloop.List[*api.Pod](c, "default", "app=web")
	require.NoError(t, err)
	assert.Len(t, web, 4)
	none, err := kubeloop.List[*api.Pod](c, "kube-system", "app=web")
	require.NoError(t, err)
	assert.Empty(t, none)
	others, err := kubeloop.List[*api.Pod](c, "", "app!=web")
	require.NoError(t, err)
	for _, p := range others {
		assert.NotEqual(t, "web", p.Labels["app"])
	}
	assert.NotEmpty(t, others, "the cluster's own pods, CoreDNS's")
}

func TestListRefusesABadSelectorAndATypeThatIsNoKind(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	_, err := kubeloop.List[*api.Pod](c, "default", "app in (web")
	assert.Error(t, err)
	_, err = kubeloop.List[api.Object](c, "default", "")
	assert.ErrorContains(t, err, "not a kind")
}

func TestSettleReportsABusyCluster(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	_, err := c.Kubectl("run broken --image=nginx:no-such-tag")
	require.NoError(t, err)
	assert.ErrorIs(t, c.Settle(), kubeloop.ErrNotSettled, "ImagePullBackOff retries for ever")
}

func TestStepsYieldsEveryReconcileOnce(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	from := c.Core().Trace().Last()
	_, err := c.Apply(webDeployment)
	require.NoError(t, err)
	var seen []int64
	var last time.Time
	for step := range c.Steps(0) {
		assert.False(t, step.Time.Before(last), "time never goes back")
		last = step.Time
		if step.Reconcile != nil {
			seen = append(seen, step.Reconcile.Seq)
		}
	}
	var traced []int64
	for _, e := range c.Core().TraceSince(from) {
		traced = append(traced, e.Seq)
	}
	assert.Equal(t, traced, seen)
	assert.False(t, c.Core().Busy(), "it ran until the cluster was quiet")
}

func TestStepsStopsWhenTheLoopBreaks(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	_, err := c.Apply(webDeployment)
	require.NoError(t, err)
	ran, _ := c.Core().Clock().Ran()
	for range c.Steps(0) {
		break
	}
	after, _ := c.Core().Clock().Ran()
	assert.Equal(t, ran+1, after, "one task, then no more")
}

func TestStepsStopsAtMax(t *testing.T) {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	_, err := c.Kubectl("run broken --image=nginx:no-such-tag")
	require.NoError(t, err)
	start := c.Now()
	for step := range c.Steps(time.Minute) {
		assert.False(t, step.Time.After(start.Add(time.Minute)))
	}
	assert.Equal(t, start.Add(time.Minute), c.Now())
}

// A key can wait in the queue while its object goes: the reconcile that
// comes for it then finds nothing and does nothing.
func TestControllerForSkipsAnObjectDeletedBeforeItsReconcile(t *testing.T) {
	var reconciled []string
	record := kubeloop.ControllerFor("recorder", func(_ *controller.Context, d *api.Deployment) (controller.Result, error) {
		reconciled = append(reconciled, d.Namespace+"/"+d.Name)
		return controller.Result{}, nil
	})
	c := kubeloop.New(kubeloop.Options{Seed: 1, Controllers: []kubeloop.Register{record}})
	from := c.Core().Trace().Last()
	_, err := c.Apply(webDeployment)
	require.NoError(t, err)
	_, err = c.Kubectl("delete deployment web")
	require.NoError(t, err)
	require.NoError(t, c.Settle())

	assert.NotContains(t, reconciled, "default/web")
	ran := 0
	for _, e := range c.Core().TraceSince(from) {
		if e.Controller == "recorder" && e.Key == "default/web" {
			ran++
			assert.Equal(t, "done", e.Result)
		}
	}
	assert.Equal(t, 1, ran, "the key queued when the Deployment was created")
}

func TestControllerForPanicsForATypeThatIsNoKind(t *testing.T) {
	assert.PanicsWithValue(t, "kubeloop: api.Object is not a kind the cluster serves (see api.Kinds)", func() {
		kubeloop.ControllerFor("nothing", func(*controller.Context, api.Object) (controller.Result, error) {
			return controller.Result{}, nil
		})
	})
}
