package cluster

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// logTimestamp is how the kubelet stamps each line with timestamps.
const logTimestamp = "2006-01-02T15:04:05.000000000Z07:00"

// Logs is a container's log, as pods/NAME/log answers it: what the
// container's own command prints, as the sandbox computes it in the
// container's tree (Attach). A container started once has printed all it
// will at its start, so every line carries the start's time. A pod or
// container with no log to give is refused with the kubelet's words, as
// a BadRequest.
func (c *Cluster) Logs(namespace, name string, opts api.PodLogOptions) (string, error) {
	o, err := c.store.Get(api.Pods, namespace, name)
	if err != nil {
		return "", err
	}
	pod := o.(*api.Pod)
	container, err := logContainer(pod, opts.Container)
	if err != nil {
		return "", err
	}
	if pod.Spec.NodeName == "" {
		return "", api.NewBadRequest(fmt.Sprintf("pod %s does not have a host assigned", pod.Name))
	}
	started, err := logStart(pod, container.Name, opts.Previous)
	if err != nil {
		return "", err
	}
	stdout, stderr, _ := c.runMain(pod, container, "")
	return logText(stdout+stderr, started, opts), nil
}

// logContainer is the container whose log is asked for: the one named
// (an init container too), or the pod's only one.
func logContainer(pod *api.Pod, name string) (api.Container, error) {
	if name == "" {
		switch len(pod.Spec.Containers) {
		case 1:
			return pod.Spec.Containers[0], nil
		case 0:
			return api.Container{}, api.NewBadRequest("a container name must be specified for pod " + pod.Name)
		}
		var names []string
		for _, c := range pod.Spec.InitContainers {
			names = append(names, c.Name)
		}
		for _, c := range pod.Spec.Containers {
			names = append(names, c.Name)
		}
		return api.Container{}, api.NewBadRequest(fmt.Sprintf("a container name must be specified for pod %s, choose one of: %s", pod.Name, names))
	}
	if c, ok := pod.Spec.ContainerNamed(name); ok {
		return c, nil
	}
	return api.Container{}, api.NewBadRequest(fmt.Sprintf("container %s is not valid for pod %s", name, pod.Name))
}

// logStart is when the run whose log is asked for started, or the
// kubelet's refusal when there is no such run.
func logStart(pod *api.Pod, container string, previous bool) (time.Time, error) {
	var st *api.ContainerStatus
	for _, statuses := range [][]api.ContainerStatus{pod.Status.ContainerStatuses, pod.Status.InitContainerStatuses} {
		for i := range statuses {
			if statuses[i].Name == container {
				st = &statuses[i]
			}
		}
	}
	refuse := func(why string) (time.Time, error) {
		return time.Time{}, api.NewBadRequest(fmt.Sprintf("container %q in pod %q %s", container, pod.Name, why))
	}
	switch {
	case st == nil:
		return refuse("is not available")
	case previous:
		if st.LastState.Terminated == nil {
			return time.Time{}, api.NewBadRequest(fmt.Sprintf("previous terminated container %q in pod %q not found", container, pod.Name))
		}
		return st.LastState.Terminated.StartedAt.Time, nil
	case st.State.Running != nil:
		return st.State.Running.StartedAt.Time, nil
	case st.State.Terminated != nil:
		return st.State.Terminated.StartedAt.Time, nil
	case st.LastState.Terminated != nil:
		return st.LastState.Terminated.StartedAt.Time, nil
	case st.State.Waiting != nil:
		switch reason := st.State.Waiting.Reason; reason {
		case "ErrImagePull":
			return refuse("is waiting to start: image can't be pulled")
		case "ImagePullBackOff":
			return refuse("is waiting to start: trying and failing to pull image")
		default:
			return refuse("is waiting to start: " + reason)
		}
	}
	return refuse("is waiting to start - no logs yet")
}

// logText applies the options to a run's output, every line of which was
// printed at started.
func logText(out string, started time.Time, opts api.PodLogOptions) string {
	if out == "" || opts.Since != nil && started.Before(*opts.Since) {
		return ""
	}
	lines := strings.SplitAfter(out, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if opts.TailLines != nil && int64(len(lines)) > *opts.TailLines {
		lines = lines[int64(len(lines))-*opts.TailLines:]
	}
	var b strings.Builder
	for _, l := range lines {
		if opts.Timestamps {
			b.WriteString(started.UTC().Format(logTimestamp) + " ")
		}
		b.WriteString(l)
	}
	text := b.String()
	if opts.LimitBytes != nil && int64(len(text)) > *opts.LimitBytes {
		text = text[:*opts.LimitBytes]
	}
	return text
}
