package chaos

import (
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
)

// result is one run of a seed's steps.
type result struct {
	steps    []step
	epilogue []step           // what the run added to heal the cluster before the final checks
	err      error            // the first invariant broken, nil when all held
	c        *cluster.Cluster // the cluster it ran on
	at       int              // index of the step during which err happened (len(steps)+: the epilogue)
}

// finalSettle is how long the epilogue lets the cluster settle.
const finalSettle = 15 * time.Minute

// runSteps runs steps on a fresh cluster of seed, checking the invariants
// at every task, then heals the cluster, settles and checks the end state.
func runSteps(seed uint64, steps []step) (r *result) {
	r = &result{steps: steps, at: -1}
	defer func() {
		if p := recover(); p != nil {
			r.err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
	r.c = c
	w := newWatcher(c)
	for i, s := range steps {
		if err := w.run(s); err != nil {
			r.err, r.at = fmt.Errorf("step %d (%s): %w", i+1, firstLine(s.text), err), i
			return r
		}
	}
	r.epilogue = w.epilogue()
	for i, s := range r.epilogue {
		if err := w.run(s); err != nil {
			r.err, r.at = fmt.Errorf("epilogue (%s): %w", firstLine(s.text), err), len(steps)+i
			return r
		}
	}
	r.err = w.final()
	return r
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// run runs one step: a command through the transcript runner, a time step
// task by task (the same tasks, in the same order, as Cluster.Advance and
// Cluster.Settle), checking the invariants after each.
func (w *watcher) run(s step) error {
	c := w.c
	if s.time == 0 {
		out, err := transcript.Run(c, s.text)
		if err != nil {
			return err
		}
		if strings.Contains(out, "internal error") || strings.Contains(out, "panic") {
			return fmt.Errorf("the command broke:\n%s", out)
		}
		w.note(out)
		return w.afterEach()
	}
	clk := c.Clock()
	deadline := clk.Now().Add(s.time)
	for {
		if s.settle && !c.Busy() {
			return nil
		}
		next, ok := clk.Next()
		if !ok && s.settle {
			return w.afterEach() // as Cluster.Settle: nothing scheduled, nothing can change
		}
		if !ok || next.After(deadline) {
			clk.AdvanceTo(deadline)
			return w.afterEach()
		}
		clk.Step()
		if err := w.afterEach(); err != nil {
			return err
		}
	}
}

// note follows what the sim commands did, from what they printed.
func (w *watcher) note(out string) {
	for _, line := range strings.Split(out, "\n") {
		name, rest, ok := strings.Cut(strings.TrimPrefix(line, "node/"), " ")
		if !ok || !strings.HasPrefix(line, "node/") {
			continue
		}
		switch {
		case strings.HasPrefix(rest, "failed:"):
			w.failed[name] = true
		case strings.HasPrefix(rest, "recovered:"), rest == "deleted":
			delete(w.failed, name)
		}
	}
}

// epilogue heals the cluster: failed nodes recover, dead controller
// managers start, paused ones resume, at least three nodes exist; then it
// settles. Every line is one a learner could type.
func (w *watcher) epilogue() []step {
	var out []step
	var failed []string
	for n := range w.failed {
		failed = append(failed, n)
	}
	sort.Strings(failed)
	for _, n := range failed {
		out = append(out, cmd("sim node recover "+n))
	}
	for _, r := range w.c.ControllerManagers() {
		switch r.Role {
		case cluster.RoleDead:
			out = append(out, cmd("sim controller-manager start "+r.Name))
		case cluster.RolePaused:
			out = append(out, cmd("sim controller-manager resume "+r.Name))
		}
	}
	have := map[string]bool{}
	for _, n := range w.c.NodeNames() {
		have[n] = true
	}
	for i := 6; len(have) < 3; i++ {
		if n := fmt.Sprintf("node-%d", i); !have[n] {
			out = append(out, cmd("sim node add "+n))
			have[n] = true
		}
	}
	return append(out, settle(finalSettle))
}
