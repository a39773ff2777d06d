// Package kubelet simulates the node agent of every node: it takes the
// pods bound to its node through their lives — pull the image, create and
// start the containers, probe them, restart the ones that exit as the
// pod's restartPolicy says (with CrashLoopBackOff), stop and remove the
// pod when it is deleted — writing each step to the pod's status as a real
// kubelet does.
//
// It is not a controller of kube-controller-manager, but it is reconciled
// the same way: a pod key in, the pod's observed status compared with what
// the simulated container runtime has done, one step out. Time passes only
// on the simulated clock: a pull "takes" seconds by asking to be
// reconciled again after them.
//
// What each image's process does — serve forever, sleep and exit, crash —
// is data: the behaviours table in process.go. Probes are in probes.go,
// the container lifecycle and crash-loop back-off in containers.go.
//
// Timers and `sim settle`: whatever the cluster is waiting for (a pull, a
// start, an image-pull or crash-loop back-off, a Job's short process, a
// probe that will bring or take away Ready) is an ordinary requeue and
// keeps the cluster busy. Routine work on a pod in a steady state (the
// next failing probe of a never-ready pod, the exit of a `sleep 3600`) is
// a housekeeping timer, which lets the cluster settle.
package kubelet

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

const (
	// startDelay is the time from pulled image to running container.
	startDelay = time.Second
	// stopDelay is how long a container takes to exit on SIGTERM (nginx
	// exits at once); the pod's grace period caps it.
	stopDelay = time.Second
	// Image pull back-off doubles from 10s up to 5 minutes, as upstream.
	backoffInitial = 10 * time.Second
	backoffMax     = 5 * time.Minute
)

// Reconciler runs every node's kubelet.
type Reconciler struct {
	pods, nodes *informer.Informer
	// ctrl is the kubelet's own controller, so housekeeping timers can
	// enqueue a pod (a requeue would keep the cluster busy).
	ctrl *controller.Controller
	clk  *clock.Sim
	// runtime is what the simulated container runtime knows per pod uid.
	runtime map[string]*podRuntime
	// images lists what each node has pulled, for IfNotPresent.
	images map[string]map[string]bool
	// refs holds each image's name and ID as statuses show them (ref).
	refs map[string]*imageRef
	ipam *ipam
	// heartbeats renew each node's lease and status (heartbeat.go); a
	// failed or partitioned node's kubelet does no pod work until it
	// reaches the API server again.
	heartbeats *Heartbeats
	// missed holds, per node cut off from the API server, the pods
	// deleted from it meanwhile: their containers run on until the
	// kubelet hears of the deletion, when it reconnects.
	missed map[string][]*api.Pod
	// scratch holds the slices podStatus builds a status in, reused from
	// sync to sync: most syncs find the status unchanged, and a write
	// hands the store a status it deep-copies.
	scratch struct {
		conditions []api.PodCondition
		containers []api.ContainerStatus
		unready    []string
		// line is where observeLine spells the line it observes.
		line []byte
	}
}

// podRuntime is the container runtime's record of one pod.
type podRuntime struct {
	stage     stage
	nextAt    time.Time     // when the current stage ends (before stageRunning)
	pullError string        // why the last pull failed
	backoff   time.Duration // current image pull back-off
	ip        string
	released  bool // the IP went back to the pool (the pod finished)
	// containers, once the images are present, in spec order.
	containers []*container
	// hk is the pending housekeeping timer, if any.
	hk *clock.Timer
}

type stage int

const (
	stageCreating   stage = iota // sandbox and pull in progress
	stagePullFailed              // ErrImagePull shown; back-off next
	stageBackOff                 // ImagePullBackOff; pull again at nextAt
	stageRunning                 // images present: containers have a life of their own
	stageStopping
)

