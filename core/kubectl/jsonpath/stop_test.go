package jsonpath

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refusingWriter keeps n writes, then refuses every one.
type refusingWriter struct {
	n      int
	writes []string
}

var errFull = errors.New("full")

func (w *refusingWriter) WriteString(s string) (int, error) {
	if len(w.writes) == w.n {
		return 0, errFull
	}
	w.writes = append(w.writes, s)
	return len(s), nil
}

// TestExecuteStopsAtTheFirstRefusedWrite: a writer that stops accepting
// ends the template there, and its error is Execute's.
func TestExecuteStopsAtTheFirstRefusedWrite(t *testing.T) {
	tmpl, err := Parse(`{range .items[*]}{.name}{"\n"}{end}`)
	require.NoError(t, err)
	data := map[string]any{"items": []any{
		map[string]any{"name": "a"}, map[string]any{"name": "b"}, map[string]any{"name": "c"},
	}}
	w := &refusingWriter{n: 3}
	assert.ErrorIs(t, tmpl.Execute(w, data, true), errFull)
	assert.Equal(t, []string{"a", "\n", "b"}, w.writes)

	all := &refusingWriter{n: 100}
	require.NoError(t, tmpl.Execute(all, data, true))
	assert.Equal(t, []string{"a", "\n", "b", "\n", "c", "\n"}, all.writes)
}
