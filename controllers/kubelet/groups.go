package kubelet

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/imageref"
)

// A pod's containers start in groups, as upstream's kubelet starts them:
// each init container alone and in spec order, every one run to
// completion before the next is pulled (a sidecar — an init container
// with restartPolicy Always — only until it has started: it keeps running
// beside the others); then the pod's containers together. A failing init
// container is restarted with the crash-loop back-off, or fails the pod
// when its restartPolicy is Never, and the groups after it wait.

// group is the spec of group g: init container g, or the pod's containers.
func group(pod *api.Pod, g int) []api.Container {
	if g < len(pod.Spec.InitContainers) {
		return pod.Spec.InitContainers[g : g+1]
	}
	return pod.Spec.Containers
}

// all is every container the runtime has created, init containers first.
func (rt *podRuntime) all() []*container {
	if len(rt.inits) == 0 {
		return rt.containers
	}
	return append(append(make([]*container, 0, len(rt.inits)+len(rt.containers)), rt.inits...), rt.containers...)
}

// stopOrder is the order the kubelet stops a pod's containers in: the
// pod's containers, then its sidecars, the last started first.
func (rt *podRuntime) stopOrder() []*container {
	out := append([]*container(nil), rt.containers...)
	for i := len(rt.inits) - 1; i >= 0; i-- {
		out = append(out, rt.inits[i])
	}
	return out
}

// progress takes the groups' pulls one step at now, and reports whether
// it did (the containers it created then have dues of their own).
func (r *Reconciler) progress(ctx *controller.Context, pod *api.Pod, rt *podRuntime, now time.Time) bool {
	switch rt.stage {
	case stageRunning:
		if rt.group > len(pod.Spec.InitContainers) || !groupMayStart(rt) {
			return false
		}
		r.beginPull(ctx, pod, rt, now)
		return true
	case stageCreating, stageBackOff:
		if now.Before(rt.nextAt) {
			return false
		}
		if rt.stage == stageBackOff {
			// The back-off is over: the kubelet tries the pull again.
			ctx.Event(pod, controller.EventNormal, "Pulling", "Pulling image %q", failingImage(pod, rt.group))
		}
		r.pulled(ctx, pod, rt, now)
		return rt.stage == stageRunning
	case stagePullFailed:
		if now.Before(rt.nextAt) {
			return false
		}
		wait := rt.backoff
		rt.stage, rt.nextAt = stageBackOff, now.Add(wait)
		rt.backoff = min(2*rt.backoff, backoffMax)
		ctx.Why("pull failed: back off %s before pulling again (10s doubling, at most 5m)", wait)
		msg := fmt.Sprintf("Back-off pulling image %q", failingImage(pod, rt.group))
		rt.waitReason, rt.waitMessage = "ImagePullBackOff", msg
		ctx.Event(pod, controller.EventNormal, "BackOff", "%s", msg)
		ctx.Event(pod, controller.EventWarning, "Failed", "Error: ImagePullBackOff")
	}
	return false
}

// groupMayStart: the init container started last has done what the next
// group waits for — completed, or, for a sidecar, started.
func groupMayStart(rt *podRuntime) bool {
	if len(rt.inits) == 0 {
		return true
	}
	c := rt.inits[len(rt.inits)-1]
	if c.sidecar {
		return c.state == cRunning || c.restarts > 0
	}
	return c.state == cExited && c.at.IsZero() && c.cur.ExitCode == 0
}

// beginPull starts pulling the images of group rt.group — or finds an
// image name no runtime could pull, which stops the pod there.
func (r *Reconciler) beginPull(ctx *controller.Context, pod *api.Pod, rt *podRuntime, now time.Time) {
	for _, c := range group(pod, rt.group) {
		if err := imageref.ParseNormalized(c.Image); err != nil {
			msg := fmt.Sprintf("Failed to apply default image tag %q: couldn't parse image name %q: %v", c.Image, c.Image, err)
			rt.stage, rt.waitReason, rt.waitMessage = stageInvalidImage, "InvalidImageName", msg
			ctx.Diff("container %s has an invalid image name", c.Name)
			ctx.Why("the image name %q is not a valid reference: no runtime can pull it; fix the image", c.Image)
			ctx.Event(pod, controller.EventWarning, "InspectFailed", "%s", msg)
			ctx.Event(pod, controller.EventWarning, "Failed", "Error: InvalidImageName")
			return
		}
	}
	d := r.pullTime(ctx, pod, group(pod, rt.group))
	rt.stage, rt.nextAt = stageCreating, now.Add(d)
	switch {
	case rt.group == 0:
		ctx.Why("create the pod sandbox and pull images: ready in %s", d)
	case rt.group < len(pod.Spec.InitContainers):
		ctx.Why("init container %s: pull images: ready in %s", pod.Spec.InitContainers[rt.group].Name, d)
	default:
		ctx.Why("the pod's containers: pull images: ready in %s", d)
	}
}

