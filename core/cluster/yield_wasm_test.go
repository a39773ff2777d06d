//go:build js && wasm

package cluster

import (
	"runtime/metrics"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/examples"
)

// TestLongRunGivesTheMarkWorkerItsTurn: on js/wasm, Go's background mark
// worker runs during a long headless run (yield.go). Without the yields it
// never did in this scale-up — 0 s of its time over four collections, all
// marking left to allocation assists — and the heap outgrew its goals.
func TestLongRunGivesTheMarkWorkerItsTurn(t *testing.T) {
	c := New(Options{Seed: 1, Controllers: allControllers, Nodes: 10})
	if _, err := c.Apply(examples.BenchDeployment(1000, "bench:1.0")); err != nil {
		t.Fatal(err)
	}
	// On one thread the fractional worker is counted as dedicated.
	samples := []metrics.Sample{
		{Name: "/cpu/classes/gc/mark/dedicated:cpu-seconds"},
		{Name: "/cpu/classes/gc/mark/assist:cpu-seconds"},
		{Name: "/gc/cycles/total:gc-cycles"},
	}
	metrics.Read(samples)
	worker0, assist0, cycles0 := samples[0].Value.Float64(), samples[1].Value.Float64(), samples[2].Value.Uint64()
	if settled, _ := c.Settle(10 * time.Minute); !settled {
		t.Fatal("the scale-up did not settle")
	}
	metrics.Read(samples)
	worker, assist, cycles := samples[0].Value.Float64()-worker0, samples[1].Value.Float64()-assist0, samples[2].Value.Uint64()-cycles0
	t.Logf("%d collections; marking: %.0f ms by the worker, %.0f ms by assists", cycles, worker*1000, assist*1000)
	if cycles == 0 {
		t.Fatal("no collection ran: the scale-up is too small to test anything")
	}
	if worker == 0 {
		t.Errorf("the mark worker never ran in %d collections (assists marked %.0f ms)", cycles, assist*1000)
	}
}
