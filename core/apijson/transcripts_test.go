//go:build !js

package apijson_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
)

// This test runs natively only. It compares the codec with encoding/json
// on every object of every scenario: the same Go code, compiled for wasm,
// agrees the same way, and under Node the scenarios alone took most of
// `make test-js`'s longest package. The package's other tests, and every
// scenario's output (tests/transcripts, tests/identity), run under js too.

// TestEveryObjectOfEveryTranscriptAgrees runs every scenario of
// tests/transcripts (the lessons: every kind a learner meets, created,
// defaulted, reconciled, with status) and compares every version of every
// object the store held, and the page's snapshot.
func TestEveryObjectOfEveryTranscriptAgrees(t *testing.T) {
	dir := filepath.Join("..", "..", "tests", "transcripts", "testdata")
	scripts, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, scripts)
	kinds := map[string]bool{}
	for _, path := range scripts {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			script, err := os.ReadFile(path)
			require.NoError(t, err)
			c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), ReadFile: func(f string) ([]byte, error) {
				return os.ReadFile(filepath.Join(dir, f))
			}})
			_, err = transcript.Run(c, string(script))
			require.NoError(t, err)
			events, err := c.Store().Events(c.Store().Compacted())
			require.NoError(t, err)
			for _, ev := range events {
				kinds[ev.Kind.Kind] = true
				agreeObject(t, ev.Object)
			}
			want, err := json.Marshal(c.Snapshot())
			require.NoError(t, err)
			got, err := apijson.Marshal(c.Snapshot())
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
		})
	}
	t.Logf("%d kinds seen", len(kinds))
}
