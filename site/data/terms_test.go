package data

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Chinese texts call a reconcile what the course calls it (调谐, in
// ../shared/course and the lessons), never 调和: a learner who reads both
// must see one word for one idea.
func TestTheChineseTextsNameReconcileAsTheCourseDoes(t *testing.T) {
	names, err := files.ReadDir(".")
	require.NoError(t, err)
	for _, f := range names {
		text, err := files.ReadFile(f.Name())
		require.NoError(t, err)
		for i, line := range strings.Split(string(text), "\n") {
			assert.NotContains(t, line, "调和", "%s:%d: reconcile is 调谐", f.Name(), i+1)
		}
	}
}
