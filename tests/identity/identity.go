// Package identity holds the native/wasm identity corpus: edge-case
// transcripts (huge, negative and fractional quantities, float formatting,
// map iteration order, sorting ties, events) whose output must be the same
// bytes natively and in the page. Same seed, same history is what replays,
// share links and the goldens stand on; these scripts aim at the places
// where the two platforms could part: float-to-int conversions, overflow,
// map order.
//
// Run runs every script; cmd/identityrun prints its result, and the test
// compares a native run with that program built for GOOS=js under Node.
package identity

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
)

// Output is one script's terminal output, by script name (file name
// without .txt).
type Output map[string]string

// Run runs each dir/*.txt on a fresh cluster with seed 1; a script the
// runner refuses (an unterminated heredoc) is reported in its output, so
// both platforms are held to the same refusal.
func Run(dir string) (Output, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	out := Output{}
	for _, path := range paths {
		script, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
		got, err := transcript.Run(c, string(script))
		if err != nil {
			got += "transcript error: " + err.Error() + "\n"
		}
		out[strings.TrimSuffix(filepath.Base(path), ".txt")] = got
	}
	return out, nil
}