// Register adds all kubelets to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		pods: m.Informers.For(api.ResourceFor("pods")), nodes: m.Informers.For(api.ResourceFor("nodes")),
		clk:     m.Clock,
		runtime: map[string]*podRuntime{}, images: map[string]map[string]bool{}, refs: map[string]*imageRef{}, ipam: newIPAM(),
	}
	c := m.NewController("kubelet", r, controller.Options{Component: "kubelet"})
	r.ctrl = c
	r.heartbeats = newHeartbeats(m, c)
	r.missed = map[string][]*api.Pod{}
	r.heartbeats.reconnected = r.reconnected
	enqueue := func(o api.Object) {
		if o.(*api.Pod).Spec.NodeName != "" {
			c.EnqueueObject(o)
		}
	}
	r.pods.AddHandler(informer.Handler{
		OnAdd:    enqueue,
		OnUpdate: func(_, o api.Object) { enqueue(o) },
		OnDelete: func(o any) {
			var p *api.Pod
			switch x := o.(type) {
			case *api.Pod:
				p = x
			case informer.DeletedFinalStateUnknown:
				p, _ = x.Obj.(*api.Pod)
			}
			switch {
			case p == nil:
			case r.heartbeats.Cut(p.Spec.NodeName):
				r.missed[p.Spec.NodeName] = append(r.missed[p.Spec.NodeName], p)
			default:
				r.forget(p)
			}
		},
	})
	return c
}

// reconnected is a kubelet back in touch with the API server: it learns
// which of its pods were deleted meanwhile and stops their containers.
func (r *Reconciler) reconnected(node string) {
	for _, p := range r.missed[node] {
		r.forget(p)
	}
	delete(r.missed, node)
}

func (r *Reconciler) forget(p *api.Pod) {
	if rt := r.runtime[p.UID]; rt != nil {
		rt.hk.Stop()
		if !rt.released {
			r.ipam.release(p.Spec.NodeName, rt.ip)
		}
		delete(r.runtime, p.UID)
	}
}

// Reconcile advances one pod by one step of its life on its node.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	o, ok := r.pods.Get(req.Namespace, req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	pod := o.(*api.Pod)
	if pod.Spec.NodeName == "" {
		return controller.Result{}, nil
	}
	nodeObj, ok := r.nodes.Get("", pod.Spec.NodeName)
	if !ok {
		ctx.Observe("node %s does not exist", pod.Spec.NodeName)
		return controller.Result{}, nil
	}
	node := nodeObj.(*api.Node)
	if r.heartbeats.Down(node.Name) {
		ctx.Observe("node %s is down: its kubelet does nothing until it recovers", node.Name)
		return controller.Result{}, nil
	}
	if r.heartbeats.Partitioned(node.Name) {
		ctx.Observe("node %s is partitioned from the control plane: its kubelet cannot read or report this pod; the containers keep running", node.Name)
		return controller.Result{}, nil
	}
	now := ctx.Clock.Now()
	rt := r.runtime[pod.UID]
	// "pod %s on %s: phase %s%s", spelled out: this line is on every
	// reconcile (Context.ObserveText).
	ctx.ObserveText(r.observeLine(pod, node.Name, rt))

	if pod.DeletionTimestamp != nil {
		return r.stop(ctx, pod, rt, now)
	}
	if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
		return controller.Result{}, nil
	}
	if rt == nil {
		return r.admit(ctx, pod, node, now)
	}
	if rt.stage == stageRunning {
		return r.sync(ctx, pod, rt, now)
	}
	if now.Before(rt.nextAt) {
		return controller.Result{RequeueAfter: rt.nextAt.Sub(now)}, nil
	}
	switch rt.stage {
	case stageCreating, stageBackOff:
		if rt.stage == stageBackOff {
			// The back-off is over: the kubelet tries the pull again.
			ctx.Event(pod, controller.EventNormal, "Pulling", "Pulling image %q", failingImage(pod))
		}
		return r.pulled(ctx, pod, node, rt, now)
	case stagePullFailed:
		wait := rt.backoff
		rt.stage, rt.nextAt = stageBackOff, now.Add(wait)
		rt.backoff = min(2*rt.backoff, backoffMax)
		ctx.Why("pull failed: back off %s before pulling again (10s doubling, at most 5m)", wait)
		msg := fmt.Sprintf("Back-off pulling image %q", failingImage(pod))
		r.writeStatus(ctx, pod, r.waitingStatus(pod, "ImagePullBackOff", msg), "ImagePullBackOff")
		ctx.Event(pod, controller.EventNormal, "BackOff", "%s", msg)
		ctx.Event(pod, controller.EventWarning, "Failed", "Error: ImagePullBackOff")
		return controller.Result{RequeueAfter: wait}, nil
	}
	return controller.Result{}, nil
}

