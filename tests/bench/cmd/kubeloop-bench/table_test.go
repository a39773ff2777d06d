//go:build !js

package main

import (
	"strings"
	"testing"
)

// TestTableRow: a finished run's row has its phases, its CPU against the
// peer's, and its live heap per pod; the peer's row has no heap per pod
// (its harness reports none) and a timed-out peer's CPU is a bound.
func TestTableRow(t *testing.T) {
	done := func(name string, wallMs, cpuMs float64, heap uint64) PhaseResult {
		return PhaseResult{N: 1000, Phase: name, WallMs: wallMs, CPUMs: cpuMs, OK: true, Ready: 1000, HeapBytes: heap}
	}
	native := &run{Impl: "kubeloop native", N: 1000, Nodes: 10, CPUMs: 500, RSSKB: 50 * 1024,
		Phases: []PhaseResult{done("scale-up", 150, 200, 20<<20), done("rollout", 200, 200, 40<<20)}}
	peer := &run{Impl: "webernetes (peer)", N: 1000, Nodes: 10, CPUMs: 320000, RSSKB: 1000 * 1024,
		Phases: []PhaseResult{done("scale-up", 50000, 60000, 0), {N: 1000, Phase: "rollout", WallMs: 200000, CPUMs: 200000, Ready: 700}}}
	var b strings.Builder
	printTable(&b, []*run{native, peer})
	lines := strings.Split(b.String(), "\n")
	if len(lines) < 3 {
		t.Fatalf("no rows:\n%s", b.String())
	}
	for _, want := range []string{"heap per pod", "peer CPU ÷ this"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("header lacks %q: %s", want, lines[0])
		}
	}
	row := strings.Fields(lines[1])
	for _, want := range []string{"0.400", "50", "41.0", "≥650×", "20.0×"} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("native row lacks %q: %q", want, row)
		}
	}
	if !strings.Contains(lines[2], "timeout 200.00 s (700/1000)") || strings.Contains(lines[2], "KB") {
		t.Errorf("peer row: %s", lines[2])
	}
}
