// Package kubelet simulates the node agent of every node: it takes the
// pods bound to its node through their lives — pull the image, create and
// start the container, report Ready, stop and remove the pod when it is
// deleted — writing each step to the pod's status as a real kubelet does.
//
// It is not a controller of kube-controller-manager, but it is reconciled
// the same way: a pod key in, the pod's observed status compared with what
// the simulated container runtime has done, one step out. Time passes only
// on the simulated clock: a pull "takes" seconds by asking to be
// reconciled again after them.
package kubelet

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
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
	// runtime is what the simulated container runtime knows per pod uid.
	runtime map[string]*podRuntime
	// images lists what each node has pulled, for IfNotPresent.
	images map[string]map[string]bool
	ipam   *ipam
}

// podRuntime is the container runtime's record of one pod.
type podRuntime struct {
	stage     stage
	nextAt    time.Time     // when the current stage ends
	pullError string        // why the last pull failed
	backoff   time.Duration // current image pull back-off
	ip        string
}

type stage int

const (
	stageCreating   stage = iota // sandbox and pull in progress
	stagePullFailed              // ErrImagePull shown; back-off next
	stageBackOff                 // ImagePullBackOff; pull again at nextAt
	stageStarting                // image present; container starting
	stageRunning
	stageStopping
)

// Register adds all kubelets to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		pods: m.Informers.For(api.ResourceFor("pods")), nodes: m.Informers.For(api.ResourceFor("nodes")),
		runtime: map[string]*podRuntime{}, images: map[string]map[string]bool{}, ipam: newIPAM(),
	}
	c := m.NewController("kubelet", r, controller.Options{Component: "kubelet"})
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
			if p != nil {
				r.forget(p)
			}
		},
	})
	return c
}