// admit starts a newly bound pod: sandbox, IP, and the image pull.
func (r *Reconciler) admit(ctx *controller.Context, pod *api.Pod, node *api.Node, now time.Time) (controller.Result, error) {
	rt := &podRuntime{stage: stageCreating, backoff: backoffInitial}
	ip, err := r.ipam.allocate(node)
	if err != nil {
		ctx.Why("%v", err)
		return controller.Result{}, controller.Terminal(err)
	}
	rt.ip = ip
	r.runtime[pod.UID] = rt
	d := r.pullTime(ctx, pod, node)
	rt.nextAt = now.Add(d)
	ctx.Diff("pod bound here but no containers yet")
	ctx.Why("create the pod sandbox and pull images: ready in %s", d)
	// The status is built in r.scratch, as podStatus's: the store copies
	// the status it keeps.
	sc := &r.scratch
	sc.unready = sc.unready[:0]
	for _, c := range pod.Spec.Containers {
		sc.unready = append(sc.unready, c.Name)
	}
	notReady := unreadyMessage(sc.unready)
	at := api.NewTime(now)
	st := api.PodStatus{
		Phase: api.PodPending, HostIP: nodeIP(node), StartTime: &at, QOSClass: qosClass(pod),
		Conditions: append(sc.conditions[:0],
			api.PodCondition{Type: api.PodInitialized, Status: api.ConditionTrue, LastTransitionTime: at},
			api.PodCondition{Type: api.PodReady, Status: api.ConditionFalse, Reason: "ContainersNotReady", Message: notReady, LastTransitionTime: at},
			api.PodCondition{Type: api.ContainersReady, Status: api.ConditionFalse, Reason: "ContainersNotReady", Message: notReady, LastTransitionTime: at},
			api.PodCondition{Type: api.PodScheduled, Status: api.ConditionTrue, LastTransitionTime: at},
		),
		ContainerStatuses: r.appendWaiting(sc.containers[:0], pod, "ContainerCreating", ""),
	}
	r.writeStatus(ctx, pod, st, "ContainerCreating")
	sc.conditions, sc.containers = st.Conditions[:0], st.ContainerStatuses[:0]
	return controller.Result{RequeueAfter: d}, nil
}

// pullTime is how long pulling the pod's images takes on this node (zero
// for images already present with IfNotPresent), and emits pull events.
func (r *Reconciler) pullTime(ctx *controller.Context, pod *api.Pod, node *api.Node) time.Duration {
	var longest time.Duration
	for _, c := range pod.Spec.Containers {
		if c.ImagePullPolicy != "Always" && r.images[node.Name][c.Image] {
			ctx.Event(pod, controller.EventNormal, "Pulled", "Container image %q already present on machine", c.Image)
			continue
		}
		ctx.Event(pod, controller.EventNormal, "Pulling", "Pulling image %q", c.Image)
		d, _ := pull(c.Image)
		longest = max(longest, d)
	}
	return longest
}

