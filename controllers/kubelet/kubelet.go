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
	pods  informer.Lister[*api.Pod]
	nodes informer.Lister[*api.Node]
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
	// booting: the cluster is being built. The pods admitted now are the
	// ones a kind cluster was already running when the learner came, so
	// their containers start the moment their images are there (without
	// startDelay) and the first command finds them Running.
	booting bool
	// heartbeats renew each node's lease and status (heartbeat.go); a
	// failed or partitioned node's kubelet does no pod work until it
	// reaches the API server again.
	heartbeats *Heartbeats
	// missed holds, per node cut off from the API server, the pods
	// deleted from it meanwhile: their containers run on until the
	// kubelet hears of the deletion, when it reconnects.
	missed map[string][]*api.Pod
	// mirrors holds each static pod's mirror as last seen, by
	// namespace/name, to put it back when it is deleted (mirror.go).
	mirrors map[string]*api.Pod
	// scratch holds the slices podStatus builds a status in, reused from
	// sync to sync: most syncs find the status unchanged, and a write
	// hands the store a status it deep-copies.
	scratch struct {
		conditions []api.PodCondition
		containers []api.ContainerStatus
		inits      []api.ContainerStatus
		unready    []string
		incomplete []string
		// line is where observeLine spells the line it observes.
		line []byte
	}
}

// podRuntime is the container runtime's record of one pod.
//
// A pod's containers start in groups, one after the other (groups.go):
// each init container alone, in spec order, then all the pod's
// containers together. A group's images are pulled, its containers
// created and started; the next group begins when an init container has
// completed (a sidecar: once it has started).
type podRuntime struct {
	stage   stage
	nextAt  time.Time     // when the current stage ends (while a group is pulled)
	backoff time.Duration // current image pull back-off
	// group is the group being pulled, or the next to pull while stage
	// is stageRunning: init container i, or the pod's containers at
	// len(spec.initContainers); past that, every container exists.
	group int
	// waitReason and waitMessage are why the group's containers wait
	// (ErrImagePull, ImagePullBackOff, InvalidImageName); empty while the
	// pull goes well.
	waitReason, waitMessage string
	ip                      string
	hostIP                  string
	started                 time.Time // when the kubelet admitted the pod
	released                bool      // the IP went back to the pool (the pod finished) or never came from it (host network)
	// inits are the init containers created so far, in spec order;
	// containers the pod's containers, once their images are present.
	inits, containers []*container
	// sidecarsStopped: the pod's containers have all finished for good,
	// and its sidecars were stopped after them.
	sidecarsStopped bool
	// hk is the pending housekeeping timer, if any.
	hk *clock.Timer
}

type stage int

const (
	stageCreating   stage = iota // a group's pull in progress
	stagePullFailed              // ErrImagePull shown; back-off next
	stageBackOff                 // ImagePullBackOff; pull again at nextAt
	stageRunning                 // no pull in progress: the containers have a life of their own
	stageStopping
	stageInvalidImage // InvalidImageName: the group cannot start until the pod is replaced
)

// Register adds all kubelets to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		pods: informer.ListerFor[*api.Pod](m.Informers), nodes: informer.ListerFor[*api.Node](m.Informers),
		clk:     m.Clock,
		runtime: map[string]*podRuntime{}, images: map[string]map[string]bool{}, refs: map[string]*imageRef{}, ipam: newIPAM(),
	}
	c := m.NewController("kubelet", r, controller.Options{Component: "kubelet"})
	r.ctrl = c
	r.heartbeats = newHeartbeats(m, c)
	r.missed = map[string][]*api.Pod{}
	r.mirrors = map[string]*api.Pod{}
	r.heartbeats.reconnected = r.reconnected
	enqueue := func(p *api.Pod) {
		if p.Spec.NodeName != "" {
			c.EnqueueObject(p)
		}
	}
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd:    enqueue,
		OnUpdate: func(_, p *api.Pod) { enqueue(p) },
		OnDelete: func(p *api.Pod) {
			switch {
			case isMirror(p):
				c.Enqueue(controller.Request{Namespace: p.Namespace, Name: p.Name})
			case r.heartbeats.Cut(p.Spec.NodeName):
				r.missed[p.Spec.NodeName] = append(r.missed[p.Spec.NodeName], p)
			default:
				r.forget(p)
			}
		},
	})
	return c
}

// SetBooting says whether the cluster is being built (Reconciler.booting).
func SetBooting(c *controller.Controller, booting bool) {
	if r, ok := c.Reconciler().(*Reconciler); ok {
		r.booting = booting
	}
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
	if rt := r.runtime[runtimeKey(p)]; rt != nil {
		rt.hk.Stop()
		if !rt.released {
			r.ipam.release(p.Spec.NodeName, rt.ip)
		}
		delete(r.runtime, runtimeKey(p))
	}
}

