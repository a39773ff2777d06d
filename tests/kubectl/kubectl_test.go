// Package kubectl runs kubectl's commands against a whole simulated cluster
// (core/cluster: store, controllers, scheduler, kubelets), where the unit
// tests of core/kubectl use a bare store. It checks what only the
// controllers' answers can show: that an undo makes the controller re-use
// the old ReplicaSet, that edits made while paused make exactly one new
// ReplicaSet, that a watch sees a rollout happen.
package kubectl

import (
	"errors"
	"github.com/kubeloop/kubeloop/core/examples"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/kubectl"
)

const manifest = examples.NginxDeployment

// env is a cluster with nginx-deployment.yaml to create from.
type env struct {
	t *testing.T
	c *cluster.Cluster
}

func newEnv(t *testing.T) *env {
	c := cluster.New(cluster.Options{Seed: 7, Controllers: controllers.All(), ReadFile: func(name string) ([]byte, error) {
		if name == "nginx-deployment.yaml" {
			return []byte(manifest), nil
		}
		return nil, errors.New("no such file")
	}})
	return &env{t: t, c: c}
}

// run runs a command that must succeed and returns its stdout.
func (e *env) run(line string) string {
	e.t.Helper()
	r := e.c.Kubectl(line, "")
	require.Equal(e.t, 0, r.ExitCode, "%s\n%s", line, r.Stderr)
	return r.Stdout
}

// fails runs a command that must fail and returns its stderr.
func (e *env) fails(line string) string {
	e.t.Helper()
	r := e.c.Kubectl(line, "")
	require.Equal(e.t, 1, r.ExitCode, line)
	return r.Stderr
}

func (e *env) settle() {
	e.t.Helper()
	settled, _ := e.c.Settle(10 * time.Minute)
	require.True(e.t, settled)
}

func (e *env) deployment() *api.Deployment {
	e.t.Helper()
	o, err := e.c.Store().Get(api.Deployments, "default", "nginx-deployment")
	require.NoError(e.t, err)
	return o.(*api.Deployment)
}

// replicaSets maps each ReplicaSet's name to its revision annotation.
func (e *env) replicaSets() map[string]string {
	out := map[string]string{}
	for _, o := range e.c.Store().List(api.ReplicaSets, "default") {
		out[o.GetObjectMeta().Name] = o.GetObjectMeta().Annotations["deployment.kubernetes.io/revision"]
	}
	return out
}

// started is a cluster where nginx-deployment was created with --record
// and rolled out.
func started(t *testing.T) *env {
	e := newEnv(t)
	e.run("kubectl create -f nginx-deployment.yaml --record")
	e.settle()
	return e
}

// Each revision shows the change-cause its template had: the create's,
// recorded with --record, which a later command without --record leaves
// (as on a real v1.32 cluster), and a command recorded with --record.
func TestHistoryShowsEachRecordedCommand(t *testing.T) {
	e := started(t)
	e.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1")
	e.settle()
	e.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1 --record")
	e.settle()
	assert.Equal(t, strings.Join([]string{
		"deployment.apps/nginx-deployment ",
		"REVISION  CHANGE-CAUSE",
		"1         kubectl create --filename=nginx-deployment.yaml --record=true",
		"2         kubectl create --filename=nginx-deployment.yaml --record=true",
		"3         kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1 --record=true",
		"", "",
	}, "\n"), e.run("kubectl rollout history deployment/nginx-deployment"))
	rev2 := e.run("kubectl rollout history deployment/nginx-deployment --revision=2")
	assert.Contains(t, rev2, "deployment.apps/nginx-deployment with revision #2\nPod Template:\n  Labels:\tapp=nginx\n\tpod-template-hash=")
	assert.Contains(t, rev2, "    Image:\tnginx:1.9.1\n")
}

func TestUndoReusesTheOldReplicaSet(t *testing.T) {
	e := started(t)
	first := e.replicaSets()
	e.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1")
	e.settle()
	assert.Equal(t, "deployment.apps/nginx-deployment rolled back\n", e.run("kubectl rollout undo deployment/nginx-deployment"))
	e.settle()
	rss := e.replicaSets()
	assert.Len(t, rss, 2, "no new ReplicaSet: the first one is new again")
	for name := range first {
		assert.Equal(t, "3", rss[name], "the re-used ReplicaSet takes the next revision")
	}
	d := e.deployment()
	assert.Equal(t, "nginx:1.7.9", d.Spec.Template.Spec.Containers[0].Image)
	assert.Equal(t, "kubectl create --filename=nginx-deployment.yaml --record=true", d.Annotations[kubectl.ChangeCauseAnnotation])
	assert.Equal(t, int32(3), d.Status.UpdatedReplicas)

	assert.Equal(t, "deployment.apps/nginx-deployment skipped rollback (current template already matches revision 3)\n",
		e.run("kubectl rollout undo deployment/nginx-deployment --to-revision=3"))
	assert.Equal(t, "error: unable to find specified revision 1 in history\n",
		e.fails("kubectl rollout undo deployment/nginx-deployment --to-revision=1"))
	assert.Equal(t, "deployment.apps/nginx-deployment rolled back\n",
		e.run("kubectl rollout undo deployment/nginx-deployment --to-revision=2"))
	e.settle()
	assert.Equal(t, "nginx:1.9.1", e.deployment().Spec.Template.Spec.Containers[0].Image)
}

