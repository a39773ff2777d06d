package kubectl

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// rolloutStatusMax bounds `rollout status` in simulated time when no
// --timeout is given.
//
// Real kubectl without --timeout waits until the rollout finishes or the
// user interrupts it. A transcript, or the page's terminal, cannot wait
// forever, and in a simulation it need not: kubeloop waits while the
// cluster has work to do, and stops when the rollout is done, when the
// cluster has settled with nothing pending (nothing will ever change the
// status), or after rolloutStatusMax of simulated time while it stays busy
// without finishing (a back-off or crash loop keeps it busy for ever). It
// then prints what real kubectl would have printed so far, and one stderr
// line in its own name saying that it stopped and that a real kubectl
// would still be waiting, with exit code 1 (the rollout did not finish) —
// never kubectl's "timed out" error, which only --timeout earns. The bound
// is past a Deployment's default progress deadline (600s), so that a
// Deployment that cannot progress ends as it does under real kubectl: with
// "exceeded its progress deadline".
const rolloutStatusMax = 15 * time.Minute

// StoppedWait says why kubeloop ended a wait that real kubectl would
// carry on (rolloutStatusMax).
type StoppedWait struct {
	// After is the simulated time waited when the cluster stayed busy; 0
	// when it went quiet with nothing left to do.
	After time.Duration
}

// StoppedWaitingNote is kubeloop's stderr line for w; the page prints its
// own, in the learner's language.
func StoppedWaitingNote(w StoppedWait) string {
	if w.After == 0 {
		return "kubeloop: stopped waiting: the cluster has nothing left to do, so this rollout will not finish by itself; a real kubectl would keep waiting until interrupted\n"
	}
	return fmt.Sprintf("kubeloop: stopped waiting after %s of simulated time; a real kubectl would keep waiting until the rollout finishes or is interrupted\n", w.After)
}

// rolloutCommands are the subcommands of `kubectl rollout`.
var rolloutCommands map[string]func(c *invocation, args []string)

// statusViewer is `rollout status`'s viewer of one kind: the line to
// print, whether the rollout is done, and an error when it cannot finish.
type statusViewer = func(api.Object) (string, bool, error)

// statusViewers are the status viewers by kind.
var statusViewers map[string]statusViewer

func fillStatusViewers() {
	statusViewers = map[string]statusViewer{
		"Deployment": func(o api.Object) (string, bool, error) { return DeploymentStatus(o.(*api.Deployment)) },
	}
}

func registerRollout() {
	rolloutCommands = map[string]func(c *invocation, args []string){
		"history": runRolloutHistory,
		"pause":   runRolloutPause,
		"restart": runRolloutRestart,
		"resume":  runRolloutResume,
		"status":  runRolloutStatus,
		"undo":    runRolloutUndo,
	}
}

func runRollout(c *invocation, args []string) {
	if len(args) == 0 || rolloutCommands[args[0]] == nil {
		c.unknownSubcommand(args)
		return
	}
	c.path = "rollout " + args[0]
	rolloutCommands[args[0]](c, args[1:])
}

// DeploymentStatus is kubectl's status viewer for a Deployment: the line
// `rollout status` prints, whether the rollout is done, and an error when
// it can no longer finish (progress deadline exceeded).
func DeploymentStatus(d *api.Deployment) (msg string, done bool, err error) {
	if d.Generation > d.Status.ObservedGeneration {
		return "Waiting for deployment spec update to be observed...\n", false, nil
	}
	for _, cond := range d.Status.Conditions {
		if cond.Type == api.DeploymentProgressing && cond.Reason == "ProgressDeadlineExceeded" {
			return "", false, fmt.Errorf("deployment %q exceeded its progress deadline", d.Name)
		}
	}
	st := d.Status
	if d.Spec.Replicas != nil && st.UpdatedReplicas < *d.Spec.Replicas {
		return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d out of %d new replicas have been updated...\n", d.Name, st.UpdatedReplicas, *d.Spec.Replicas), false, nil
	}
	if st.Replicas > st.UpdatedReplicas {
		return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d old replicas are pending termination...\n", d.Name, st.Replicas-st.UpdatedReplicas), false, nil
	}
	if st.AvailableReplicas < st.UpdatedReplicas {
		return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d of %d updated replicas are available...\n", d.Name, st.AvailableReplicas, st.UpdatedReplicas), false, nil
	}
	return fmt.Sprintf("deployment %q successfully rolled out\n", d.Name), true, nil
}

