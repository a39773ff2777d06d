// Package controllertest starts controllers alone over a fresh store, for
// the reconcile tests of each controller package: a simulated clock, a
// store with the "default" namespace, and one controller manager that
// leads at once, running only the controllers the test names.
package controllertest

import (
	"testing"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// Register is a controller package's Register function.
type Register = func(*controller.Manager) *controller.Controller

// Start returns the clock, store and controller manager of a fresh
// cluster in which only the given controllers run. prepare, when set, runs on the empty store first
// (to add admission plugins, as core/cluster does).
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
	for clk.StepDue() {
	}
}
