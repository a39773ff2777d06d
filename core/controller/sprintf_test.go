package controller

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestSprintf: the trace's lines skip fmt (or its general path, plainf)
// only where fmt would give the same line.
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
		{"Scaled up replica set %s to %d", []any{"web-1", 10000}},
		{"%v/%v %d %d", []any{"a", -3, int32(-7), int64(1) << 40}},
		{"Pulling image %q", []any{"nginx:1.27"}},
		{"%q", []any{"tab\t \"quote\" é \x00"}},
		{"in %s (%v)", []any{1500 * time.Millisecond, time.Duration(0)}},
		{"100%% of %d", []any{3}},
		{"%d%%", []any{3}},
		{"%", nil},
		{"%s %", []any{"a"}},
		{"%s", nil},
		{"%s %s", []any{"a"}},
		{"no verb", []any{"extra"}},
		{"%s", []any{"a", "extra"}},
		{"%d", []any{"not a number"}},
		{"%x %s", []any{"hex", "a"}},
		{"%5d", []any{3}},
		{"%-5s|", []any{"a"}},
		{"%s", []any{int8(3)}},
		{"%d", []any{uint(3)}},
		{"%v", []any{true}},
		{"%s", []any{time.Second}},
		{"%d", []any{time.Second}},
		{"%q", []any{3}},
		{"%s", []any{fmt.Errorf("an error")}},
		{"é%sé", []any{"ü"}},
		{"%é", []any{"a"}},
	} {
		if got, want := sprintf(c.format, c.args), fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("sprintf(%q, %v) = %q, want %q", c.format, c.args, got, want)
		}
	}
}

// TestPlainfAgreesWithFmt: random formats of plain verbs and others, with
// random arguments, give fmt's line, and plainf takes the plain ones.
func TestPlainfAgreesWithFmt(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", " ", "%", "s", "d", "v", "q", "%%", "é", "5", "-"}
	values := []any{"", "web-0", "a\"b\n", -12, 0, int32(7), int64(-1) << 62, 90 * time.Second,
		uint(4), 1.5, true, nil, []string{"x"}, fmt.Errorf("e")}
	plain := 0
	for range 20000 {
		var format string
		for range r.IntN(8) {
			format += pieces[r.IntN(len(pieces))]
		}
		args := make([]any, r.IntN(4))
		for i := range args {
			args[i] = values[r.IntN(len(values))]
		}
		want := fmt.Sprintf(format, args...)
		if got := sprintf(format, args); got != want {
			t.Fatalf("sprintf(%q, %#v) = %q, want %q", format, args, got, want)
		}
		if _, ok := plainf(format, args); ok {
			plain++
		}
	}
	if plain < 1000 {
		t.Fatalf("plainf took only %d of the lines", plain)
	}
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"Created pod: %s", []any{"web-0"}},
		{"Scaled %s replica set %s to %d from %d", []any{"up", "web-1", int32(3), int32(1)}},
		{"Successfully pulled image %q in %s (%s including waiting)", []any{"nginx", time.Second, time.Second}},
	} {
		if _, ok := plainf(c.format, c.args); !ok {
			t.Errorf("plainf does not take %q", c.format)
		}
	}
}
