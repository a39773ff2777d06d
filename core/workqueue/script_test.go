package workqueue

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/stretchr/testify/require"
)

// The queue tables are little scripts, one command a line, so a case reads
// like the upstream test it encodes:
//
//	add X              Add
//	after X D          AddAfter (D as time.ParseDuration)
//	limited X          AddRateLimited
//	forget X           Forget
//	get X | get -      Get, expecting X, or expecting nothing ready
//	done X             Done
//	shutdown           ShutDown
//	advance D          advance the simulated clock, firing due timers
//	len N              expect Len
//	waiting N          expect Waiting
//	requeues X N       expect NumRequeues
//	ready N            expect how many times the OnReady hook has run
//
// Limiter tables use when/fail/forget/requeues/advance (see runLimiter).

type queueFixture struct {
	clk   *clock.Sim
	q     *Queue[string]
	ready int
}

// newFixture builds a queue whose retries back off 1ms·2^n (as upstream's
// rate-limiting queue test), counting OnReady calls.
func newFixture() *queueFixture {
	f := &queueFixture{clk: clock.New(1)}
	f.q = New(f.clk, "test", NewItemExponentialFailureRateLimiter[string](time.Millisecond, time.Second))
	f.q.SetOnReady(func() { f.ready++ })
	return f
}

func (f *queueFixture) run(t *testing.T, script string) {
	t.Helper()
	for i, line := range scriptLines(script) {
		w := strings.Fields(line)
		at := "line " + strconv.Itoa(i+1) + ": " + line
		switch w[0] {
		case "add":
			f.q.Add(w[1])
		case "after":
			f.q.AddAfter(w[1], duration(t, w[2]))
		case "limited":
			f.q.AddRateLimited(w[1])
		case "forget":
			f.q.Forget(w[1])
		case "get":
			item, ok := f.q.Get()
			if w[1] == "-" {
				require.False(t, ok, "%s: got %q", at, item)
			} else {
				require.True(t, ok, "%s: nothing ready", at)
				require.Equal(t, w[1], item, at)
			}
		case "done":
			f.q.Done(w[1])
		case "shutdown":
			f.q.ShutDown()
		case "advance":
			f.clk.Advance(duration(t, w[1]))
		case "len":
			require.Equal(t, number(t, w[1]), f.q.Len(), at)
		case "waiting":
			require.Equal(t, number(t, w[1]), f.q.Waiting(), at)
		case "requeues":
			require.Equal(t, number(t, w[2]), f.q.NumRequeues(w[1]), at)
		case "ready":
			require.Equal(t, number(t, w[1]), f.ready, at)
		default:
			t.Fatalf("%s: unknown command", at)
		}
	}
}

// runLimiter drives a rate limiter:
//
//	when X D [xN]      When(X) returns D (N times in a row)
//	fail X N           call When(X) N times, ignoring the delays
//	forget X           Forget
//	requeues X N       expect NumRequeues
//	advance D          advance the simulated clock
func runLimiter(t *testing.T, clk *clock.Sim, rl RateLimiter[string], script string) {
	t.Helper()
	for i, line := range scriptLines(script) {
		w := strings.Fields(line)
		at := "line " + strconv.Itoa(i+1) + ": " + line
		switch w[0] {
		case "when":
			times := 1
			if len(w) == 4 {
				times = number(t, strings.TrimPrefix(w[3], "x"))
			}
			want := duration(t, w[2])
			for n := 0; n < times; n++ {
				require.Equal(t, want, rl.When(w[1]), "%s (call %d)", at, n+1)
			}
		case "fail":
			for n := number(t, w[2]); n > 0; n-- {
				rl.When(w[1])
			}
		case "forget":
			rl.Forget(w[1])
		case "requeues":
			require.Equal(t, number(t, w[2]), rl.NumRequeues(w[1]), at)
		case "advance":
			clk.Advance(duration(t, w[1]))
		default:
			t.Fatalf("%s: unknown command", at)
		}
	}
}

func scriptLines(script string) []string {
	var lines []string
	for _, l := range strings.Split(script, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines
}

func duration(t *testing.T, s string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(s)
	require.NoError(t, err)
	return d
}

func number(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}
