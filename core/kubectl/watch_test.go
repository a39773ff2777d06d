package kubectl

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

func TestGetWatchPrintsARowPerChange(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl get pods -l app=nginx -w")
	require.NotNil(t, r.Watch)
	assert.Equal(t, lines(
		"NAME                                READY   STATUS    RESTARTS   AGE",
		"nginx-deployment-5bf87f5f59-7xk2p   1/1     Running   0          95s",
		"nginx-deployment-5bf87f5f59-bq4zt   1/1     Running   0          95s",
		"nginx-deployment-5bf87f5f59-x9w4d   1/1     Running   0          95s",
	), r.Stdout)
	assert.Equal(t, "", r.Watch.Poll(), "nothing changed yet")

	// A new pod goes Pending, then ContainerCreating (wider than any
	// STATUS so far, so the column widens from then on), then Running.
	p := runningPod("nginx-deployment-5bf87f5f59-zzzzz", "control-plane", "10.244.0.9", e.clk.Now())
	p.Status = api.PodStatus{Phase: api.PodPending}
	e.create(p)
	e.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "other", Namespace: "default", Labels: map[string]string{"app": "other"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "busybox"}}}})
	e.clk.Advance(2 * time.Second)
	e.update("pod", "default", p.Name, func(o api.Object) {
		o.(*api.Pod).Status.ContainerStatuses = []api.ContainerStatus{{Name: "nginx",
			State: api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: "ContainerCreating"}}}}
	})
	assert.Equal(t, lines(
		"nginx-deployment-5bf87f5f59-zzzzz   0/1     Pending   0          2s",
		"nginx-deployment-5bf87f5f59-zzzzz   0/1     Pending   0          2s",
		"nginx-deployment-5bf87f5f59-zzzzz   0/1     Pending   0          2s",
		"nginx-deployment-5bf87f5f59-zzzzz   0/1     ContainerCreating   0          2s",
	), r.Watch.Poll(), "created, status written, spec and status updated")

	e.clk.Advance(time.Second)
	e.update("pod", "default", p.Name, func(o api.Object) { o.(*api.Pod).Status = runningPod("", "", "", e.clk.Now()).Status })
	_, err := e.st.Delete(api.Pods, "default", "nginx-deployment-5bf87f5f59-bq4zt", store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
	require.NoError(t, err)
	assert.Equal(t, lines(
		"nginx-deployment-5bf87f5f59-zzzzz   0/1     ContainerCreating   0          3s",
		"nginx-deployment-5bf87f5f59-zzzzz   1/1     Running             0          3s",
		"nginx-deployment-5bf87f5f59-bq4zt   1/1     Running             0          98s",
	), r.Watch.Poll())

	r.Watch.Stop()
	e.update("pod", "default", p.Name, func(o api.Object) { o.GetObjectMeta().Labels["x"] = "y" })
	assert.Equal(t, "", r.Watch.Poll(), "a stopped watch prints nothing")
}

func TestGetWatchOfOneObjectAndWatchOnly(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl get deploy nginx-deployment --watch-only")
	require.NotNil(t, r.Watch)
	assert.Equal(t, "", r.Stdout)
	e.run("kubectl scale deploy nginx-deployment --replicas=5")
	e.run("kubectl scale rs nginx-deployment-5bf87f5f59 --replicas=5")
	assert.Equal(t, lines(
		"NAME               READY   UP-TO-DATE   AVAILABLE   AGE",
		"nginx-deployment   3/5     3            3           95s",
	), r.Watch.Poll(), "the header comes with the first row")

	r = e.run("kubectl get deploy nginx-deployment -w -o name")
	e.run("kubectl label deploy nginx-deployment a=b")
	assert.Equal(t, "deployment.apps/nginx-deployment\n", r.Stdout)
	assert.Equal(t, "deployment.apps/nginx-deployment\n", r.Watch.Poll())
}

func TestGetWatchErrors(t *testing.T) {
	e := clusterEnv(t)
	for cmd, stderr := range map[string]string{
		"kubectl get pods,rs -w":       "error: watch is only supported on individual resources and resource collections, but 2 resources were found\n",
		"kubectl get pod web other -w": "error: watch is only supported on individual resources and resource collections, but 2 resources were found\n",
		"kubectl get pod nope -w":      "Error from server (NotFound): pods \"nope\" not found\n",
	} {
		r := e.run(cmd)
		assert.Equal(t, stderr, r.Stderr, cmd)
		assert.Nil(t, r.Watch, cmd)
	}
}

// -w with -o jsonpath prints the template for each object as it comes;
// with custom-columns, the header once and then a row per change.
func TestGetWatchWithTemplates(t *testing.T) {
	e := clusterEnv(t)
	r := e.run(`kubectl get pods -l app=nginx -w -o jsonpath='{.metadata.name}:{.status.phase}{"\n"}'`)
	require.NotNil(t, r.Watch)
	assert.Equal(t, lines(
		"nginx-deployment-5bf87f5f59-7xk2p:Running",
		"nginx-deployment-5bf87f5f59-bq4zt:Running",
		"nginx-deployment-5bf87f5f59-x9w4d:Running",
	), r.Stdout)
	cols := e.run(`kubectl get pods -l app=nginx -w -o custom-columns=NAME:.metadata.name,PHASE:.status.phase`)
	require.NotNil(t, cols.Watch)
	assert.Equal(t, lines(
		"NAME                                PHASE",
		"nginx-deployment-5bf87f5f59-7xk2p   Running",
		"nginx-deployment-5bf87f5f59-bq4zt   Running",
		"nginx-deployment-5bf87f5f59-x9w4d   Running",
	), cols.Stdout)

	p := runningPod("nginx-deployment-5bf87f5f59-zzzzz", "control-plane", "10.244.0.9", e.clk.Now())
	p.Status = api.PodStatus{Phase: api.PodPending}
	e.create(p) // created, then its status written: two changes
	assert.Equal(t, lines("nginx-deployment-5bf87f5f59-zzzzz:Pending", "nginx-deployment-5bf87f5f59-zzzzz:Pending"), r.Watch.Poll())
	assert.Equal(t, lines("nginx-deployment-5bf87f5f59-zzzzz   Pending", "nginx-deployment-5bf87f5f59-zzzzz   Pending"), cols.Watch.Poll(), "no second header")

	// As kubectl's tab writer, the columns keep the widths printed so far.
	short := runningPod("x", "control-plane", "10.244.0.10", e.clk.Now())
	e.create(short)
	assert.Equal(t, lines("x                                   Running", "x                                   Running"), cols.Watch.Poll())
}
