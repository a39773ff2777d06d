package kubelet

import (
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// Crash-loop back-off, as upstream's kubelet: the first restart after an
// exit is immediate; while the container keeps exiting, each later restart
// waits 10s, 20s, 40s, … at most 5 minutes, counted from the exit. A
// container that ran for 10 minutes since its last restart starts over.
const (
	crashBackoffInitial = 10 * time.Second
	crashBackoffMax     = 5 * time.Minute
	crashBackoffReset   = 2 * crashBackoffMax
	// restartCheck is how soon after an exit the kubelet notices it (its
	// PLEG relists every second) and decides whether to restart.
	restartCheck = time.Second
	// longRun: a process that runs longer than this before exiting (`sleep
	// 3600`) is a workload doing its job, not a cluster converging, so
	// its exit does not keep `sim settle` busy. A Job's `sleep 30` does.
	longRun = 5 * time.Minute
)

// container is the runtime's record of one container of a pod.
type container struct {
	name string
	// spec points into the cached pod's spec, read-only: a copy was most
	// of the container's size, made for every pod started.
	spec  *api.Container
	ip    string // the pod's, for probe messages
	state cstate
	// at is when the state's next step is due: the start (created), the
	// restart decision (exited, when the policy restarts it) or the end of
	// the back-off. Zero when nothing is due.
	at       time.Time
	proc     process
	id       string    // containerd://… of the current or last container
	started  time.Time // when the current (or last) container started
	restarts int32
	// cur is the latest termination, prev the one before it: a terminated
	// container shows cur as its state and prev as lastState; a running or
	// backing-off one shows cur as lastState.
	cur, prev *api.ContainerStateTerminated
	finished  time.Time // when cur ended, to the nanosecond
	// backoff is the crash-loop back-off (zero before the first restart),
	// set at backoffAt.
	backoff   time.Duration
	backoffAt time.Time
	ready     bool
	readiness *prober
	liveness  *prober
	// ref is what its status shows for spec.image (Reconciler.ref).
	ref *imageRef
	// policy restarts it: the pod's restartPolicy, or an init
	// container's own (initPolicy).
	policy string
	// init: an init container; sidecar: one with restartPolicy Always.
	init, sidecar bool
}

type cstate int

const (
	cCreated cstate = iota // created, starting at `at`
	cRunning
	cExited  // terminated; restarted at `at` if the policy says so
	cBackOff // CrashLoopBackOff until `at`
)

func newContainer(spec *api.Container, ref *imageRef, ip string, startAt time.Time) *container {
	return &container{name: spec.Name, spec: spec, ref: ref, ip: ip, state: cCreated, at: startAt, proc: processFor(spec)}
}

func (c *container) exits() bool { return c.state == cRunning && !c.proc.forever }

func (c *container) exitAt() time.Time { return c.started.Add(c.proc.runs) }

// start runs a new container at now.
func (c *container) start(podUID string, now time.Time) {
	c.state, c.at, c.started = cRunning, time.Time{}, now
	restarts := strconv.Itoa(int(c.restarts))
	var id [len("containerd://") + 64]byte
	b := append(id[:0], "containerd://"...)
	b = appendDigest(b, podUID, c.name, restarts)
	c.id = string(appendDigest(b, c.name, podUID, restarts))
	c.ready = c.spec.ReadinessProbe == nil
	c.readiness = newProber("Readiness", c.spec.ReadinessProbe, now)
	c.liveness = newProber("Liveness", c.spec.LivenessProbe, now)
	for _, pr := range []*prober{c.readiness, c.liveness} {
		if pr != nil {
			c.schedule(pr, pr.next)
		}
	}
}

// exit records the container's end at t with code, and whether the pod's
// restart policy restarts it (decided restartCheck later).
func (c *container) exit(t time.Time, code int32, restart bool) {
	reason := "Completed"
	if code != 0 {
		reason = "Error"
	}
	c.prev, c.cur = c.cur, &api.ContainerStateTerminated{ExitCode: code, Reason: reason,
		StartedAt: api.NewTime(c.started), FinishedAt: api.NewTime(t)}
	c.finished = t
	c.state, c.ready, c.readiness, c.liveness = cExited, false, nil, nil
	c.at = time.Time{}
	if restart {
		c.at = t.Add(restartCheck)
	}
}

// inBackOff is upstream's doBackOff: at now, must the restart of a
// container that exited at finished still wait, and until when?
func (c *container) inBackOff(finished, now time.Time) (bool, time.Time) {
	if c.backoff == 0 || finished.Sub(c.backoffAt) > crashBackoffReset {
		return false, time.Time{}
	}
	until := finished.Add(c.backoff)
	return now.Before(until), until
}

// nextBackOff is upstream's Backoff.Next, called on each restart.
func (c *container) nextBackOff(finished, now time.Time) {
	if c.backoff == 0 || finished.Sub(c.backoffAt) > crashBackoffReset {
		c.backoff = crashBackoffInitial
	} else {
		c.backoff = min(2*c.backoff, crashBackoffMax)
	}
	c.backoffAt = now
}

// restartsWith says whether a container that exited with code restarts.
func restartsWith(policy string, code int32) bool {
	switch policy {
	case "Never":
		return false
	case "OnFailure":
		return code != 0
	}
	return true
}

// status is the container's status as the kubelet reports it.
func (c *container) status(pod *api.Pod) api.ContainerStatus {
	cs := api.ContainerStatus{Name: c.name, Image: c.ref.name, RestartCount: c.restarts, Started: api.Ptr(false)}
	if c.state == cCreated {
		cs.State.Waiting = &api.ContainerStateWaiting{Reason: defaultWaitingReason(pod)}
		return cs
	}
	cs.ImageID = c.ref.id
	cs.ContainerID = c.id
	last := func(t *api.ContainerStateTerminated) api.ContainerState {
		if t == nil {
			return api.ContainerState{}
		}
		v := *t
		return api.ContainerState{Terminated: &v}
	}
	switch c.state {
	case cRunning:
		cs.State.Running = &api.ContainerStateRunning{StartedAt: api.NewTime(c.started)}
		cs.LastState = last(c.cur)
		// An init container is ready only once it has completed; a
		// sidecar as the pod's containers are.
		cs.Ready, cs.Started = c.ready && (!c.init || c.sidecar), api.Ptr(true)
	case cExited:
		cs.State, cs.LastState = last(c.cur), last(c.prev)
		// An init container that completed is ready: the next may start.
		cs.Ready = c.init && !c.sidecar && c.cur != nil && c.cur.ExitCode == 0
	case cBackOff:
		cs.State.Waiting = &api.ContainerStateWaiting{Reason: "CrashLoopBackOff", Message: c.backOffMessage(pod)}
		cs.LastState = last(c.cur)
	}
	return cs
}

// defaultWaitingReason is why a container not yet running waits, as
// upstream's kubelet reports it: PodInitializing in a pod with init
// containers, else ContainerCreating.
func defaultWaitingReason(pod *api.Pod) string {
	if len(pod.Spec.InitContainers) > 0 {
		return "PodInitializing"
	}
	return "ContainerCreating"
}

// backOffMessage is upstream's, with format.Pod's name_namespace(uid).
func (c *container) backOffMessage(pod *api.Pod) string {
	return "back-off " + c.backoff.String() + " restarting failed container=" + c.name + " pod=" + formatPod(pod)
}

// formatPod is how the kubelet names a pod in messages.
func formatPod(pod *api.Pod) string {
	return pod.Name + "_" + pod.Namespace + "(" + pod.UID + ")"
}