// pulled finishes a pull: on success the containers are created and start
// a moment later, on failure the pod shows ErrImagePull.
func (r *Reconciler) pulled(ctx *controller.Context, pod *api.Pod, node *api.Node, rt *podRuntime, now time.Time) (controller.Result, error) {
	for _, c := range pod.Spec.Containers {
		if _, err := pull(c.Image); err != nil {
			rt.stage, rt.pullError, rt.nextAt = stagePullFailed, err.Error(), now.Add(time.Second)
			msg := fmt.Sprintf("rpc error: code = NotFound desc = %v", err)
			ctx.Diff("image %s cannot be pulled", c.Image)
			ctx.Why("the registry has no such tag: the container cannot start")
			r.writeStatus(ctx, pod, r.waitingStatus(pod, "ErrImagePull", msg), "ErrImagePull")
			ctx.Event(pod, controller.EventWarning, "Failed", "Failed to pull image %q: %s", c.Image, msg)
			ctx.Event(pod, controller.EventWarning, "Failed", "Error: ErrImagePull")
			return controller.Result{RequeueAfter: time.Second}, nil
		}
	}
	if r.images[node.Name] == nil {
		r.images[node.Name] = map[string]bool{}
	}
	rt.containers = nil
	for i := range pod.Spec.Containers {
		c := &pod.Spec.Containers[i]
		if !r.images[node.Name][c.Image] || c.ImagePullPolicy == "Always" {
			d, _ := pull(c.Image)
			ctx.Event(pod, controller.EventNormal, "Pulled", "Successfully pulled image %q in %s (%s including waiting)", c.Image, d, d)
		}
		r.images[node.Name][c.Image] = true
		ctx.Event(pod, controller.EventNormal, "Created", "Created container %s", c.Name)
		rt.containers = append(rt.containers, newContainer(c, r.ref(c.Image), rt.ip, now.Add(startDelay)))
	}
	rt.stage = stageRunning
	ctx.Why("images present: start the containers")
	return r.sync(ctx, pod, rt, now)
}

// sync brings the pod's containers up to now — starts, exits, restarts,
// back-offs, probes — writes the status they add up to, and sets the
// timers for what comes next.
func (r *Reconciler) sync(ctx *controller.Context, pod *api.Pod, rt *podRuntime, now time.Time) (controller.Result, error) {
	for _, c := range rt.containers {
		r.advance(ctx, pod, c, now)
	}
	st := r.podStatus(pod, rt, now)
	if !statusEqual(&st, &pod.Status) {
		// A shallow copy of the cached pod, handed to the store, which
		// copies its status (built in r.scratch) and keeps it: nothing of
		// the cache is modified.
		p := *pod
		p.Status = st
		_, _ = ctx.UpdateStatusOwned(&p, statusDetail(&p))
	}
	if st.Phase == api.PodSucceeded || st.Phase == api.PodFailed {
		rt.hk.Stop()
		if !rt.released {
			r.ipam.release(pod.Spec.NodeName, rt.ip)
			rt.released = true
		}
		ctx.Why("no container will run again: the pod is %s and its IP is free", st.Phase)
		return controller.Result{}, nil
	}
	return r.wake(pod, rt, now), nil
}

// advance applies everything due for one container up to now, in order.
func (r *Reconciler) advance(ctx *controller.Context, pod *api.Pod, c *container, now time.Time) {
	policy := pod.Spec.RestartPolicy
	for {
		d, ok := c.due()
		if !ok || d.at.After(now) {
			return
		}
		at := d.at
		switch d.what {
		case dueStart:
			c.start(pod.UID, at)
			ctx.Event(pod, controller.EventNormal, "Started", "Started container %s", c.name)
			ctx.Diff("container %s created but not running", c.name)
			ctx.Why("start container %s: it %s", c.name, c.proc.what)
		case dueExit:
			code := c.proc.exitCode
			ran := at.Sub(c.started)
			restart := restartsWith(policy, code)
			c.exit(at, code, restart)
			ctx.Diff("container %s exited with %d after %s", c.name, code, ran)
			if restart {
				ctx.Why("restartPolicy %s restarts a container that exits with %d", policy, code)
			} else {
				ctx.Why("restartPolicy %s: a container that exits with %d stays terminated", policy, code)
			}
		case dueRestart:
			if wait, until := c.inBackOff(c.finished, at); wait {
				c.state, c.at = cBackOff, until
				ctx.Why("container %s exited with %d: restart after back-off %s (CrashLoopBackOff)", c.name, c.cur.ExitCode, c.backoff)
				ctx.Event(pod, controller.EventWarning, "BackOff", "Back-off restarting failed container %s in pod %s", c.name, formatPod(pod))
				continue
			}
			if c.backoff == 0 {
				ctx.Why("container %s exited with %d: first restart, at once", c.name, c.cur.ExitCode)
			} else {
				ctx.Why("container %s exited with %d after running %s: back-off over, restart", c.name, c.cur.ExitCode, c.finished.Sub(c.started))
			}
			r.restart(ctx, pod, c, at)
		case dueBackOffOver:
			ctx.Why("back-off %s for container %s is over: restart", c.backoff, c.name)
			r.restart(ctx, pod, c, at)
		case dueReadiness, dueLiveness:
			pr := c.readiness
			if d.what == dueLiveness {
				pr = c.liveness
			}
			why, unhealthy, kill := c.tick(pr)
			if unhealthy != "" {
				ctx.Event(pod, controller.EventWarning, "Unhealthy", "%s", unhealthy)
			}
			if why != "" {
				ctx.Why("%s", why)
			}
			if kill {
				// Upstream kills a container that fails liveness and, unless
				// restartPolicy is Never, restarts it whatever its exit code.
				msg := fmt.Sprintf("Container %s failed liveness probe", c.name)
				if policy != "Never" {
					msg += ", will be restarted"
				}
				ctx.Event(pod, controller.EventNormal, "Killing", "%s", msg)
				c.exit(at, c.proc.sigterm, policy != "Never")
			}
		}
	}
}

