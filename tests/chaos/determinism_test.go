package chaos

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
)

var update = flag.Bool("update", false, "rewrite testdata/history.golden")

// goldenSeeds are the chaos runs whose history hashes are kept in
// testdata/history.golden. `make test` checks them natively and under
// GOOS=js (test-js): the same seed and inputs give the same history, byte
// for byte, on every host.
var goldenSeeds = []uint64{1, 2, 3, 5}

// The transcript printed for a seed is the run: `kubeloop run --seed N`
// of it makes the same history as the harness, which runs its time steps
// task by task to check invariants at each. And the history of each golden
// seed is the one recorded, on this host as on the others.
func TestChaosTranscriptReproducesTheRunOnEveryHost(t *testing.T) {
	var got strings.Builder
	for _, seed := range goldenSeeds {
		r := runSteps(seed, generate(seed))
		require.NoError(t, r.err, "seed %d", seed)
		hash := r.c.HistoryHash()

		c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
		out, err := transcript.Run(c, r.transcript(seed))
		require.NoError(t, err)
		require.NotContains(t, out, "internal error")
		assert.Equal(t, hash, c.HistoryHash(), "seed %d: the transcript run by kubeloop run makes the harness's history", seed)
		fmt.Fprintf(&got, "%d %s\n", seed, hash)
	}
	file := filepath.Join("testdata", "history.golden")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(file, []byte(got.String()), 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err, "run go test ./tests/chaos -run OnEveryHost -update to record the hashes")
	assert.Equal(t, string(want), got.String(), "history hashes differ from testdata/history.golden (recorded on another host, or the simulation changed: if on purpose, -update)")
}