// pullTime is how long pulling the group's images takes on the pod's node
// (zero for images already present with IfNotPresent), and emits pull
// events.
func (r *Reconciler) pullTime(ctx *controller.Context, pod *api.Pod, specs []api.Container) time.Duration {
	var longest time.Duration
	for _, c := range specs {
		if c.ImagePullPolicy != "Always" && r.present(pod.Spec.NodeName, c.Image) {
			ctx.Event(pod, controller.EventNormal, "Pulled", "Container image %q already present on machine", c.Image)
			continue
		}
		ctx.Event(pod, controller.EventNormal, "Pulling", "Pulling image %q", c.Image)
		d, _ := pull(c.Image)
		longest = max(longest, d)
	}
	return longest
}

// pulled finishes a group's pull: on success its containers are created
// and start a moment later, on failure they show ErrImagePull.
func (r *Reconciler) pulled(ctx *controller.Context, pod *api.Pod, rt *podRuntime, now time.Time) {
	specs := group(pod, rt.group)
	for _, c := range specs {
		if _, err := pull(c.Image); err != nil {
			rt.stage, rt.nextAt = stagePullFailed, now.Add(time.Second)
			msg := fmt.Sprintf("rpc error: code = NotFound desc = %v", err)
			rt.waitReason, rt.waitMessage = "ErrImagePull", msg
			ctx.Diff("image %s cannot be pulled", c.Image)
			ctx.Why("the registry has no such tag: the container cannot start")
			ctx.Event(pod, controller.EventWarning, "Failed", "Failed to pull image %q: %s", c.Image, msg)
			ctx.Event(pod, controller.EventWarning, "Failed", "Error: ErrImagePull")
			return
		}
	}
	node := pod.Spec.NodeName
	if r.images[node] == nil {
		r.images[node] = map[string]bool{}
	}
	inits := len(pod.Spec.InitContainers)
	for i := range specs {
		c := &specs[i]
		if !r.present(node, c.Image) || c.ImagePullPolicy == "Always" {
			d, _ := pull(c.Image)
			ctx.Event(pod, controller.EventNormal, "Pulled", "Successfully pulled image %q in %s (%s including waiting). Image size: %d bytes.", c.Image, d, d, imageSize(c.Image))
		}
		r.images[node][c.Image] = true
		ctx.Event(pod, controller.EventNormal, "Created", "Created container %s", c.Name)
		startAt := now.Add(startDelay)
		if r.booting {
			startAt = now
		}
		k := newContainer(c, r.ref(c.Image), rt.ip, startAt)
		if rt.group < inits {
			k.init, k.sidecar = true, api.IsSidecar(c)
			k.policy = initPolicy(pod.Spec.RestartPolicy, k.sidecar)
			rt.inits = append(rt.inits, k)
		} else {
			k.policy = pod.Spec.RestartPolicy
			rt.containers = append(rt.containers, k)
		}
	}
	rt.stage, rt.waitReason, rt.waitMessage = stageRunning, "", ""
	if rt.group < inits {
		ctx.Why("images present: start init container %s", specs[0].Name)
	} else {
		ctx.Why("images present: start the containers")
	}
	rt.group++
}

// initPolicy is how an init container is restarted: a sidecar always; an
// init container only when it fails, unless the pod's policy is Never.
func initPolicy(podPolicy string, sidecar bool) string {
	switch {
	case sidecar:
		return "Always"
	case podPolicy == "Never":
		return "Never"
	}
	return "OnFailure"
}

// stopSidecarsAfterContainers stops the sidecars once every one of the
// pod's containers has finished for good (a Job's pod): the pod can then
// complete. Upstream stops them in reverse order.
func (r *Reconciler) stopSidecarsAfterContainers(ctx *controller.Context, pod *api.Pod, rt *podRuntime, now time.Time) {
	if rt.sidecarsStopped || len(rt.containers) == 0 || len(rt.containers) < len(pod.Spec.Containers) {
		return
	}
	for _, c := range rt.containers {
		if c.state != cExited || !c.at.IsZero() {
			return
		}
	}
	rt.sidecarsStopped = true
	for i := len(rt.inits) - 1; i >= 0; i-- {
		c := rt.inits[i]
		if !c.sidecar {
			continue
		}
		if c.state == cRunning {
			ctx.Event(pod, controller.EventNormal, "Killing", "Stopping container %s", c.name)
			ctx.Why("the pod's containers have finished: stop sidecar %s", c.name)
			c.exit(now, c.proc.sigterm, false)
		}
		c.state, c.at = cExited, time.Time{}
	}
}

// failingImage is the image of group g that cannot be pulled.
func failingImage(pod *api.Pod, g int) string {
	for _, c := range group(pod, g) {
		if _, err := pull(c.Image); err != nil {
			return c.Image
		}
	}
	return ""
}
