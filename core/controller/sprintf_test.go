package controller

import (
	"fmt"
	"testing"
)

// TestSprintf: the trace's lines skip fmt only where fmt would give the
// same line.
func TestSprintf(t *testing.T) {
	type phase string
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"pod has no node", nil},
		{"100% done", nil},
		{"%s", []any{"a line"}},
		{"%s", []any{phase("Running")}},
		{"%s", []any{3}},
		{"%s", []any{"a", "b"}},
		{"%q", []any{"quoted"}},
		{"pod %s on %s", []any{"web-0", "node-1"}},
	} {
		if got, want := sprintf(c.format, c.args), fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("sprintf(%q, %v) = %q, want %q", c.format, c.args, got, want)
		}
	}
}
