package kubelet

import (
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// podStatus is the status the containers add up to: upstream's getPhase
// and the conditions of its generateAPIPodStatus (conditions).
//
// Its slices are r.scratch's, valid until the next call: a caller that
// keeps the status copies it (the store does).
func (r *Reconciler) podStatus(pod *api.Pod, rt *podRuntime, now time.Time) api.PodStatus {
	sc := &r.scratch
	st := pod.Status // shallow: the slices it changes are the scratch's
	if st.StartTime == nil {
		at := api.NewTime(rt.started)
		st.StartTime, st.HostIP, st.QOSClass = &at, rt.hostIP, qosClass(pod)
	}
	st.InitContainerStatuses = nil
	if len(pod.Spec.InitContainers) > 0 {
		st.InitContainerStatuses = r.appendStatuses(sc.inits[:0], pod, rt, pod.Spec.InitContainers, rt.inits, false)
	}
	st.ContainerStatuses = r.appendStatuses(sc.containers[:0], pod, rt, pod.Spec.Containers, rt.containers, true)
	if podIPReported(rt) && (len(st.PodIPs) != 1 || st.PodIPs[0].IP != rt.ip || st.PodIP != rt.ip) {
		st.PodIP, st.PodIPs = rt.ip, []api.PodIP{{IP: rt.ip}}
	}
	st.Phase = phase(pod, st.InitContainerStatuses, st.ContainerStatuses)
	st.Conditions = r.conditions(pod, &st, now)
	sc.conditions, sc.containers = st.Conditions[:0], st.ContainerStatuses[:0]
	if st.InitContainerStatuses != nil {
		sc.inits = st.InitContainerStatuses[:0]
	}
	return st
}

// podIPReported is whether the status shows the pod's IP. The sandbox, and
// with it the pod's IP, exists before any image is pulled; the kubelet
// reports it in the status it writes after a container starts or a pull
// fails (a pod in ImagePullBackOff has its IP), not while a pull is still
// going.
func podIPReported(rt *podRuntime) bool {
	if rt.waitReason != "" {
		return true
	}
	for _, c := range rt.all() {
		if c.state != cCreated {
			return true
		}
	}
	return false
}

// conditions are the pod's conditions for st (its phase and container
// statuses set), in upstream's order — PodReadyToStartContainers,
// Initialized, Ready, ContainersReady, PodScheduled — after any condition
// the kubelet does not own. They are built in r.scratch.
func (r *Reconciler) conditions(pod *api.Pod, st *api.PodStatus, now time.Time) []api.PodCondition {
	sc := &r.scratch
	sc.unready = unreadyContainers(sc.unready[:0], pod, st)
	sc.incomplete = incompleteInits(sc.incomplete[:0], pod, st.InitContainerStatuses)
	old := pod.Status.Conditions
	conds := sc.conditions[:0]
	for _, c := range old {
		if !kubeletCondition(c.Type) {
			conds = append(conds, c)
		}
	}
	sandbox := api.ConditionTrue
	if st.Phase == api.PodSucceeded || st.Phase == api.PodFailed {
		sandbox = api.ConditionFalse // the sandbox is torn down with the pod
	}
	return append(conds,
		condition(old, api.PodReadyToStartContainers, sandbox, "", "", now),
		initializedCondition(old, st.Phase, sc.incomplete, anyStarted(st.ContainerStatuses), now),
		readyCondition(old, api.PodReady, st.Phase, sc.unready, now),
		readyCondition(old, api.ContainersReady, st.Phase, sc.unready, now),
		condition(old, api.PodScheduled, api.ConditionTrue, "", "", now))
}

// unreadyContainers appends the names of the containers that keep the pod
// from being ready: its sidecars first, then its containers.
func unreadyContainers(out []string, pod *api.Pod, st *api.PodStatus) []string {
	for i := range pod.Spec.InitContainers {
		if cs := &st.InitContainerStatuses[i]; api.IsSidecar(&pod.Spec.InitContainers[i]) && !cs.Ready {
			out = append(out, cs.Name)
		}
	}
	for i := range st.ContainerStatuses {
		if cs := &st.ContainerStatuses[i]; !cs.Ready {
			out = append(out, cs.Name)
		}
	}
	return out
}

// incompleteInits appends the names of the init containers that keep the
// pod from being initialized: a sidecar not started, any other not ready
// (not completed).
func incompleteInits(out []string, pod *api.Pod, inits []api.ContainerStatus) []string {
	for i := range inits {
		cs := &inits[i]
		sidecar := api.IsSidecar(&pod.Spec.InitContainers[i])
		if sidecar && !isTrue(cs.Started) || !sidecar && !cs.Ready {
			out = append(out, cs.Name)
		}
	}
	return out
}

// anyStarted is whether any of containers has started, now or before.
func anyStarted(containers []api.ContainerStatus) bool {
	for i := range containers {
		cs := &containers[i]
		if isTrue(cs.Started) || cs.State.Terminated != nil || cs.LastState.Terminated != nil {
			return true
		}
	}
	return false
}

// initializedCondition is the Initialized condition: false while an init
// container is incomplete and none of the pod's containers has started.
func initializedCondition(old []api.PodCondition, phase string, incomplete []string, mainStarted bool, now time.Time) api.PodCondition {
	switch {
	case phase == api.PodSucceeded:
		return condition(old, api.PodInitialized, api.ConditionTrue, "PodCompleted", "", now)
	case len(incomplete) > 0 && !mainStarted:
		return condition(old, api.PodInitialized, api.ConditionFalse, "ContainersNotInitialized",
			"containers with incomplete status: ["+strings.Join(incomplete, " ")+"]", now)
	}
	return condition(old, api.PodInitialized, api.ConditionTrue, "", "", now)
}

// readyCondition is the Ready or ContainersReady condition (t): false in
// a terminal phase or while any container is unready.
func readyCondition(old []api.PodCondition, t, phase string, unready []string, now time.Time) api.PodCondition {
	switch {
	case phase == api.PodSucceeded:
		return condition(old, t, api.ConditionFalse, "PodCompleted", "", now)
	case phase == api.PodFailed:
		return condition(old, t, api.ConditionFalse, "PodFailed", "", now)
	case len(unready) > 0:
		return condition(old, t, api.ConditionFalse, "ContainersNotReady", unreadyMessage(unready), now)
	}
	return condition(old, t, api.ConditionTrue, "", "", now)
}

// appendStatuses appends the statuses of specs: the created containers'
// own, then, for those not created yet, waiting — for why the group being
// pulled waits when it waits for something, else for the default reason.
// mains says specs are the pod's containers (one group), not its init
// containers (a group each).
func (r *Reconciler) appendStatuses(out []api.ContainerStatus, pod *api.Pod, rt *podRuntime, specs []api.Container, created []*container, mains bool) []api.ContainerStatus {
	for i := range specs {
		if i < len(created) {
			out = append(out, created[i].status(pod))
			continue
		}
		g := i
		if mains {
			g = len(pod.Spec.InitContainers)
		}
		reason, message := defaultWaitingReason(pod), ""
		if g == rt.group && rt.waitReason != "" {
			reason, message = rt.waitReason, rt.waitMessage
		}
		// A name no runtime can parse is shown as written.
		image := specs[i].Image
		if g != rt.group || rt.stage != stageInvalidImage {
			image = r.ref(image).name
		}
		out = append(out, api.ContainerStatus{
			Name: specs[i].Name, Image: image, Started: api.Ptr(false),
			State: api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: reason, Message: message}},
		})
	}
	return out
}