// restart starts a new instance of an exited container.
func (r *Reconciler) restart(ctx *controller.Context, pod *api.Pod, c *container, at time.Time) {
	c.nextBackOff(c.finished, at)
	c.restarts++
	if c.spec.ImagePullPolicy == "Always" {
		d, _ := pull(c.spec.Image)
		ctx.Event(pod, controller.EventNormal, "Pulling", "Pulling image %q", c.spec.Image)
		ctx.Event(pod, controller.EventNormal, "Pulled", "Successfully pulled image %q in %s (%s including waiting)", c.spec.Image, d, d)
	} else {
		ctx.Event(pod, controller.EventNormal, "Pulled", "Container image %q already present on machine", c.spec.Image)
	}
	ctx.Event(pod, controller.EventNormal, "Created", "Created container %s", c.name)
	c.start(pod.UID, at)
	ctx.Event(pod, controller.EventNormal, "Started", "Started container %s", c.name)
}

type dueKind int

const (
	dueStart dueKind = iota
	dueExit
	dueRestart
	dueBackOffOver
	dueReadiness
	dueLiveness
)

type due struct {
	at   time.Time
	what dueKind
	// busy: the cluster is waiting for it (see the package doc).
	busy bool
}

// dues lists what is due next for the container: at most three steps, in
// an array, not a slice, so that listing them — twice per container on
// every sync — allocates nothing.
func (c *container) dues() (out [3]due, n int) {
	switch c.state {
	case cCreated:
		out[n], n = due{c.at, dueStart, true}, n+1
	case cExited:
		if !c.at.IsZero() {
			out[n], n = due{c.at, dueRestart, true}, n+1
		}
	case cBackOff:
		out[n], n = due{c.at, dueBackOffOver, true}, n+1
	case cRunning:
		if c.exits() {
			out[n], n = due{c.exitAt(), dueExit, c.proc.runs <= longRun}, n+1
		}
		if pr := c.readiness; pr != nil && !pr.next.IsZero() {
			out[n], n = due{pr.next, dueReadiness, c.busy(pr)}, n+1
		}
		if pr := c.liveness; pr != nil && !pr.next.IsZero() {
			out[n], n = due{pr.next, dueLiveness, c.busy(pr)}, n+1
		}
	}
	return out, n
}

// due is the earliest of dues (the first listed on a tie).
func (c *container) due() (due, bool) {
	ds, n := c.dues()
	if n == 0 {
		return due{}, false
	}
	best := ds[0]
	for _, d := range ds[1:n] {
		if d.at.Before(best.at) {
			best = d
		}
	}
	return best, true
}

