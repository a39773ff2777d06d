package controllertest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
)

// secretMaker creates, per request, a Secret of the request's name in its
// namespace (with a detail) and a Namespace named for it (without): a
// namespaced and a cluster-scoped write, and on a second request for the
// same key, two refused ones.
func secretMaker(name string) controllertest.Register {
	return func(m *controller.Manager) *controller.Controller {
		return m.NewController(name, controller.ReconcileFunc(func(ctx *controller.Context, req controller.Request) (controller.Result, error) {
			_, _ = ctx.Create(&api.Secret{ObjectMeta: api.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}, "for "+req.Name)
			_, _ = ctx.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "ns-" + req.Name}}, "")
			return controller.Result{}, nil
		}), controller.Options{})
	}
}

func TestActionsOfRendersEachWriteOfOneController(t *testing.T) {
	clk, _, m := controllertest.Start(t, nil, secretMaker("a"), secretMaker("b"))
	a, b := m.Controllers()[0], m.Controllers()[1]
	a.Enqueue(controller.Request{Namespace: "default", Name: "web"})
	b.Enqueue(controller.Request{Namespace: "default", Name: "db"})
	controllertest.Settle(clk)
	assert.Equal(t, []string{"create Secret default/web", "create Namespace ns-web"}, controllertest.ActionsOf(m.Trace, "a"))
	assert.Equal(t, []string{"create Secret default/db", "create Namespace ns-db"}, controllertest.ActionsOf(m.Trace, "b"))
	assert.Len(t, controllertest.ActionsOf(m.Trace, ""), 4, `"" is every controller`)
	assert.Nil(t, controllertest.ActionsOf(m.Trace, "c"))
}

func TestActionsSinceShowsOnlyTheLaterStepAndItsRefusals(t *testing.T) {
	clk, _, m := controllertest.Start(t, nil, secretMaker("a"))
	a := m.Controllers()[0]
	a.Enqueue(controller.Request{Namespace: "default", Name: "web"})
	controllertest.Settle(clk)
	seq := m.Trace.Last()
	a.Enqueue(controller.Request{Namespace: "default", Name: "web"})
	controllertest.Settle(clk)
	assert.Equal(t, []string{
		`create Secret default/web (error: secrets "web" already exists)`,
		`create Namespace ns-web (error: namespaces "ns-web" already exists)`,
	}, controllertest.ActionsSince(m.Trace, seq, "a"))
	assert.Len(t, controllertest.ActionsOf(m.Trace, "a"), 4)
}

func TestDetailsSinceAddsTheDetailsThereAre(t *testing.T) {
	clk, _, m := controllertest.Start(t, nil, secretMaker("a"))
	a := m.Controllers()[0]
	a.Enqueue(controller.Request{Namespace: "default", Name: "web"})
	controllertest.Settle(clk)
	a.Enqueue(controller.Request{Namespace: "default", Name: "web"})
	controllertest.Settle(clk)
	assert.Equal(t, []string{
		"create Secret default/web: for web",
		"create Namespace ns-web",
		`create Secret default/web: for web (error: secrets "web" already exists)`,
		`create Namespace ns-web (error: namespaces "ns-web" already exists)`,
	}, controllertest.DetailsSince(m.Trace, 0, "a"))
}

func TestReconcileRunsOneSyncAndReturnsItsWrites(t *testing.T) {
	_, _, m := controllertest.Start(t, nil, secretMaker("a"))
	res, acts := controllertest.Reconcile(t, m, "a", controller.Request{Namespace: "default", Name: "web"})
	assert.Equal(t, controller.Result{}, res)
	assert.Equal(t, []string{"create Secret default/web", "create Namespace ns-web"}, acts)
	assert.Nil(t, controllertest.ActionsOf(m.Trace, "a"), "the trace does not keep it")
}

// TestSettleFailsOnALoopAtOneInstant: a task that schedules itself again
// at the same instant forever makes Settle panic with its name, instead of
// hanging until go test's timeout.
func TestSettleFailsOnALoopAtOneInstant(t *testing.T) {
	clk := clock.New(1)
	var again func()
	again = func() { clk.After(0, "requeue forever", again) }
	clk.After(0, "requeue forever", again)
	assert.PanicsWithValue(t, "controllertest.Settle: still busy after 200000 tasks at 2026-01-01T00:00:00Z; next: requeue forever", func() { controllertest.Settle(clk) })
}
