package bench

import (
	"fmt"
	"testing"
)

// TestScenario: both phases end, at a size small enough for every run.
func TestScenario(t *testing.T) {
	s := New(20)
	if p := s.ScaleUp(); !p.OK {
		t.Fatalf("scale-up did not finish: %v", p)
	}
	if p := s.Rollout(); !p.OK {
		t.Fatalf("rollout did not finish: %v", p)
	}
	if r, n := s.Counts(ImageV2); r != 20 || n != 20 {
		t.Fatalf("after the rollout: %d ready of %d bench:2.0 pods", r, n)
	}
}

// BenchmarkScenario runs both phases; profile it with
// go test -run='^$' -bench=Scenario/1000 -cpuprofile cpu.out ./tests/bench
func BenchmarkScenario(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { runScenario(b, n, "") })
	}
}

// BenchmarkScenarioWithService is the scenario with a Service selecting the
// Deployment's pods, so that the Endpoints and EndpointSlice controllers
// follow every pod too — a learner's next step after a Deployment.
func BenchmarkScenarioWithService(b *testing.B) {
	const svc = "apiVersion: v1\nkind: Service\nmetadata:\n  name: bench\nspec:\n  selector:\n    app: bench\n  ports:\n  - port: 80\n"
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { runScenario(b, n, svc) })
	}
}

// runScenario runs both phases, after applying extra if it is not empty.
func runScenario(b *testing.B, n int, extra string) {
	for b.Loop() {
		s := New(n)
		if extra != "" {
			if _, err := s.Cluster.Apply(extra); err != nil {
				b.Fatal(err)
			}
		}
		if !s.ScaleUp().OK || !s.Rollout().OK {
			b.Fatal("scenario did not finish")
		}
	}
}
