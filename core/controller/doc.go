// Package controller is kubeloop's controller runtime: the Reconciler
// interface every controller implements, the runner that owns each
// controller's workqueue, the manager that starts them, the Event recorder,
// and the reconcile trace.
//
// The model, in one paragraph: a controller watches some kinds through
// shared informers. Their handlers map each change to a Request — just a
// namespace and name — and add it to the controller's workqueue. The runner
// takes one Request at a time and calls Reconcile, which reads the desired
// state (the object) and the actual state (what exists) from the informers'
// caches, compares them, and writes to the store to close the gap. It is
// level-based: Reconcile is not told what happened, only which object to
// look at, so missed or merged events do no harm. Reconcile returns an error
// to be retried with back-off, a Result asking to look again later, or
// nothing when the world matches the spec. Writes go through the Context,
// which records them in the trace with what the reconcile observed and why
// it acted — the data the page shows as observe → diff → act.
package controller