// wake sets the pod's timers: a requeue for the earliest busy step, a
// housekeeping timer for routine steps before it.
func (r *Reconciler) wake(pod *api.Pod, rt *podRuntime, now time.Time) controller.Result {
	var busyAt, hkAt time.Time
	for _, c := range rt.containers {
		ds, n := c.dues()
		for _, d := range ds[:n] {
			switch {
			case d.busy && (busyAt.IsZero() || d.at.Before(busyAt)):
				busyAt = d.at
			case !d.busy && (hkAt.IsZero() || d.at.Before(hkAt)):
				hkAt = d.at
			}
		}
	}
	if !hkAt.IsZero() && (busyAt.IsZero() || hkAt.Before(busyAt)) {
		if rt.hk == nil || !rt.hk.When().Equal(hkAt) {
			rt.hk.Stop()
			req := controller.Request{Namespace: pod.Namespace, Name: pod.Name}
			var t *clock.Timer
			t = r.clk.Housekeeping(hkAt.Sub(now), "kubelet probe "+req.String(), func() {
				if rt.hk == t {
					rt.hk = nil
				}
				r.ctrl.Enqueue(req)
			})
			rt.hk = t
		}
	} else if rt.hk != nil {
		rt.hk.Stop()
		rt.hk = nil
	}
	if busyAt.IsZero() {
		return controller.Result{}
	}
	return controller.Result{RequeueAfter: max(busyAt.Sub(now), time.Nanosecond)}
}

// podStatus is the status the containers add up to: upstream's getPhase
// and Ready conditions over the containers' own statuses.
//
// Its slices are r.scratch's, valid until the next call: a caller that
// keeps the status copies it (the store does).
func (r *Reconciler) podStatus(pod *api.Pod, rt *podRuntime, now time.Time) api.PodStatus {
	sc := &r.scratch
	sc.unready = sc.unready[:0]
	st := pod.Status // shallow: the slices it changes are the scratch's
	st.Conditions = append(sc.conditions[:0], pod.Status.Conditions...)
	st.ContainerStatuses = sc.containers[:0]
	var waiting, running, stopped, succeeded int
	for i, c := range rt.containers {
		cs := c.status(pod)
		st.ContainerStatuses = append(st.ContainerStatuses, cs)
		if !cs.Ready {
			sc.unready = append(sc.unready, pod.Spec.Containers[i].Name)
		}
		switch c.state {
		case cCreated:
			waiting++
		case cRunning:
			running++
		default:
			stopped++
			if c.cur.ExitCode == 0 {
				succeeded++
			}
		}
	}
	if waiting < len(rt.containers) && (len(st.PodIPs) != 1 || st.PodIPs[0].IP != rt.ip || st.PodIP != rt.ip) {
		st.PodIP, st.PodIPs = rt.ip, []api.PodIP{{IP: rt.ip}}
	}
	policy := pod.Spec.RestartPolicy
	switch {
	case waiting > 0:
		st.Phase = api.PodPending
	case running > 0, policy != "Never" && policy != "OnFailure":
		st.Phase = api.PodRunning
	case stopped == succeeded:
		st.Phase = api.PodSucceeded
	case policy == "Never":
		st.Phase = api.PodFailed
	default:
		st.Phase = api.PodRunning // OnFailure: the failed ones restart
	}
	switch {
	case st.Phase == api.PodSucceeded:
		setCondition(&st, api.PodReady, api.ConditionFalse, "PodCompleted", "", now)
		setCondition(&st, api.ContainersReady, api.ConditionFalse, "PodCompleted", "", now)
	case st.Phase == api.PodFailed:
		setCondition(&st, api.PodReady, api.ConditionFalse, "PodFailed", "", now)
		setCondition(&st, api.ContainersReady, api.ConditionFalse, "PodFailed", "", now)
	case len(sc.unready) > 0:
		msg := unreadyMessage(sc.unready)
		setCondition(&st, api.PodReady, api.ConditionFalse, "ContainersNotReady", msg, now)
		setCondition(&st, api.ContainersReady, api.ConditionFalse, "ContainersNotReady", msg, now)
	default:
		setCondition(&st, api.PodReady, api.ConditionTrue, "", "", now)
		setCondition(&st, api.ContainersReady, api.ConditionTrue, "", "", now)
	}
	sc.conditions, sc.containers = st.Conditions[:0], st.ContainerStatuses[:0]
	return st
}

