package kubectl

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/site/data"
)

// explainStructure keeps the lines of kubectl explain's output that are
// its layout — the GROUP/KIND/VERSION header, FIELD:, DESCRIPTION:,
// FIELDS: and each field's name and type — and drops the prose. The
// `enum:` lines are dropped too: the published OpenAPI the references were
// taken from is generated without enums, where a running API server (the
// OpenAPIEnums feature, on by default since v1.24) serves them.
var explainStructure = regexp.MustCompile(`^(GROUP|KIND|VERSION):|^FIELD: |^DESCRIPTION:|^FIELDS:|^\s+[A-Za-z$]+\t<|^error`)

func structureOf(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if explainStructure.MatchString(l) {
			lines = append(lines, strings.TrimRight(l, " \t"))
		}
	}
	return lines
}

// TestExplainHasRealKubectlsLayout holds `kubectl explain` to what the real
// kubectl v1.32 prints against kube-apiserver v1.32.13's OpenAPI v3
// (testdata/explain-real: the layout of each answer, its prose left out).
// The header lines are the same, line for line; every field listed is one
// the real API lists, with the same type, in the same order — the real
// list may have more: fields the simulation's types do not carry.
func TestExplainHasRealKubectlsLayout(t *testing.T) {
	files, err := filepath.Glob("testdata/explain-real/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), FieldDocs: data.MustExplainDocs("en")})
	for _, file := range files {
		text, err := os.ReadFile(file)
		require.NoError(t, err)
		first, rest, _ := strings.Cut(string(text), "\n")
		_, after, ok := strings.Cut(first, " explain ")
		require.True(t, ok, "%s: the first line names the command", file)
		args, _, _ := strings.Cut(after, ",")
		real := strings.Split(strings.TrimSpace(rest), "\n")
		ours := structureOf(c.Kubectl("kubectl explain "+args, "").Stdout)

		t.Run(args, func(t *testing.T) {
			isField := func(l string) bool { return strings.Contains(l, "\t<") }
			var realHead, oursHead []string
			for _, l := range real {
				if !isField(l) {
					realHead = append(realHead, l)
				}
			}
			for _, l := range ours {
				if !isField(l) {
					oursHead = append(oursHead, l)
				}
			}
			assert.Equal(t, realHead, oursHead, "the header and sections")
			i := 0
			for _, l := range ours {
				if !isField(l) {
					continue
				}
				for i < len(real) && real[i] != l {
					i++
				}
				assert.Less(t, i, len(real), "%q: a field the real API lists, in its place", l)
			}
		})
	}
}
