package api

import (
	"errors"
	"fmt"
	"strings"
)

// Reasons of API errors, as metav1.StatusReason spells them.
const (
	ReasonNotFound      = "NotFound"
	ReasonAlreadyExists = "AlreadyExists"
	ReasonConflict      = "Conflict"
	ReasonInvalid       = "Invalid"
	ReasonGone          = "Gone"
	ReasonBadRequest    = "BadRequest"
	ReasonForbidden     = "Forbidden"
)

// StatusError is an error the API server returns: a reason (the kind of
// failure) and the message kubectl prints.
type StatusError struct {
	Reason  string
	Message string
	// Kind and Name identify the object for Invalid errors.
	Kind, Name string
	Causes     FieldErrors
}

func (e *StatusError) Error() string { return e.Message }

// ReasonOf returns the reason of an API error, or "" for other errors.
func ReasonOf(err error) string {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Reason
	}
	return ""
}

// IsNotFound and friends test an error's reason through any wrapping.
func IsNotFound(err error) bool      { return ReasonOf(err) == ReasonNotFound }
func IsAlreadyExists(err error) bool { return ReasonOf(err) == ReasonAlreadyExists }
func IsConflict(err error) bool      { return ReasonOf(err) == ReasonConflict }
func IsInvalid(err error) bool       { return ReasonOf(err) == ReasonInvalid }
func IsGone(err error) bool          { return ReasonOf(err) == ReasonGone }

// NewNotFound: deployments.apps "x" not found.
func NewNotFound(k *Kind, name string) error {
	return &StatusError{Reason: ReasonNotFound, Message: fmt.Sprintf("%s %q not found", k.GroupResource(), name)}
}

// NewAlreadyExists: deployments.apps "x" already exists.
func NewAlreadyExists(k *Kind, name string) error {
	return &StatusError{Reason: ReasonAlreadyExists, Message: fmt.Sprintf("%s %q already exists", k.GroupResource(), name)}
}

// NewConflict is optimistic concurrency's refusal of a stale write.
func NewConflict(k *Kind, name string) error {
	return &StatusError{Reason: ReasonConflict, Message: fmt.Sprintf(
		"Operation cannot be fulfilled on %s %q: the object has been modified; please apply your changes to the latest version and try again",
		k.GroupResource(), name)}
}

// NewGone is a watch from a compacted revision.
func NewGone(requested, oldest int64) error {
	return &StatusError{Reason: ReasonGone, Message: fmt.Sprintf("too old resource version: %d (%d)", requested, oldest)}
}

// NewBadRequest is a request the server cannot make sense of.
func NewBadRequest(msg string) error { return &StatusError{Reason: ReasonBadRequest, Message: msg} }

// NewInvalid: Deployment "x" is invalid: spec.replicas: Invalid value: -1: …
// (kubectl prints it as "The Deployment …", from Kind, Name and Causes).
func NewInvalid(kind, name string, errs FieldErrors) error {
	var msg string
	if len(errs) == 1 {
		msg = errs[0].Error()
	} else {
		parts := make([]string, len(errs))
		for i, e := range errs {
			parts[i] = e.Error()
		}
		msg = "[" + strings.Join(parts, ", ") + "]"
	}
	return &StatusError{Reason: ReasonInvalid, Kind: kind, Name: name, Causes: errs,
		Message: fmt.Sprintf("%s %q is invalid: %s", kind, name, msg)}
}

// FieldError is one validation failure at a field path.
type FieldError struct {
	Type     string // "Invalid value", "Required value", "Unsupported value", "Forbidden"
	Field    string // spec.template.metadata.labels
	BadValue any
	Detail   string
}

// Field error types, worded as upstream prints them.
const (
	ErrTypeInvalid     = "Invalid value"
	ErrTypeRequired    = "Required value"
	ErrTypeUnsupported = "Unsupported value"
	ErrTypeForbidden   = "Forbidden"
	ErrTypeTooLong     = "Too long"
)

func (e FieldError) Error() string {
	switch e.Type {
	case ErrTypeRequired, ErrTypeForbidden, ErrTypeTooLong:
		if e.Detail == "" {
			return fmt.Sprintf("%s: %s", e.Field, e.Type)
		}
		return fmt.Sprintf("%s: %s: %s", e.Field, e.Type, e.Detail)
	}
	return fmt.Sprintf("%s: %s: %s: %s", e.Field, e.Type, formatBadValue(e.BadValue), e.Detail)
}

// formatBadValue prints a value as upstream's field errors do (%#v, with
// the k8s package names).
func formatBadValue(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("%q", x)
	case *LabelSelector:
		return strings.ReplaceAll(fmt.Sprintf("%#v", *x), "api.", "v1.")
	}
	return strings.ReplaceAll(fmt.Sprintf("%#v", v), "api.", "v1.")
}

// FieldErrors is a list of validation failures.
type FieldErrors []FieldError

func (l *FieldErrors) invalid(field string, v any, detail string) {
	*l = append(*l, FieldError{Type: ErrTypeInvalid, Field: field, BadValue: v, Detail: detail})
}

func (l *FieldErrors) required(field, detail string) {
	*l = append(*l, FieldError{Type: ErrTypeRequired, Field: field, Detail: detail})
}

// tooLong is upstream's field.TooLong: the value is never printed.
func (l *FieldErrors) tooLong(field string, max int) {
	*l = append(*l, FieldError{Type: ErrTypeTooLong, Field: field, Detail: fmt.Sprintf("may not be more than %d bytes", max)})
}

func (l *FieldErrors) unsupported(field string, v any, supported ...string) {
	q := make([]string, len(supported))
	for i, s := range supported {
		q[i] = fmt.Sprintf("%q", s)
	}
	*l = append(*l, FieldError{Type: ErrTypeUnsupported, Field: field, BadValue: v, Detail: "supported values: " + strings.Join(q, ", ")})
}