func (r *Reconciler) forget(p *api.Pod) {
	if rt := r.runtime[p.UID]; rt != nil {
		r.ipam.release(p.Spec.NodeName, rt.ip)
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
	now := ctx.Clock.Now()
	rt := r.runtime[pod.UID]
	ctx.Observe("pod %s on %s: phase %s%s", pod.Name, node.Name, orNone(pod.Status.Phase), stageText(rt))

	if pod.DeletionTimestamp != nil {
		return r.stop(ctx, pod, rt, now)
	}
	if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
		return controller.Result{}, nil
	}
	if rt == nil {
		return r.admit(ctx, pod, node, now)
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
		r.writeStatus(ctx, pod, waitingStatus(pod, "ImagePullBackOff", msg), "ImagePullBackOff")
		ctx.Event(pod, controller.EventNormal, "BackOff", "%s", msg)
		ctx.Event(pod, controller.EventWarning, "Failed", "Error: ImagePullBackOff")
		return controller.Result{RequeueAfter: wait}, nil
	case stageStarting:
		return r.started(ctx, pod, rt, now)
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
	p := api.DeepCopy(pod)
	p.Status = api.PodStatus{
		Phase: api.PodPending, HostIP: nodeIP(node), StartTime: ptrTime(now), QOSClass: qosClass(pod),
		Conditions: []api.PodCondition{
			{Type: api.PodInitialized, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(now)},
			{Type: api.PodReady, Status: api.ConditionFalse, Reason: "ContainersNotReady", Message: unreadyMessage(pod), LastTransitionTime: api.NewTime(now)},
			{Type: api.ContainersReady, Status: api.ConditionFalse, Reason: "ContainersNotReady", Message: unreadyMessage(pod), LastTransitionTime: api.NewTime(now)},
			{Type: api.PodScheduled, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(now)},
		},
	}
	p.Status.ContainerStatuses = waitingStatus(p, "ContainerCreating", "").ContainerStatuses
	r.writeStatus(ctx, pod, p.Status, "ContainerCreating")
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

// pulled finishes a pull: on success the container starts, on failure the
// pod shows ErrImagePull.
func (r *Reconciler) pulled(ctx *controller.Context, pod *api.Pod, node *api.Node, rt *podRuntime, now time.Time) (controller.Result, error) {
	for _, c := range pod.Spec.Containers {
		if _, err := pull(c.Image); err != nil {
			rt.stage, rt.pullError, rt.nextAt = stagePullFailed, err.Error(), now.Add(time.Second)
			msg := fmt.Sprintf("rpc error: code = NotFound desc = %v", err)
			ctx.Diff("image %s cannot be pulled", c.Image)
			ctx.Why("the registry has no such tag: the container cannot start")
			r.writeStatus(ctx, pod, waitingStatus(pod, "ErrImagePull", msg), "ErrImagePull")
			ctx.Event(pod, controller.EventWarning, "Failed", "Failed to pull image %q: %s", c.Image, msg)
			ctx.Event(pod, controller.EventWarning, "Failed", "Error: ErrImagePull")
			return controller.Result{RequeueAfter: time.Second}, nil
		}
	}
	if r.images[node.Name] == nil {
		r.images[node.Name] = map[string]bool{}
	}
	for _, c := range pod.Spec.Containers {
		if !r.images[node.Name][c.Image] || c.ImagePullPolicy == "Always" {
			d, _ := pull(c.Image)
			ctx.Event(pod, controller.EventNormal, "Pulled", "Successfully pulled image %q in %s (%s including waiting)", c.Image, d, d)
		}
		r.images[node.Name][c.Image] = true
		ctx.Event(pod, controller.EventNormal, "Created", "Created container %s", c.Name)
	}
	rt.stage, rt.nextAt = stageStarting, now.Add(startDelay)
	ctx.Why("images present: start the containers")
	return controller.Result{RequeueAfter: startDelay}, nil
}

// started reports running containers and, once probes allow, Ready.
func (r *Reconciler) started(ctx *controller.Context, pod *api.Pod, rt *podRuntime, now time.Time) (controller.Result, error) {
	rt.stage = stageRunning
	p := api.DeepCopy(pod)
	t := api.NewTime(now)
	p.Status.Phase = api.PodRunning
	p.Status.PodIP = rt.ip
	p.Status.PodIPs = []api.PodIP{{IP: rt.ip}}
	p.Status.ContainerStatuses = nil
	for _, c := range pod.Spec.Containers {
		repo, tag := splitImage(c.Image)
		p.Status.ContainerStatuses = append(p.Status.ContainerStatuses, api.ContainerStatus{
			Name: c.Name, Image: imageName(repo, tag), ImageID: imageName(repo, tag) + "@sha256:" + digest(repo+":"+tag),
			ContainerID: "containerd://" + digest(p.UID+c.Name) + digest(c.Name+p.UID),
			Ready:       true, Started: api.Ptr(true),
			State: api.ContainerState{Running: &api.ContainerStateRunning{StartedAt: t}},
		})
		ctx.Event(pod, controller.EventNormal, "Started", "Started container %s", c.Name)
	}
	setCondition(&p.Status, api.PodReady, api.ConditionTrue, now)
	setCondition(&p.Status, api.ContainersReady, api.ConditionTrue, now)
	ctx.Diff("containers not running")
	ctx.Why("containers started; no failing readiness probe: pod is Ready")
	r.writeStatus(ctx, pod, p.Status, "Running, Ready")
	return controller.Result{}, nil
}

// stop kills a deleted pod's containers, then removes the pod from the API
// (the final delete with grace period 0).
func (r *Reconciler) stop(ctx *controller.Context, pod *api.Pod, rt *podRuntime, now time.Time) (controller.Result, error) {
	if rt == nil {
		rt = &podRuntime{}
		r.runtime[pod.UID] = rt
	}
	if rt.stage != stageStopping {
		rt.stage = stageStopping
		grace := time.Duration(api.Deref(pod.DeletionGracePeriodSeconds, 30)) * time.Second
		rt.nextAt = now.Add(min(stopDelay, grace))
		ctx.Diff("pod is being deleted but its containers still run")
		for _, c := range pod.Spec.Containers {
			ctx.Event(pod, controller.EventNormal, "Killing", "Stopping container %s", c.Name)
		}
		ctx.Why("send SIGTERM; the containers exit within %s (grace period %s)", min(stopDelay, grace), grace)
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
	p := api.DeepCopy(pod)
	p.Status = st
	_, _ = ctx.UpdateStatus(p, detail)
}

func waitingStatus(pod *api.Pod, reason, message string) api.PodStatus {
	st := api.DeepCopy(pod.Status)
	st.ContainerStatuses = nil
	for _, c := range pod.Spec.Containers {
		repo, tag := splitImage(c.Image)
		st.ContainerStatuses = append(st.ContainerStatuses, api.ContainerStatus{
			Name: c.Name, Image: imageName(repo, tag), Started: api.Ptr(false),
			State: api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: reason, Message: message}},
		})
	}
	return st
}

func setCondition(st *api.PodStatus, t, status string, now time.Time) {
	for i := range st.Conditions {
		c := &st.Conditions[i]
		if c.Type == t {
			if c.Status != status {
				c.LastTransitionTime = api.NewTime(now)
			}
			c.Status, c.Reason, c.Message = status, "", ""
			return
		}
	}
	st.Conditions = append(st.Conditions, api.PodCondition{Type: t, Status: status, LastTransitionTime: api.NewTime(now)})
}

func failingImage(pod *api.Pod) string {
	for _, c := range pod.Spec.Containers {
		if _, err := pull(c.Image); err != nil {
			return c.Image
		}
	}
	return ""
}

func unreadyMessage(pod *api.Pod) string {
	names := make([]string, len(pod.Spec.Containers))
	for i, c := range pod.Spec.Containers {
		names[i] = c.Name
	}
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

func imageName(repo, tag string) string {
	if !strings.Contains(repo, "/") {
		return "docker.io/library/" + repo + ":" + tag
	}
	return repo + ":" + tag
}

// digest is a stable fake digest: 32 hex characters derived from s.
func digest(s string) string {
	var h1, h2 uint64 = 14695981039346656037, 1099511628211
	for i := 0; i < len(s); i++ {
		h1 = (h1 ^ uint64(s[i])) * 1099511628211
		h2 = (h2 ^ uint64(s[i])) * 14695981039346656037
	}
	return fmt.Sprintf("%016x%016x", h1, h2)
}

func ptrTime(t time.Time) *api.Time { v := api.NewTime(t); return &v }

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func stageText(rt *podRuntime) string {
	if rt == nil {
		return ", no containers yet"
	}
	return [...]string{", creating", ", image pull failed", ", backing off", ", starting", ", running", ", stopping"}[rt.stage]
}
