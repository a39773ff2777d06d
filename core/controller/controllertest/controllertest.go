// Package controllertest starts controllers alone over a fresh store, for
// the reconcile tests of each controller package: a simulated clock, a
// store with the "default" namespace, and one controller manager that
// leads at once, running only the controllers the test names. A test
// asserts on the API writes the controllers made, as the trace records
// them (ActionsOf, ActionsSince, DetailsSince), or on those of one
// reconcile it runs itself (Reconcile).
package controllertest

import (
	"fmt"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// Register is a controller package's Register function.
type Register = func(*controller.Manager) *controller.Controller

// Start returns the clock, store and controller manager of a fresh
// cluster in which only the given controllers run. prepare, when set,
// runs on the empty store first (to add admission plugins, as
// core/cluster does, or cluster-scoped objects: the "default" namespace
// does not exist yet).
func Start(t testing.TB, prepare func(*store.Store), registers ...Register) (*clock.Sim, *store.Store, *controller.Manager) {
	t.Helper()
	clk := clock.New(1)
	s := store.New(clk)
	if prepare != nil {
		prepare(s)
	}
	if _, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}}); err != nil {
		t.Fatalf("create namespace default: %v", err)
	}
	m := controller.NewManager(s, controller.NewTrace(1000))
	for _, r := range registers {
		r(m)
	}
	if err := m.Start(); err != nil {
		t.Fatalf("start the controller manager: %v", err)
	}
	m.SetLeading(true)
	return clk, s, m
}

// Settle runs every task that is due now.
func Settle(clk *clock.Sim) {
	for n := 0; clk.StepDue(); n++ {
		if n == maxSettleTasks {
			// Tasks that keep coming at one instant are a loop, not work:
			// fail here rather than at go test's timeout.
			panic(fmt.Sprintf("controllertest.Settle: still busy after %d tasks at %s; next: %s", n, clk.Now().Format(time.RFC3339Nano), clk.NextName()))
		}
	}
}

// maxSettleTasks bounds Settle: more tasks than this at one instant is a
// controller requeuing itself without delay.
const maxSettleTasks = 200_000

// Reconcile runs one reconcile of req by the named controller directly,
// not through its queue, as sample-controller's tests call syncHandler:
// the caches catch up first (Settle), then the reconcile runs with the
// controller's Event recorder, and its result and API writes, rendered as
// ActionsSince renders them, come back; the trace does not keep it. A
// test that wants no other reconcile than this one stops the manager
// leading (m.SetLeading(false)) before it writes its objects, so that the
// controller does not act on them first. An error fails the test.
func Reconcile(t testing.TB, m *controller.Manager, name string, req controller.Request) (controller.Result, []string) {
	t.Helper()
	var c *controller.Controller
	for _, x := range m.Controllers() {
		if x.Name == name {
			c = x
		}
	}
	if c == nil {
		t.Fatalf("no controller %q runs", name)
	}
	Settle(m.Clock)
	entry := &controller.Entry{}
	res, err := c.Reconciler().Reconcile(controller.NewContext(m.Clock, m.Store, c.Recorder(), entry), req)
	if err != nil {
		t.Fatalf("reconcile %s by %s: %v", req, name, err)
	}
	var out []string
	for _, a := range entry.Actions {
		out = append(out, Action(a))
	}
	return res, out
}

// ActionsOf is ActionsSince(trace, 0, controller): every API write the
// named controller made that the trace still keeps, oldest first, as a
// test compares them, the way sample-controller's tests compare the fake
// clientset's actions:
//
//	assert.Equal(t, []string{"create Pod default/web-x7k2p"}, controllertest.ActionsOf(m.Trace, "replicaset"))
func ActionsOf(trace *controller.Trace, controller string) []string {
	return ActionsSince(trace, 0, controller)
}

// ActionsSince is the API writes of the named controller ("" for every
// controller) in the reconciles after the trace's entry seq: take
// seq := m.Trace.Last() before a step to see only what the step did.
// Each action reads "verb Kind namespace/name", or "verb Kind name" for
// a cluster-scoped object, and a write the API refused ends in
// " (error: …)", so a test sees the refusals too. The detail ("replica 3
// of 3") is prose for the page and left out. Nil when there are none.
func ActionsSince(trace *controller.Trace, seq int64, controller string) []string {
	return render(trace, seq, controller, false)
}

// DetailsSince is ActionsSince with each write's detail after a colon, for
// a test whose point is in the detail, where verb, kind and name alone do
// not tell the writes apart:
//
//	"update-status Node node-1: volumesAttached +kubernetes.io/host-path/vol-1"
func DetailsSince(trace *controller.Trace, seq int64, controller string) []string {
	return render(trace, seq, controller, true)
}

func render(trace *controller.Trace, seq int64, controller string, detail bool) []string {
	var out []string
	for _, e := range trace.Since(seq) {
		if controller != "" && e.Controller != controller {
			continue
		}
		for _, a := range e.Actions {
			out = append(out, action(a, detail))
		}
	}
	return out
}

// Action renders one action as ActionsSince does.
func Action(a controller.Action) string { return action(a, false) }

func action(a controller.Action, detail bool) string {
	s := a.Verb + " " + a.Kind + " " + a.Name
	if a.Namespace != "" {
		s = a.Verb + " " + a.Kind + " " + a.Namespace + "/" + a.Name
	}
	if detail && a.Detail != "" {
		s += ": " + a.Detail
	}
	if a.Error != "" {
		s += " (error: " + a.Error + ")"
	}
	return s
}
