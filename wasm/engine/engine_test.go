package engine

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/examples"
)

func started(t *testing.T) *Engine {
	t.Helper()
	e := New(1)
	e.Start()
	return e
}

func do(t *testing.T, e *Engine, r Request) Reply {
	t.Helper()
	rep := e.Do(r)
	require.Empty(t, rep.Error, "%s", r.Op)
	return rep
}

func stdout(rep Reply) string {
	var b strings.Builder
	for _, c := range rep.Output {
		if !c.Stderr {
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

func TestTheFirstFrameCarriesEveryPodAndTheNextOnlyWhatChanged(t *testing.T) {
	e := started(t)
	first := e.Frame()
	assert.True(t, first.Reset)
	assert.Equal(t, first.Count.Pods, len(first.Pods), "the first frame holds every pod")
	assert.True(t, first.Has("overview") && first.Has("events") && first.Has("dns"))
	require.NotNil(t, first.Overview)
	assert.Len(t, first.Overview.Nodes, 4, "three workers and the control plane")

	idle := e.Frame()
	assert.Empty(t, idle.Pods, "nothing changed")
	assert.Empty(t, idle.Changed)
	assert.Empty(t, idle.Trace)

	rep := do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	assert.True(t, rep.Changed)
	assert.Contains(t, rep.Lines, "deployment.apps/nginx-deployment created")
	do(t, e, Request{Op: "settle", Seconds: 60})
	f := e.Frame()
	assert.False(t, f.Reset)
	var web []string
	for _, p := range f.Pods {
		if strings.HasPrefix(p.Key, "default/nginx-deployment-") {
			web = append(web, p.Key)
			assert.Equal(t, "Running", p.View.Status)
		}
	}
	assert.Len(t, web, 3, "the three new pods, as they are now")
	assert.True(t, f.Has("overview"), "a Deployment and a ReplicaSet appeared")
	assert.NotEmpty(t, f.Trace)
	assert.Equal(t, f.Trace[len(f.Trace)-1].Seq, f.TraceLast)
}

func TestAFrameSurvivesJSON(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	do(t, e, Request{Op: "settle", Seconds: 60})
	f := e.Frame()
	b, err := json.Marshal(f)
	require.NoError(t, err)
	var back Frame
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, len(f.Pods), len(back.Pods))
	assert.Equal(t, f.Pods[0], back.Pods[0])
	assert.Equal(t, f.Picture.Lease, back.Picture.Lease)
	assert.Equal(t, f.Trace[0].Actions, back.Trace[0].Actions)
	assert.Equal(t, f.Overview.Nodes, back.Overview.Nodes)
}

// The engine's cluster has the same history as a cluster driven directly
// with the same seed: reading frames adds no task.
func TestFramesDoNotChangeTheHistory(t *testing.T) {
	e := started(t)
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	_, err := c.Apply(examples.NginxDeployment)
	require.NoError(t, err)
	for range 50 {
		e.Run(100*time.Millisecond, 1000)
		e.Frame()
	}
	c.Advance(5 * time.Second)
	got := stdout(do(t, e, Request{Op: "kubectl", Line: "get pods -o wide"}))
	assert.Equal(t, c.Kubectl("kubectl get pods -o wide", "").Stdout, got)
	assert.Equal(t, c.Store().Revision(), e.Cluster().Store().Revision())
}

func TestAWatchsRowsComeInFrames(t *testing.T) {
	e := started(t)
	rep := do(t, e, Request{Op: "kubectl", Line: "kubectl get deployments -w"})
	assert.True(t, rep.Watching)
	e.Frame()
	do(t, e, Request{Op: "sim", Args: []string{"node", "fail", "node-1"}}) // any command but kubectl leaves the watch open
	rep = do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	e.Run(2*time.Second, 100000)
	f := e.Frame()
	assert.Contains(t, f.Watch, "nginx-deployment")
	assert.Empty(t, e.Frame().Watch, "each row once")
	do(t, e, Request{Op: "kubectl", Line: "get pods"})
	assert.Nil(t, e.watch, "another kubectl command ends the watch")
}

func TestStepSaysWhatItsTaskDid(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	var reconciled *Step
	for range 50 {
		s := do(t, e, Request{Op: "step"}).Step
		require.NotNil(t, s)
		if s.Reconcile != nil && s.Reconcile.Controller == "deployment" {
			reconciled = s
			break
		}
	}
	require.NotNil(t, reconciled, "the deployment controller reconciled within 50 steps")
	assert.Equal(t, "default/nginx-deployment", reconciled.Reconcile.Key)
	tasks, _ := e.Cluster().Clock().Ran()
	assert.Equal(t, tasks, reconciled.Tasks)
}

func TestReplayReadsAnEarlierRevision(t *testing.T) {
	e := started(t)
	before := e.Frame().Revision
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	do(t, e, Request{Op: "settle", Seconds: 60})
	rep := do(t, e, Request{Op: "snapshotAt", Rev: before})
	require.NotNil(t, rep.Snapshot)
	assert.Equal(t, before, rep.Snapshot.Revision)
	for _, p := range rep.Snapshot.Pods {
		assert.NotContains(t, p.Name, "nginx-deployment", "no pod of the Deployment yet")
	}
	for _, en := range rep.Trace {
		assert.LessOrEqual(t, en.Revision, before)
	}
}

func TestARequestThatFailsIsAnswered(t *testing.T) {
	e := started(t)
	assert.Contains(t, e.Do(Request{Op: "nope"}).Error, `no request "nope"`)
	assert.Contains(t, e.Do(Request{Op: "shell", Line: "ls"}).Error, "no shell")
	rep := e.Do(Request{Op: "apply", Text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containerz: []\n"})
	require.NotEmpty(t, rep.Errors)
	assert.Equal(t, 6, rep.Errors[0].Line, "the error points at its line")
}

func TestTheSessionRecordsWhatWasAskedToBeRecorded(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "kubectl", Line: "kubectl create deployment web --image=nginx", Record: true})
	do(t, e, Request{Op: "kubectl", Line: "kubectl get pods"}) // a read the page does not record
	text := do(t, e, Request{Op: "session"}).Text
	assert.Contains(t, text, "kubectl create deployment web --image=nginx")
	assert.NotContains(t, text, "get pods")
}