// statusDetail sums a status up for the trace: "CrashLoopBackOff, 0/1 ready".
func statusDetail(p *api.Pod) string {
	ready := 0
	for _, cs := range p.Status.ContainerStatuses {
		if cs.Ready {
			ready++
		}
	}
	return api.PodDisplayStatus(p) + ", " + strconv.Itoa(ready) + "/" + strconv.Itoa(len(p.Status.ContainerStatuses)) + " ready"
}

// stop kills a deleted pod's running containers, then removes the pod from
// the API (the final delete with grace period 0).
func (r *Reconciler) stop(ctx *controller.Context, pod *api.Pod, rt *podRuntime, now time.Time) (controller.Result, error) {
	if rt == nil {
		rt = &podRuntime{}
		r.runtime[pod.UID] = rt
	}
	if rt.stage != stageStopping {
		rt.stage = stageStopping
		rt.hk.Stop()
		grace := time.Duration(api.Deref(pod.DeletionGracePeriodSeconds, 30)) * time.Second
		rt.nextAt = now.Add(min(stopDelay, grace))
		ctx.Diff("pod is being deleted but its sandbox is still there")
		running := 0
		for _, c := range rt.containers {
			if c.state == cRunning {
				running++
				ctx.Event(pod, controller.EventNormal, "Killing", "Stopping container %s", c.name)
			}
		}
		if running > 0 {
			ctx.Why("send SIGTERM; the containers exit within %s (grace period %s)", min(stopDelay, grace), grace)
		} else {
			ctx.Why("no container runs: tear the sandbox down within %s", min(stopDelay, grace))
		}
	}
	if now.Before(rt.nextAt) {
		return controller.Result{RequeueAfter: rt.nextAt.Sub(now)}, nil
	}
	ctx.Why("containers stopped: remove the pod (delete with grace period 0)")
	err := ctx.Delete(pod, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0), UID: pod.UID}, "containers stopped")
	if err != nil && !api.IsNotFound(err) && !api.IsConflict(err) {
		return controller.Result{}, err
	}
	r.forget(pod)
	return controller.Result{}, nil
}

func (r *Reconciler) writeStatus(ctx *controller.Context, pod *api.Pod, st api.PodStatus, detail string) {
	p := *pod // handed to the store, which keeps its own copy of st and nothing else of p
	p.Status = st
	_, _ = ctx.UpdateStatusOwned(&p, detail)
}

// waitingStatus is pod's status with every container waiting for reason.
// It shares all but its container statuses with the cached pod: the store,
// which it is for, copies the status it keeps.
func (r *Reconciler) waitingStatus(pod *api.Pod, reason, message string) api.PodStatus {
	st := pod.Status
	st.ContainerStatuses = r.appendWaiting(nil, pod, reason, message)
	return st
}

// appendWaiting appends a status for every container of pod, waiting for
// reason.
func (r *Reconciler) appendWaiting(out []api.ContainerStatus, pod *api.Pod, reason, message string) []api.ContainerStatus {
	for _, c := range pod.Spec.Containers {
		out = append(out, api.ContainerStatus{
			Name: c.Name, Image: r.ref(c.Image).name, Started: api.Ptr(false),
			State: api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: reason, Message: message}},
		})
	}
	return out
}

// setCondition sets a pod condition; its lastTransitionTime moves only when
// its status changes.
func setCondition(st *api.PodStatus, t, status, reason, message string, now time.Time) {
	for i := range st.Conditions {
		c := &st.Conditions[i]
		if c.Type == t {
			if c.Status != status {
				c.LastTransitionTime = api.NewTime(now)
			}
			c.Status, c.Reason, c.Message = status, reason, message
			return
		}
	}
	st.Conditions = append(st.Conditions, api.PodCondition{Type: t, Status: status, Reason: reason, Message: message, LastTransitionTime: api.NewTime(now)})
}

