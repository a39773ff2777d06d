package kubectl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestOutputKeepsItsFirstLimitBytes: a stream keeps what fits, cut at a
// rune's start, then refuses everything and says it did.
func TestOutputKeepsItsFirstLimitBytes(t *testing.T) {
	var log []logChunk
	o := output{log: &log, limit: 8}
	n, err := o.WriteString("hello ")
	assert.Equal(t, 6, n)
	require.NoError(t, err)
	assert.False(t, o.cut)
	n, err = o.WriteString("wörld!")
	assert.ErrorIs(t, err, errOutputFull)
	assert.Equal(t, 1, n, "ö is two bytes and one is left: only w fits")
	assert.Equal(t, "hello w", o.String())
	assert.True(t, o.cut)
	_, err = o.WriteString("more")
	assert.ErrorIs(t, err, errOutputFull)
	assert.Equal(t, "hello w", chunks(log)[0].Text)

	unlimited := output{}
	_, err = unlimited.WriteString(strings.Repeat("x", MaxOutputBytes+1))
	require.NoError(t, err, "a test's invocation has no limit")
}

// TestBoundedBuilderRefusesPastItsMax: the builder a template prints into
// stops at its max, so a printer can stop building.
func TestBoundedBuilderRefusesPastItsMax(t *testing.T) {
	b := boundedBuilder{max: 5}
	_, err := b.WriteString("abc")
	require.NoError(t, err)
	_, err = b.WriteString("defg")
	assert.ErrorIs(t, err, errOutputFull)
	assert.Equal(t, []string{"abc", "de"}, b.pieces)
	assert.True(t, b.cut)
	_, err = b.WriteString("")
	assert.ErrorIs(t, err, errOutputFull, "once cut, it stays cut")
}

// withOutputLimit runs commands with a smaller limit for the test.
func withOutputLimit(t *testing.T, n int) {
	old := outputLimit
	outputLimit = n
	t.Cleanup(func() { outputLimit = old })
}

// bigConfigMaps makes n ConfigMaps of about 90 KB each.
func bigConfigMaps(e *fakeEnv, n int) {
	for i := range n {
		e.create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("big-%d", i), Namespace: "default"},
			Data: map[string]string{"blob": strings.Repeat("0123456789", 9_000)}})
	}
}

// TestAHugeOutputIsCutAndSaysSo: `get -o jsonpath='{..}'` prints each
// value once per level above it; kubectl keeps the first bytes up to its
// limit (1 MiB here, 16 MiB in use), and the output ends with kubeloop's
// note on stderr. A pipe reads what was kept.
func TestAHugeOutputIsCutAndSaysSo(t *testing.T) {
	withOutputLimit(t, 1<<20)
	e := newEnv(t)
	bigConfigMaps(e, 12)

	r := e.run("kubectl get cm -o jsonpath='{..}'")
	assert.True(t, r.Cut)
	assert.Equal(t, 0, r.ExitCode)
	assert.Len(t, r.Stdout, 1<<20)
	assert.Equal(t, CutNote(), r.Stderr)
	last := r.Output[len(r.Output)-1]
	assert.Equal(t, Chunk{Stderr: true, Text: CutNote()}, last)
	assert.Contains(t, CutNote(), "passed 1 MiB; only its first 1 MiB are shown")

	r = e.run("kubectl get cm -o yaml")
	assert.True(t, r.Cut, "every printer goes through the bound")
	assert.Len(t, r.Stdout, 1<<20)

	r = e.run("kubectl get cm -o jsonpath='{..}' | wc -c")
	assert.True(t, r.Cut)
	assert.Equal(t, "1048576\n", r.Stdout)
	assert.Equal(t, CutNote(), r.Stderr)
}

// TestOutputUnderTheLimitIsUntouched: below the limit nothing is cut and
// no note is added.
func TestOutputUnderTheLimitIsUntouched(t *testing.T) {
	withOutputLimit(t, 1<<20)
	e := newEnv(t)
	bigConfigMaps(e, 2)
	r := e.run("kubectl get cm -o jsonpath='{..}'")
	assert.False(t, r.Cut)
	assert.Empty(t, r.Stderr)
	assert.Greater(t, len(r.Stdout), 700_000)
	r = e.run("kubectl get cm")
	assert.False(t, r.Cut)
	assert.Equal(t, "NAME    DATA   AGE\nbig-0   1      0s\nbig-1   1      0s\n", r.Stdout)
}
