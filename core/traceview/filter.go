package traceview

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/controller"
)

// Filter is what the trace is narrowed to: the cluster's own reconciles
// only when System is set, and with an Object ("ns/name") only the
// reconciles about it — its key, or an action on it. The page draws the
// live trace through it, and the worker searches its whole kept trace
// with it when the page replays a revision.
type Filter struct {
	System bool   `json:"system,omitempty"`
	Object string `json:"object,omitempty"`
}

// Shows reports whether the trace shows e.
func (f Filter) Shows(e *controller.Entry) bool {
	if !f.System && System(e.Controller, e.Key) {
		return false
	}
	if f.Object == "" {
		return true
	}
	if e.Key == f.Object || strings.HasSuffix(e.Key, ":"+f.Object) {
		return true
	}
	for i := range e.Actions {
		if f.Wrote(&e.Actions[i]) {
			return true
		}
	}
	return false
}

// Wrote reports whether the filter's object is the one an action wrote
// (with no object, without building the action's key: a row's hidden
// writes are hundreds).
func (f Filter) Wrote(act *controller.Action) bool {
	return f.Object != "" && act.Namespace+"/"+act.Name == f.Object
}