func failingImage(pod *api.Pod) string {
	for _, c := range pod.Spec.Containers {
		if _, err := pull(c.Image); err != nil {
			return c.Image
		}
	}
	return ""
}

// unreadyMessage is the Ready condition's message for the containers not
// ready, by name.
func unreadyMessage(names []string) string {
	return "containers with unready status: [" + strings.Join(names, " ") + "]"
}

func qosClass(pod *api.Pod) string {
	any, guaranteed := false, true
	for _, c := range pod.Spec.Containers {
		if len(c.Resources.Requests) > 0 || len(c.Resources.Limits) > 0 {
			any = true
		}
		for _, res := range []string{"cpu", "memory"} {
			l, hasL := c.Resources.Limits[res]
			q, hasQ := c.Resources.Requests[res]
			if !hasL || (hasQ && q.MilliValue() != l.MilliValue()) {
				guaranteed = false
			}
		}
	}
	switch {
	case !any:
		return "BestEffort"
	case guaranteed:
		return "Guaranteed"
	}
	return "Burstable"
}

func nodeIP(n *api.Node) string {
	for _, a := range n.Status.Addresses {
		if a.Type == "InternalIP" {
			return a.Address
		}
	}
	return ""
}

// digest is a stable fake digest: 32 hex characters derived from s. Every
// container start asks for two, so they are spelled by hand, not by fmt.
func digest(s string) string { return string(appendDigest(nil, s)) }

// appendDigest appends the digest of parts' concatenation, hashed part by
// part: a container ID is two digests of three parts each, made into one
// string with no string between.
func appendDigest(dst []byte, parts ...string) []byte {
	var h1, h2 uint64 = 14695981039346656037, 1099511628211
	for _, s := range parts {
		for i := 0; i < len(s); i++ {
			h1 = (h1 ^ uint64(s[i])) * 1099511628211
			h2 = (h2 ^ uint64(s[i])) * 14695981039346656037
		}
	}
	const hexDigits = "0123456789abcdef"
	var out [32]byte
	for i := range 16 {
		out[15-i] = hexDigits[h1>>(4*i)&0xf]
		out[31-i] = hexDigits[h2>>(4*i)&0xf]
	}
	return append(dst, out[:]...)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// observeLine is "pod %s on %s: phase %s" and the stage, spelled into
// one buffer: the line is on every reconcile, and concatenating it from
// the stage's and each container's summary was three strings where the
// trace keeps one.
func (r *Reconciler) observeLine(pod *api.Pod, node string, rt *podRuntime) string {
	b := append(r.scratch.line[:0], "pod "...)
	b = append(append(append(append(b, pod.Name...), " on "...), node...), ": phase "...)
	b = appendStage(append(b, orNone(pod.Status.Phase)...), rt)
	r.scratch.line = b
	return string(b)
}

// appendStage appends the pod's stage on its node, for the trace: ",
// creating", ", containers: web running (ready, 0 restarts)".
func appendStage(b []byte, rt *podRuntime) []byte {
	if rt == nil {
		return append(b, ", no containers yet"...)
	}
	if rt.stage != stageRunning {
		return append(b, [...]string{", creating", ", image pull failed", ", backing off", ", running", ", stopping"}[rt.stage]...)
	}
	b = append(b, ", containers: "...)
	for i, c := range rt.containers {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = c.appendSummary(append(append(b, c.name...), ' '))
	}
	return b
}

// appendSummary appends the container's state in a few words, for the
// trace.
func (c *container) appendSummary(b []byte) []byte {
	switch c.state {
	case cCreated:
		return append(b, "created"...)
	case cRunning:
		if c.ready {
			b = append(b, "running (ready, "...)
		} else {
			b = append(b, "running (not ready, "...)
		}
	case cExited:
		b = strconv.AppendInt(append(b, "exited "...), int64(c.cur.ExitCode), 10)
		b = append(b, " ("...)
	default:
		b = append(append(append(b, "CrashLoopBackOff "...), c.backoff.String()...), " ("...)
	}
	return append(strconv.AppendInt(b, int64(c.restarts), 10), " restarts)"...)
}
