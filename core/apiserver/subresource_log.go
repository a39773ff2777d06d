package apiserver

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// podLog answers GET pods/NAME/log: what the container's own command prints,
// as the sandbox computes it in the container's tree (core/cluster's
// Attach), as plain text. A container started once has printed all it
// will at its start, so every line carries the start's timestamp.
// follow=true answers what has been printed and ends.
func (s *Server) podLog(r *Request, rt route) *Response {
	if r.Method != "GET" {
		return subresourceMethodNotAllowed()
	}
	opts, resp := s.logOptions(r, rt.Name)
	if resp != nil {
		return resp
	}
	text, err := s.c.Logs(rt.Namespace, rt.Name, opts)
	if err != nil {
		pods := api.Pods
		return statusResponse(storeFailure(err, pods, pods.Resource, rt.Name))
	}
	return &Response{Code: 200, Header: map[string]string{"Content-Type": "text/plain"}, Body: []byte(text)}
}

// logOptions reads the query into PodLogOptions, refusing what upstream
// refuses.
func (s *Server) logOptions(r *Request, pod string) (api.PodLogOptions, *Response) {
	opts := api.PodLogOptions{Container: r.Param("container")}
	for _, b := range []struct {
		name string
		to   *bool
	}{{"previous", &opts.Previous}, {"timestamps", &opts.Timestamps}} {
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
		{"tailLines", &opts.TailLines, 0, "must be greater than or equal to 0"},
		{"limitBytes", &opts.LimitBytes, 1, "must be greater than 0"},
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
		opts.Since = &t
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
		opts.Since = &t
	}
	return opts, nil
}

// invalidLogOption is the 422 for a number out of range.
func invalidLogOption(pod, field string, v int64, must string) *Response {
	cause := fmt.Sprintf("Invalid value: %d: %s", v, must)
	return statusResponse(failure(422, "Invalid", fmt.Sprintf("PodLogOptions %q is invalid: %s: %s", pod, field, cause),
		&StatusDetails{Name: pod, Kind: "PodLogOptions", Causes: []StatusCause{{Type: "FieldValueInvalid", Message: cause, Field: field}}}))
}