// phase is upstream's getPhase: Pending while an init container has not
// completed (or a sidecar not started) or a container waits; Failed when
// an init container failed and nothing restarts it; then from the pod's
// containers, as for a pod without init containers.
func phase(pod *api.Pod, inits, containers []api.ContainerStatus) string {
	pendingInit, pendingSidecar, failedInit := 0, 0, 0
	for i := range inits {
		cs := &inits[i]
		if api.IsSidecar(&pod.Spec.InitContainers[i]) {
			if !isTrue(cs.Started) {
				pendingSidecar++
			}
			continue
		}
		switch {
		case cs.State.Running != nil:
			pendingInit++
		case cs.State.Terminated != nil:
			if cs.State.Terminated.ExitCode != 0 {
				failedInit++
			}
		case cs.LastState.Terminated != nil:
			if cs.LastState.Terminated.ExitCode != 0 {
				failedInit++
			}
		default:
			pendingInit++
		}
	}
	var waiting, running, stopped, succeeded int
	mainStarted := false
	for i := range containers {
		cs := &containers[i]
		switch {
		case cs.State.Running != nil:
			running++
			mainStarted = true
		case cs.State.Terminated != nil:
			stopped++
			mainStarted = true
			if cs.State.Terminated.ExitCode == 0 {
				succeeded++
			}
		case cs.LastState.Terminated != nil:
			stopped++
			mainStarted = true
		default:
			waiting++
		}
	}
	policy := pod.Spec.RestartPolicy
	switch {
	case failedInit > 0 && policy == "Never":
		return api.PodFailed
	case pendingInit > 0, pendingSidecar > 0 && !mainStarted, waiting > 0:
		return api.PodPending
	case running > 0, policy != "Never" && policy != "OnFailure":
		return api.PodRunning
	case stopped == succeeded:
		return api.PodSucceeded
	case policy == "Never":
		return api.PodFailed
	}
	return api.PodRunning // OnFailure: the failed ones restart
}

// kubeletCondition: the pod conditions the kubelet owns and writes whole.
func kubeletCondition(t string) bool {
	switch t {
	case api.PodReadyToStartContainers, api.PodInitialized, api.PodReady, api.ContainersReady, api.PodScheduled:
		return true
	}
	return false
}

// condition is a pod condition as the kubelet writes it; its
// lastTransitionTime moves only when its status changes.
func condition(old []api.PodCondition, t, status, reason, message string, now time.Time) api.PodCondition {
	c := api.PodCondition{Type: t, Status: status, Reason: reason, Message: message, LastTransitionTime: api.NewTime(now)}
	for i := range old {
		if old[i].Type == t && old[i].Status == status {
			c.LastTransitionTime, c.LastProbeTime = old[i].LastTransitionTime, old[i].LastProbeTime
		}
	}
	return c
}

func isTrue(b *bool) bool { return b != nil && *b }
