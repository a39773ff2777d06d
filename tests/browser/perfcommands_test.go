package browser_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// perfCommands is the last phase of perfRollout: with every pod on screen
// and time still running, a learner types commands and drags the history
// slider back, then to live, waiting pause after each. Each step's longest
// task is recorded ("–": it made no long task): the page must answer a
// command without freezing, and at 10,000 pods `kubectl get events` lists
// every one of the cluster's Events. It returns every long task of all the
// steps.
func perfCommands(t *testing.T, p *page, n int, pause time.Duration, report reporter) []float64 {
	term := func(cmd string) string {
		return fmt.Sprintf(`(() => { document.getElementById("term-input").value = %q;
		  document.getElementById("term-form").requestSubmit(); return true; })()`, cmd)
	}
	scrub := func(to string) string {
		return `(() => { const s = document.getElementById("scrub"); s.value = ` + to + `;
		  s.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`
	}
	steps := []struct{ name, js string }{
		{"kubectl get pods", term("kubectl get pods")},
		{"kubectl get pods -o wide", term("kubectl get pods -o wide")},
		{"kubectl get events", term("kubectl get events")},
		{"kubectl describe rs", term("kubectl describe rs")},
		{"kubectl get all", term("kubectl get all")},
		{"history slider to the middle", scrub("Math.floor((+s.min + +s.max) / 2)")},
		{"back to live", scrub("s.max")},
	}
	eval[perfSample](p, perfTake)
	var out []string
	var long []float64
	for _, s := range steps {
		eval[bool](p, s.js)
		time.Sleep(pause)
		longest := "–"
		if r := eval[perfSample](p, perfTake); len(r.Long) > 0 {
			longest = fmt.Sprintf("%.0f ms", slices.Max(r.Long))
			long = append(long, r.Long...)
		}
		out = append(out, s.name+" "+longest)
	}
	report(t, "perf %d pods, a learner's commands while it plays (each one's longest task): %s", n, strings.Join(out, ", "))
	return long
}
