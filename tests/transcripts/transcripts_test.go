// Package transcripts runs every scenario in testdata/: NAME.txt is a
// script of kubectl and sim commands, NAME.golden the exact output
// `kubeloop run` prints for it. The same files are the site's lessons, and
// the same goldens must come out natively and under GOOS=js — which also
// proves the simulation is deterministic across hosts.
//
// After an intended change of output: go test ./tests/transcripts -update,
// then read the diff before committing it.
package transcripts

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
	"github.com/kubeloop/kubeloop/site/data"
)

var update = flag.Bool("update", false, "rewrite the .golden files")

func TestTranscripts(t *testing.T) {
	scripts, err := filepath.Glob("testdata/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, scripts)
	for _, path := range scripts {
		name := strings.TrimSuffix(filepath.Base(path), ".txt")
		t.Run(name, func(t *testing.T) {
			script, err := os.ReadFile(path)
			require.NoError(t, err)
			c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), KubectlHelp: data.MustKubectlHelp(), ReadFile: func(f string) ([]byte, error) {
				return os.ReadFile(filepath.Join("testdata", f))
			}})
			got, err := transcript.Run(c, string(script))
			require.NoError(t, err)
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run with -update to create it")
			assert.Equal(t, string(want), got)
		})
	}
}
