// Package chaos is a deterministic chaos property test of the whole
// simulated cluster. For each seed it writes a random transcript — the
// kubectl and sim lines a learner types: apply a Deployment, a StatefulSet
// with volumeClaimTemplates, a DaemonSet, Jobs; scale, set good and bad
// images, delete pods, fail, recover, add and delete nodes, kill, start,
// pause and resume controller-manager replicas, advance time — runs it,
// settles, and checks the invariants a real cluster keeps (see check.go).
//
// The time steps (`sim advance`, `sim settle`) are run one task at a time,
// exactly as Cluster.Advance and Cluster.Settle run them, so that the
// invariants that must hold at every instant are checked at every instant;
// the transcript itself, run by `kubeloop run --seed N`, makes the same
// history (TestChaosTranscriptReproducesTheRun checks the hashes agree).
//
// A failing seed is shrunk — steps dropped while it still fails — and the
// shortest transcript that reproduces it is printed, ready for
// `kubeloop run --seed N FILE`.
//
//	go test ./tests/chaos                          1000 seeds (4 under GOOS=js)
//	go test ./tests/chaos -chaos.seeds=20000       more
//	go test ./tests/chaos -chaos.seed=1234 -v      one seed, its transcript printed
//	KUBELOOP_CHAOS_SEEDS=5000 go test ./tests/chaos
package chaos

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	seedsFlag = flag.Int("chaos.seeds", 0, "how many seeds the chaos test runs (default 1000, 4 under GOOS=js; env KUBELOOP_CHAOS_SEEDS)")
	fromFlag  = flag.Uint64("chaos.from", 1, "the first seed")
	seedFlag  = flag.Uint64("chaos.seed", 0, "run only this seed and log its transcript")
)

func seedCount() int {
	if *seedsFlag > 0 {
		return *seedsFlag
	}
	if n, err := strconv.Atoi(os.Getenv("KUBELOOP_CHAOS_SEEDS")); err == nil && n > 0 {
		return n
	}
	if runtime.GOOS == "js" {
		return 4 // Node runs it ~50× slower; the golden hashes (determinism_test.go) cover the host
	}
	return 1000
}

func TestChaos(t *testing.T) {
	first, n := *fromFlag, seedCount()
	if *seedFlag != 0 {
		first, n = *seedFlag, 1
	}
	// Every seed runs a cluster of its own, so the seeds are dealt out to
	// as many parallel shards as there are cores.
	shards := min(runtime.GOMAXPROCS(0), n)
	for shard := range shards {
		t.Run(fmt.Sprintf("shard-%d-of-%d", shard+1, shards), func(t *testing.T) {
			t.Parallel()
			runSeeds(t, first+uint64(shard), first+uint64(n), uint64(shards))
		})
	}
}

// runSeeds runs the seeds from first, every step-th, up to end; it
// reports each failing seed with its shrunk transcript, and stops after
// three.
func runSeeds(t *testing.T, first, end, step uint64) {
	start := time.Now()
	failed, ran := 0, 0
	for seed := first; seed < end; seed += step {
		ran++
		steps := generate(seed)
		r := runSteps(seed, steps)
		if *seedFlag != 0 {
			t.Logf("seed %d, history %s:\n%s", seed, r.c.HistoryHash(), r.transcript(seed))
		}
		if r.err == nil {
			continue
		}
		failed++
		short := shrink(seed, steps, r)
		file := filepath.Join("..", "out", "chaos", fmt.Sprintf("seed-%d.txt", seed))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err == nil {
			_ = os.WriteFile(file, []byte(short.transcript(seed)), 0o644)
		}
		t.Errorf("seed %d: %v\n\nshortest transcript that reproduces it (%d of %d steps), in tests/out/chaos/seed-%d.txt:\n"+
			"  go run ./cmd/kubeloop run --seed %d tests/out/chaos/seed-%d.txt\n\n%s",
			seed, short.err, len(short.steps), len(steps), seed, seed, seed, short.transcript(seed))
		if failed >= 3 {
			t.Fatalf("stopping after %d failing seeds", failed)
		}
	}
	t.Logf("%d seeds from %d, every %d, in %s", ran, first, step, time.Since(start).Round(time.Millisecond))
}

// shrink drops steps, one at a time and from the end, while the run still
// fails; then does it again until no single step can go.
func shrink(seed uint64, steps []step, r *result) *result {
	best := r
	for changed := true; changed; {
		changed = false
		for i := len(best.steps) - 1; i >= 0; i-- {
			try := append(append([]step(nil), best.steps[:i]...), best.steps[i+1:]...)
			if tr := runSteps(seed, try); tr.err != nil {
				best, changed = tr, true
			}
		}
	}
	return best
}

func (r *result) transcript(seed uint64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# kubeloop run --seed %d (tests/chaos)\n", seed)
	for _, s := range r.steps {
		b.WriteString(s.text)
	}
	b.WriteString("# epilogue: heal the cluster, then settle and check\n")
	for _, s := range r.epilogue {
		b.WriteString(s.text)
	}
	return b.String()
}
