package engine

import (
	"errors"
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// LineError is one problem to show under the editor, at a line of the text
// when it has one (Line 0: the whole text).
type LineError struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// ApplyErrors turns the error of Cluster.Apply into editor messages: the
// decoder's errors carry their line; a rejected object's field errors are
// placed at the field's key (spec.replicas → "replicas" of its line).
func ApplyErrors(text string, err error) []LineError {
	if err == nil {
		return nil
	}
	var list yaml.Errors
	if errors.As(err, &list) {
		out := make([]LineError, 0, len(list))
		for _, e := range list {
			out = append(out, LineError{Line: e.Line, Column: e.Column, Message: e.Message})
		}
		return out
	}
	var one *yaml.Error
	if errors.As(err, &one) {
		return []LineError{{Line: one.Line, Column: one.Column, Message: one.Message}}
	}
	var se *api.StatusError
	if errors.As(err, &se) {
		if len(se.Causes) <= 1 {
			e := LineError{Message: se.Message}
			if len(se.Causes) == 1 {
				e.Line, e.Column = yaml.FieldPosition(text, se.Kind, se.Name, se.Causes[0].Field)
			}
			return []LineError{e}
		}
		out := make([]LineError, 0, len(se.Causes))
		for _, c := range se.Causes {
			line, col := yaml.FieldPosition(text, se.Kind, se.Name, c.Field)
			out = append(out, LineError{
				Line:    line,
				Column:  col,
				Message: fmt.Sprintf("%s %q is invalid: %s", se.Kind, se.Name, c.Error()),
			})
		}
		return out
	}
	return []LineError{{Message: err.Error()}}
}
