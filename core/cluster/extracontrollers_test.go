package cluster_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// registerDeploymentWatcher is a caller's controller: it enqueues every
// Deployment and records nothing but its trace entries.
func registerDeploymentWatcher(registered *int) func(*controller.Manager) *controller.Controller {
	return func(m *controller.Manager) *controller.Controller {
		*registered++
		deployments := m.Informers.For(api.Deployments)
		c := m.NewController("deployment-watcher", controller.ReconcileFunc(
			func(ctx *controller.Context, req controller.Request) (controller.Result, error) {
				if _, ok := deployments.Get(req.Namespace, req.Name); ok {
					ctx.Observe("deployment %s exists", req)
				}
				return controller.Result{}, nil
			}), controller.Options{})
		deployments.AddHandler(informer.Handler{OnAdd: c.EnqueueObject, OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) }})
		return c
	}
}

func TestExtraControllersRunOnTheLeaderBesideTheBuiltInOnes(t *testing.T) {
	registered := 0
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), ExtraControllers: []func(*controller.Manager) *controller.Controller{
		registerDeploymentWatcher(&registered)}})
	assert.Equal(t, 2, registered, "once per kube-controller-manager replica")
	start := c.Trace().Last()
	_, err := c.Apply(nginxDeployment)
	require.NoError(t, err)
	ok, _ := c.Settle(0)
	require.True(t, ok)

	leader := replica(t, c, "control-plane-1")
	require.Equal(t, cluster.RoleLeader, leader.Role)
	registeredLast := leader.Manager.Controllers()[len(leader.Manager.Controllers())-1]
	assert.Equal(t, "deployment-watcher", registeredLast.Name, "after the built-in controllers")
	watched := 0
	for _, e := range c.TraceSince(start) {
		if e.Controller == "deployment-watcher" {
			watched++
			assert.Equal(t, "default/nginx-deployment", e.Key)
			assert.Equal(t, leader.Identity, e.Manager, "only the leader reconciles")
			assert.Equal(t, []string{"deployment default/nginx-deployment exists"}, e.Observed)
		}
	}
	assert.Positive(t, watched)
	assert.Equal(t, 3, readyPods(c, "nginx:1.7.9"), "the built-in controllers still roll out the Deployment")
}
