package cluster

import "time"

// DefaultSettle is how long Settle waits for quiet by default.
const DefaultSettle = 10 * time.Minute

// Step runs exactly one task — one event delivery, one reconcile, one
// kubelet step — moving the clock to it. It reports false when nothing at
// all is scheduled.
func (c *Cluster) Step() bool { return c.clk.Step() }

// NextTask names the task Step would run next ("" when the clock has
// none): a watch delivery, a controller's worker, a timer.
func (c *Cluster) NextTask() string { return c.clk.NextName() }

// RunUntilIdle runs every task due now, without moving the clock, and
// returns how many ran. limit > 0 caps the count, for a caller that must
// answer soon (the page's worker) and carries on in its next call.
func (c *Cluster) RunUntilIdle(limit int) int {
	n := 0
	for (limit <= 0 || n < limit) && c.clk.StepDue() {
		n++
	}
	return n
}

// Advance moves simulated time forward by d, running every task due on
// the way in order.
func (c *Cluster) Advance(d time.Duration) {
	target := c.clk.Now().Add(d)
	for {
		next, ok := c.clk.Next()
		if !ok || next.After(target) {
			break
		}
		c.runTask()
	}
	c.clk.AdvanceTo(target)
}

// runTask runs the next task, as each headless run does (Advance, Settle,
// RunUntil), and gives Go's collector its turn now and then (yield.go).
func (c *Cluster) runTask() {
	c.clk.Step()
	c.yield.afterTask()
}

// AdvanceBudget runs the tasks due within d, at most budget of them. The
// clock moves the whole d only when they all ran (done); otherwise it stays
// at the last task run and the caller carries on in its next turn (the
// page's worker, wasm/workerloop.go).
func (c *Cluster) AdvanceBudget(d time.Duration, budget int) (done bool) {
	target := c.clk.Now().Add(d)
	for n := 0; n < budget; n++ {
		next, ok := c.clk.Next()
		if !ok || next.After(target) {
			c.clk.AdvanceTo(target)
			return true
		}
		c.clk.Step()
	}
	return false
}

// Busy reports whether the cluster has work ahead: a task that is not
// housekeeping, or a control-plane component without a leader while one of
// its replicas runs — its keys wait in a standby's queue, and time must
// pass (the Lease must expire) before that standby takes over and acts.
func (c *Cluster) Busy() bool {
	return c.clk.Busy() || c.controllerManagers.awaitsLeader() || c.scheduler.awaitsLeader()
}

// Settle advances until the cluster is quiet — no queued key, no
// undelivered event, no timer but housekeeping, a leader for each
// component that has a running replica (Busy) — or until max has passed.
// It reports whether it settled and how much simulated time it took.
func (c *Cluster) Settle(max time.Duration) (settled bool, took time.Duration) {
	return c.SettleEach(max, nil)
}

// SettleEach is Settle calling after once after every task it runs, so that
// a caller can check what holds at every step of the way, not only at the
// end; after returning false stops it there, unsettled. A nil after is
// Settle.
func (c *Cluster) SettleEach(max time.Duration, after func() bool) (settled bool, took time.Duration) {
	if max <= 0 {
		max = DefaultSettle
	}
	start := c.clk.Now()
	deadline := start.Add(max)
	for c.Busy() {
		next, ok := c.clk.Next()
		if !ok {
			break // nothing at all is scheduled: nothing can change
		}
		if next.After(deadline) {
			c.clk.AdvanceTo(deadline)
			return false, max
		}
		c.runTask()
		if after != nil && !after() {
			return false, c.clk.Now().Sub(start)
		}
	}
	return true, c.clk.Now().Sub(start)
}

// RunUntil runs tasks until done() holds or max simulated time has passed;
// it stops early, returning false, when nothing is left to happen.
func (c *Cluster) RunUntil(done func() bool, max time.Duration) bool {
	deadline := c.clk.Now().Add(max)
	for !done() {
		next, ok := c.clk.Next()
		if !ok || next.After(deadline) || !c.Busy() {
			return false
		}
		c.runTask()
	}
	return true
}