// runRolloutStatus is `kubectl rollout status TYPE NAME`: it prints the
// kind's status line each time it changes until the rollout is done (or
// once, with --watch=false).
func runRolloutStatus(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "watch", short: "w", boolean: true, def: "true"},
		flagDef{long: "timeout", def: "0s"},
		flagDef{long: "revision", def: "0"},
	)
	if !ok {
		return
	}
	t, viewer, ok := c.statusTarget(pos)
	if !ok {
		return
	}
	limit, forever, ok := c.statusLimit(f.str("timeout"))
	if !ok {
		return
	}
	st := c.env.Store()
	ns := namespaceFor(t.kind, f)
	status := func() (string, bool, error) {
		o, err := st.Get(t.kind, ns, t.name)
		if err != nil {
			return "", false, err
		}
		return viewer(o)
	}
	c.watchStatus(status, f.boolean("watch"), limit, forever)
}

// statusTarget is the one object `rollout status` names, and its kind's
// status viewer.
func (c *invocation) statusTarget(pos []string) (target, statusViewer, bool) {
	ts, kindOnly, ok := c.targets(pos)
	if !ok {
		return target{}, nil, false
	}
	if kindOnly != nil || len(ts) != 1 {
		c.fail("required resource not specified")
		return target{}, nil, false
	}
	t := ts[0]
	viewer := statusViewers[t.kind.Kind]
	if viewer == nil {
		c.fail("no status viewer has been implemented for %s", t.kind.Kind)
		return target{}, nil, false
	}
	return t, viewer, true
}

// statusLimit is how long `rollout status` may wait, in simulated time:
// --timeout when given, else rolloutStatusMax, which real kubectl does
// not have (forever).
func (c *invocation) statusLimit(timeout string) (limit time.Duration, forever, ok bool) {
	limit, forever = rolloutStatusMax, true
	if timeout != "0s" && timeout != "0" {
		d, err := time.ParseDuration(timeout)
		if err != nil {
			c.fail("invalid argument %q for \"--timeout\" flag: time: invalid duration %q", timeout, timeout)
			return 0, false, false
		}
		if d > 0 {
			limit, forever = d, false
		}
	}
	return limit, forever, true
}

// watchStatus prints status's line, and with watch each new one while
// the cluster runs, until the rollout is done, it fails, or the wait ends:
// after limit, or early when nothing will change the status any more.
func (c *invocation) watchStatus(status func() (string, bool, error), watch bool, limit time.Duration, forever bool) {
	clk := c.env.Store().Clock()
	start := clk.Now()
	last := ""
	for {
		msg, done, err := status()
		if err != nil {
			if api.ReasonOf(err) != "" {
				c.apiError(err, "", "")
			} else {
				c.fail("%v", err)
			}
			return
		}
		if msg != last {
			c.out.WriteString(msg)
			last = msg
		}
		if done || !watch {
			return
		}
		remaining := limit - clk.Now().Sub(start)
		if remaining <= 0 {
			if forever {
				c.stopWaiting(StoppedWait{After: limit})
				return
			}
			c.fail("timed out waiting for the condition")
			return
		}
		changed := c.runUntil(func() bool {
			m, d, e := status()
			return e != nil || d || m != last
		}, remaining)
		if !changed && clk.Now().Sub(start) < limit {
			// The wait ended early: either the cluster went quiet without
			// finishing (nothing will change), or its next task lies past
			// the limit (a long back-off).
			if forever && c.busy() {
				c.stopWaiting(StoppedWait{After: limit})
				return
			}
			if m, d, e := status(); e == nil && !d && m == last {
				if forever {
					c.stopWaiting(StoppedWait{})
					return
				}
				c.fail("timed out waiting for the condition")
				return
			}
		}
	}
}

// stopWaiting ends a wait that real kubectl would carry on: kubeloop's note
// on stderr, exit code 1.
func (c *invocation) stopWaiting(w StoppedWait) {
	c.err.WriteString(StoppedWaitingNote(w))
	c.stopped = &w
	c.code = 1
}

// busy reports whether the cluster has work ahead (cluster.Busy), for an
// Env that can tell; one that cannot is taken to be quiet.
func (c *invocation) busy() bool {
	b, ok := c.env.(interface{ Busy() bool })
	return ok && b.Busy()
}
