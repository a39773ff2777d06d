package cluster

import (
	"fmt"
	"strconv"
)

// `sim step [N]` runs the next N tasks (one by default) — event
// deliveries, reconciles, kubelet steps — each at its own instant, as the
// page's step button does. A recorded session (core/session) replays the
// page's clock with it: the tasks its worker's turns ran, however they were
// cut.

func init() { RegisterSim("step", simStep) }

// MaxSteps bounds one `sim step N`, as transcript.MaxAdvance bounds an
// advance: a hostile script must not hold a tab for hours in one line.
const MaxSteps = 1_000_000

func simStep(c *Cluster, args []string) (string, error) {
	n := 1
	switch len(args) {
	case 0:
	case 1:
		v, err := strconv.Atoi(args[0])
		if err != nil || v < 1 {
			return "", fmt.Errorf("invalid task count %q: sim step N runs the next N tasks (N ≥ 1)", args[0])
		}
		if v > MaxSteps {
			return "", fmt.Errorf("sim step %d is more than kubeloop runs in one command: at most %d; run it again to go further", v, MaxSteps)
		}
		n = v
	default:
		return "", fmt.Errorf("usage: sim step [N]")
	}
	for i := 0; i < n; i++ {
		if !c.clk.Step() {
			return fmt.Sprintf("sim: nothing left to run after %d of %d tasks\n", i, n), nil
		}
		c.yield.afterTask()
	}
	return "", nil
}
