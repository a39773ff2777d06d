package browser_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// make perf ends with issue 36's targets beside what it measured: no
// long main-thread task (maxTaskMS) while its biggest cluster scales up
// and rolls out, nor while a learner types commands and drags the history
// slider; the first render (the nodes drawn) on localhost within
// maxFirstRenderMS of navigation; and kubeloop.wasm within maxWasmGzipMB
// gzip'd.

// perfPhases are what perfRollout measured of one cluster size: its
// scale-up, its rolling update, and every long task of the learner's
// commands and the history slider.
type perfPhases struct {
	measured            bool // false when the run did not get to the end
	scaledUp, rolledOut bool // the page showed the phase done within perfWindow
	scaleUp, rollout    perfSample
	commands            []float64
}

// perfTarget is one target and what was measured of it.
type perfTarget struct {
	name, goal, measured string
	met                  bool
}

// The targets (issue 36). maxTaskMS is also the browser's own bound for a
// long task (PerformanceObserver "longtask"): every task it reports misses
// the target.
const (
	maxTaskMS        = 50
	maxFirstRenderMS = 1000
	maxWasmGzipMB    = 2.0
)

// longTaskTarget is the target of no task over maxTaskMS, given whether
// the phase was measured and the long tasks the browser reported in it.
func longTaskTarget(name string, measured bool, long []float64) perfTarget {
	goal := fmt.Sprintf("no task over %d ms", maxTaskMS)
	if !measured {
		return perfTarget{name: name, goal: goal, measured: "not measured: the run failed"}
	}
	if len(long) == 0 {
		return perfTarget{name: name, goal: goal, measured: "none", met: true}
	}
	return perfTarget{name: name, goal: goal, measured: fmt.Sprintf("%d, the longest %.0f ms", len(long), slices.Max(long))}
}

// firstRenderTarget is the target of the first render, given the median
// of n cold loads.
func firstRenderTarget(medianMS float64, n int) perfTarget {
	return perfTarget{name: "first render (nodes drawn), localhost", goal: fmt.Sprintf("at most %d ms", maxFirstRenderMS),
		measured: fmt.Sprintf("%.0f ms, the median of %d cold loads", medianMS, n), met: medianMS <= maxFirstRenderMS}
}

// wasmSizeTarget is the target of the binary's size as served, gzip'd.
func wasmSizeTarget(gzipBytes int) perfTarget {
	mb := float64(gzipBytes) / 1e6
	return perfTarget{name: "kubeloop.wasm, gzip -9", goal: fmt.Sprintf("at most %.1f MB", maxWasmGzipMB),
		measured: fmt.Sprintf("%.3f MB", mb), met: mb <= maxWasmGzipMB}
}

// targetsTable lays the targets out in aligned columns, one line each
// after a header, every line starting "perf " (make perf prints those).
func targetsTable(targets []perfTarget) []string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "perf target (issue 36)\tgoal\tmeasured\tmet")
	for _, tg := range targets {
		met := "no"
		if tg.met {
			met = "yes"
		}
		fmt.Fprintf(w, "perf %s\t%s\t%s\t%s\n", tg.name, tg.goal, tg.measured, met)
	}
	w.Flush()
	return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
}

// recordTargets measures the binary's size, and records every target with
// what was measured (big: the 10,000-pod run's phases; loads: the first
// render's cold loads).
func recordTargets(t *testing.T, big perfPhases, loads []renderStages) {
	wasm, err := os.ReadFile(filepath.Join(dist(t), "kubeloop.wasm"))
	require.NoError(t, err)
	targets := []perfTarget{
		longTaskTarget("10,000 pods, scale-up: long tasks", big.measured, big.scaleUp.Long),
		longTaskTarget("10,000 pods, rolling update: long tasks", big.measured, big.rollout.Long),
		longTaskTarget("10,000 pods, commands and the slider: long tasks", big.measured, big.commands),
		firstRenderTarget(medianLoad(loads).firstRender, len(loads)),
		wasmSizeTarget(gzipSize(t, wasm)),
	}
	for _, line := range targetsTable(targets) {
		record(t, "%s", line)
	}
}

// gzipSize is the length of b gzip'd at the best compression.
func gzipSize(t *testing.T, b []byte) int {
	var out bytes.Buffer
	w, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	require.NoError(t, err)
	_, err = w.Write(b)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return out.Len()
}

// The targets' table: each target's goal, what was measured and whether
// it was met, in aligned columns.
func TestPerfTargetsTable(t *testing.T) {
	lines := targetsTable([]perfTarget{
		longTaskTarget("scale-up", true, []float64{68, 93, 51}),
		longTaskTarget("commands", true, nil),
		longTaskTarget("rollout", false, nil),
		firstRenderTarget(1527, 5),
		firstRenderTarget(1000, 5),
		wasmSizeTarget(2_801_234),
		wasmSizeTarget(2_000_000),
	})
	require.Len(t, lines, 8)
	assert.Equal(t, []string{"perf target (issue 36)", "goal", "measured", "met"}, columns(lines[0]))
	for _, line := range lines[1:] {
		for _, col := range []string{"goal", "measured", "met"} {
			at := strings.Index(lines[0], col)
			assert.NotEqual(t, ' ', line[at], "%q: a column starts under %q", line, col)
			assert.Equal(t, "  ", line[at-2:at], "%q: a column starts under %q", line, col)
		}
	}
	for i, want := range [][]string{
		{"perf scale-up", "no task over 50 ms", "3, the longest 93 ms", "no"},
		{"perf commands", "no task over 50 ms", "none", "yes"},
		{"perf rollout", "no task over 50 ms", "not measured: the run failed", "no"},
		{"perf first render (nodes drawn), localhost", "at most 1000 ms", "1527 ms, the median of 5 cold loads", "no"},
		{"perf first render (nodes drawn), localhost", "at most 1000 ms", "1000 ms, the median of 5 cold loads", "yes"},
		{"perf kubeloop.wasm, gzip -9", "at most 2.0 MB", "2.801 MB", "no"},
		{"perf kubeloop.wasm, gzip -9", "at most 2.0 MB", "2.000 MB", "yes"},
	} {
		assert.Equal(t, want, columns(lines[i+1]), "row %d", i+1)
	}
}

// columns splits a line of targetsTable at its runs of two spaces or more.
func columns(line string) []string {
	var out []string
	for _, f := range strings.Split(line, "  ") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
