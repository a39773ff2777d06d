package apiserver

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// logTimestamp is how the kubelet stamps each line with ?timestamps=true.
const logTimestamp = "2006-01-02T15:04:05.000000000Z07:00"

// podLogOptions are the query parameters of pods/NAME/log.
type podLogOptions struct {
	container             string
	previous, timestamps  bool
	tailLines, limitBytes *int64
	since                 *time.Time
}

// podLog answers GET pods/NAME/log: what the container's own command prints,
// as the sandbox computes it in the container's tree (core/cluster's
// Attach), as plain text. A container started once has printed all it
// will at its start, so every line carries the start's timestamp.
// follow=true answers what has been printed and ends.
func (s *Server) podLog(r *Request, rt route) *Response {
	if r.Method != "GET" {
		return subresourceMethodNotAllowed()
	}
	pods := api.ResourceFor("pods")
	o, err := s.c.Store().Get(pods, rt.Namespace, rt.Name)
	if err != nil {
		return statusResponse(storeFailure(err, pods, pods.Resource, rt.Name))
	}
	pod := o.(*api.Pod)
	opts, resp := s.logOptions(r, rt.Name)
	if resp != nil {
		return resp
	}
	container, resp := logContainer(pod, opts.container)
	if resp != nil {
		return resp
	}
	if pod.Spec.NodeName == "" {
		return subresourceBadRequest(fmt.Sprintf("pod %s does not have a host assigned", pod.Name))
	}
	started, resp := logStart(pod, container, opts.previous)
	if resp != nil {
		return resp
	}
	stdout, stderr, _ := s.c.Attach(rt.Namespace, rt.Name, container, "")
	text := logText(stdout+stderr, started, opts)
	return &Response{Code: 200, Header: map[string]string{"Content-Type": "text/plain"}, Body: []byte(text)}
}

// logOptions reads the query, refusing what upstream refuses.
func (s *Server) logOptions(r *Request, pod string) (podLogOptions, *Response) {
	opts := podLogOptions{container: r.Param("container")}
	for _, b := range []struct {
		name string
		to   *bool
	}{{"previous", &opts.previous}, {"timestamps", &opts.timestamps}} {
		if v := r.Param(b.name); v != "" {
			parsed, err := strconv.ParseBool(v)
			if err != nil {
				return opts, subresourceBadRequest(err.Error())
			}
			*b.to = parsed
		}
	}
	var sinceSeconds *int64
	for _, n := range []struct {
		name string
		to   **int64
		min  int64
		must string
	}{
		{"tailLines", &opts.tailLines, 0, "must be greater than or equal to 0"},
		{"limitBytes", &opts.limitBytes, 1, "must be greater than 0"},
		{"sinceSeconds", &sinceSeconds, 1, "must be greater than 0"},
	} {
		v := r.Param(n.name)
		if v == "" {
			continue
		}
		parsed, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return opts, subresourceBadRequest(err.Error())
		}
		if parsed < n.min {
			return opts, invalidLogOption(pod, n.name, parsed, n.must)
		}
		*n.to = &parsed
	}
	now := s.c.Now()
	if sinceSeconds != nil {
		t := now.Add(-time.Duration(*sinceSeconds) * time.Second)
		opts.since = &t
	}
	if v := r.Param("sinceTime"); v != "" {
		if sinceSeconds != nil {
			return opts, statusResponse(failure(422, "Invalid", fmt.Sprintf("PodLogOptions %q is invalid: sinceSeconds: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified", pod),
				&StatusDetails{Name: pod, Kind: "PodLogOptions", Causes: []StatusCause{{Type: "FieldValueForbidden", Message: "Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified", Field: "sinceSeconds"}}}))
		}
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			return opts, subresourceBadRequest(err.Error())
		}
		opts.since = &t
	}
	return opts, nil
}

// invalidLogOption is the 422 for a number out of range.
func invalidLogOption(pod, field string, v int64, must string) *Response {
	cause := fmt.Sprintf("Invalid value: %d: %s", v, must)
	return statusResponse(failure(422, "Invalid", fmt.Sprintf("PodLogOptions %q is invalid: %s: %s", pod, field, cause),
		&StatusDetails{Name: pod, Kind: "PodLogOptions", Causes: []StatusCause{{Type: "FieldValueInvalid", Message: cause, Field: field}}}))
}

// logContainer is the container whose log is asked for: the one named,
// or the pod's only one.
func logContainer(pod *api.Pod, name string) (string, *Response) {
	if name == "" {
		switch len(pod.Spec.Containers) {
		case 1:
			return pod.Spec.Containers[0].Name, nil
		case 0:
			return "", subresourceBadRequest("a container name must be specified for pod " + pod.Name)
		}
		var names []string
		for _, c := range pod.Spec.InitContainers {
			names = append(names, c.Name)
		}
		for _, c := range pod.Spec.Containers {
			names = append(names, c.Name)
		}
		return "", subresourceBadRequest(fmt.Sprintf("a container name must be specified for pod %s, choose one of: %s", pod.Name, names))
	}
	for _, c := range pod.Spec.Containers {
		if c.Name == name {
			return name, nil
		}
	}
	return "", subresourceBadRequest(fmt.Sprintf("container %s is not valid for pod %s", name, pod.Name))
}

// logStart is when the run whose log is asked for started, or the
// kubelet's refusal when there is no such run.
func logStart(pod *api.Pod, container string, previous bool) (time.Time, *Response) {
	var st *api.ContainerStatus
	for i := range pod.Status.ContainerStatuses {
		if pod.Status.ContainerStatuses[i].Name == container {
			st = &pod.Status.ContainerStatuses[i]
		}
	}
	refuse := func(why string) (time.Time, *Response) {
		return time.Time{}, subresourceBadRequest(fmt.Sprintf("container %q in pod %q %s", container, pod.Name, why))
	}
	switch {
	case st == nil:
		return refuse("is not available")
	case previous:
		if st.LastState.Terminated == nil {
			return time.Time{}, subresourceBadRequest(fmt.Sprintf("previous terminated container %q in pod %q not found", container, pod.Name))
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
func logText(out string, started time.Time, opts podLogOptions) string {
	if out == "" || opts.since != nil && started.Before(*opts.since) {
		return ""
	}
	lines := strings.SplitAfter(out, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if opts.tailLines != nil && int64(len(lines)) > *opts.tailLines {
		lines = lines[int64(len(lines))-*opts.tailLines:]
	}
	var b strings.Builder
	for _, l := range lines {
		if opts.timestamps {
			b.WriteString(started.UTC().Format(logTimestamp) + " ")
		}
		b.WriteString(l)
	}
	text := b.String()
	if opts.limitBytes != nil && int64(len(text)) > *opts.limitBytes {
		text = text[:*opts.limitBytes]
	}
	return text
}