// Reconcile advances one pod by one step of its life on its node.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	pod, ok := r.pods.Get(req.Namespace, req.Name)
	if !ok {
		key := req.Namespace + "/" + req.Name
		if last := r.mirrors[key]; last != nil {
			return r.recreateMirror(ctx, key, last)
		}
		return controller.Result{}, nil
	}
	if pod.Spec.NodeName == "" {
		return controller.Result{}, nil
	}
	node, ok := r.nodes.Get("", pod.Spec.NodeName)
	if !ok {
		ctx.Observe("node %s does not exist", pod.Spec.NodeName)
		return controller.Result{}, nil
	}
	if r.heartbeats.Down(node.Name) {
		ctx.Observe("node %s is down: its kubelet does nothing until it recovers", node.Name)
		return controller.Result{}, nil
	}
	if r.heartbeats.Partitioned(node.Name) {
		ctx.Observe("node %s is partitioned from the control plane: its kubelet cannot read or report this pod; the containers keep running", node.Name)
		return controller.Result{}, nil
	}
	now := ctx.Clock.Now()
	mirror := isMirror(pod)
	if mirror {
		r.mirrors[req.Namespace+"/"+req.Name] = pod
	}
	rt := r.runtime[runtimeKey(pod)]
	// "pod %s on %s: phase %s%s", spelled out: this line is on every
	// reconcile (Context.ObserveText).
	ctx.ObserveText(r.observeLine(pod, node.Name, rt))

	if pod.DeletionTimestamp != nil && mirror {
		return r.removeMirror(ctx, pod)
	}
	if pod.DeletionTimestamp != nil {
		return r.stop(ctx, pod, rt, now)
	}
	if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
		return controller.Result{}, nil
	}
	if rt == nil {
		return r.admit(ctx, pod, node, now)
	}
	return r.sync(ctx, pod, rt, now)
}

// admit starts a newly bound pod: sandbox, IP, and the first group's
// image pull.
func (r *Reconciler) admit(ctx *controller.Context, pod *api.Pod, node *api.Node, now time.Time) (controller.Result, error) {
	rt := &podRuntime{stage: stageRunning, backoff: backoffInitial, hostIP: nodeIP(node), started: now}
	if pod.Spec.HostNetwork {
		// The pod shares the node's network namespace: its IP is the
		// node's, and no address of the pod CIDR is taken or given back.
		rt.ip, rt.released = rt.hostIP, true
	} else {
		ip, err := r.ipam.allocate(node)
		if err != nil {
			ctx.Why("%v", err)
			return controller.Result{}, controller.Terminal(err)
		}
		rt.ip = ip
	}
	r.runtime[runtimeKey(pod)] = rt
	ctx.Diff("pod bound here but no containers yet")
	return r.sync(ctx, pod, rt, now)
}

// sync brings the pod's containers up to now — starts, exits, restarts,
// back-offs, probes — writes the status they add up to, and sets the
// timers for what comes next.
func (r *Reconciler) sync(ctx *controller.Context, pod *api.Pod, rt *podRuntime, now time.Time) (controller.Result, error) {
	for {
		for _, c := range rt.inits {
			r.advance(ctx, pod, c, now)
		}
		for _, c := range rt.containers {
			r.advance(ctx, pod, c, now)
		}
		if !r.progress(ctx, pod, rt, now) {
			break
		}
	}
	r.stopSidecarsAfterContainers(ctx, pod, rt, now)
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
	policy := c.policy
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
		ctx.Event(pod, controller.EventNormal, "Pulled", "Successfully pulled image %q in %s (%s including waiting). Image size: %d bytes.", c.spec.Image, d, d, imageSize(c.spec.Image))
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
	switch rt.stage {
	case stageCreating, stagePullFailed, stageBackOff:
		busyAt = rt.nextAt
	}
	for _, c := range rt.all() {
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
		r.runtime[runtimeKey(pod)] = rt
	}
	if rt.stage != stageStopping {
		rt.stage = stageStopping
		rt.hk.Stop()
		grace := time.Duration(api.Deref(pod.DeletionGracePeriodSeconds, 30)) * time.Second
		rt.nextAt = now.Add(min(stopDelay, grace))
		ctx.Diff("pod is being deleted but its sandbox is still there")
		running := 0
		for _, c := range rt.stopOrder() {
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
		b = append(b, [...]string{", creating", ", image pull failed", ", backing off", ", running", ", stopping", ", invalid image name"}[rt.stage]...)
	}
	all := rt.all()
	if len(all) == 0 || rt.stage == stageStopping {
		return b
	}
	b = append(b, ", containers: "...)
	for i, c := range all {
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
	b = strconv.AppendInt(b, int64(c.restarts), 10)
	if c.restarts == 1 {
		return append(b, " restart)"...)
	}
	return append(b, " restarts)"...)
}
