package controller

import (
	"errors"
	"time"
)

// Request names the object to reconcile.
type Request struct {
	Namespace string
	Name      string
}

// String is the workqueue key form: "namespace/name", or "name".
func (r Request) String() string {
	if r.Namespace == "" {
		return r.Name
	}
	return r.Namespace + "/" + r.Name
}

// Result tells the runner when to look at the object again.
type Result struct {
	// RequeueAfter > 0 reconciles the key again after that long.
	RequeueAfter time.Duration
	// Requeue reconciles again with the rate limiter's back-off.
	Requeue bool
}

// Reconciler makes the actual state match the desired state for one object.
//
// The runner calls Reconcile for one key at a time per controller, on the
// simulation's one loop, and reads its answer as client-go's workqueue
// users do, with one difference:
//   - an error: the key comes back after the queue's per-key exponential
//     back-off (workqueue.DefaultControllerRateLimiter) — Terminal(err) is
//     reported and not retried, and Options.MaxRetries drops the key after
//     that many;
//   - Result.RequeueAfter > 0: the back-off is forgotten and the key comes
//     back after that long; Result.Requeue: it comes back with back-off;
//   - success (a zero Result): the back-off is forgotten and, unlike
//     client-go and controller-runtime, a delayed add still pending for the
//     key (Controller.EnqueueAfter, an earlier RequeueAfter) is cancelled:
//     a reconcile that found nothing to do needs no later look at the key,
//     and one that does returns RequeueAfter. This keeps a settled cluster
//     quiet (no stray timers), which Settle relies on.
//
// ctx is valid only during the call (see Context).
type Reconciler interface {
	Reconcile(ctx *Context, req Request) (Result, error)
}

// ReconcileFunc adapts a function to Reconciler.
type ReconcileFunc func(ctx *Context, req Request) (Result, error)

// Reconcile calls f.
func (f ReconcileFunc) Reconcile(ctx *Context, req Request) (Result, error) { return f(ctx, req) }

// terminalError marks an error retrying cannot fix.
type terminalError struct{ error }

func (e terminalError) Unwrap() error { return e.error }

// Terminal wraps err so the runner reports it but does not retry.
func Terminal(err error) error { return terminalError{err} }

// IsTerminal reports whether err was marked Terminal.
func IsTerminal(err error) bool {
	var t terminalError
	return errors.As(err, &t)
}
