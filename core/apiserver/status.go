package apiserver

import (
	"github.com/kubeloop/kubeloop/core/apijson"
)

// Status is metav1.Status: how the API server reports a failure (and the
// success of some deletes). kubectl prints its message after "Error from
// server (Reason): ".
type Status struct {
	Kind       string         `json:"kind"`
	APIVersion string         `json:"apiVersion"`
	Metadata   struct{}       `json:"metadata"`
	Status     string         `json:"status,omitempty"`
	Message    string         `json:"message,omitempty"`
	Reason     string         `json:"reason,omitempty"`
	Details    *StatusDetails `json:"details,omitempty"`
	Code       int            `json:"code"`
}

// StatusDetails names the object a failure is about.
type StatusDetails struct {
	Name              string        `json:"name,omitempty"`
	Group             string        `json:"group,omitempty"`
	Kind              string        `json:"kind,omitempty"`
	UID               string        `json:"uid,omitempty"`
	Causes            []StatusCause `json:"causes,omitempty"`
	RetryAfterSeconds int           `json:"retryAfterSeconds,omitempty"`
}

// StatusCause is one reason of an Invalid failure: a field and what is
// wrong with it.
type StatusCause struct {
	Type    string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	Field   string `json:"field,omitempty"`
}

// failure is a Status of a failed request.
func failure(code int, reason, message string, details *StatusDetails) *Status {
	return &Status{Kind: "Status", APIVersion: "v1", Status: "Failure", Code: code, Reason: reason, Message: message, Details: details}
}

// internalError is the 500 a panic inside a handler becomes.
func internalError(cause string) *Status {
	return failure(500, "InternalError", "Internal error occurred: "+cause, &StatusDetails{Causes: []StatusCause{{Message: cause}}})
}

// resourceNotFound is the 404 for a path under a known group-version that
// names no resource the server has.
func resourceNotFound() *Status {
	return failure(404, "NotFound", "the server could not find the requested resource", &StatusDetails{})
}

// statusResponse writes a Status with its code.
func statusResponse(st *Status) *Response {
	return jsonResponse(st.Code, st)
}

// jsonResponse writes v as JSON.
func jsonResponse(code int, v any) *Response {
	b, err := apijson.Marshal(v)
	if err != nil {
		return &Response{Code: 500, Header: map[string]string{"Content-Type": "text/plain; charset=utf-8"}, Body: []byte(err.Error() + "\n")}
	}
	return &Response{Code: code, Header: map[string]string{"Content-Type": "application/json"}, Body: b}
}

// notFoundPage is what upstream's mux answers for a path no handler
// serves: plain text, not a Status.
func notFoundPage() *Response {
	return &Response{Code: 404, Header: map[string]string{"Content-Type": "text/plain; charset=utf-8"}, Body: []byte("404 page not found\n")}
}
