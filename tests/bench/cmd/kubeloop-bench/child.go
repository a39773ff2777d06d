package main

import (
	"encoding/json"
	"os"
	"runtime"
	"time"

	"github.com/kubeloop/kubeloop/tests/bench"
)

// PhaseResult is one phase as a child reports it (one JSON line each).
type PhaseResult struct {
	N      int     `json:"n"`
	Nodes  int     `json:"nodes"`
	Phase  string  `json:"phase"`
	WallMs float64 `json:"wall_ms"`
	CPUMs  float64 `json:"cpu_ms"`
	SimMs  float64 `json:"sim_ms"`
	OK     bool    `json:"ok"`
	Ready  int     `json:"ready"`
	Revs   int64   `json:"revisions"`
	// HeapBytes is the live Go heap after a GC at the phase's end (its
	// cost is outside CPUMs): what the cluster, its history window, its
	// Events and its trace hold.
	HeapBytes uint64 `json:"heap_bytes"`
}

// runChild runs the scenario in this process and prints each phase, its
// CPU read from this process before and after (native or under Node).
func runChild(n int) {
	enc := json.NewEncoder(os.Stdout)
	cpu0 := processCPU()
	s := bench.New(n)
	setup := PhaseResult{N: n, Nodes: bench.Nodes(n), Phase: "setup", CPUMs: ms(processCPU() - cpu0), OK: true}
	enc.Encode(setup)
	for _, run := range []func() bench.Phase{s.ScaleUp, s.Rollout} {
		c0 := processCPU()
		p := run()
		c1 := processCPU()
		image := bench.ImageV1
		if p.Name == "rollout" {
			image = bench.ImageV2
		}
		ready, _ := s.Counts(image)
		runtime.GC()
		var mem runtime.MemStats
		runtime.ReadMemStats(&mem)
		enc.Encode(PhaseResult{N: n, Nodes: bench.Nodes(n), Phase: p.Name, WallMs: ms(p.Wall), CPUMs: ms(c1 - c0),
			SimMs: ms(p.Sim), OK: p.OK, Ready: ready, Revs: s.Cluster.Store().Revision(), HeapBytes: mem.HeapAlloc})
		if !p.OK {
			return
		}
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