func TestEditsWhilePausedMakeOneReplicaSet(t *testing.T) {
	e := started(t)
	assert.Equal(t, "error: no rollout history found for deployment \"nginx-deployment\"\n", e.fails("kubectl rollout undo deployment/nginx-deployment"))
	e.run("kubectl rollout pause deployment/nginx-deployment")
	e.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1")
	e.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.25")
	e.run(`kubectl patch deployment nginx-deployment -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","resources":{"limits":{"memory":"64Mi"}}}]}}}}'`)
	e.settle()
	require.Len(t, e.replicaSets(), 1, "paused: no rollout")
	e.run("kubectl rollout resume deployment/nginx-deployment")
	e.settle()
	require.Len(t, e.replicaSets(), 2, "one rollout for all the edits")
	d := e.deployment()
	assert.Equal(t, int32(3), d.Status.UpdatedReplicas)
	assert.Equal(t, int32(3), d.Status.AvailableReplicas)
	assert.Equal(t, "2", d.Annotations["deployment.kubernetes.io/revision"])
}

func TestRestartRollsOutNewPods(t *testing.T) {
	e := started(t)
	e.c.Advance(90 * time.Second)
	now := e.c.Now()
	assert.Equal(t, "deployment.apps/nginx-deployment restarted\n", e.run("kubectl rollout restart deployment/nginx-deployment"))
	e.settle()
	assert.Len(t, e.replicaSets(), 2)
	d := e.deployment()
	assert.Equal(t, now.UTC().Format(time.RFC3339), d.Spec.Template.Annotations["kubectl.kubernetes.io/restartedAt"])
	assert.Equal(t, int32(3), d.Status.UpdatedReplicas)
}

func TestRevisionHistoryLimitByPatch(t *testing.T) {
	e := started(t)
	for _, tag := range []string{"1.9.1", "1.25", "1.27"} {
		e.run("kubectl set image deployment/nginx-deployment nginx=nginx:" + tag)
		e.settle()
	}
	require.Len(t, e.replicaSets(), 4)
	assert.Equal(t, "deployment.apps/nginx-deployment patched\n",
		e.run(`kubectl patch deployment nginx-deployment -p '{"spec":{"revisionHistoryLimit":1}}'`))
	e.settle()
	revisions := []string{}
	for _, r := range e.replicaSets() {
		revisions = append(revisions, r)
	}
	assert.ElementsMatch(t, []string{"3", "4"}, revisions, "the newest and one old ReplicaSet stay")
	assert.Equal(t, "deployment.apps/nginx-deployment patched (no change)\n",
		e.run(`kubectl patch deployment nginx-deployment -p '{"spec":{"revisionHistoryLimit":1}}'`))
}

func TestDescribeShowsWhatTheControllersDid(t *testing.T) {
	e := started(t)
	e.c.Advance(30 * time.Second)
	out := e.run("kubectl describe deployment nginx-deployment")
	rsName := ""
	for name := range e.replicaSets() {
		rsName = name
	}
	for _, want := range []string{
		"Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable\n",
		"  Available      True    MinimumReplicasAvailable\n",
		"OldReplicaSets:  <none>\n",
		"NewReplicaSet:   " + rsName + " (3/3 replicas created)\n",
		"  Normal  ScalingReplicaSet  ",
		"deployment-controller  Scaled up replica set " + rsName + " from 0 to 3\n",
	} {
		assert.Contains(t, out, want)
	}

	pods := e.c.Store().List(api.Pods, "default")
	require.NotEmpty(t, pods)
	p := pods[0].(*api.Pod)
	out = e.run("kubectl describe pod " + p.Name)
	for label, want := range map[string]string{
		"Name:":          p.Name,
		"Node:":          p.Spec.NodeName + "/" + p.Status.HostIP,
		"Controlled By:": "ReplicaSet/" + rsName,
		"    State:":     "Running",
		"    Ready:":     "True",
		"QoS Class:":     "BestEffort",
		"Tolerations:":   "node.kubernetes.io/not-ready:NoExecute op=Exists for 300s",
	} {
		assert.Equal(t, want, value(out, label), label)
	}
	assert.Contains(t, out, "default-scheduler  Successfully assigned default/"+p.Name+" to "+p.Spec.NodeName+"\n")
	out = e.run("kubectl describe rs " + rsName)
	assert.Contains(t, out, "Pods Status:    3 Running / 0 Waiting / 0 Succeeded / 0 Failed\n")
	assert.Contains(t, out, "Controlled By:  Deployment/nginx-deployment\n")
}

// value is what follows label on the first line of a describe page that
// starts with it, however the columns were aligned.
func value(page, label string) string {
	for _, l := range strings.Split(page, "\n") {
		if strings.HasPrefix(l, label) {
			return strings.TrimSpace(strings.TrimPrefix(l, label))
		}
	}
	return ""
}

func TestWatchSeesARollout(t *testing.T) {
	e := started(t)
	r := e.c.Kubectl("kubectl get pods -w", "")
	require.NotNil(t, r.Watch)
	header := strings.SplitN(r.Stdout, "\n", 2)[0]
	assert.Regexp(t, `^NAME +READY   STATUS    RESTARTS   AGE$`, header)
	e.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1")
	var rows []string
	for i := 0; i < 5000 && e.c.Step(); i++ {
		if out := r.Watch.Poll(); out != "" {
			rows = append(rows, strings.Split(strings.TrimSuffix(out, "\n"), "\n")...)
		}
		if d := e.deployment(); d.Status.ObservedGeneration == d.Generation && d.Status.UpdatedReplicas == 3 &&
			d.Status.AvailableReplicas == 3 && e.c.Store().Count(api.Pods) == 3 {
			break
		}
	}
	r.Watch.Stop()
	statuses := map[string]bool{}
	for _, row := range rows {
		fields := strings.Fields(row)
		require.Len(t, fields, 5, row)
		statuses[fields[2]] = true
	}
	for _, s := range []string{"Pending", "ContainerCreating", "Running", "Terminating"} {
		assert.True(t, statuses[s], "a row with status %s in\n%s", s, strings.Join(rows, "\n"))
	}
}
